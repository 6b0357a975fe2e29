package dev.inflight.translator.lower;

import static dev.inflight.translator.lower.StepContext.n;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.List;
import java.util.Map;

/**
 * RCU, over four variables: rcu_depth (per-thread read-side nesting), rcu_gp (per thread, the
 * readers a synchronize_rcu still waits for), rcu_cbs (pending callbacks: fn, obj, and the
 * readers still to finish), rcu_running (callback threads running a callback). A grace period
 * waits exactly for the readers inside a section when it starts: a reader leaving its
 * outermost section removes itself from every waiting set, and readers that enter later are
 * never added. docs/semantics.md, "RCU".
 */
final class RcuSteps {
  private final StepContext ctx;

  RcuSteps(StepContext ctx) {
    this.ctx = ctx;
  }

  /** {@code {t \in Threads : rcu_depth[t] > 0}}: the threads inside a read-side section now. */
  private static TlaExpr readers(Path p, TlaExpr depth) {
    String t = p.names.inner("t", List.of(), depth);
    return new TlaExpr.SetFilter(new TlaExpr.Bound(t, n("Threads")),
        new TlaExpr.Infix(BinOp.GT, new TlaExpr.FunApp(depth, List.of(n(t))), new TlaExpr.Num(0)));
  }

  void step(Instr.Rcu r, Path p, boolean inOp, PathSink out) {
    switch (r.op()) {
      case SYNC_START, BARRIER -> ctx.costs.charge(p, ctx.costs.price(null, "grace_period"), inOp);
      case CALL -> ctx.costs.charge(p, ctx.costs.price(null, "call_rcu"), inOp);
      default -> { }
    }
    TlaExpr depth = p.store.read("rcu_depth");
    TlaExpr mine = new TlaExpr.FunApp(depth, List.of(ExprGen.SELF));
    TlaExpr empty = new TlaExpr.SetOf(List.of());
    switch (r.op()) {
      case READ_LOCK:
        p.store.writeAt("rcu_depth", ExprGen.SELF, new TlaExpr.Infix(BinOp.PLUS, mine, new TlaExpr.Num(1)));
        out.go(r.next(), p);
        return;
      case READ_UNLOCK: {
        Path bad = p.copy();
        bad.guard(new TlaExpr.Infix(BinOp.EQ, mine, new TlaExpr.Num(0)));
        ctx.faults.fault(bad, "bad_rcu_unlock", r, null, out);
        Path nested = p.copy();
        nested.guard(new TlaExpr.Infix(BinOp.GT, mine, new TlaExpr.Num(1)));
        nested.store.writeAt("rcu_depth", ExprGen.SELF, new TlaExpr.Infix(BinOp.MINUS, mine, new TlaExpr.Num(1)));
        out.go(r.next(), nested);
        out.then(() -> leaveOutermost(r, p, mine, out));
        return;
      }
      case SYNC_START: {
        Path q = ctx.faults.mightSleep(p, r, out);
        q.store.writeAt("rcu_gp", ExprGen.SELF, readers(q, depth));
        out.go(r.next(), q);
        return;
      }
      case SYNC_WAIT:
        p.guard(new TlaExpr.Infix(BinOp.EQ, p.store.readAt("rcu_gp", ExprGen.SELF), empty));
        out.go(r.next(), p);
        return;
      case CALL:
        callRcu(r, p, out);
        return;
      case BARRIER: {
        Path q = ctx.faults.mightSleep(p, r, out);
        q.guard(new TlaExpr.Infix(BinOp.EQ, q.store.read("rcu_cbs"), empty));
        q.guard(new TlaExpr.Infix(BinOp.EQ, q.store.read("rcu_running"), empty));
        out.go(r.next(), q);
        return;
      }
      case DONE:
        p.store.write("rcu_running", new TlaExpr.Infix(BinOp.SETMINUS, p.store.read("rcu_running"), new TlaExpr.SetOf(List.of(ExprGen.SELF))));
        out.go(r.next(), p);
        return;
      default:
        throw new IllegalStateException(r.op().name());
    }
  }

  /**
   * A callback thread takes a pending callback whose grace period has elapsed: any of them (one
   * path per callback function, each `\E cb \in rcu_cbs`), so ready callbacks run in every
   * order, and a callback thread takes one while another still runs one.
   */
  void take(Instr.TakeCallback t, Path p, PathSink out) {
    TlaExpr empty = new TlaExpr.SetOf(List.of());
    for (int i = 0; i < t.fns().size(); i++) {
      Path q = p.copy();
      TlaExpr cbs = q.store.read("rcu_cbs");
      String cb = q.fresh("cb");
      q.bind(true, cb, cbs);
      q.guard(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(cb), "fn"), new TlaExpr.Str(t.fns().get(i).name())));
      q.guard(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(cb), "wait"), empty));
      q.store.write("rcu_cbs", new TlaExpr.Infix(BinOp.SETMINUS, cbs, new TlaExpr.SetOf(List.of(n(cb)))));
      q.store.write("rcu_running", new TlaExpr.Infix(BinOp.CUP, q.store.read("rcu_running"), new TlaExpr.SetOf(List.of(ExprGen.SELF))));
      q.store.writeAt(ctx.layout.local(ctx.thread, t.params().get(i)), ExprGen.SELF, new TlaExpr.Select(n(cb), "obj"));
      out.go(t.entries().get(i), q);
    }
  }

  /** rcu_read_unlock leaving the outermost section: the reader leaves every waiting set. */
  private void leaveOutermost(Instr.Rcu r, Path p, TlaExpr mine, PathSink out) {
    Path outer = p;
    outer.guard(new TlaExpr.Infix(BinOp.EQ, mine, new TlaExpr.Num(1)));
    outer.store.writeAt("rcu_depth", ExprGen.SELF, new TlaExpr.Num(0));
    TlaExpr me = new TlaExpr.SetOf(List.of(ExprGen.SELF));
    TlaExpr gp = p.store.read("rcu_gp");
    String w = outer.names.inner("w", List.of(), gp, me);
    outer.store.write("rcu_gp", new TlaExpr.FunCons(List.of(new TlaExpr.Bound(w, n("Threads"))),
        new TlaExpr.Infix(BinOp.SETMINUS, new TlaExpr.FunApp(gp, List.of(n(w))), me)));
    TlaExpr cbs = p.store.read("rcu_cbs");
    String c = outer.names.inner("c", List.of(), me);
    outer.store.write("rcu_cbs", new TlaExpr.SetMap(
        new TlaExpr.Except(n(c), List.of(new TlaExpr.Update(List.of(new TlaExpr.Field("wait")),
            new TlaExpr.Infix(BinOp.SETMINUS, new TlaExpr.Select(n(c), "wait"), me)))),
        List.of(new TlaExpr.Bound(c, cbs))));
    out.go(r.next(), outer);
  }

  /**
   * call_rcu(obj, FN): queues FN(obj) with the readers inside a section now; a second call_rcu
   * of FN on an object whose callback is still pending is an rcu_discipline fault.
   */
  private void callRcu(Instr.Rcu r, Path p, PathSink out) {
    Faults.Deref d = ctx.faults.deref(p, r.call().args().get(0), r.span(), r, out);
    Path ok = d.ok();
    TlaExpr obj = d.obj();
    TlaExpr cbs = ok.store.read("rcu_cbs");
    TlaExpr fn = new TlaExpr.Str(r.callback().name());
    String c = ok.names.inner("c", List.of(), obj);
    TlaExpr pendingAlready = new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(c, cbs)),
        new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(c), "fn"), fn),
            new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(c), "obj"), obj)));
    Path twice = ok.copy();
    twice.guard(pendingAlready);
    ctx.faults.fault(twice, "double_call_rcu", r, obj, out);
    ok.guard(new TlaExpr.Prefix(UnOp.NOT, pendingAlready));
    TlaExpr rec = new TlaExpr.Record(List.of(Map.entry("fn", fn), Map.entry("obj", obj),
        Map.entry("wait", readers(ok, ok.store.read("rcu_depth")))));
    ok.store.write("rcu_cbs", new TlaExpr.Infix(BinOp.CUP, cbs, new TlaExpr.SetOf(List.of(rec))));
    out.go(r.next(), ok);
  }
}

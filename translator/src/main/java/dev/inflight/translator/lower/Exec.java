package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.check.ConstEval;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;

/**
 * What one instruction does to a path: the step logic of every instruction kind, in one place.
 * Runs the instruction at {@code node} symbolically on {@code p}: adds guards, writes the store,
 * splits off fault paths ({@link Faults}), charges costs ({@link Costs}), and sends the path,
 * or the paths it splits into, on to the successors ({@link PathSink#go}). Locks, RCU and the
 * built-in procedures have classes of their own ({@link Locks}, {@link RcuSteps},
 * {@link BuiltinProcs}).
 *
 * <p>The order of the {@code go}, fault and {@code then} calls is the order of the resulting
 * actions (see {@link PathSink}): the then-branch before the else-branch, `either` branches in
 * order. One instance per visited instruction.
 */
final class Exec implements Instr.Visitor<Void> {
  private final StepContext ctx;
  private final PathSink out;
  /** The node being run. */
  private final int node;
  private final Path p;
  /** Costs tracked: the instruction is inside an operation, so its time counts to lat[self]. */
  private final boolean inOp;

  Exec(StepContext ctx, PathSink out, int node, Path p) {
    this.ctx = ctx;
    this.out = out;
    this.node = node;
    this.p = p;
    this.inOp = ctx.cfg.inOp().contains(node);
  }

  /** An expression's value on the path, and the path on which its dereferences are fine. */
  private record Evaluated(Path ok, TlaExpr value) {}

  /** Evaluates an expression on the path, splitting off its dereferences' fault paths. */
  private Evaluated eval(Expr e, Instr in) {
    List<Obligation> obs = new ArrayList<>();
    TlaExpr v = p.gen().gen(e, obs);
    return new Evaluated(ctx.faults.discharge(p, obs, in, out), v);
  }

  // ---------------------------------------------------------------- assignments and objects

  @Override
  public Void visitAssign(Instr.Assign a) {
    Evaluated c = eval(a.value(), a);
    out.go(a.next(), ctx.targets.assign(c.ok, a.target(), c.value, a, out));
    return null;
  }

  /**
   * The first free slot of the pool (a deterministic choice); no free slot exceeds the model
   * bound. Both are the module's operators on the heap as this step left it, HasFreeSlot and
   * FirstFreeSlot (emit/Emitter#allocOperators), so each alloc names the heap once per use.
   */
  @Override
  public Void visitAlloc(Instr.Alloc a) {
    String heap = ctx.layout.heapVar.get(a.struct());
    ctx.layout.allocates = true;
    // The heap as this step left it, by name: a heap the step already wrote (an earlier alloc)
    // is spelled once, not again in each use.
    TlaExpr heapNow = p.store.snapshot(heap);
    TlaExpr anyFree = new TlaExpr.Apply(Layout.HAS_FREE_SLOT, List.of(heapNow));
    Path full = p.copy();
    full.guard(new TlaExpr.Prefix(UnOp.NOT, anyFree));
    ctx.faults.bound(full, "pool " + a.struct().name(), a, null, out);
    Path ok = p.copy();
    ok.guard(anyFree);
    ctx.costs.charge(ok, ctx.costs.price("alloc_" + a.struct().name(), "alloc"), inOp);
    String name = ok.fresh("new_" + a.struct().name());
    ok.bind(false, name, new TlaExpr.Apply(Layout.FIRST_FREE_SLOT, List.of(heapNow)));
    TlaExpr obj = new TlaExpr.Name(name);
    ok.store.writeAt(heap, obj, Defaults.liveRecord(a.struct(), ctx.layout));
    ok.nonNull.add(obj);
    ok.fresh.add(obj);
    ok.knownLive.add(List.of(heap, obj));
    out.go(a.next(), ctx.targets.assign(ok, a.target(), obj, a, out));
    return null;
  }

  /**
   * `get` adds 1. `put` subtracts 1: at 0 the object is freed in the same step, or, with a
   * release function, the step ends with the count at 0 and the release function runs next;
   * `put` at 0 is a refcount underflow.
   */
  @Override
  public Void visitRefOp(Instr.RefOp r) {
    Faults.Deref d = ctx.faults.deref(p, r.target().obj(), r.span(), r, out, r.isGet() ? "use_after_free" : "double_free");
    Path ok = d.ok();
    TlaExpr obj = d.obj();
    StructSym s = d.struct();
    String heap = ctx.layout.heapVar.get(s);
    FieldSym f = s.fields().get(r.target().field().text());
    String fname = ctx.layout.fieldName.get(f);
    TlaExpr cur = ok.store.readField(heap, obj, fname);
    ctx.costs.atomicOnLine(ok, heap, obj, f, inOp);
    if (r.isGet()) {
      // refcount_t: "addition on 0; use-after-free" (the object is being released).
      Path zero = ok.copy();
      zero.guard(new TlaExpr.Infix(BinOp.LEQ, cur, new TlaExpr.Num(0)));
      ctx.faults.fault(zero, "get_zero", r, obj, out);
      ok.guard(new TlaExpr.Infix(BinOp.GT, cur, new TlaExpr.Num(0)));
      full(ok, cur, f, r, obj);
      ok.store.writeField(heap, obj, fname, new TlaExpr.Infix(BinOp.PLUS, cur, new TlaExpr.Num(1)));
      out.go(r.next(), ok);
      return null;
    }
    Path under = ok.copy();
    under.guard(new TlaExpr.Infix(BinOp.LEQ, cur, new TlaExpr.Num(0)));
    ctx.faults.fault(under, "refcount_underflow", r, obj, out);
    TlaExpr dec = new TlaExpr.Infix(BinOp.MINUS, cur, new TlaExpr.Num(1));
    Path stays = ok.copy();
    stays.guard(new TlaExpr.Infix(BinOp.GT, cur, new TlaExpr.Num(1)));
    stays.store.writeField(heap, obj, fname, dec);
    out.go(r.next(), stays);
    out.then(() -> {
      Path zero = ok.copy();
      zero.guard(new TlaExpr.Infix(BinOp.EQ, cur, new TlaExpr.Num(1)));
      zero.store.writeField(heap, obj, fname, new TlaExpr.Num(0));
      if (r.release() >= 0) {
        Symbol.LocalSym param = r.releaseParam();
        zero.store.writeAt(ctx.layout.local(ctx.thread, param), ExprGen.SELF, obj);
        out.go(r.release(), zero);
      } else {
        markFreed(zero, s, obj);
        out.go(r.next(), zero);
      }
    });
    return null;
  }

  /** `free p`: null is a null dereference, an object already freed a double free. */
  @Override
  public Void visitFree(Instr.Free f) {
    List<Obligation> obs = new ArrayList<>();
    ExprGen g = p.gen();
    TlaExpr obj = g.gen(f.target(), obs);
    StructSym s = g.structOf(f.target());
    Path ok = ctx.faults.discharge(p, obs, f, out);
    String heap = ctx.layout.heapVar.get(s);
    Path isNull = ok.copy();
    isNull.guard(new TlaExpr.Infix(BinOp.EQ, obj, ExprGen.NULL));
    ctx.faults.fault(isNull, "null_deref", f, null, out);
    TlaExpr st = ok.store.readField(heap, obj, "st");
    Path twice = ok.copy();
    twice.guard(new TlaExpr.Infix(BinOp.NEQ, obj, ExprGen.NULL));
    twice.guard(new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("freed")));
    ctx.faults.fault(twice, "double_free", f, obj, out);
    Path live = ok.copy();
    live.guard(new TlaExpr.Infix(BinOp.NEQ, obj, ExprGen.NULL));
    live.guard(new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("live")));
    markFreed(live, s, obj);
    out.go(f.next(), live);
    return null;
  }

  /** Marks a live object freed (its slot is never reused), and charges the free. */
  private void markFreed(Path q, StructSym s, TlaExpr obj) {
    String heap = ctx.layout.heapVar.get(s);
    q.store.writeField(heap, obj, "st", new TlaExpr.Str("freed"));
    q.forgetLiveness(heap);
    ctx.costs.charge(q, ctx.costs.price("free_" + s.name(), "free"), inOp);
  }

  /** `touch p`: a read of *p, so only its dereference check. */
  @Override
  public Void visitTouch(Instr.Touch t) {
    Faults.Deref d = ctx.faults.deref(p, t.target(), t.span(), t, out);
    ctx.costs.sharedAccess(d.ok(), d.struct(), inOp);
    out.go(t.next(), d.ok());
    return null;
  }

  // ---------------------------------------------------------------- control

  @Override
  public Void visitBranch(Instr.Branch b) {
    Evaluated c = eval(b.cond(), b);
    Path yes = c.ok.copy();
    yes.guard(c.value);
    Path no = c.ok;
    no.guard(new TlaExpr.Prefix(UnOp.NOT, c.value));
    out.go(b.then(), yes);
    out.go(b.orElse(), no);
    return null;
  }

  /** `either`: one path per branch, in order. */
  @Override
  public Void visitChoice(Instr.Choice c) {
    for (int t : c.targets()) {
      out.go(t, p.copy());
    }
    return null;
  }

  /**
   * `await c`: the path is guarded by c, so the thread blocks until it holds. It sleeps: inside
   * an RCU read-side section that is an rcu_discipline fault.
   */
  @Override
  public Void visitAwait(Instr.Await a) {
    Path awake = ctx.faults.mightSleep(p, a, out);
    List<Obligation> obs = new ArrayList<>();
    TlaExpr v = awake.gen().gen(a.cond(), obs);
    Path ok = ctx.faults.discharge(awake, obs, a, out);
    ok.guard(v);
    out.go(a.next(), ok);
    return null;
  }

  /**
   * `if get_not_zero(p.r)` (refcount_inc_not_zero): unless the count is 0, takes a reference and
   * goes on at {@code taken}; at 0 it changes nothing and goes on at {@code zero}.
   */
  @Override
  public Void visitGetNotZero(Instr.GetNotZero g) {
    Faults.Deref d = ctx.faults.deref(p, g.target().obj(), g.span(), g, out);
    Path ok = d.ok();
    StructSym s = d.struct();
    String heap = ctx.layout.heapVar.get(s);
    FieldSym f = s.fields().get(g.target().field().text());
    String fname = ctx.layout.fieldName.get(f);
    TlaExpr cur = ok.store.readField(heap, d.obj(), fname);
    ctx.costs.atomicOnLine(ok, heap, d.obj(), f, inOp);
    Path taken = ok.copy();
    taken.guard(new TlaExpr.Infix(BinOp.GT, cur, new TlaExpr.Num(0)));
    full(taken, cur, f, g, d.obj());
    taken.store.writeField(heap, d.obj(), fname, new TlaExpr.Infix(BinOp.PLUS, cur, new TlaExpr.Num(1)));
    out.go(g.taken(), taken);
    ok.guard(new TlaExpr.Infix(BinOp.LEQ, cur, new TlaExpr.Num(0)));
    out.go(g.zero(), ok);
    return null;
  }

  /**
   * A count at its maximum (the field's `max`, else {@link Member.Ref#DEFAULT_MAX}) cannot take
   * another reference: that path is a model bound exceeded (the run is incomplete, never silently
   * cut: a `get` per iteration of a loop without a `put` would otherwise make the state space
   * infinite); {@code p} goes on below it.
   */
  private void full(Path p, TlaExpr cur, FieldSym f, Instr at, TlaExpr obj) {
    int max = Member.Ref.DEFAULT_MAX;
    if (f.member instanceof Member.Ref ref && ref.max() != null && new ConstEval(ctx.program).eval(ref.max()) instanceof Long l) {
      max = (int) (long) l;
    }
    Path over = p.copy();
    over.guard(new TlaExpr.Infix(BinOp.GEQ, cur, new TlaExpr.Num(max)));
    ctx.faults.bound(over, "ref " + f.name() + " " + max, at, obj, out);
    p.guard(new TlaExpr.Infix(BinOp.LT, cur, new TlaExpr.Num(max)));
  }

  /**
   * Before the thread ends: a lock it still holds is a lock_discipline fault, an RCU read-side
   * section still open an rcu_discipline one.
   */
  @Override
  public Void visitExit(Instr.Exit x) {
    TlaExpr held = ctx.locks.heldBySelf(p);
    if (held != null) {
      Path bad = p.copy();
      bad.guard(held);
      ctx.faults.fault(bad, "exit_locked", x, null, out);
      p.guard(new TlaExpr.Prefix(UnOp.NOT, held));
    }
    if (ctx.entersRcu) {
      TlaExpr depth = new TlaExpr.FunApp(p.store.read("rcu_depth"), List.of(ExprGen.SELF));
      Path open = p.copy();
      open.guard(new TlaExpr.Infix(BinOp.GT, depth, new TlaExpr.Num(0)));
      ctx.faults.fault(open, "rcu_exit_locked", x, null, out);
      p.guard(new TlaExpr.Infix(BinOp.EQ, depth, new TlaExpr.Num(0)));
    }
    out.go(x.next(), p);
    return null;
  }

  @Override
  public Void visitTakeCallback(Instr.TakeCallback t) {
    ctx.rcu.take(t, p, out);
    return null;
  }

  /** A loop counter: reset to 0, or one more iteration; iteration bound+1 exceeds the model bound. */
  @Override
  public Void visitIter(Instr.Iter it) {
    String selfVar = ctx.layout.local(ctx.thread, it.counter(), it.counter());
    if (it.reset()) {
      p.store.writeAt(selfVar, ExprGen.SELF, new TlaExpr.Num(0));
      out.go(it.next(), p);
      return null;
    }
    TlaExpr cur = p.store.readAt(selfVar, ExprGen.SELF);
    Path over = p.copy();
    over.guard(new TlaExpr.Infix(BinOp.GEQ, cur, new TlaExpr.Num(it.bound())));
    ctx.faults.bound(over, "loop " + it.bound(), it, null, out);
    p.guard(new TlaExpr.Infix(BinOp.LT, cur, new TlaExpr.Num(it.bound())));
    p.store.writeAt(selfVar, ExprGen.SELF, new TlaExpr.Infix(BinOp.PLUS, cur, new TlaExpr.Num(1)));
    out.go(it.next(), p);
    return null;
  }

  /** `for x in c`: the snapshot the loop walks: a set's elements, or a list's or queue's sequence. */
  @Override
  public Void visitForInit(Instr.ForInit f) {
    List<Obligation> obs = new ArrayList<>();
    TlaExpr set = p.gen().gen(f.collection(), obs);
    Path ok = ctx.faults.discharge(p, obs, f, out);
    ok.store.writeAt(ctx.layout.local(ctx.thread, f.rest(), f.rest()), ExprGen.SELF, set);
    out.go(f.next(), ok);
    return null;
  }

  /**
   * The next element of the snapshot, or the exit when it is empty. Of a list or queue, its head
   * (the walk goes in order); of a set, any element: one path per element, so every order of
   * visiting a set is explored.
   */
  @Override
  public Void visitForNext(Instr.ForNext f) {
    String rest = ctx.layout.local(ctx.thread, f.rest(), f.rest());
    TlaExpr cur = p.store.readAt(rest, ExprGen.SELF);
    TlaExpr empty = f.ordered() ? new TlaExpr.Tuple(List.of()) : new TlaExpr.SetOf(List.of());
    Path exit = p.copy();
    exit.guard(new TlaExpr.Infix(BinOp.EQ, cur, empty));
    out.go(f.exit(), exit);
    out.then(() -> {
      Path more = p;
      more.guard(new TlaExpr.Infix(BinOp.NEQ, cur, empty));
      TlaExpr elem;
      if (f.ordered()) {
        String e = more.fresh("next_" + (f.var() == null ? "x" : f.var().name()));
        more.bind(false, e, new TlaExpr.Apply("Head", List.of(cur)));
        elem = new TlaExpr.Name(e);
        more.store.writeAt(rest, ExprGen.SELF, new TlaExpr.Apply("Tail", List.of(cur)));
      } else {
        String e = more.fresh("next_" + (f.var() == null ? "x" : f.var().name()));
        more.bind(true, e, cur);
        elem = new TlaExpr.Name(e);
        more.store.writeAt(rest, ExprGen.SELF, new TlaExpr.Infix(BinOp.SETMINUS, cur, new TlaExpr.SetOf(List.of(elem))));
      }
      if (f.var() != null) {
        more.store.writeAt(ctx.layout.local(ctx.thread, f.var()), ExprGen.SELF, elem);
      }
      out.go(f.body(), more);
    });
    return null;
  }

  @Override
  public Void visitLoopHead(Instr.LoopHead lh) {
    out.go(lh.body(), p);
    return null;
  }

  @Override
  public Void visitNop(Instr.Nop n) {
    out.go(n.next(), p);
    return null;
  }

  /** The end of the thread: the path stops here. */
  @Override
  public Void visitDone(Instr.Done d) {
    p.arrive(node);
    out.end(p);
    return null;
  }

  // ---------------------------------------------------------------- inlined functions

  /** Passes an argument: the inlined function's parameter gets its value. */
  @Override
  public Void visitBind(Instr.Bind b) {
    Evaluated c = eval(b.value(), b);
    c.ok.store.writeAt(ctx.layout.local(ctx.thread, b.param()), ExprGen.SELF, c.value);
    out.go(b.next(), c.ok);
    return null;
  }

  /**
   * Locals going dead get their initial values back (a function's when it returns, all of them
   * and the translator's hidden ones when the thread ends, before its exit check if it has one):
   * dead values would otherwise make states that differ only in garbage look distinct.
   */
  @Override
  public Void visitReset(Instr.Reset r) {
    // A function's frame, when the reset covers all of it, goes NULL whole (Store#leave).
    java.util.Map<String, List<Symbol.LocalSym>> byFrame = new java.util.LinkedHashMap<>();
    String var = ctx.layout.foldedVar(ctx.thread);
    for (Symbol.LocalSym l : r.locals()) {
      Layout.Slot slot = ctx.layout.slot(ctx.layout.local(ctx.thread, l));
      String frame = slot != null && slot.fields().size() == 2 ? slot.fields().get(0) : null;
      byFrame.computeIfAbsent(frame, k -> new ArrayList<>()).add(l);
    }
    byFrame.forEach((frame, ls) -> {
      if (frame != null && ls.size() == ctx.layout.frames.frame(var, frame).fields().size()) {
        p.store.leave(var, frame);
      } else {
        ls.forEach(l -> p.store.writeAt(ctx.layout.local(ctx.thread, l), ExprGen.SELF, Defaults.of(l.type)));
      }
    });
    if (r.next() >= 0 && ctx.cfg.endsThread(r.next())) {
      ctx.cfg.hidden().forEach((name, kind) -> p.store.writeAt(ctx.layout.local(ctx.thread, name, name), ExprGen.SELF,
          Defaults.hidden(kind)));
    }
    out.go(r.next(), p);
    return null;
  }

  // ---------------------------------------------------------------- handed on

  @Override
  public Void visitLockOp(Instr.LockOp l) {
    ctx.locks.lockOp(l, p, inOp, out);
    return null;
  }

  @Override
  public Void visitRcu(Instr.Rcu r) {
    ctx.rcu.step(r, p, inOp, out);
    return null;
  }

  @Override
  public Void visitProc(Instr.Proc pr) {
    ctx.procs.step(pr, p, out);
    return null;
  }

  // ---------------------------------------------------------------- costs (tracked only)

  /** Time: a `cost` statement's amount, or a primitive's fixed price (skipped when `unless` holds). */
  @Override
  public Void visitCost(Instr.Cost c) {
    if (c.amount() == null && c.unless() != null) {
      TlaExpr skip = p.gen().gen(c.unless(), new ArrayList<>());
      ctx.costs.charge(p, new TlaExpr.If(skip, new TlaExpr.Num(0), new TlaExpr.Num(c.fixed())), inOp);
    } else if (c.amount() == null) {
      ctx.costs.charge(p, c.fixed(), inOp);
    } else {
      Evaluated v = eval(c.amount(), c);
      ctx.costs.charge(v.ok, v.value, inOp);
      out.go(c.next(), v.ok);
      return null;
    }
    out.go(c.next(), p);
    return null;
  }

  /** The start of an operation (lat[self] starts at 0) or its end (see {@link Costs#opEnd}). */
  @Override
  public Void visitOpMark(Instr.OpMark m) {
    if (m.begin()) {
      p.store.writeAt("lat", ExprGen.SELF, new TlaExpr.Num(0));
    } else {
      ctx.costs.opEnd(p, m.op());
    }
    out.go(m.next(), p);
    return null;
  }
}

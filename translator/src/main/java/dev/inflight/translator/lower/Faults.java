package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Fault paths: where a step splits off a path that ends in a fault, and how such a path ends.
 *
 * <p>Every dereference ({@code p.f}, `touch`, `get`/`put`, `lock p.l`, …) is checked in the same
 * step: a path where the pointer is null (a null dereference) and one where the object is not
 * live (a use-after-free) split off, and the step goes on with the pointer known to be fine
 * ({@link #discharge}). Other faults (double free, refcount underflow, a bad unlock, a failed
 * assertion, an exceeded model bound, RCU discipline) are split off by the step logic of their
 * instruction with {@link #fault}. A fault path changes nothing but `fault` (docs/semantics.md,
 * "Dereferences and faults"), and its action is named for the fault ({@link #suffix}).
 */
final class Faults {
  private final StepContext ctx;

  Faults(StepContext ctx) {
    this.ctx = ctx;
  }

  /** Each fault kind (the `fault.kind` the checks watch) and the suffix of its action's name. */
  private static final Map<String, String> SUFFIX = Map.of(
      "use_after_free", "uaf", "null_deref", "null", "double_free", "dfree",
      "refcount_underflow", "underflow", "bad_unlock", "unlock", "assertion", "assert",
      "model_bound", "bound", "bad_rcu_unlock", "rcu_unlock", "double_call_rcu", "rcu_twice");

  /** The action name suffix of a fault kind: {@code T_L12_uaf}. */
  static String suffix(String kind) {
    return SUFFIX.get(kind);
  }

  /** An object's value, its struct, and the path on which it can be dereferenced. */
  record Deref(Path ok, TlaExpr obj, StructSym struct) {}

  /**
   * Evaluates the object expression {@code objExpr} (checking the dereferences inside it) and
   * checks that the object it names can be dereferenced at {@code at}: its null and
   * use-after-free paths split off.
   */
  Deref deref(Path p, Expr objExpr, Span at, Instr in, PathSink out) {
    List<ExprGen.Obligation> obs = new ArrayList<>();
    ExprGen g = p.gen();
    TlaExpr obj = g.gen(objExpr, obs);
    StructSym s = g.structOf(objExpr);
    obs.add(new ExprGen.Obligation(null, obj, s, at));
    return new Deref(discharge(p, obs, in, out), obj, s);
  }

  /**
   * Splits off a fault path for each dereference that may hit null or a freed object; returns
   * the path on which all of them are fine.
   */
  Path discharge(Path p, List<ExprGen.Obligation> obs, Instr in, PathSink out) {
    Path ok = p;
    for (ExprGen.Obligation o : obs) {
      if (o.obj().equals(ExprGen.SELF)) {
        continue;
      }
      String heap = ctx.layout.heapVar.get(o.struct());
      List<Object> key = List.of(heap, o.obj());
      if (ok.nonNull.contains(o.obj()) && ok.knownLive.contains(key)) {
        continue; // checked earlier in this step, and nothing freed since
      }
      TlaExpr isNull = new TlaExpr.Infix(BinOp.EQ, o.obj(), ExprGen.NULL);
      TlaExpr st = ok.store.readField(heap, o.obj(), "st");
      TlaExpr notLive = new TlaExpr.Infix(BinOp.NEQ, st, new TlaExpr.Str("live"));
      Path nul = ok.copy();
      if (o.context() != null) {
        nul.guard(o.context());
      }
      nul.guard(isNull);
      fault(nul, "null_deref", in, null, out);
      Path freed = ok.copy();
      if (o.context() != null) {
        freed.guard(o.context());
      }
      freed.guard(new TlaExpr.Infix(BinOp.NEQ, o.obj(), ExprGen.NULL));
      freed.guard(notLive);
      fault(freed, "use_after_free", in, o.obj(), out);
      Path fine = ok.copy();
      TlaExpr good = new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.NEQ, o.obj(), ExprGen.NULL),
          new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("live")));
      fine.guard(o.context() == null ? good : new TlaExpr.Infix(BinOp.IMPLIES, o.context(), good));
      if (o.context() == null) {
        fine.nonNull.add(o.obj());
        fine.knownLive.add(key);
      }
      ok = fine;
    }
    return ok;
  }

  /** Ends a path with a fault: the state is unchanged but for `fault`. */
  void fault(Path p, String kind, Instr in, TlaExpr obj, PathSink out) {
    if (p.infeasible) {
      return;
    }
    p.fault = kind;
    p.primary = in.span();
    p.ran(in.span());
    List<Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
    rec.add(Map.entry("kind", new TlaExpr.Str(kind)));
    rec.add(Map.entry("thread", ExprGen.SELF));
    rec.add(Map.entry("line", new TlaExpr.Num(in.span().line())));
    if (obj != null) {
      rec.add(Map.entry("obj", obj));
    }
    p.faultRecord = new TlaExpr.Record(rec);
    out.end(p);
  }
}

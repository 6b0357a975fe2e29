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
  private static final Map<String, String> SUFFIX = Map.ofEntries(
      Map.entry("use_after_free", "uaf"), Map.entry("null_deref", "null"), Map.entry("double_free", "dfree"),
      Map.entry("refcount_underflow", "underflow"), Map.entry("get_zero", "getzero"), Map.entry("bad_unlock", "unlock"),
      Map.entry("exit_locked", "locked"), Map.entry("assertion", "assert"), Map.entry("model_bound", "bound"),
      Map.entry("bad_rcu_unlock", "rcu_unlock"), Map.entry("double_call_rcu", "rcu_twice"), Map.entry("rcu_sleep", "rcu_sleep"),
      Map.entry("unprotected_rcu_pick", "rcu_pick"), Map.entry("rcu_exit_locked", "rcu_open"),
      Map.entry("list_double_add", "list_add"), Map.entry("list_del_absent", "list_del"),
      Map.entry("div_zero", "divzero"), Map.entry("bad_modulus", "modulus"));

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
    return deref(p, objExpr, at, in, out, "use_after_free");
  }

  /**
   * As {@link #deref}, but the object itself, when freed already, is a fault of kind
   * {@code freedKind} (a `put` of a freed object is a double free: it drops a reference the
   * object no longer has).
   */
  Deref deref(Path p, Expr objExpr, Span at, Instr in, PathSink out, String freedKind) {
    List<Obligation> obs = new ArrayList<>();
    ExprGen g = p.gen();
    TlaExpr obj = g.gen(objExpr, obs);
    StructSym s = g.structOf(objExpr);
    Path ok = discharge(p, obs, in, out);
    return new Deref(check(ok, new Obligation.Pointer(null, obj, s, at), in, out, freedKind), obj, s);
  }

  /**
   * Splits off a fault path for each dereference that may hit null or a freed object, and for
   * each division or remainder whose divisor may be 0 (a remainder's, below 1); returns the path
   * on which all of them are fine.
   */
  Path discharge(Path p, List<Obligation> obs, Instr in, PathSink out) {
    Path ok = p;
    for (Obligation o : obs) {
      if (o instanceof Obligation.Pointer ptr) {
        ok = check(ok, ptr, in, out, "use_after_free");
      } else if (o instanceof Obligation.Divisor d) {
        ok = divisor(ok, d, in, out);
      } else if (o instanceof Obligation.Each e) {
        ok = each(ok, e, in, out);
      } else if (o instanceof Obligation.Live) {
        throw new IllegalStateException("a liveness obligation outside a quantifier: " + o);
      } else {
        throw new IllegalStateException("obligation " + o);
      }
    }
    return ok;
  }

  /**
   * A division or remainder: the path where its divisor is 0 (a remainder's, 0 or negative:
   * TLA+'s {@code %} takes a positive one) splits off as a fault, as a kernel's divide error
   * would; the step goes on with the divisor known to be fine.
   */
  private Path divisor(Path ok, Obligation.Divisor d, Instr in, PathSink out) {
    TlaExpr zero = new TlaExpr.Num(0);
    TlaExpr bad = d.remainder() ? new TlaExpr.Infix(BinOp.LEQ, d.divisor(), zero) : new TlaExpr.Infix(BinOp.EQ, d.divisor(), zero);
    TlaExpr good = d.remainder() ? new TlaExpr.Infix(BinOp.GT, d.divisor(), zero) : new TlaExpr.Infix(BinOp.NEQ, d.divisor(), zero);
    Path faulty = ok.copy();
    if (d.context() != null) {
      faulty.guard(d.context());
    }
    faulty.guard(bad);
    fault(faulty, d.remainder() ? "bad_modulus" : "div_zero", in, null, out);
    Path fine = ok.copy();
    fine.guard(d.context() == null ? good : new TlaExpr.Infix(BinOp.IMPLIES, d.context(), good));
    return fine;
  }

  /**
   * A dereference or division in a quantifier's or comprehension's body: the path where it fails
   * for some element splits off as a fault of its kind (a pointer that is null, an object that
   * is not live, a divisor that is 0); the step goes on where it fails for none. A use-after-free
   * names the object: one of those the body finds freed.
   */
  private Path each(Path ok, Obligation.Each e, Instr in, PathSink out) {
    Obligation inner = e.inner();
    while (inner instanceof Obligation.Each x) {
      inner = x.inner();
    }
    if (inner instanceof Obligation.Pointer ptr && ok.nonNull.contains(ptr.obj())) {
      return ok; // a pointer this step already found not null (`u.v - count({d in s : d.f == u.f})`)
    }
    if (ElementChecks.covered(ok, e)) {
      return ok; // the elements were found live earlier in the step, and nothing they read changed since
    }
    TlaExpr bad = e.fails();
    Path faulty = ok.copy();
    faulty.guard(bad);
    TlaExpr obj = null;
    if (e.inner() instanceof Obligation.Live live && live.obj().equals(new TlaExpr.Name(e.var()))) {
      obj = new TlaExpr.Choose(new TlaExpr.Bound(e.var(), e.set()), live.fails()); // the element itself
    } else if (inner instanceof Obligation.Live live) {
      String w = ok.names.inner("freed", List.of(), bad);
      obj = new TlaExpr.Choose(new TlaExpr.Bound(w, new TlaExpr.Name(ctx.layout.poolConst.get(live.struct()))),
          e.failsWith(new TlaExpr.Infix(BinOp.EQ, live.obj(), new TlaExpr.Name(w))));
    }
    fault(faulty, e.kind(), in, obj, out);
    Path fine = ok.copy();
    fine.guard(new TlaExpr.Prefix(dev.inflight.translator.tla.UnOp.NOT, bad));
    List<TlaExpr> passed = ElementChecks.key(e);
    if (passed != null) {
      fine.liveEach.add(passed);
    }
    return fine;
  }

  /**
   * Where {@code o} holds, so that its fault path is not taken: a dereference's pointer is not
   * null and its object live, a quantifier's or a division's obligation does not fail; each
   * under its context. For conditions read outside a step (the cost model's WaitsFor: a thread
   * whose wait would fault is not blocked).
   */
  TlaExpr holds(Path p, Obligation o) {
    if (!(o instanceof Obligation.Pointer ptr)) {
      return new TlaExpr.Prefix(dev.inflight.translator.tla.UnOp.NOT, o.fails());
    }
    if (ptr.obj().equals(ExprGen.SELF)) {
      return new TlaExpr.Bool(true);
    }
    TlaExpr st = p.store.readField(ctx.layout.heapVar.get(ptr.struct()), ptr.obj(), "st");
    TlaExpr live = new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("live"));
    if (ExprGen.knownNonNull(ptr.context(), ptr.obj())) {
      return new TlaExpr.Infix(BinOp.IMPLIES, ptr.context(), live); // the context says it is not null
    }
    TlaExpr good = new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.NEQ, ptr.obj(), ExprGen.NULL), live);
    return ptr.context() == null ? good : new TlaExpr.Infix(BinOp.IMPLIES, ptr.context(), good);
  }

  /** One dereference: splits off its null path and its freed path (a fault of kind {@code freedKind}). */
  private Path check(Path ok, Obligation.Pointer o, Instr in, PathSink out, String freedKind) {
    if (o.obj().equals(ExprGen.SELF)) {
      return ok;
    }
    String heap = ctx.layout.heapVar.get(o.struct());
    List<Object> key = List.of(heap, o.obj());
    if (ok.nonNull.contains(o.obj()) && ok.knownLive.contains(key)) {
      return ok; // checked earlier in this step, and nothing freed since
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
    fault(freed, freedKind, in, o.obj(), out);
    Path fine = ok.copy();
    fine.guard(holds(ok, o));
    if (o.context() == null) {
      fine.nonNull.add(o.obj());
      fine.knownLive.add(key);
    }
    return fine;
  }

  /**
   * Blocking inside an RCU read-side section: a path for the thread inside one splits off as an
   * rcu_discipline fault (the kernel's might_sleep() warns whether or not it would sleep); the
   * returned path goes on outside any section. Only where the thread kind enters RCU sections.
   */
  Path mightSleep(Path p, Instr in, PathSink out) {
    if (!ctx.entersRcu) {
      return p;
    }
    TlaExpr depth = new TlaExpr.FunApp(p.store.read("rcu_depth"), List.of(ExprGen.SELF));
    Path bad = p.copy();
    bad.guard(new TlaExpr.Infix(BinOp.GT, depth, new TlaExpr.Num(0)));
    fault(bad, "rcu_sleep", in, null, out);
    p.guard(new TlaExpr.Infix(BinOp.EQ, depth, new TlaExpr.Num(0)));
    return p;
  }

  /** Ends a path with a fault: the state is unchanged but for `fault`. */
  void fault(Path p, String kind, Instr in, TlaExpr obj, PathSink out) {
    fault(p, kind, in, obj, null, out);
  }

  /**
   * Ends a path with a model bound exceeded; {@code which} says which bound, for the
   * counterexample's hint (the fault's `bound` field): {@code pool S} (struct S has no free
   * object), {@code ref F N} (the count F is at its maximum N), {@code queue Q N} (the queue Q
   * holds its `max`, N), {@code loop N} (a loop's N iterations are used up).
   */
  void bound(Path p, String which, Instr in, TlaExpr obj, PathSink out) {
    fault(p, "model_bound", in, obj, which, out);
  }

  private void fault(Path p, String kind, Instr in, TlaExpr obj, String bound, PathSink out) {
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
    if (bound != null) {
      rec.add(Map.entry("bound", new TlaExpr.Str(bound)));
    }
    p.faultRecord = new TlaExpr.Record(rec);
    out.end(p);
  }
}

package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;

/** `closure(roots, x : step)` in TLA+ for {@link ExprGen}: its rounds, its name in a step and its checks. */
final class Closures {
  private final ExprGen g;

  Closures(ExprGen g) {
    this.g = g;
  }

  /**
   * A set holding every element a closure reaches, written without its variable: its roots and
   * the sets its step draws its elements from (`{v \in S : ...}` draws from S), or null.
   */
  private static TlaExpr hull(TlaExpr roots, TlaExpr next, String v) {
    TlaExpr drawn = next;
    while (drawn instanceof TlaExpr.SetFilter f) {
      drawn = f.bound().set();
    }
    if (dev.inflight.translator.tla.Binders.names(drawn).contains(v)) {
      return null;
    }
    return new TlaExpr.Infix(BinOp.CUP, roots, drawn);
  }

  private int count;

  /**
   * A closure over objects of a pool of B slots is reached after at most B rounds of adding
   * every element's step set, so it unrolls to B LET definitions:
   * {@code LET r1 == roots \cup UNION {step(x) : x \in roots}
   * r2 == r1 \cup UNION {step(x) : x \in r1 \ roots} ... IN rB} (with {@code r0 == roots} first
   * when the roots are computed, not a name). Each round takes the steps of the elements the
   * round before added only: those of older elements are already in (docs/semantics.md,
   * "Locals"). The step is written out in each round: as a LET operator applied there, raw TLC
   * took more CPU on async_wait, not less (bench/RESULTS.md).
   *
   * <p>The step is evaluated for every element of the closure, so its obligations are the
   * closure's, for each element (docs/semantics.md, "Dereferences and faults"). In a step, a
   * closure with obligations that depends on no variable bound around it is named as a LET
   * definition of the path, so that its check and its value read it once. Where the step
   * dereferences its variable and the closure may hold null (a set literal in it), no round takes
   * the step of null: that element is a null dereference, and the closure must still be
   * evaluable where the check finds it.
   */
  TlaExpr closure(Expr.Closure cl, TlaExpr ctx, List<Obligation> out) {
    TlaExpr roots = g.gen(cl.roots(), ctx, out);
    Type t = g.checked.typeOf(cl.roots());
    int rounds = t instanceof Type.SetT st && st.elem() != null ? Math.max(1, st.elem().bound()) : 1;
    List<String> outside = new ArrayList<>(g.activeBound);
    List<Obligation> each = new ArrayList<>();
    String v = g.bind(cl.var(), List.of(cl.roots(), cl.step()), null, each, ctx);
    boolean nullable = !g.nullFree.contains(v);
    TlaExpr next = g.gen(cl.step(), null, each);
    g.unbind();
    TlaExpr skip = nullable && each.stream().anyMatch(o -> on(o, new TlaExpr.Name(v))) ? new TlaExpr.SetOf(List.of(ExprGen.NULL)) : null;
    int id = ++count;
    List<dev.inflight.translator.tla.TlaModule.OpDef> defs = new ArrayList<>();
    TlaExpr prev = roots;
    String last = null;
    List<String> around = new ArrayList<>(g.activeBound);
    around.add(v);
    if (!(roots instanceof TlaExpr.Name) && rounds > 0) {
      // the first round uses the roots twice (the union and the set its steps range over): a
      // computed root set is defined once, as the closure's first definition
      String name = g.names.inner("reach" + id + "_0", around, roots, next);
      around.add(name);
      defs.add(new dev.inflight.translator.tla.TlaModule.OpDef(name, roots));
      prev = new TlaExpr.Name(name);
    }
    TlaExpr before = null;
    for (int i = 1; i <= rounds; i++) {
      String name = g.names.inner("reach" + id + "_" + i, around, roots, next);
      around.add(name);
      // the steps of the elements the last round added: the older ones' are in prev already
      TlaExpr frontier = before == null ? prev : new TlaExpr.Infix(BinOp.SETMINUS, prev, before);
      if (skip != null) {
        frontier = new TlaExpr.Infix(BinOp.SETMINUS, frontier, skip);
      }
      TlaExpr grown = new TlaExpr.Infix(BinOp.CUP, prev, new TlaExpr.Prefix(UnOp.UNION,
          new TlaExpr.SetMap(next, List.of(new TlaExpr.Bound(v, frontier)))));
      defs.add(new dev.inflight.translator.tla.TlaModule.OpDef(name, grown));
      before = prev;
      prev = new TlaExpr.Name(name);
      last = name;
    }
    TlaExpr value = new TlaExpr.Let(defs, new TlaExpr.Name(last));
    if (out == null || each.isEmpty()) {
      return value;
    }
    if (g.step && g.store.binder != null) {
      value = named(value, outside);
    }
    ExprGen.lift(each, ctx, v, value, hull(roots, next, v), out);
    return value;
  }

  /**
   * A closure's value named as a LET definition of the path: as it is, when it depends on no
   * variable bound around it; as a function of the one it depends on, over the set that one
   * ranges over, when that set depends on none ({@code reach_now == [w \in S |-> ...]}, read
   * {@code reach_now[w]}); else unnamed.
   */
  private TlaExpr named(TlaExpr value, List<String> outside) {
    java.util.Set<String> uses = dev.inflight.translator.tla.Binders.names(value);
    List<String> free = outside.stream().filter(uses::contains).toList();
    if (free.isEmpty()) {
      return g.store.binder.apply("reach", value);
    }
    TlaExpr domain = free.size() == 1 ? g.domains.get(g.activeBound.indexOf(free.get(0))) : null;
    if (domain == null || dev.inflight.translator.tla.Binders.names(domain).stream().anyMatch(outside::contains)) {
      return value;
    }
    TlaExpr w = new TlaExpr.Name(free.get(0));
    TlaExpr fn = g.store.binder.apply("reach", new TlaExpr.FunCons(List.of(new TlaExpr.Bound(free.get(0), domain)), value));
    return new TlaExpr.FunApp(fn, List.of(w));
  }

  /** Whether {@code o} (inside quantifiers or not) is a dereference of {@code obj}. */
  private static boolean on(Obligation o, TlaExpr obj) {
    while (o instanceof Obligation.Each e) {
      o = e.inner();
    }
    return o instanceof Obligation.Pointer p && p.obj().equals(obj) || o instanceof Obligation.Live l && l.obj().equals(obj);
  }
}

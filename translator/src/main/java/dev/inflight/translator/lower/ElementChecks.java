package dev.inflight.translator.lower;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import java.util.Arrays;
import java.util.List;

/**
 * Which liveness checks of a quantifier's elements a path has passed already (lower/Faults#each),
 * so that a step walking one set several times checks its elements once. A check is a key in
 * {@link Path#liveEach}: the context outside the quantifier, the set, the object and its `st`
 * read with the element replaced by a placeholder, and the body's context. The keys compare
 * text: a read of the same text is of the same value within a step, as a write makes the store
 * read the written variable anew (lower/Store), so a check passed on the path holds for a later
 * one with the same key, or with a body context that implies the earlier one's. A check of the
 * element itself, unconditional and outside any other quantifier, says every element of the set
 * is live: it covers any later check of an element of that set or a subset of it (`S \ {p}`, a
 * filter of S, `S \cap T`, a union of such subsets: a closure's hull, Obligation.Each#within),
 * nested or guarded as it may be.
 */
final class ElementChecks {
  private static final TlaExpr ELEMENT = new TlaExpr.Str("#element");
  private static final TlaExpr ALWAYS = new TlaExpr.Bool(true);

  private ElementChecks() {}

  /**
   * The key of a liveness check passed: a single quantifier's with its contexts; or, for a check
   * of an element itself with no condition at any level of nesting, over a set within each outer
   * level's set and not depending on their elements (so that where it has an element, every level is evaluated), the fact that every
   * element of that set is live (`\E y \in s : \E z \in s : z not live` fails exactly where
   * `\E z \in s : z not live` does). Null for others.
   */
  static List<TlaExpr> key(Obligation.Each e) {
    if (e.inner() instanceof Obligation.Live live) {
      TlaExpr v = new TlaExpr.Name(e.var());
      return Arrays.asList(e.context() == null ? ALWAYS : anon(e.context(), v), e.set(), anon(live.obj(), v),
          anon(live.st(), v), live.context() == null ? null : anon(live.context(), v));
    }
    java.util.List<Obligation.Each> outer = new java.util.ArrayList<>();
    Obligation.Each last = e;
    while (last.context() == null && last.inner() instanceof Obligation.Each x) {
      outer.add(last);
      last = x;
    }
    TlaExpr set = last.set();
    if (last.context() == null && last.inner() instanceof Obligation.Live live && live.context() == null
        && live.obj().equals(new TlaExpr.Name(last.var())) && outer.stream().allMatch(x -> within(set, x.set()))
        && outer.stream().noneMatch(x -> dev.inflight.translator.tla.Binders.names(set).contains(x.var()))) {
      return Arrays.asList(ALWAYS, last.set(), ELEMENT, anon(live.st(), live.obj()), null);
    }
    return null;
  }

  /** Whether the path has passed a check that covers {@code e}'s. */
  static boolean covered(Path p, Obligation.Each e) {
    List<TlaExpr> k = e.inner() instanceof Obligation.Live ? key(e) : null;
    if (k != null && p.liveEach.stream().anyMatch(x -> x.subList(0, 4).equals(k.subList(0, 4)) && ExprGen.implies(k.get(4), x.get(4)))) {
      return true;
    }
    // an element of any level checked itself: covered where every element of its set is known live
    Obligation inner = e;
    while (inner instanceof Obligation.Each x) {
      inner = x.inner();
    }
    if (!(inner instanceof Obligation.Live live)) {
      return false;
    }
    TlaExpr set = null;
    for (Obligation o = e; o instanceof Obligation.Each x; o = x.inner()) {
      if (live.obj().equals(new TlaExpr.Name(x.var()))) {
        set = x.within();
      }
    }
    TlaExpr of = set;
    TlaExpr st = anon(live.st(), live.obj());
    return of != null && p.liveEach.stream().anyMatch(x -> x.get(0).equals(ALWAYS) && x.get(2).equals(ELEMENT)
        && x.get(4) == null && x.get(3).equals(st) && within(of, x.get(1)));
  }

  /** Whether {@code s} is {@code t} or a subset of it written as a difference, filter, intersection or union of subsets. */
  private static boolean within(TlaExpr s, TlaExpr t) {
    if (s.equals(t)) {
      return true;
    }
    if (s instanceof TlaExpr.Infix i && i.op() == BinOp.CUP) {
      return within(i.left(), t) && within(i.right(), t);
    }
    if (s instanceof TlaExpr.Infix i && i.op() == BinOp.SETMINUS) {
      return within(i.left(), t);
    }
    if (s instanceof TlaExpr.Infix i && i.op() == BinOp.CAP) {
      return within(i.left(), t) || within(i.right(), t);
    }
    return s instanceof TlaExpr.SetFilter f && within(f.bound().set(), t);
  }

  private static TlaExpr anon(TlaExpr x, TlaExpr v) {
    return Rewrite.apply(x, y -> y.equals(v) ? ELEMENT : null);
  }
}

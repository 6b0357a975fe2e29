package dev.inflight.translator.emit;

import dev.inflight.translator.tla.Points;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;

/**
 * An EXCEPT update that reads the value it replaces says {@code @} (docs/semantics.md, "One
 * action per label", Updates read with @): {@code [pid EXCEPT ![k].count = pid[k].count - 1]} is
 * {@code [pid EXCEPT ![k].count = @ - 1]}. In {@code [f EXCEPT !p1 = e1, …, !pn = en]}, {@code @}
 * in {@code ei} is the value at {@code pi} after the updates before it; when every earlier point
 * is a cell apart from {@code pi} (tla/Points#apart: at some step both name different fields) or
 * there is none, that is {@code f}'s value at {@code pi}, so a read of it in {@code ei} may be
 * written {@code @}. The same function, and TLC looks the value up instead of applying
 * {@code f} again.
 *
 * <p>Only the operators that bind nothing are looked into: not a nested EXCEPT ({@code @} would
 * mean another point there), a LET, a set comprehension, a quantifier, CHOOSE or a function
 * constructor (a bound name could shadow a key's).
 */
final class AtReads {
  private AtReads() {}

  /** {@code e} with every EXCEPT's reads of the points it updates written {@code @}. */
  static TlaExpr of(TlaExpr e) {
    return Rewrite.apply(e, x -> x instanceof TlaExpr.Except ex ? except(ex) : null);
  }

  private static TlaExpr except(TlaExpr.Except ex) {
    TlaExpr base = of(ex.base());
    List<TlaExpr.Update> out = new ArrayList<>();
    List<List<TlaExpr.PathElem>> before = new ArrayList<>();
    for (TlaExpr.Update u : ex.updates()) {
      List<TlaExpr.PathElem> path = new ArrayList<>();
      for (TlaExpr.PathElem p : u.path()) {
        path.add(p instanceof TlaExpr.Index i ? new TlaExpr.Index(of(i.key())) : p);
      }
      TlaExpr value = of(u.value());
      if (before.stream().allMatch(q -> Points.apart(q, u.path()))) {
        value = replace(value, read(ex.base(), u.path()));
      }
      out.add(new TlaExpr.Update(path, value));
      before.add(u.path());
    }
    return new TlaExpr.Except(base, out);
  }

  /** {@code base} read at {@code path}: {@code base[k].f}. */
  private static TlaExpr read(TlaExpr base, List<TlaExpr.PathElem> path) {
    TlaExpr e = base;
    for (TlaExpr.PathElem p : path) {
      e = p instanceof TlaExpr.Index i ? new TlaExpr.FunApp(e, List.of(i.key())) : new TlaExpr.Select(e, ((TlaExpr.Field) p).name());
    }
    return e;
  }

  /** {@code e} with {@code at} replaced by {@code @}, looking only into operators that bind nothing. */
  private static TlaExpr replace(TlaExpr e, TlaExpr at) {
    return Rewrite.apply(e, x -> x.equals(at) ? new TlaExpr.At() : opaque(x) ? x : null);
  }

  /** An expression not looked into: one that binds names, or a nested EXCEPT ({@code @} means another point there). */
  private static boolean opaque(TlaExpr x) {
    return x instanceof TlaExpr.Except || x instanceof TlaExpr.Let || x instanceof TlaExpr.SetFilter
        || x instanceof TlaExpr.SetMap || x instanceof TlaExpr.Quant || x instanceof TlaExpr.Choose
        || x instanceof TlaExpr.FunCons;
  }
}

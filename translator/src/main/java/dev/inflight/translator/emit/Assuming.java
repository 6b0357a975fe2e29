package dev.inflight.translator.emit;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Exclusive;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;

/**
 * A condition simplified where a guard is known to hold: {@code g /\ e} is {@code g /\ e'}, where
 * {@code e'} is {@code e} with each conjunct of {@code g} (tla/Exclusive#canonical form) read as
 * TRUE and its negation as FALSE, then the connectives around them folded. In every state and
 * binding where {@code g} holds, each of its conjuncts has the value TRUE, and {@code e} is read
 * in the same bindings (a module binds no name twice, so no name of {@code g} is bound again
 * inside {@code e}); so {@code e} and {@code e'} agree wherever {@code g} holds. emit/Enabled uses
 * it for the written-out ENABLED, whose paths test a pointer's liveness again below a guard that
 * already did ({@code p # NULL /\ (p # NULL /\ s[p].st = "live" \/ s[p].st # "live")}).
 */
final class Assuming {
  private static final TlaExpr TRUE = new TlaExpr.Bool(true);
  private static final TlaExpr FALSE = new TlaExpr.Bool(false);

  private Assuming() {}

  static TlaExpr of(TlaExpr guard, TlaExpr e) {
    TlaExpr g = Exclusive.canonical(guard);
    List<TlaExpr> facts = g instanceof TlaExpr.And a ? a.items() : List.of(g);
    TlaExpr replaced = Rewrite.apply(e, x -> {
      TlaExpr c = Exclusive.canonical(x);
      for (TlaExpr f : facts) {
        if (c.equals(f)) {
          return TRUE;
        }
        if (Exclusive.negates(f, c)) {
          return FALSE;
        }
      }
      return connective(x) ? null : x; // only where fold() will look: a value inside stays as written
    });
    return replaced.equals(e) ? e : fold(replaced);
  }

  /** The nodes {@link #fold} looks into. */
  private static boolean connective(TlaExpr x) {
    return x instanceof TlaExpr.And || x instanceof TlaExpr.Or
        || x instanceof TlaExpr.Infix in && (in.op() == BinOp.AND || in.op() == BinOp.OR)
        || x instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT
        || x instanceof TlaExpr.Quant q && q.q() == Quantifier.EXISTS && q.bounds().size() == 1
        || x instanceof TlaExpr.Let
        || x instanceof TlaExpr.If f && f.t().equals(TRUE);
  }

  /** {@code e} with connectives over TRUE and FALSE folded, outermost last. */
  private static TlaExpr fold(TlaExpr e) {
    if (e instanceof TlaExpr.And a) {
      List<TlaExpr> items = new ArrayList<>();
      for (TlaExpr x : a.items()) {
        TlaExpr f = fold(x);
        if (f.equals(FALSE)) {
          return FALSE;
        }
        if (!f.equals(TRUE)) {
          items.add(f);
        }
      }
      return items.isEmpty() ? TRUE : items.size() == 1 ? items.get(0) : new TlaExpr.And(items);
    }
    if (e instanceof TlaExpr.Or o) {
      return Enabled.or(o.items().stream().map(Assuming::fold).toList());
    }
    if (e instanceof TlaExpr.Infix in && (in.op() == BinOp.AND || in.op() == BinOp.OR)) {
      List<TlaExpr> two = List.of(in.left(), in.right());
      return fold(in.op() == BinOp.AND ? new TlaExpr.And(two) : new TlaExpr.Or(two));
    }
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      TlaExpr f = fold(p.arg());
      return f instanceof TlaExpr.Bool b ? new TlaExpr.Bool(!b.v()) : new TlaExpr.Prefix(UnOp.NOT, f);
    }
    if (e instanceof TlaExpr.Quant q && q.q() == Quantifier.EXISTS && q.bounds().size() == 1) {
      return Enabled.exists(q.bounds().get(0), fold(q.body()));
    }
    if (e instanceof TlaExpr.Let l) {
      TlaExpr body = fold(l.body());
      return body instanceof TlaExpr.Bool ? body : new TlaExpr.Let(l.defs(), body);
    }
    if (e instanceof TlaExpr.If f && f.t().equals(TRUE)) {
      TlaExpr c = fold(f.c());
      TlaExpr other = fold(f.e());
      return c.equals(TRUE) ? TRUE : c.equals(FALSE) ? other : new TlaExpr.If(c, TRUE, other);
    }
    return e;
  }
}

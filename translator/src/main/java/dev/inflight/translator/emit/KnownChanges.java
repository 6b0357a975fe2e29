package dev.inflight.translator.emit;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Exclusive;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;

/**
 * Primed equations of a path back to its own label whose outcome is known from the path's
 * parts, for the written-out {@code ENABLED} (Enabled#changes; docs/semantics.md, "Fairness
 * without ENABLED"):
 *
 * <ul>
 *   <li>{@code pc' = [pc EXCEPT ![self] = "L"]} at label {@code L} leaves {@code pc} as it is
 *       ({@code pc[self]} is {@code "L"} already);
 *   <li>{@code v' = [v EXCEPT …, !p = R \ {x}, …]}, where {@code x} was drawn by {@code \E x \in R}
 *       and {@code R} is {@code v}'s value at point {@code p}, and no later update of the
 *       {@code EXCEPT} writes {@code p}, a point inside it or one around it, changes {@code v}: its
 *       point {@code p} loses {@code x}, which it holds. A `for` over a set takes its next element
 *       so from the set of those not yet visited;
 *   <li>{@code v' = [v EXCEPT …, !p = Tail(R)]}, under a guard {@code R # <<>>} of the path
 *       (or a conjunct of one), {@code R} being {@code v}'s value at {@code p}, with the same
 *       condition on later updates, changes {@code v}: a non-empty sequence's tail is one shorter.
 *       A `for` over a list or queue takes its next element so;
 *   <li>{@code v' = [v EXCEPT …, !p = R + k]} (or {@code R - k}), {@code k} an integer literal
 *       other than 0, {@code R} being {@code v}'s value at {@code p}, with the same condition on
 *       later updates, changes {@code v}: {@code +} and {@code -} are on integers (TLC refuses
 *       anything else), and an integer plus a non-zero one is another. A loop's counter (a
 *       `while` with a bound, the translator's own iteration counters) counts so.
 * </ul>
 *
 * Names are compared after replacing LET definitions and values bound once ({@code \E d \in {e}})
 * by their definitions, only along the reads that make up a point ({@code v[k].f}); anything else
 * must be written alike.
 */
final class KnownChanges {
  private KnownChanges() {}

  /** Whether {@code var' = value} gives {@code pc[self]} the label {@code label}. */
  static boolean keepsLabel(TlaExpr var, TlaExpr value, String label) {
    return unwrap(var) instanceof TlaExpr.Name n && n.id().equals("pc")
        && unwrap(value) instanceof TlaExpr.Except x && unwrap(x.base()).equals(n)
        && x.updates().size() == 1
        && x.updates().get(0).path().equals(List.of(new TlaExpr.Index(new TlaExpr.Name("self"))))
        && unwrap(x.updates().get(0).value()).equals(new TlaExpr.Str(label));
  }

  /**
   * Whether {@code var' = value} certainly changes {@code var}: one of its point updates removes
   * an element drawn from the point, takes the tail of a non-empty point, or adds a non-zero
   * literal to it (see the class).
   */
  static boolean changes(TlaExpr var, TlaExpr value, Enabled.Bound bound) {
    if (!(unwrap(var) instanceof TlaExpr.Name v) || !(unwrap(value) instanceof TlaExpr.Except x)
        || !unwrap(x.base()).equals(v)) {
      return false;
    }
    List<TlaExpr.Update> ups = x.updates();
    for (int i = 0; i < ups.size(); i++) {
      TlaExpr.Update u = ups.get(i);
      if (overwrittenAfter(ups, i)) {
        continue;
      }
      TlaExpr point = resolve(read(v, u.path()), bound);
      TlaExpr written = unwrap(u.value());
      if (written instanceof TlaExpr.Infix step && (step.op() == BinOp.PLUS || step.op() == BinOp.MINUS)
          && unwrap(step.right()) instanceof TlaExpr.Num k && k.v() != 0
          && resolve(step.left(), bound).equals(point)) {
        return true;
      }
      if (written instanceof TlaExpr.Apply tail && tail.op().equals("Tail") && tail.args().size() == 1
          && resolve(tail.args().get(0), bound).equals(point) && nonEmpty(point, bound)) {
        return true;
      }
      if (written instanceof TlaExpr.Infix minus && minus.op() == BinOp.SETMINUS
          && unwrap(minus.right()) instanceof TlaExpr.SetOf one && one.elems().size() == 1
          && unwrap(one.elems().get(0)) instanceof TlaExpr.Name drawn
          && bound.sets().containsKey(drawn.id())
          && resolve(minus.left(), bound).equals(point) && resolve(bound.sets().get(drawn.id()), bound).equals(point)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a guard of the path, or a conjunct of one (tla/Exclusive#canonical flattens them), is
   * {@code seq # <<>>} ({@code seq} resolved).
   */
  private static boolean nonEmpty(TlaExpr seq, Enabled.Bound bound) {
    TlaExpr empty = new TlaExpr.Tuple(List.of());
    for (TlaExpr g : bound.guards()) {
      TlaExpr c = Exclusive.canonical(g);
      for (TlaExpr x : c instanceof TlaExpr.And a ? a.items() : List.of(c)) {
        if (x instanceof TlaExpr.Infix in && in.op() == BinOp.NEQ
            && (unwrap(in.right()).equals(empty) && resolve(in.left(), bound).equals(seq)
                || unwrap(in.left()).equals(empty) && resolve(in.right(), bound).equals(seq))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether an update after the {@code i}th writes its point, a point inside it, or one around it. */
  private static boolean overwrittenAfter(List<TlaExpr.Update> ups, int i) {
    List<TlaExpr.PathElem> p = ups.get(i).path();
    for (TlaExpr.Update later : ups.subList(i + 1, ups.size())) {
      List<TlaExpr.PathElem> q = later.path();
      int n = Math.min(p.size(), q.size());
      if (p.subList(0, n).equals(q.subList(0, n))) {
        return true;
      }
    }
    return false;
  }

  /** {@code v}'s value at the point {@code path}: {@code v[k].f}. */
  private static TlaExpr read(TlaExpr v, List<TlaExpr.PathElem> path) {
    TlaExpr e = v;
    for (TlaExpr.PathElem p : path) {
      e = p instanceof TlaExpr.Index k ? new TlaExpr.FunApp(e, List.of(k.key())) : new TlaExpr.Select(e, ((TlaExpr.Field) p).name());
    }
    return e;
  }

  /** {@code e} with its LET names and once-bound names replaced by their values along reads of points. */
  private static TlaExpr resolve(TlaExpr e, Enabled.Bound bound) {
    TlaExpr u = unwrap(e);
    if (u instanceof TlaExpr.Name n) {
      TlaExpr def = bound.lets().get(n.id());
      if (def == null && bound.sets().get(n.id()) instanceof TlaExpr.SetOf one && one.elems().size() == 1) {
        def = one.elems().get(0);
      }
      return def == null ? n : resolve(def, bound);
    }
    if (u instanceof TlaExpr.FunApp f) {
      return new TlaExpr.FunApp(resolve(f.fn(), bound), f.args().stream().map(a -> resolve(a, bound)).toList());
    }
    if (u instanceof TlaExpr.Select s) {
      return new TlaExpr.Select(resolve(s.rec(), bound), s.field());
    }
    return u;
  }

  private static TlaExpr unwrap(TlaExpr e) {
    while (e instanceof TlaExpr.Sourced s) {
      e = s.e();
    }
    return e;
  }
}

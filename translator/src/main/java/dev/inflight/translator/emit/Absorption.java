package dev.inflight.translator.emit;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;

/**
 * A disjunction of guard chains written with absorption: {@code (C /\ R) \/ X} is
 * {@code ~C \/ R} when {@code X} says exactly {@code ~C} (docs/semantics.md, "Fairness without
 * ENABLED", Absorption). The written-out ENABLED of a label has this shape wherever a path's
 * checks pass on one side and the fault paths of the same checks fire on the other:
 * {@code (p # NULL /\ s[p].st = "live" /\ R) \/ p = NULL \/ (p # NULL /\ s[p].st # "live")} is
 * {@code p = NULL \/ s[p].st # "live" \/ R}.
 *
 * <p>{@code X} is a set of the other disjuncts, each of which implies {@code ~C}, and which
 * together are implied by it; both are shown by {@link Tautology}, reading atoms as independent,
 * so the rewrite never changes the value. It relies on one property of the disjuncts, which the
 * alternatives of a label's path tree have: each can be read on its own wherever the disjunction
 * is read (each is a path's next guard, which the action reads in every state at that point of
 * the tree, whatever its other paths do). Then leaving {@code X} out reads nothing new.
 * {@code ~C} is written by De Morgan, conjunct by conjunct in {@code C}'s order
 * ({@code ~c1 \/ ~c2 \/ ...}), so TLC reads {@code c2} only where {@code c1} holds, as it did in
 * {@code C}; and {@code R} comes right after it, read only where every conjunct of {@code C} holds,
 * as before. {@code ~C \/ R} is then one disjunct that can be read on its own, for the next
 * absorption; the disjunctions are flattened at the end, which keeps the order of reading.
 */
final class Absorption {
  private static final int MAX_ATOMS = Enabled.MAX_ATOMS;

  private Absorption() {}

  /** The disjunction of {@code items}, absorbed where it can be. */
  static TlaExpr of(TlaExpr disjunction) {
    if (!(disjunction instanceof TlaExpr.Or or)) {
      return disjunction;
    }
    List<TlaExpr> items = new ArrayList<>(or.items());
    for (int round = 0; round < or.items().size() && (absorbOnce(items) || factorOnce(items)); round++) {
      // each round removes at least one disjunct
    }
    List<TlaExpr> flat = new ArrayList<>();
    for (TlaExpr x : items) {
      if (x instanceof TlaExpr.Or o) {
        flat.addAll(o.items()); // the same order of reading
      } else {
        flat.add(x);
      }
    }
    return flat.size() == 1 ? flat.get(0) : new TlaExpr.Or(flat);
  }

  /** One absorption in {@code items}, in place; false when there is none. */
  private static boolean absorbOnce(List<TlaExpr> items) {
    for (int j = 0; j < items.size(); j++) {
      List<TlaExpr> conj = conjuncts(items.get(j));
      for (int k = conj.size() - 1; k >= 1; k--) {
        TlaExpr c = k == 1 ? conj.get(0) : new TlaExpr.And(List.copyOf(conj.subList(0, k)));
        TlaExpr notC = new TlaExpr.Prefix(UnOp.NOT, c);
        List<TlaExpr> opposite = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
          if (i != j && Tautology.holds(new TlaExpr.Or(List.of(new TlaExpr.Prefix(UnOp.NOT, items.get(i)), notC)), MAX_ATOMS)) {
            opposite.add(items.get(i));
          }
        }
        if (opposite.isEmpty()) {
          continue;
        }
        List<TlaExpr> cover = new ArrayList<>(opposite);
        cover.add(0, c);
        if (!Tautology.holds(new TlaExpr.Or(cover), MAX_ATOMS)) {
          continue;
        }
        List<TlaExpr> rest = conj.subList(k, conj.size());
        List<TlaExpr> denied = new ArrayList<>();
        conj.subList(0, k).forEach(x -> denied.addAll(denial(x)));
        // ~C as De Morgan writes it, or as X does when that is shorter (where every disjunct of
        // X is false, C holds, so R is still read only there)
        List<TlaExpr> replacement = new ArrayList<>(length(denied) <= length(opposite) ? denied : opposite);
        TlaExpr r = rest.size() == 1 ? rest.get(0) : new TlaExpr.And(List.copyOf(rest));
        if (r instanceof TlaExpr.Or ro) {
          replacement.addAll(ro.items());
        } else {
          replacement.add(r);
        }
        TlaExpr at = items.get(j);
        List<TlaExpr> out = new ArrayList<>();
        for (TlaExpr x : items) {
          if (x == at) {
            out.add(new TlaExpr.Or(replacement)); // one disjunct still, read on its own
          } else if (opposite.stream().noneMatch(o -> o == x)) {
            out.add(x);
          }
        }
        items.clear();
        items.addAll(out);
        return true;
      }
    }
    return false;
  }

  /**
   * {@code (A /\ R) \/ (B /\ R)} written {@code (A \/ B) /\ R}, for the first two disjuncts
   * that end in the same conjuncts {@code R}, in place; false when there are none. {@code R} is
   * read where {@code A \/ B} holds, which the first form read it too, and {@code B} only where
   * {@code A} does not hold; the result can be read on its own, as both could.
   */
  private static boolean factorOnce(List<TlaExpr> items) {
    for (int i = 0; i < items.size(); i++) {
      List<TlaExpr> a = conjuncts(items.get(i));
      for (int j = i + 1; j < items.size() && a.size() >= 2; j++) {
        List<TlaExpr> b = conjuncts(items.get(j));
        int common = 0;
        while (common < a.size() - 1 && common < b.size() - 1
            && a.get(a.size() - 1 - common).equals(b.get(b.size() - 1 - common))) {
          common++;
        }
        if (common == 0) {
          continue;
        }
        TlaExpr head = Enabled.or(List.of(and(a.subList(0, a.size() - common)), and(b.subList(0, b.size() - common))));
        List<TlaExpr> factored = new ArrayList<>();
        if (!head.equals(new TlaExpr.Bool(true))) {
          factored.add(head);
        }
        factored.addAll(a.subList(a.size() - common, a.size()));
        items.set(i, and(factored));
        items.remove(j);
        return true;
      }
    }
    return false;
  }

  private static TlaExpr and(List<TlaExpr> conj) {
    return conj.size() == 1 ? conj.get(0) : new TlaExpr.And(List.copyOf(conj));
  }

  private static int length(List<TlaExpr> disjuncts) {
    return PRINTER.print(new TlaModule.OpDef("a", List.of(), disjuncts.size() == 1 ? disjuncts.get(0) : new TlaExpr.Or(disjuncts))).length();
  }

  private static final TlaPrinter PRINTER = new TlaPrinter();

  /** A conjunction's items, nested conjunctions flattened; the expression itself otherwise. */
  private static List<TlaExpr> conjuncts(TlaExpr e) {
    TlaExpr x = e instanceof TlaExpr.Sourced s ? s.e() : e;
    List<TlaExpr> out = new ArrayList<>();
    if (x instanceof TlaExpr.And a) {
      a.items().forEach(i -> out.addAll(conjuncts(i)));
    } else if (x instanceof TlaExpr.Infix in && in.op() == BinOp.AND) {
      out.addAll(conjuncts(in.left()));
      out.addAll(conjuncts(in.right()));
    } else {
      out.add(e);
    }
    return out;
  }

  /**
   * {@code ~c} as disjuncts, each read only where the ones before it are false: a conjunction's
   * items denied in order, a comparison by its opposite, a disjunction as the conjunction of its
   * items' denials.
   */
  static List<TlaExpr> denial(TlaExpr c) {
    TlaExpr x = c instanceof TlaExpr.Sourced s ? s.e() : c;
    List<TlaExpr> parts = conjuncts(x);
    if (parts.size() > 1) {
      List<TlaExpr> out = new ArrayList<>();
      parts.forEach(p -> out.addAll(denial(p)));
      return out;
    }
    if (x instanceof TlaExpr.Or o) {
      return List.of(new TlaExpr.And(o.items().stream().map(Absorption::denied).toList()));
    }
    if (x instanceof TlaExpr.Infix in && in.op() == BinOp.OR) {
      return List.of(new TlaExpr.And(List.of(denied(in.left()), denied(in.right()))));
    }
    return List.of(opposite(x));
  }

  private static TlaExpr denied(TlaExpr c) {
    List<TlaExpr> d = denial(c);
    return d.size() == 1 ? d.get(0) : new TlaExpr.Or(d);
  }

  /**
   * {@code ~x} for printing: Tla#negation (the guards' one negation, which keeps {@code ~(a < b)}
   * as it is so that guards match by text), with an ordering or membership turned into its
   * opposite operator ({@code a \geq b}, {@code a \notin S}); the same value wherever either has
   * one. Absorption runs after every comparison of guards, so the text is only read.
   */
  private static TlaExpr opposite(TlaExpr x) {
    if (x instanceof TlaExpr.Bool b) {
      return new TlaExpr.Bool(!b.v());
    }
    if (x instanceof TlaExpr.Infix in) {
      BinOp op = switch (in.op()) {
        case LT -> BinOp.GEQ;
        case GEQ -> BinOp.LT;
        case GT -> BinOp.LEQ;
        case LEQ -> BinOp.GT;
        case IN -> BinOp.NOTIN;
        case NOTIN -> BinOp.IN;
        default -> null;
      };
      if (op != null) {
        return new TlaExpr.Infix(op, in.left(), in.right());
      }
    }
    return Tla.negation(x);
  }

}

package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether two conditions can never hold in the same state, decided from their text alone (a
 * sound under-approximation: {@code false} means "not shown", never "they can both hold").
 * emit/MergedPaths joins the arms of a split whose guards are exclusive: where one holds, no path
 * of the other arm is enabled, so {@code IF} may choose between them (docs/semantics.md, "One
 * action per label", Branches joined).
 *
 * <p>Both are read in {@link #canonical} form. Two conditions are exclusive when one is the
 * other's negation ({@link Tla#negation}), or a conjunct of one excludes a conjunct of the other.
 * Two conjuncts do when one is the other's negation, or {@code \in} against {@code \notin} of the
 * same operands, or both compare the same expression with a literal and no value satisfies both:
 * integer comparisons whose ranges do not meet ({@code e > 1}, {@code e = 1}, {@code e \leq 0}),
 * or equalities with two different strings or Booleans ({@code st = "live"}, {@code st =
 * "freed"}). The expression is the same text at the same place, so it has one value in the state
 * both conditions are evaluated in.
 */
public final class Exclusive {
  private Exclusive() {}

  /** Whether {@code a} and {@code b} are shown never to hold together. */
  public static boolean of(TlaExpr a, TlaExpr b) {
    if (negates(a, b)) {
      return true;
    }
    for (TlaExpr x : conjuncts(a)) {
      for (TlaExpr y : conjuncts(b)) {
        if (atoms(x, y)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether {@code b} is {@code a}'s negation as {@link Tla#negation} writes it, or {@code a} is
   * {@code b}'s, read in {@link #canonical} form.
   */
  public static boolean negates(TlaExpr a, TlaExpr b) {
    TlaExpr ca = canonical(a);
    TlaExpr cb = canonical(b);
    return canonical(Tla.negation(ca)).equals(cb) || canonical(Tla.negation(cb)).equals(ca);
  }

  /**
   * The same condition with its Boolean structure written one way: {@code IF x THEN TRUE ELSE y}
   * (a guard's short-circuit `||`, lower/Simplify#shortCircuit) as {@code x \/ y}, and nested
   * conjunctions and disjunctions as flat lists. The two forms have the same value wherever they
   * have one, so a condition and the negation of its other form exclude each other.
   */
  public static TlaExpr canonical(TlaExpr e) {
    if (e instanceof TlaExpr.Sourced s) {
      return canonical(s.e());
    }
    if (e instanceof TlaExpr.If f && f.t().equals(new TlaExpr.Bool(true))) {
      return flat(false, List.of(f.c(), f.e()));
    }
    if (e instanceof TlaExpr.Infix in && (in.op() == BinOp.AND || in.op() == BinOp.OR)) {
      return flat(in.op() == BinOp.AND, List.of(in.left(), in.right()));
    }
    if (e instanceof TlaExpr.And a) {
      return flat(true, a.items());
    }
    if (e instanceof TlaExpr.Or o) {
      return flat(false, o.items());
    }
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      return new TlaExpr.Prefix(UnOp.NOT, canonical(p.arg()));
    }
    return e;
  }

  private static TlaExpr flat(boolean and, List<TlaExpr> items) {
    List<TlaExpr> out = new ArrayList<>();
    for (TlaExpr x : items) {
      TlaExpr c = canonical(x);
      if (and && c instanceof TlaExpr.And a) {
        out.addAll(a.items());
      } else if (!and && c instanceof TlaExpr.Or o) {
        out.addAll(o.items());
      } else {
        out.add(c);
      }
    }
    return and ? new TlaExpr.And(out) : new TlaExpr.Or(out);
  }

  private static List<TlaExpr> conjuncts(TlaExpr e) {
    TlaExpr c = canonical(e);
    return c instanceof TlaExpr.And and ? and.items() : List.of(c);
  }

  private static boolean atoms(TlaExpr x, TlaExpr y) {
    if (negates(x, y)) {
      return true;
    }
    if (!(x instanceof TlaExpr.Infix a) || !(y instanceof TlaExpr.Infix b)) {
      return false;
    }
    if ((a.op() == BinOp.IN && b.op() == BinOp.NOTIN || a.op() == BinOp.NOTIN && b.op() == BinOp.IN)
        && a.left().equals(b.left()) && a.right().equals(b.right())) {
      return true;
    }
    Cmp p = Cmp.of(a);
    Cmp q = Cmp.of(b);
    return p != null && q != null && p.e().equals(q.e()) && p.disjoint(q);
  }

  /** {@code e op lit}, with the literal moved to the right when it was on the left. */
  private record Cmp(TlaExpr e, BinOp op, TlaExpr lit) {
    static Cmp of(TlaExpr.Infix in) {
      if (literal(in.right())) {
        return new Cmp(in.left(), in.op(), in.right());
      }
      if (literal(in.left())) {
        BinOp flipped = switch (in.op()) {
          case LT -> BinOp.GT;
          case GT -> BinOp.LT;
          case LEQ -> BinOp.GEQ;
          case GEQ -> BinOp.LEQ;
          default -> in.op();
        };
        return new Cmp(in.right(), flipped, in.left());
      }
      return null;
    }

    private static boolean literal(TlaExpr e) {
      return e instanceof TlaExpr.Num || e instanceof TlaExpr.Str || e instanceof TlaExpr.Bool;
    }

    boolean disjoint(Cmp o) {
      if (lit instanceof TlaExpr.Num n && o.lit instanceof TlaExpr.Num m) {
        long[] r = range(op, n.v());
        long[] s = range(o.op, m.v());
        return r != null && s != null && (r[1] < s[0] || s[1] < r[0]);
      }
      boolean sameKind = lit.getClass() == o.lit.getClass();
      return sameKind && op == BinOp.EQ && o.op == BinOp.EQ && !lit.equals(o.lit);
    }

    /** The integers satisfying {@code e op k} as [low, high], or null when not one range ({@code #}). */
    private static long[] range(BinOp op, long k) {
      return switch (op) {
        case EQ -> new long[] {k, k};
        case LT -> k == Long.MIN_VALUE ? null : new long[] {Long.MIN_VALUE, k - 1};
        case LEQ -> new long[] {Long.MIN_VALUE, k};
        case GT -> k == Long.MAX_VALUE ? null : new long[] {k + 1, Long.MAX_VALUE};
        case GEQ -> new long[] {k, Long.MAX_VALUE};
        default -> null;
      };
    }
  }
}

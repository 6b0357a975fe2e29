package dev.inflight.translator.lower;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.Set;

/**
 * Constant folding for the guards a path collects: comparisons of literals (integers also
 * ordered), membership in the empty set and in a set written out, comparisons of an expression
 * with itself, of a fresh object with NULL and of two fresh objects, and the boolean connectives
 * around them. A guard that folds to FALSE makes its path impossible, so no action is emitted
 * for it (e.g. the use-after-free branch of a field access on an object allocated in the same
 * step, or a `get` on a count the step just set to 1).
 */
final class Simplify {
  private Simplify() {}

  static final TlaExpr TRUE = new TlaExpr.Bool(true);
  static final TlaExpr FALSE = new TlaExpr.Bool(false);

  /**
   * Folds what a path's guards compute on literals (on the init block's paths, every value is
   * one: docs/semantics.md, "The init block"; in a step, a field of an object allocated in it):
   * integer sums and differences of literals within TLC's 32-bit integers, unions of set
   * literals, a set compared with {} that has a literal element, comparisons of two integer
   * literals, and a conjunction or disjunction with a literal that decides it or drops out of
   * it. Only Infix and `~` nodes are entered.
   */
  static TlaExpr constants(TlaExpr e) {
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      TlaExpr a = constants(p.arg());
      return a == p.arg() ? e : new TlaExpr.Prefix(UnOp.NOT, a);
    }
    if (!(e instanceof TlaExpr.Infix in)) {
      return e;
    }
    TlaExpr l = constants(in.left());
    TlaExpr r = constants(in.right());
    if (l instanceof TlaExpr.Num a && r instanceof TlaExpr.Num b && (in.op() == BinOp.PLUS || in.op() == BinOp.MINUS)) {
      // TLC's integers are 32 bits: a result outside them is left to TLC, which reports the overflow
      // (with both operands 32-bit, the long sum or difference is exact)
      long v = in.op() == BinOp.PLUS ? a.v() + b.v() : a.v() - b.v();
      if (isInt(a.v()) && isInt(b.v()) && isInt(v)) {
        return new TlaExpr.Num(v);
      }
    }
    if (l instanceof TlaExpr.Num a && r instanceof TlaExpr.Num b && compared(in.op(), a.v(), b.v()) != null) {
      return new TlaExpr.Bool(compared(in.op(), a.v(), b.v()));
    }
    if (in.op() == BinOp.CUP && l instanceof TlaExpr.SetOf a && r instanceof TlaExpr.SetOf b) {
      java.util.List<TlaExpr> all = new java.util.ArrayList<>(a.elems());
      b.elems().stream().filter(x -> !all.contains(x)).forEach(all::add);
      return new TlaExpr.SetOf(all);
    }
    if ((in.op() == BinOp.EQ || in.op() == BinOp.NEQ) && (isEmptySet(r) && hasElement(l) || isEmptySet(l) && hasElement(r))) {
      return new TlaExpr.Bool(in.op() == BinOp.NEQ);
    }
    if (in.op() == BinOp.AND || in.op() == BinOp.OR) {
      // TRUE drops out of a conjunction, FALSE out of a disjunction (x is still evaluated, as TLC
      // would); the other literal on the left decides the junction (TLC would not evaluate the
      // right side), but on the right it is kept, as TLC evaluates the left side first
      boolean neutral = in.op() == BinOp.AND;
      if (l instanceof TlaExpr.Bool b) {
        return b.v() == neutral ? r : l;
      }
      if (r instanceof TlaExpr.Bool b && b.v() == neutral) {
        return l;
      }
    }
    return l == in.left() && r == in.right() ? e : new TlaExpr.Infix(in.op(), l, r);
  }

  /** {@code a op b} for a comparison of two integers; null for any other operator. */
  private static Boolean compared(BinOp op, long a, long b) {
    int c = Long.compare(a, b);
    return switch (op) {
      case EQ -> c == 0;
      case NEQ -> c != 0;
      case LT -> c < 0;
      case GT -> c > 0;
      case LEQ -> c <= 0;
      case GEQ -> c >= 0;
      default -> null;
    };
  }

  private static boolean isInt(long v) {
    return v == (int) v;
  }

  private static boolean isEmptySet(TlaExpr e) {
    return e instanceof TlaExpr.SetOf s && s.elems().isEmpty();
  }

  /** A set that has an element for sure: a non-empty literal, or a union with one. */
  private static boolean hasElement(TlaExpr e) {
    return e instanceof TlaExpr.SetOf s && !s.elems().isEmpty()
        || e instanceof TlaExpr.Infix in && in.op() == BinOp.CUP && (hasElement(in.left()) || hasElement(in.right()));
  }

  /** Folds {@code e}; {@code nonNull} holds expressions known not to be NULL on this path. */
  static TlaExpr fold(TlaExpr e, Set<TlaExpr> nonNull) {
    return fold(e, nonNull, Set.of());
  }

  /**
   * As {@link #fold(TlaExpr, Set)}; {@code fresh} names the objects the path allocated, which are
   * different values: each was a slot free where the one before it was taken, or of another pool.
   */
  static TlaExpr fold(TlaExpr e, Set<TlaExpr> nonNull, Set<TlaExpr> fresh) {
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      TlaExpr a = fold(p.arg(), nonNull, fresh);
      if (a instanceof TlaExpr.Bool b) {
        return new TlaExpr.Bool(!b.v());
      }
      return Tla.negation(a);
    }
    if (!(e instanceof TlaExpr.Infix in)) {
      return e;
    }
    switch (in.op()) {
      case AND: {
        TlaExpr l = fold(in.left(), nonNull, fresh);
        TlaExpr r = fold(in.right(), nonNull, fresh);
        if (l.equals(FALSE) || r.equals(FALSE)) {
          return FALSE;
        }
        if (l.equals(TRUE)) {
          return r;
        }
        if (r.equals(TRUE)) {
          return l;
        }
        return new TlaExpr.Infix(BinOp.AND, l, r);
      }
      case OR: {
        TlaExpr l = fold(in.left(), nonNull, fresh);
        TlaExpr r = fold(in.right(), nonNull, fresh);
        if (l.equals(TRUE) || r.equals(TRUE)) {
          return TRUE;
        }
        if (l.equals(FALSE)) {
          return r;
        }
        if (r.equals(FALSE)) {
          return l;
        }
        return new TlaExpr.Infix(BinOp.OR, l, r);
      }
      case IMPLIES: {
        TlaExpr l = fold(in.left(), nonNull, fresh);
        TlaExpr r = fold(in.right(), nonNull, fresh);
        if (l.equals(FALSE) || r.equals(TRUE)) {
          return TRUE;
        }
        if (l.equals(TRUE)) {
          return r;
        }
        return new TlaExpr.Infix(BinOp.IMPLIES, l, r);
      }
      case EQ:
      case NEQ: {
        Boolean same = compare(in.left(), in.right(), nonNull, fresh);
        if (same == null) {
          return e;
        }
        return new TlaExpr.Bool(in.op() == BinOp.EQ ? same : !same);
      }
      case LT:
      case GT:
      case LEQ:
      case GEQ:
        if (in.left() instanceof TlaExpr.Num a && in.right() instanceof TlaExpr.Num b) {
          return new TlaExpr.Bool(compared(in.op(), a.v(), b.v()));
        }
        return e;
      case IN:
      case NOTIN:
        if (in.right() instanceof TlaExpr.SetOf set) {
          // an element written in the set, or one that is certainly none of them
          Boolean member = set.elems().contains(in.left()) ? Boolean.TRUE
              : set.elems().stream().allMatch(x -> Boolean.FALSE.equals(compare(in.left(), x, nonNull, fresh))) ? Boolean.FALSE : null;
          if (member != null) {
            return new TlaExpr.Bool(in.op() == BinOp.IN ? member : !member);
          }
        }
        return e;
      default:
        return e;
    }
  }

  /** Whether two values are equal, when that is known without the state; else null. */
  private static Boolean compare(TlaExpr a, TlaExpr b, Set<TlaExpr> nonNull, Set<TlaExpr> fresh) {
    if (isLiteral(a) && isLiteral(b)) {
      return a.equals(b);
    }
    if (a.equals(b)) {
      return true;
    }
    if (fresh.contains(a) && fresh.contains(b)) {
      return false;
    }
    if ((b.equals(ExprGen.NULL) && nonNull.contains(a)) || (a.equals(ExprGen.NULL) && nonNull.contains(b))) {
      return false;
    }
    return null;
  }

  private static boolean isLiteral(TlaExpr e) {
    return e instanceof TlaExpr.Str || e instanceof TlaExpr.Num || e instanceof TlaExpr.Bool;
  }

  /**
   * A guard stands at the action level of the TLA+ next-state relation, where TLC treats a
   * disjunction as a choice between successor computations and evaluates every disjunct, even
   * when an earlier one is true: `p = NULL \/ S[p].f > 0` would apply S to NULL. The DSL's
   * `||` short-circuits, so a disjunction in guard position becomes `IF a THEN TRUE ELSE b`,
   * which TLC evaluates as a value, left to right (conjunctions and the right side of an
   * implication stay at action level and are rewritten inside).
   */
  static TlaExpr shortCircuit(TlaExpr e) {
    if (e instanceof TlaExpr.Infix in) {
      switch (in.op()) {
        case OR:
          return new TlaExpr.If(in.left(), TRUE, shortCircuit(in.right()));
        case AND:
          return new TlaExpr.Infix(BinOp.AND, shortCircuit(in.left()), shortCircuit(in.right()));
        case IMPLIES:
          return new TlaExpr.Infix(BinOp.IMPLIES, in.left(), shortCircuit(in.right()));
        default:
          return e;
      }
    }
    return e;
  }
}

package dev.inflight.translator.lower;

import static dev.inflight.translator.lower.ExprGen.NULL;
import static dev.inflight.translator.lower.ExprGen.conj;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;

/** What must hold where an expression is evaluated, else the step faults (lower/Faults#discharge). */
sealed interface Obligation permits Obligation.Pointer, Obligation.Live, Obligation.Divisor, Obligation.Each {
  /** The condition under which the expression is evaluated (null: always). */
  TlaExpr context();

  /** The fault kind when it fails (a pointer inside a quantifier: null only; its liveness is a {@link Live}). */
  String kind();

  /** When it fails, in its context: the pointer is null, the divisor 0 (a remainder's, below 1). */
  TlaExpr fails();

  /** A dereference of {@code obj} (of struct {@code struct}). */
  record Pointer(TlaExpr context, TlaExpr obj, StructSym struct, Span span) implements Obligation {
    public String kind() {
      return "null_deref";
    }

    public TlaExpr fails() {
      return conj(context, new TlaExpr.Infix(BinOp.EQ, obj, NULL));
    }
  }

  /**
   * Inside a quantifier's or comprehension's body in a step: {@code obj} is a live object where
   * it is not null; {@code st} is its `st` field as the body reads it.
   */
  record Live(TlaExpr context, TlaExpr obj, boolean nullable, StructSym struct, TlaExpr st, Span span) implements Obligation {
    public String kind() {
      return "use_after_free";
    }

    /** The object is freed (and, where it may be null, is not: that is the {@link Pointer}'s fault). */
    public TlaExpr fails() {
      TlaExpr there = nullable ? conj(context, new TlaExpr.Infix(BinOp.NEQ, obj, NULL)) : context;
      return conj(there, new TlaExpr.Infix(BinOp.NEQ, st, new TlaExpr.Str("live")));
    }
  }

  /** A division ({@code remainder} false: the divisor is not 0) or remainder (it is positive). */
  record Divisor(TlaExpr context, TlaExpr divisor, boolean remainder, Span span) implements Obligation {
    public String kind() {
      return remainder ? "bad_modulus" : "div_zero";
    }

    public TlaExpr fails() {
      return conj(context, new TlaExpr.Infix(remainder ? BinOp.LEQ : BinOp.EQ, divisor, new TlaExpr.Num(0)));
    }
  }

  /**
   * An obligation of a quantifier's or comprehension's body, for each element {@code var} of
   * {@code set}: the body is evaluated for every element, so it fails when it fails for one.
   * {@code hull} is a set that holds every element of {@code set}, written without the variables
   * bound inside it (a closure's roots and the sets its step draws from), or null: {@code set}.
   */
  record Each(TlaExpr context, String var, TlaExpr set, Obligation inner, TlaExpr hull) implements Obligation {
    Each(TlaExpr context, String var, TlaExpr set, Obligation inner) {
      this(context, var, set, inner, null);
    }

    /** A set that holds every element (lower/ElementChecks: all of it found live covers this check). */
    TlaExpr within() {
      return hull == null ? set : hull;
    }

    public String kind() {
      return inner.kind();
    }

    public TlaExpr fails() {
      return failsWith(null);
    }

    /** As {@link #fails}, with {@code also} (over the innermost body's names) conjoined to the innermost body's failure. */
    TlaExpr failsWith(TlaExpr also) {
      TlaExpr body = inner instanceof Each e ? e.failsWith(also) : conj(inner.fails(), also);
      return conj(context, new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(var, set)), body));
    }
  }
}

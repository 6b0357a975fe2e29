package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.and;
import static dev.inflight.translator.tla.Tla.bool;
import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.geq;
import static dev.inflight.translator.tla.Tla.gt;
import static dev.inflight.translator.tla.Tla.in;
import static dev.inflight.translator.tla.Tla.leq;
import static dev.inflight.translator.tla.Tla.lt;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.neq;
import static dev.inflight.translator.tla.Tla.not;
import static dev.inflight.translator.tla.Tla.notin;
import static dev.inflight.translator.tla.Tla.num;
import static dev.inflight.translator.tla.Tla.select;
import static dev.inflight.translator.tla.Tla.str;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Exclusive}: which pairs of guards emit/MergedPaths may treat as never holding together. */
class ExclusiveTest {
  private static final TlaExpr X = select(name("o"), "refcnt");
  private static final TlaExpr ST = select(name("o"), "st");
  private static final TlaExpr P = name("p");

  static Stream<Arguments> pairs() {
    return Stream.of(
        // a count's outcomes (put): above 1, at 1, at most 0
        Arguments.of(gt(X, num(1)), eq(X, num(1)), true),
        Arguments.of(eq(X, num(1)), leq(X, num(0)), true),
        Arguments.of(gt(X, num(1)), leq(X, num(0)), true),
        Arguments.of(gt(X, num(1)), geq(X, num(1)), false),
        Arguments.of(lt(X, num(2)), geq(X, num(2)), true),
        Arguments.of(lt(X, num(2)), eq(X, num(1)), false),
        // the literal on the left is the same comparison turned round: 1 < x is x > 1
        Arguments.of(lt(num(1), X), eq(X, num(1)), true),
        Arguments.of(lt(num(1), X), eq(X, num(2)), false),
        // # is no range: only its negation excludes it
        Arguments.of(neq(X, num(1)), eq(X, num(2)), false),
        Arguments.of(neq(X, num(1)), eq(X, num(1)), true),
        // equalities with different literals of one kind
        Arguments.of(eq(ST, str("live")), eq(ST, str("freed")), true),
        Arguments.of(eq(ST, str("live")), eq(ST, str("live")), false),
        Arguments.of(eq(ST, bool(true)), eq(ST, bool(false)), true),
        Arguments.of(eq(ST, str("live")), eq(ST, num(1)), false),
        // different expressions compared: nothing is known
        Arguments.of(gt(X, num(1)), eq(ST, num(1)), false),
        // negations, and membership
        Arguments.of(P, not(P), true),
        Arguments.of(in(P, name("S")), notin(P, name("S")), true),
        Arguments.of(in(P, name("S")), notin(P, name("T")), false),
        // conjunctions: one conjunct of each excluding the other is enough
        Arguments.of(and(neq(P, name("NULL")), eq(ST, str("live"))), eq(P, name("NULL")), true),
        Arguments.of(and(neq(P, name("NULL")), eq(ST, str("live"))), eq(ST, str("live")), false),
        // a guard's short-circuit `||` (IF a THEN TRUE ELSE b) against the negation of `a \/ b`
        Arguments.of(and(eq(P, name("NULL")), new TlaExpr.If(new TlaExpr.Infix(BinOp.OR, name("a"), name("b")), bool(true), name("c"))),
            not(and(eq(P, name("NULL")), new TlaExpr.Or(java.util.List.of(name("a"), name("b"), name("c"))))), true),
        Arguments.of(new TlaExpr.If(name("a"), bool(true), name("b")), not(new TlaExpr.Or(java.util.List.of(name("a"), name("c")))), false),
        // IF with another THEN is not a disjunction
        Arguments.of(new TlaExpr.If(name("a"), bool(false), name("b")), not(new TlaExpr.Or(java.util.List.of(name("a"), name("b")))), false));
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void exclusionIsShownOnlyWhereNoStateSatisfiesBoth(TlaExpr a, TlaExpr b, boolean exclusive) {
    assertThat(Exclusive.of(a, b)).isEqualTo(exclusive);
    assertThat(Exclusive.of(b, a)).isEqualTo(exclusive);
  }
}

package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.negation;
import static dev.inflight.translator.tla.Tla.neq;
import static dev.inflight.translator.tla.Tla.not;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Tla#negation}: the one place a guard's negation is formed (lower/Path, lower/Simplify, emit/MergedPaths). */
class NegationTest {
    private final TlaExpr a = name("a");
    private final TlaExpr b = name("b");

    @Test
    void equalityAndInequalityNegateEachOther() {
        assertThat(negation(eq(a, b))).isEqualTo(neq(a, b));
        assertThat(negation(neq(a, b))).isEqualTo(eq(a, b));
    }

    @Test
    void aDoubleNegationIsTheFormula() {
        assertThat(negation(not(a))).isEqualTo(a);
        assertThat(negation(negation(eq(a, b)))).isEqualTo(eq(a, b));
    }

    @Test
    void anythingElseIsPrefixedWithNot() {
        assertThat(negation(a)).isEqualTo(not(a));
        assertThat(new TlaPrinter(80).print(negation(Tla.and(a, b)))).isEqualTo("~(a /\\ b)");
    }
}

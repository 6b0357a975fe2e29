package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Binders: which names an expression uses and binds. */
class BindersTest {

    private static final TlaExpr S = name("S");

    @Test
    void namesAreFreeAndBoundIdentifiersButNotRecordFields() {
        TlaExpr e = and(exists("b", S, eq(select(fnApp(name("heap"), name("b")), "st"), str("live"))),
            let(List.of(def("F", List.of("x"), plus(name("x"), name("k")))), apply("F", num(1))),
            record(entry("fld", name("v"))));
        assertThat(Binders.names(e)).containsExactlyInAnyOrder("b", "S", "heap", "F", "x", "k", "v");
        assertThat(Binders.bound(e)).containsExactlyInAnyOrder("b", "F", "x");
    }
}

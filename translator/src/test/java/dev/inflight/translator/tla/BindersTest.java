package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Binders: which names an expression uses and binds, and capture-avoiding renaming. */
class BindersTest {

    private final TlaPrinter p = new TlaPrinter(200);

    private static final TlaExpr S = name("S");
    private static final TlaExpr T = name("T");

    /** {@code {b \in S : b \in {b \in T : b > k}}}-shaped pieces. */
    private static TlaExpr filter(String var, TlaExpr set, TlaExpr pred) {
        return setFilter(var, set, pred);
    }

    @Test
    void namesAreFreeAndBoundIdentifiersButNotRecordFields() {
        TlaExpr e = and(exists("b", S, eq(select(fnApp(name("heap"), name("b")), "st"), str("live"))),
            let(List.of(def("F", List.of("x"), plus(name("x"), name("k")))), apply("F", num(1))),
            record(entry("fld", name("v"))));
        assertThat(Binders.names(e)).containsExactlyInAnyOrder("b", "S", "heap", "F", "x", "k", "v");
        assertThat(Binders.bound(e)).containsExactlyInAnyOrder("b", "F", "x");
    }

    @Test
    void renamingTouchesOnlyTheClashingBindersAndTheirOccurrences() {
        // {b \in T : b > k} \cup {c \in T : \E b \in S : b = c}
        TlaExpr value = cup(filter("b", T, gt(name("b"), name("k"))),
            filter("c", T, exists("b", S, eq(name("b"), name("c")))));
        TlaExpr renamed = Binders.renameBound(value, Set.of("b")::contains, old -> old + "2");
        assertThat(p.print(renamed)).isEqualTo("{b2 \\in T : b2 > k} \\cup {c \\in T : \\E b2 \\in S : b2 = c}");
        // nothing clashes: the very same expression comes back
        assertThat(Binders.renameBound(value, Set.of("z")::contains, old -> old + "2")).isSameAs(value);
    }

    @Test
    void aFreeOccurrenceAndAnInnerBinderOfAnotherNameStayAsTheyAre() {
        // b free outside, bound inside: only the bound one is renamed
        TlaExpr e = and(eq(name("b"), num(1)), forall("b", S, lt(name("b"), num(2))));
        assertThat(p.print(Binders.renameBound(e, "b"::equals, old -> "b9"))).isEqualTo("b = 1 /\\ \\A b9 \\in S : b9 < 2");
    }

    @Test
    void theSetOfABinderIsOutsideItsScope() {
        // \E b \in {b \in S : b > 0} : b = 1 -- both binders clash, each renames only its own scope
        TlaExpr e = exists("b", filter("b", S, gt(name("b"), num(0))), eq(name("b"), num(1)));
        int[] n = {1};
        String printed = p.print(Binders.renameBound(e, "b"::equals, old -> old + (++n[0])));
        assertThat(printed).isEqualTo("\\E b3 \\in {b2 \\in S : b2 > 0} : b3 = 1");
    }

    @Test
    void letDefinitionsAreInScopeOfTheLaterOnesAndTheBody() {
        TlaExpr e = let(List.of(def("r1", S), def("r2", cup(name("r1"), T))), name("r2"));
        TlaExpr renamed = Binders.renameBound(e, Set.of("r1", "r2")::contains, old -> old + "_2");
        assertThat(p.print(renamed)).isEqualTo("LET r1_2 == S\n    r2_2 == r1_2 \\cup T\nIN r2_2");
    }

    @Test
    void functionsMapsChooseAndExceptAreRenamedToo() {
        TlaExpr e = tuple(funCons("t", S, fnApp(name("d"), name("t"))),
            setMap(select(name("c"), "obj"), "c", T),
            choose("c", T, eq(select(name("c"), "fn"), str("f"))),
            except(name("g"), update(funCons("t", S, name("t")), key(name("self")))));
        TlaExpr renamed = Binders.renameBound(e, Set.of("t", "c")::contains, old -> old + "2");
        assertThat(p.print(renamed)).isEqualTo("<<[t2 \\in S |-> d[t2]], {c2.obj : c2 \\in T}, CHOOSE c2 \\in T : c2.fn = \"f\", "
            + "[g EXCEPT ![self] = [t2 \\in S |-> t2]]>>");
    }
}

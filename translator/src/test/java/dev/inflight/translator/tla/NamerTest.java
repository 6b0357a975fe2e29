package dev.inflight.translator.tla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.inflight.translator.testing.Sany;

/** Namer: every reserved class comes out legal; names are unique and deterministic. */
class NamerTest {

    @Test
    void freeLegalNamesAreKept() {
        Namer n = new Namer();
        assertThat(n.name("sock", "sock")).isEqualTo("sock");
        assertThat(n.name("rx_x", "rx_x")).isEqualTo("rx_x");
        assertThat(n.name("init", "init")).isEqualTo("init"); // TLA+ is case-sensitive
    }

    @ParameterizedTest
    @ValueSource(strings = {"ENABLED", "IF", "THEN", "ELSE", "TRUE", "FALSE", "BOOLEAN", "STRING", "CHOOSE",
        "EXCEPT", "LET", "IN", "CASE", "OTHER", "DOMAIN", "SUBSET", "UNION", "UNCHANGED", "LAMBDA", "RECURSIVE",
        "ASSUME", "ASSUMPTION", "AXIOM", "THEOREM", "LEMMA", "PROPOSITION", "COROLLARY", "PROOF", "PROVE", "QED",
        "BY", "DEF", "DEFS", "DEFINE", "OBVIOUS", "OMITTED", "HAVE", "HIDE", "PICK", "SUFFICES", "TAKE", "USE",
        "WITNESS", "NEW", "ONLY", "STATE", "ACTION", "TEMPORAL", "CONSTANT", "CONSTANTS", "VARIABLE", "VARIABLES",
        "INSTANCE", "WITH", "LOCAL", "MODULE", "EXTENDS"})
    void keywordsGetASuffix(String keyword) {
        assertThat(TlaNames.isKeyword(keyword)).isTrue();
        assertThat(new Namer().name(keyword, keyword)).isEqualTo(keyword + "_");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Nat", "Int", "Real", "Infinity", "Seq", "Len", "Append", "Head", "Tail", "SubSeq",
        "SelectSeq", "Cardinality", "IsFiniteSet", "Print", "PrintT", "Assert", "JavaTime", "TLCGet", "TLCSet",
        "Permutations", "SortSeq", "RandomElement", "Any", "ToString", "TLCEval", "BagToSet", "SetToBag", "BagIn",
        "EmptyBag", "BagUnion", "SubBag", "BagOfAll", "BagCardinality", "CopiesIn", "IsABag"})
    void standardModuleOperatorsGetASuffix(String op) {
        assertThat(TlaNames.isStandardOperator(op)).isTrue();
        assertThat(new Namer().name(op, op)).isEqualTo(op + "_");
    }

    @ParameterizedTest
    @ValueSource(strings = {"INIT", "NEXT", "SPECIFICATION", "INVARIANT", "PROPERTY", "SYMMETRY", "VIEW",
        "CONSTRAINT", "ACTION_CONSTRAINT", "CHECK_DEADLOCK", "ALIAS", "POSTCONDITION"})
    void cfgKeywordsGetASuffix(String keyword) {
        assertThat(new Namer().name(keyword, keyword)).isEqualTo(keyword + "_");
    }

    @Test
    void fairnessPrefixesAreDefused() {
        Namer n = new Namer();
        assertThat(n.name(1, "WF_x")).isEqualTo("_WF_x");
        assertThat(n.name(2, "SF_vars")).isEqualTo("_SF_vars");
        assertThat(n.name(3, "WF_")).isEqualTo("_WF_");
        assertThat(n.name(4, "WF_x")).isEqualTo("_WF_x_");
        assertThat(n.name(5, "wf_x")).isEqualTo("wf_x");
        assertThat(n.name(6, "x_WF_y")).isEqualTo("x_WF_y");
    }

    @Test
    void generatorReservedNamesAreAvoided() {
        Namer n = new Namer();
        for (String r : List.of("Init", "Next", "Spec", "pc", "fault", "NULL", "vars")) {
            assertThat(n.reserve(r)).isEqualTo(r);
        }
        assertThat(n.name("dsl Init", "Init")).isEqualTo("Init_");
        assertThat(n.name("another Init", "Init")).isEqualTo("Init_2");
        assertThat(n.name("third Init", "Init")).isEqualTo("Init_3");
        assertThat(n.name("pc local", "pc")).isEqualTo("pc_");
        assertThat(n.name("Init_ itself", "Init_")).isEqualTo("Init__");
        assertThat(n.reserve("Init")).isEqualTo("Init"); // idempotent
        assertThatThrownBy(() -> n.reserve("pc_")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> n.reserve("ENABLED")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> n.reserve("Seq")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> n.reserve("WF_x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> n.reserve("a-b")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void uniqueAndMemoizedPerKey() {
        Namer n = new Namer();
        assertThat(n.name("k1", "x")).isEqualTo("x");
        assertThat(n.name("k2", "x")).isEqualTo("x_");
        assertThat(n.name("k3", "x")).isEqualTo("x_2");
        assertThat(n.name("k1", "something else")).isEqualTo("x");
        assertThat(n.lookup("k2")).isEqualTo("x_");
        assertThat(n.lookup("unknown")).isNull();
        assertThat(n.isTaken("x_2")).isTrue();
        // a DSL name that already looks like a generated suffix does not collide
        assertThat(n.name("k4", "x_2")).isEqualTo("x_2_");
    }

    @Test
    void boundNamesAvoidModuleNamesAndTheNamesInScope() {
        Namer n = new Namer();
        n.reserve("self");
        assertThat(n.name("global x", "x")).isEqualTo("x");
        assertThat(n.bound("x", s -> false)).isEqualTo("x2");
        assertThat(n.bound("o", s -> false)).isEqualTo("o");
        assertThat(n.bound("o", s -> false)).isEqualTo("o"); // disjoint scopes may reuse a name
        assertThat(n.bound("o", Set.of("o", "o2")::contains)).isEqualTo("o3");
        assertThat(n.bound("self", s -> false)).isEqualTo("self2");
        assertThat(n.bound("b1", "b1"::equals)).isEqualTo("b1_2"); // not b12
        assertThat(n.bound("IN", s -> false)).isEqualTo("IN2");
        assertThat(n.bound("Len", s -> false)).isEqualTo("Len2");
        assertThat(n.bound("WF_x", s -> false)).isEqualTo("_WF_x");
    }

    @Test
    void moduleNamesChosenLaterAvoidTheBoundNamesHandedOut() {
        Namer n = new Namer();
        assertThat(n.bound("t_L4", s -> false)).isEqualTo("t_L4");
        assertThat(n.name("action", "t_L4")).isEqualTo("t_L4_");
        assertThat(n.bound("t_L4", s -> false)).isEqualTo("t_L4"); // still free of module names
    }

    @Test
    void invalidCharactersAreReplaced() {
        Namer n = new Namer();
        assertThat(n.name(1, "sock#1")).isEqualTo("sock_1");
        assertThat(n.name(2, "a-b.c")).isEqualTo("a_b_c");
        assertThat(n.name(3, "")).isEqualTo("v");
        assertThat(n.name(4, "123")).isEqualTo("v123");
        assertThat(n.name(5, "_")).isEqualTo("v_");
        assertThat(n.name(6, "élan")).isEqualTo("_lan");
    }

    @Test
    void deterministic() {
        List<String> first = run(new Namer());
        List<String> second = run(new Namer());
        assertThat(first).isEqualTo(second);
        assertThat(new LinkedHashSet<>(first)).hasSameSizeAs(first);
    }

    private static List<String> run(Namer n) {
        n.reserve("Init");
        n.reserve("pc");
        List<String> out = new ArrayList<>();
        for (String w : List.of("Init", "pc", "x", "x", "Seq", "WF_x", "ENABLED", "x_", "Init", "Nat")) {
            out.add(n.name(new Object() {
                @Override
                public String toString() {
                    return w;
                }
            }, w));
        }
        return out;
    }

    /**
     * Every renamed reserved word and standard operator is accepted by SANY as a definition name in
     * a module that extends all standard modules (and the unrenamed ones are not).
     */
    @Test
    void renamedNamesParseWithSany() {
        Set<String> wanted = new LinkedHashSet<>();
        wanted.addAll(TlaNames.KEYWORDS);
        wanted.addAll(TlaNames.STANDARD_OPERATORS);
        wanted.addAll(TlaNames.CFG_KEYWORDS);
        wanted.addAll(List.of("WF_x", "SF_y", "WF_", "Init", "Next", "pc"));
        Namer n = new Namer();
        n.reserve("Init");
        n.reserve("Next");
        n.reserve("pc");
        StringBuilder sb = new StringBuilder("---- MODULE Names ----\n");
        sb.append("EXTENDS Naturals, Integers, Reals, Sequences, FiniteSets, TLC, Bags, Randomization, Toolbox\n");
        sb.append("Init == 0\nNext == 0\npc == 0\n");
        for (String w : wanted) {
            String name = n.name(w, w);
            assertThat(TlaNames.isLegal(name)).as(name).isTrue();
            sb.append(name).append(" == 1\n");
        }
        sb.append("====\n");
        Sany.Result r = Sany.parseText("Names", sb.toString());
        assertThat(r.ok()).as(r.describe()).isTrue();

        String clash = "---- MODULE Clash ----\nEXTENDS Sequences\nSeq == 1\n====\n";
        assertThat(Sany.parseText("Clash", clash).ok()).isFalse();
    }
}

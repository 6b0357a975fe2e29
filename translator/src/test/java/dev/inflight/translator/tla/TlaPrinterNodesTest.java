package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.inflight.translator.tla.TlaExpr.Bound;
import dev.inflight.translator.tla.TlaExpr.Quant;

/** Exact printed text of every node kind (wide printer, so everything fits on one line). */
class TlaPrinterNodesTest {

    private final TlaPrinter p = new TlaPrinter(100);

    private static final TlaExpr a = name("a");
    private static final TlaExpr b = name("b");
    private static final TlaExpr x = name("x");
    private static final TlaExpr S = name("S");
    private static final TlaExpr T = name("T");
    private static final TlaExpr f = name("f");

    @Test
    void atoms() {
        assertThat(p.print(name("sock_heap"))).isEqualTo("sock_heap");
        assertThat(p.print(num(42))).isEqualTo("42");
        assertThat(p.print(num(-3))).isEqualTo("-3");
        assertThat(p.print(TRUE)).isEqualTo("TRUE");
        assertThat(p.print(FALSE)).isEqualTo("FALSE");
        assertThat(p.print(BOOLEAN)).isEqualTo("BOOLEAN");
        assertThat(p.print(STRING)).isEqualTo("STRING");
        assertThat(p.print(AT)).isEqualTo("@");
    }

    @Test
    void stringsAreEscaped() {
        assertThat(p.print(str("free"))).isEqualTo("\"free\"");
        assertThat(p.print(str("q\"t"))).isEqualTo("\"q\\\"t\"");
        assertThat(p.print(str("back\\slash"))).isEqualTo("\"back\\\\slash\"");
        assertThat(p.print(str("line\nnext\ttab\rcr"))).isEqualTo("\"line\\nnext\\ttab\\rcr\"");
        assertThat(p.print(str(""))).isEqualTo("\"\"");
    }

    @Test
    void operatorApplication() {
        assertThat(p.print(apply("Op"))).isEqualTo("Op");
        assertThat(p.print(apply("Op", a))).isEqualTo("Op(a)");
        assertThat(p.print(apply("Op", a, plus(b, num(1))))).isEqualTo("Op(a, b + 1)");
        assertThat(p.print(apply("I!Op", a))).isEqualTo("I!Op(a)");
    }

    @Test
    void infixOperators() {
        assertThat(p.print(eq(a, b))).isEqualTo("a = b");
        assertThat(p.print(neq(a, b))).isEqualTo("a # b");
        assertThat(p.print(leq(a, b))).isEqualTo("a \\leq b");
        assertThat(p.print(geq(a, b))).isEqualTo("a \\geq b");
        assertThat(p.print(in(a, S))).isEqualTo("a \\in S");
        assertThat(p.print(notin(a, S))).isEqualTo("a \\notin S");
        assertThat(p.print(subseteq(S, T))).isEqualTo("S \\subseteq T");
        assertThat(p.print(cup(S, T))).isEqualTo("S \\cup T");
        assertThat(p.print(cap(S, T))).isEqualTo("S \\cap T");
        assertThat(p.print(setminus(S, T))).isEqualTo("S \\ T");
        assertThat(p.print(range(num(1), name("N")))).isEqualTo("1..N");
        assertThat(p.print(implies(a, b))).isEqualTo("a => b");
        assertThat(p.print(equiv(a, b))).isEqualTo("a <=> b");
        assertThat(p.print(leadsTo(a, b))).isEqualTo("a ~> b");
        assertThat(p.print(mapsTo(a, b))).isEqualTo("a :> b");
        assertThat(p.print(merge(f, name("g")))).isEqualTo("f @@ g");
        assertThat(p.print(concat(a, b))).isEqualTo("a \\o b");
        assertThat(p.print(infix(BinOp.TIMES, S, T))).isEqualTo("S \\X T");
        assertThat(p.print(infix(BinOp.MOD, a, b))).isEqualTo("a % b");
        assertThat(p.print(infix(BinOp.DIV, a, b))).isEqualTo("a \\div b");
        assertThat(p.print(infix(BinOp.POW, a, b))).isEqualTo("a ^ b");
    }

    @Test
    void prefixOperators() {
        assertThat(p.print(not(a))).isEqualTo("~a");
        assertThat(p.print(neg(a))).isEqualTo("-a");
        assertThat(p.print(unchanged(x))).isEqualTo("UNCHANGED x");
        assertThat(p.print(unchanged("x"))).isEqualTo("UNCHANGED x");
        assertThat(p.print(unchanged("x", "y"))).isEqualTo("UNCHANGED <<x, y>>");
        assertThat(p.print(enabled(name("A")))).isEqualTo("ENABLED A");
        assertThat(p.print(always(name("P")))).isEqualTo("[]P");
        assertThat(p.print(eventually(name("P")))).isEqualTo("<>P");
        assertThat(p.print(powerset(S))).isEqualTo("SUBSET S");
        assertThat(p.print(union(S))).isEqualTo("UNION S");
        assertThat(p.print(domain(f))).isEqualTo("DOMAIN f");
    }

    @Test
    void primes() {
        assertThat(p.print(prime("x"))).isEqualTo("x'");
        assertThat(p.print(prime(plus(x, num(1))))).isEqualTo("(x + 1)'");
        assertThat(p.print(prime(fnApp(f, a)))).isEqualTo("f[a]'");
        assertThat(p.print(prime(select(x, "st")))).isEqualTo("x.st'");
        assertThat(p.print(prime(tuple(x, name("y"))))).isEqualTo("<<x, y>>'");
    }

    @Test
    void junctionsInline() {
        assertThat(p.print(and(a, b, x))).isEqualTo("a /\\ b /\\ x");
        assertThat(p.print(or(a, b))).isEqualTo("a \\/ b");
        assertThat(p.print(and())).isEqualTo("TRUE");
        assertThat(p.print(or())).isEqualTo("FALSE");
        assertThat(p.print(and(a))).isEqualTo("a");
        assertThat(p.print(or(eq(a, b)))).isEqualTo("a = b");
        assertThat(p.print(infix(BinOp.AND, a, b))).isEqualTo("a /\\ b");
    }

    @Test
    void functions() {
        assertThat(p.print(fnApp(f, a))).isEqualTo("f[a]");
        assertThat(p.print(fnApp(f, a, b))).isEqualTo("f[a, b]");
        assertThat(p.print(fnApp(fnApp(f, a), b))).isEqualTo("f[a][b]");
        assertThat(p.print(funCons("i", S, plus(name("i"), num(1))))).isEqualTo("[i \\in S |-> i + 1]");
        assertThat(p.print(new TlaExpr.FunCons(List.of(bound("i", S), bound("j", T)), tuple(name("i"), name("j")))))
                .isEqualTo("[i \\in S, j \\in T |-> <<i, j>>]");
        assertThat(p.print(funSet(S, T))).isEqualTo("[S -> T]");
        assertThat(p.print(exceptAt(f, a, num(1)))).isEqualTo("[f EXCEPT ![a] = 1]");
        assertThat(p.print(except(f, update(name("v"), key(a), field("x")), update(name("w"), key(b)))))
                .isEqualTo("[f EXCEPT ![a].x = v, ![b] = w]");
        assertThat(p.print(except(f, update(plus(AT, num(1)), key(a))))).isEqualTo("[f EXCEPT ![a] = @ + 1]");
        assertThat(p.print(except(name("r"), update(num(0), field("rc"))))).isEqualTo("[r EXCEPT !.rc = 0]");
    }

    @Test
    void records() {
        assertThat(p.print(record(entry("a", num(1)), entry("b", num(2))))).isEqualTo("[a |-> 1, b |-> 2]");
        assertThat(p.print(recordSet(entry("a", S), entry("b", T)))).isEqualTo("[a : S, b : T]");
        assertThat(p.print(select(name("r"), "f"))).isEqualTo("r.f");
        assertThat(p.print(select(select(name("r"), "f"), "g"))).isEqualTo("r.f.g");
        assertThat(p.print(select(fnApp(name("heap"), a), "st"))).isEqualTo("heap[a].st");
        assertThat(p.print(fnApp(select(name("r"), "f"), a))).isEqualTo("r.f[a]");
    }

    @Test
    void setsAndTuples() {
        assertThat(p.print(setOf(num(1), num(2)))).isEqualTo("{1, 2}");
        assertThat(p.print(setOf())).isEqualTo("{}");
        assertThat(p.print(setFilter("i", S, gt(name("i"), num(0))))).isEqualTo("{i \\in S : i > 0}");
        assertThat(p.print(setMap(mul(name("i"), num(2)), "i", S))).isEqualTo("{i * 2 : i \\in S}");
        assertThat(p.print(tuple(a, b))).isEqualTo("<<a, b>>");
        assertThat(p.print(tuple())).isEqualTo("<<>>");
    }

    @Test
    void binders() {
        assertThat(p.print(forall("i", S, apply("P", name("i"))))).isEqualTo("\\A i \\in S : P(i)");
        assertThat(p.print(new Quant(Quantifier.EXISTS, List.of(bound("i", S), bound("j", T)), eq(name("i"), name("j")))))
                .isEqualTo("\\E i \\in S, j \\in T : i = j");
        assertThat(p.print(new Quant(Quantifier.EXISTS, List.of(new Bound("i", null)), eq(name("i"), num(1)))))
                .isEqualTo("\\E i : i = 1");
        assertThat(p.print(choose("i", S, TRUE))).isEqualTo("CHOOSE i \\in S : TRUE");
        assertThat(p.print(new TlaExpr.Choose(new Bound("v", null), notin(name("v"), S))))
                .isEqualTo("CHOOSE v : v \\notin S");
    }

    @Test
    void control() {
        assertThat(p.print(ite(a, num(1), num(2)))).isEqualTo("IF a THEN 1 ELSE 2");
        assertThat(p.print(caseOf(List.of(arm(a, num(1)), arm(b, num(2))), null))).isEqualTo("CASE a -> 1 [] b -> 2");
        assertThat(p.print(caseOf(List.of(arm(a, num(1))), num(2)))).isEqualTo("CASE a -> 1 [] OTHER -> 2");
        assertThat(p.print(let(List.of(def("c", num(1))), plus(name("c"), num(1))))).isEqualTo("LET c == 1 IN c + 1");
        assertThat(p.print(let(List.of(def("F", List.of("i"), name("i"))), apply("F", num(1)))))
                .isEqualTo("LET F(i) == i IN F(1)");
    }

    @Test
    void temporal() {
        assertThat(p.print(box(name("Next"), name("vars")))).isEqualTo("[Next]_vars");
        assertThat(p.print(always(box(name("Next"), tuple(x, name("y")))))).isEqualTo("[][Next]_<<x, y>>");
        assertThat(p.print(wf(name("vars"), name("Next")))).isEqualTo("WF_vars(Next)");
        assertThat(p.print(sf(tuple(x), apply("A", a)))).isEqualTo("SF_<<x>>(A(a))");
        assertThat(p.print(wf(fnApp(f, a), name("A")))).isEqualTo("WF_(f[a])(A)");
    }

    @Test
    void sourcedIsTransparent() {
        TlaExpr e = plus(sourced(mul(a, b), "span"), sourced(num(1), "one"));
        assertThat(p.print(e)).isEqualTo("a * b + 1");
        assertThat(p.print(mul(sourced(plus(a, b), "s"), x))).isEqualTo("(a + b) * x");
        assertThat(p.print(sourced(and(sourced(a, 1)), 2))).isEqualTo("a");
    }

    @Test
    void definitions() {
        assertThat(p.print(def("vars", tuple(x, name("y"))))).isEqualTo("vars == <<x, y>>");
        assertThat(p.print(def("Inc", List.of("i"), plus(name("i"), num(1))))).isEqualTo("Inc(i) == i + 1");
        assertThat(p.print(def("TypeOK", in(x, name("Nat"))).withComment("the type", "invariant")))
                .isEqualTo("\\* the type\n\\* invariant\nTypeOK == x \\in Nat");
    }

    @Test
    void irRejectsMalformedNodes() {
        assertThatThrownBy(() -> name("a b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> name("IF")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> name("WF_x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> record()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fnApp(f)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> except(f)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> update(num(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> caseOf(List.of(), null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> let(List.of(), a)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TlaExpr.FunCons(List.of(new Bound("i", null)), a))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TlaModule.OpDef("F", List.of("a b"), a)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new TlaModule.OpDef("Map", List.of("F(_, _)", "s"), a).params()).containsExactly("F(_, _)", "s");
    }
}

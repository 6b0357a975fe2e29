package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parenthesization tables: input tree, exact output. Parentheses appear exactly where the
 * precedence table (or a binder / bracket ambiguity) requires them.
 */
class PrecedenceTest {

    private static final TlaPrinter P = new TlaPrinter(200);

    private static final TlaExpr a = name("a");
    private static final TlaExpr b = name("b");
    private static final TlaExpr c = name("c");
    private static final TlaExpr d = name("d");
    private static final TlaExpr x = name("x");
    private static final TlaExpr S = name("S");
    private static final TlaExpr T = name("T");
    private static final TlaExpr U = name("U");
    private static final TlaExpr f = name("f");
    private static final TlaExpr one = num(1);

    private static TlaExpr pow(TlaExpr l, TlaExpr r) {
        return infix(BinOp.POW, l, r);
    }

    private static TlaExpr ex() {
        return exists("i", S, eq(name("i"), a));
    }

    static Stream<Arguments> arithmetic() {
        return Stream.of(
                Arguments.of(plus(plus(a, b), c), "a + b + c"),
                Arguments.of(plus(a, plus(b, c)), "a + (b + c)"),
                Arguments.of(minus(minus(a, b), c), "a - b - c"),
                Arguments.of(minus(a, minus(b, c)), "a - (b - c)"),
                // binary minus (11) binds tighter than plus (10)
                Arguments.of(minus(plus(a, b), c), "(a + b) - c"),
                Arguments.of(plus(minus(a, b), c), "a - b + c"),
                Arguments.of(plus(a, minus(b, c)), "a + b - c"),
                Arguments.of(mul(plus(a, b), c), "(a + b) * c"),
                Arguments.of(plus(mul(a, b), c), "a * b + c"),
                Arguments.of(plus(a, mul(b, c)), "a + b * c"),
                Arguments.of(mul(mul(a, b), c), "a * b * c"),
                Arguments.of(mul(a, mul(b, c)), "a * (b * c)"),
                // non-associative operators are parenthesized on both sides
                Arguments.of(pow(pow(a, b), c), "(a ^ b) ^ c"),
                Arguments.of(pow(a, pow(b, c)), "a ^ (b ^ c)"),
                Arguments.of(infix(BinOp.DIV, infix(BinOp.DIV, a, b), c), "(a \\div b) \\div c"),
                Arguments.of(infix(BinOp.MOD, plus(a, b), c), "(a + b) % c"),
                Arguments.of(plus(infix(BinOp.MOD, a, b), c), "(a % b) + c"),
                Arguments.of(mul(infix(BinOp.MOD, a, b), c), "(a % b) * c"),
                Arguments.of(infix(BinOp.MOD, mul(a, b), c), "a * b % c"),
                Arguments.of(range(one, plus(name("N"), one)), "1..N + 1"),
                Arguments.of(plus(range(one, name("N")), one), "(1..N) + 1"),
                Arguments.of(range(range(a, b), c), "(a..b)..c"),
                Arguments.of(concat(concat(a, b), c), "a \\o b \\o c"),
                Arguments.of(concat(a, concat(b, c)), "a \\o (b \\o c)"));
    }

    static Stream<Arguments> relationsAndSets() {
        return Stream.of(
                Arguments.of(eq(eq(a, b), c), "(a = b) = c"),
                Arguments.of(eq(a, eq(b, c)), "a = (b = c)"),
                Arguments.of(eq(a, plus(b, c)), "a = b + c"),
                Arguments.of(eq(plus(a, b), c), "a + b = c"),
                Arguments.of(lt(a, b), "a < b"),
                Arguments.of(in(a, cup(S, T)), "a \\in S \\cup T"),
                Arguments.of(in(in(a, S), T), "(a \\in S) \\in T"),
                Arguments.of(cup(cup(S, T), U), "S \\cup T \\cup U"),
                Arguments.of(cup(S, cup(T, U)), "S \\cup (T \\cup U)"),
                // same precedence, different operators
                Arguments.of(cup(cap(S, T), U), "(S \\cap T) \\cup U"),
                Arguments.of(cap(S, cup(T, U)), "S \\cap (T \\cup U)"),
                Arguments.of(setminus(setminus(S, T), U), "(S \\ T) \\ U"),
                Arguments.of(setminus(S, cup(T, U)), "S \\ (T \\cup U)"),
                Arguments.of(infix(BinOp.TIMES, infix(BinOp.TIMES, S, T), U), "(S \\X T) \\X U"),
                Arguments.of(infix(BinOp.TIMES, S, infix(BinOp.TIMES, T, U)), "S \\X (T \\X U)"),
                Arguments.of(merge(merge(f, name("g")), name("h")), "f @@ g @@ h"),
                Arguments.of(merge(mapsTo(a, one), mapsTo(b, one)), "a :> 1 @@ b :> 1"),
                Arguments.of(mapsTo(a, mapsTo(b, c)), "a :> (b :> c)"),
                Arguments.of(subseteq(cup(S, T), U), "S \\cup T \\subseteq U"));
    }

    static Stream<Arguments> logic() {
        return Stream.of(
                Arguments.of(implies(implies(a, b), c), "(a => b) => c"),
                Arguments.of(implies(a, implies(b, c)), "a => (b => c)"),
                Arguments.of(implies(and(a, b), or(c, d)), "a /\\ b => c \\/ d"),
                Arguments.of(equiv(a, implies(b, c)), "a <=> (b => c)"),
                Arguments.of(implies(equiv(a, b), c), "a <=> b => c"),
                Arguments.of(equiv(implies(a, b), c), "(a => b) <=> c"),
                Arguments.of(and(or(a, b), c), "(a \\/ b) /\\ c"),
                Arguments.of(or(and(a, b), c), "(a /\\ b) \\/ c"),
                Arguments.of(and(and(a, b), c), "a /\\ b /\\ c"),
                Arguments.of(and(a, and(b, c)), "a /\\ (b /\\ c)"),
                Arguments.of(infix(BinOp.AND, infix(BinOp.AND, a, b), c), "a /\\ b /\\ c"),
                Arguments.of(infix(BinOp.AND, a, infix(BinOp.OR, b, c)), "a /\\ (b \\/ c)"),
                Arguments.of(eq(x, and(a, b)), "x = (a /\\ b)"),
                Arguments.of(and(eq(x, one), in(a, S)), "x = 1 /\\ a \\in S"),
                Arguments.of(leadsTo(a, implies(b, c)), "a ~> (b => c)"));
    }

    static Stream<Arguments> prefix() {
        return Stream.of(
                // ~ (4) is looser than = (5): ~a = b means ~(a = b)
                Arguments.of(not(eq(a, b)), "~a = b"),
                Arguments.of(not(in(a, S)), "~a \\in S"),
                Arguments.of(and(not(a), b), "~a /\\ b"),
                Arguments.of(eq(not(a), b), "(~a) = b"),
                Arguments.of(eq(b, not(a)), "b = (~a)"),
                Arguments.of(not(and(a, b)), "~(a /\\ b)"),
                Arguments.of(not(not(a)), "~~a"),
                Arguments.of(plus(neg(a), b), "-a + b"),
                Arguments.of(mul(neg(a), b), "(-a) * b"),
                Arguments.of(pow(neg(a), num(2)), "(-a) ^ 2"),
                Arguments.of(neg(pow(a, num(2))), "-a ^ 2"),
                Arguments.of(neg(plus(a, b)), "-(a + b)"),
                Arguments.of(neg(neg(a)), "- -a"),
                Arguments.of(neg(num(-1)), "- -1"),
                Arguments.of(minus(a, num(-1)), "a - -1"),
                Arguments.of(pow(num(2), num(-1)), "2 ^ (-1)"),
                Arguments.of(plus(num(-1), a), "-1 + a"),
                Arguments.of(plus(neg(not(a)), one), "-(~a) + 1"),
                Arguments.of(not(neg(a)), "~-a"),
                Arguments.of(always(eventually(a)), "[]<>a"),
                Arguments.of(eventually(always(a)), "<>[]a"),
                Arguments.of(always(implies(a, b)), "[](a => b)"),
                Arguments.of(implies(always(a), eventually(b)), "[]a => <>b"),
                Arguments.of(and(unchanged(x), a), "UNCHANGED x /\\ a"),
                Arguments.of(unchanged(plus(x, one)), "UNCHANGED (x + 1)"),
                Arguments.of(enabled(and(a, b)), "ENABLED (a /\\ b)"),
                Arguments.of(cup(domain(f), S), "DOMAIN f \\cup S"),
                Arguments.of(plus(domain(f), one), "(DOMAIN f) + 1"),
                Arguments.of(domain(cup(f, S)), "DOMAIN (f \\cup S)"),
                Arguments.of(powerset(cup(S, T)), "SUBSET (S \\cup T)"),
                Arguments.of(in(S, powerset(T)), "S \\in SUBSET T"),
                Arguments.of(union(powerset(S)), "UNION SUBSET S"));
    }

    static Stream<Arguments> postfix() {
        return Stream.of(
                Arguments.of(prime(plus(x, one)), "(x + 1)'"),
                Arguments.of(prime(neg(x)), "(-x)'"),
                Arguments.of(prime(num(-1)), "(-1)'"),
                Arguments.of(prime(fnApp(f, a)), "f[a]'"),
                Arguments.of(fnApp(prime(f), a), "f'[a]"),
                Arguments.of(select(prime(x), "st"), "x'.st"),
                Arguments.of(prime(prime(x)), "x''"),
                Arguments.of(fnApp(plus(f, name("g")), a), "(f + g)[a]"),
                Arguments.of(fnApp(domain(f), a), "(DOMAIN f)[a]"),
                Arguments.of(select(fnApp(name("r"), a), "b"), "r[a].b"),
                Arguments.of(fnApp(select(name("r"), "b"), a), "r.b[a]"),
                Arguments.of(fnApp(ite(a, f, name("g")), one), "(IF a THEN f ELSE g)[1]"),
                Arguments.of(prime(always(a)), "([]a)'"),
                Arguments.of(plus(fnApp(f, a), prime(x)), "f[a] + x'"));
    }

    static Stream<Arguments> openEnded() {
        return Stream.of(
                Arguments.of(and(a, ex()), "a /\\ \\E i \\in S : i = a"),
                Arguments.of(and(ex(), a), "(\\E i \\in S : i = a) /\\ a"),
                Arguments.of(implies(a, ex()), "a => \\E i \\in S : i = a"),
                Arguments.of(implies(ex(), a), "(\\E i \\in S : i = a) => a"),
                Arguments.of(eq(x, ite(a, one, num(2))), "x = IF a THEN 1 ELSE 2"),
                Arguments.of(plus(ite(a, one, num(2)), one), "(IF a THEN 1 ELSE 2) + 1"),
                Arguments.of(not(ex()), "~\\E i \\in S : i = a"),
                Arguments.of(and(not(ex()), a), "~(\\E i \\in S : i = a) /\\ a"),
                Arguments.of(eq(x, let(List.of(def("y", one)), name("y"))), "x = LET y == 1 IN y"),
                Arguments.of(tuple(ex(), ite(a, b, c)), "<<\\E i \\in S : i = a, IF a THEN b ELSE c>>"),
                Arguments.of(ite(ite(a, b, c), one, num(2)), "IF (IF a THEN b ELSE c) THEN 1 ELSE 2"),
                Arguments.of(ite(a, ite(b, one, num(2)), num(3)), "IF a THEN (IF b THEN 1 ELSE 2) ELSE 3"),
                Arguments.of(ite(a, one, ite(b, num(2), num(3))), "IF a THEN 1 ELSE IF b THEN 2 ELSE 3"),
                Arguments.of(caseOf(List.of(arm(a, caseOf(List.of(arm(b, one)), num(2))), arm(c, num(3))), null),
                        "CASE a -> (CASE b -> 1 [] OTHER -> 2) [] c -> 3"),
                Arguments.of(caseOf(List.of(arm(a, one)), caseOf(List.of(arm(b, one)), num(2))),
                        "CASE a -> 1 [] OTHER -> CASE b -> 1 [] OTHER -> 2"),
                Arguments.of(forall("j", choose("k", S, TRUE), TRUE), "\\A j \\in (CHOOSE k \\in S : TRUE) : TRUE"),
                Arguments.of(setMap(ex(), "j", S), "{(\\E i \\in S : i = a) : j \\in S}"),
                Arguments.of(except(f, update(ex(), key(ite(a, b, c)))),
                        "[f EXCEPT ![IF a THEN b ELSE c] = \\E i \\in S : i = a]"));
    }

    /** After an opening bracket SANY would read {@code x \in S} as a binder. */
    static Stream<Arguments> binderAmbiguity() {
        return Stream.of(
                Arguments.of(fnApp(f, in(a, S)), "f[(a \\in S)]"),
                Arguments.of(fnApp(f, and(in(a, S), b)), "f[(a \\in S /\\ b)]"),
                Arguments.of(fnApp(f, plus(a, one)), "f[a + 1]"),
                Arguments.of(exceptAt(in(a, S), one, b), "[(a \\in S) EXCEPT ![1] = b]"),
                Arguments.of(funSet(in(a, S), T), "[(a \\in S) -> T]"),
                Arguments.of(setMap(in(a, S), "j", T), "{(a \\in S) : j \\in T}"),
                Arguments.of(setOf(a, in(b, S)), "{a, (b \\in S)}"),
                Arguments.of(box(in(x, S), x), "[(x \\in S)]_x"),
                Arguments.of(tuple(in(a, S)), "<<a \\in S>>"),
                Arguments.of(record(entry("ok", in(a, S))), "[ok |-> a \\in S]"),
                Arguments.of(exceptAt(f, in(a, S), one), "[f EXCEPT ![a \\in S] = 1]"));
    }

    @ParameterizedTest
    @MethodSource({"arithmetic", "relationsAndSets", "logic", "prefix", "postfix", "openEnded", "binderAmbiguity"})
    void parenthesizesExactlyWhereNeeded(TlaExpr e, String expected) {
        assertThat(P.print(e)).isEqualTo(expected);
    }

    @Test
    void precedenceTableMatchesTheBook() {
        assertThat(BinOp.IMPLIES.low()).isEqualTo(1);
        assertThat(BinOp.EQUIV.high()).isEqualTo(2);
        assertThat(BinOp.AND.low()).isEqualTo(3);
        assertThat(BinOp.AND.isLeftAssociative()).isTrue();
        assertThat(BinOp.EQ.low()).isEqualTo(5);
        assertThat(BinOp.EQ.isLeftAssociative()).isFalse();
        assertThat(BinOp.FUN_MERGE.low()).isEqualTo(6);
        assertThat(BinOp.MAPS_TO.low()).isEqualTo(7);
        assertThat(BinOp.CUP.low()).isEqualTo(8);
        assertThat(BinOp.RANGE.low()).isEqualTo(9);
        assertThat(BinOp.PLUS.low()).isEqualTo(10);
        assertThat(BinOp.MINUS.low()).isEqualTo(11);
        assertThat(List.of(BinOp.MOD.low(), BinOp.MOD.high())).containsExactly(10, 11);
        assertThat(BinOp.MUL.low()).isEqualTo(13);
        assertThat(BinOp.POW.low()).isEqualTo(14);
        assertThat(List.of(UnOp.NOT.low(), UnOp.NOT.high())).containsExactly(4, 4);
        assertThat(List.of(UnOp.ALWAYS.low(), UnOp.ALWAYS.high())).containsExactly(4, 15);
        assertThat(UnOp.NEG.low()).isEqualTo(12);
    }
}

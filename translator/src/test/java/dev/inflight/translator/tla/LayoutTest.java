package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Tla.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Line breaking: bullet lists in statement position, inline-or-bullets elsewhere, widths. */
class LayoutTest {

    private static final TlaExpr a = name("a");
    private static final TlaExpr b = name("b");
    private static final TlaExpr c = name("c");
    private static final TlaExpr x = name("x");
    private static final TlaExpr y = name("y");
    private static final TlaExpr t = name("t");

    private static String print(int width, TlaModule.OpDef def) {
        return new TlaPrinter(width).print(def);
    }

    private static String lines(String... ls) {
        return String.join("\n", ls);
    }

    @Test
    void definitionBodyJunctionsAreBulleted() {
        assertThat(print(100, def("Init", and(eq(x, num(0)), eq(y, num(0)))))).isEqualTo(lines(
                "Init ==",
                "    /\\ x = 0",
                "    /\\ y = 0"));
        assertThat(print(100, def("Next", or(apply("A", t), apply("B", t))))).isEqualTo(lines(
                "Next ==",
                "    \\/ A(t)",
                "    \\/ B(t)"));
    }

    @Test
    void nestedBulletsAreIndentedPastTheirBullet() {
        TlaExpr body = and(a, or(b, and(c, eq(x, num(1)), eq(y, num(2)))), unchanged("y"));
        assertThat(print(100, def("F", body))).isEqualTo(lines(
                "F ==",
                "    /\\ a",
                "    /\\ \\/ b",
                "       \\/ /\\ c",
                "          /\\ x = 1",
                "          /\\ y = 2",
                "    /\\ UNCHANGED y"));
    }

    @Test
    void aNameAndOneMoreConjunctAreOneLineWhereTheyFit() {
        // a fault path: the named run of guards it shares, then the fault
        TlaExpr body = or(and(c, eq(x, num(1))), and(b, apply("FaultOn", str("use_after_free"), name("self"), num(12), name("p"))));
        assertThat(print(100, def("F", body))).isEqualTo(lines(
                "F ==",
                "    \\/ c /\\ x = 1",
                "    \\/ b /\\ FaultOn(\"use_after_free\", self, 12, p)"));
        assertThat(print(24, def("F", body))).isEqualTo(lines(
                "F ==",
                "    \\/ c /\\ x = 1",
                "    \\/ /\\ b",
                "       /\\ FaultOn(\"use_after_free\",",
                "                  self,",
                "                  12,",
                "                  p)"));
        // the first conjunct not a name, or more than two: bullets as before
        assertThat(print(100, def("G", or(and(eq(c, num(0)), eq(x, num(1))), a)))).isEqualTo(lines(
                "G ==",
                "    \\/ /\\ c = 0",
                "       /\\ x = 1",
                "    \\/ a"));
    }

    @Test
    void statementPositionReachesIntoIfLetCaseAndQuantifiers() {
        assertThat(print(100, def("F", ite(a, and(b, c), or(x, y))))).isEqualTo(lines(
                "F ==",
                "    IF a",
                "    THEN /\\ b",
                "         /\\ c",
                "    ELSE \\/ x",
                "         \\/ y"));
        assertThat(print(100, def("Next", exists("t", name("Thread"), or(apply("A", t), apply("B", t))))))
                .isEqualTo(lines(
                        "Next ==",
                        "    \\E t \\in Thread :",
                        "      \\/ A(t)",
                        "      \\/ B(t)"));
        assertThat(print(100, def("F", let(List.of(def("v", num(1))), and(eq(x, name("v")), y))))).isEqualTo(lines(
                "F ==",
                "    LET v == 1",
                "    IN",
                "    /\\ x = v",
                "    /\\ y"));
        assertThat(print(100, def("F", caseOf(List.of(arm(a, and(b, c)), arm(b, num(2))), num(3))))).isEqualTo(lines(
                "F ==",
                "    CASE a -> /\\ b",
                "              /\\ c",
                "      [] b -> 2",
                "      [] OTHER -> 3"));
    }

    @Test
    void junctionsInsideExpressionsAreInlineWhenTheyFit() {
        TlaExpr e = implies(eq(x, num(0)), and(eq(y, num(1)), eq(name("z"), num(2))));
        assertThat(print(30, def("Inv", e))).isEqualTo("Inv == x = 0 => y = 1 /\\ z = 2");
        assertThat(print(26, def("Inv", e))).isEqualTo(lines(
                "Inv ==",
                "    x = 0 =>",
                "      y = 1 /\\ z = 2"));
        // too long for one line: the junction becomes a bullet list (no parentheses needed as
        // the right-most operand); a junction that is not right-most keeps its parentheses
        assertThat(print(18, def("Inv", e))).isEqualTo(lines(
                "Inv ==",
                "    x = 0 =>",
                "      /\\ y = 1",
                "      /\\ z = 2"));
        TlaExpr left = implies(and(eq(y, num(1)), eq(name("z"), num(2))), eq(x, num(0)));
        assertThat(print(26, def("Inv", left))).isEqualTo(lines(
                "Inv ==",
                "    y = 1 /\\ z = 2 =>",
                "      x = 0"));
        assertThat(print(18, def("Inv", left))).isEqualTo(lines(
                "Inv ==",
                "    (/\\ y = 1",
                "     /\\ z = 2) =>",
                "      x = 0"));
    }

    @Test
    void aJunctionOnItsOwnIsInlineOrBare() {
        TlaExpr e = and(eq(a, b), eq(b, c));
        assertThat(new TlaPrinter(40).print(e)).isEqualTo("a = b /\\ b = c");
        assertThat(new TlaPrinter(12).print(e)).isEqualTo(lines(
                "/\\ a = b",
                "/\\ b = c"));
        assertThat(new TlaPrinter(12).print(tuple(e, a))).isEqualTo(lines(
                "<</\\ a = b",
                "  /\\ b = c,",
                "  a>>"));
    }

    @Test
    void longStepActionAtSeveralWidths() {
        TlaExpr step = and(
                eq(fnApp(name("pc"), t), str("L12")),
                eq(prime("sock_heap"), except(name("sock_heap"),
                        update(str("freed"), key(fnApp(name("rx_s"), t)), field("st")),
                        update(num(0), key(fnApp(name("rx_s"), t)), field("rc")))),
                eq(prime("pc"), exceptAt(name("pc"), t, str("L13"))),
                unchanged("g", "rx_x", "fault"));
        TlaModule.OpDef def = def("rx_L12", List.of("t"), step);
        assertThat(print(100, def)).isEqualTo(lines(
                "rx_L12(t) ==",
                "    /\\ pc[t] = \"L12\"",
                "    /\\ sock_heap' = [sock_heap EXCEPT ![rx_s[t]].st = \"freed\", ![rx_s[t]].rc = 0]",
                "    /\\ pc' = [pc EXCEPT ![t] = \"L13\"]",
                "    /\\ UNCHANGED <<g, rx_x, fault>>"));
        // several updates that do not fit on one line: each on its own, indented from the line
        // the EXCEPT starts on (not hanging after the bracket)
        assertThat(print(70, def)).isEqualTo(lines(
                "rx_L12(t) ==",
                "    /\\ pc[t] = \"L12\"",
                "    /\\ sock_heap' = [sock_heap EXCEPT",
                "           ![rx_s[t]].st = \"freed\",",
                "           ![rx_s[t]].rc = 0]",
                "    /\\ pc' = [pc EXCEPT ![t] = \"L13\"]",
                "    /\\ UNCHANGED <<g, rx_x, fault>>"));
        // one update hangs after EXCEPT while that first line fits, else moves below
        TlaExpr one = eq(prime("sock_heap"), except(name("sock_heap"), update(str("freed"), key(fnApp(name("rx_s"), t)), field("st"))));
        assertThat(print(80, def("f", List.of("t"), one))).isEqualTo(lines(
                "f(t) == sock_heap' = [sock_heap EXCEPT ![rx_s[t]].st = \"freed\"]"));
        assertThat(print(40, def("f", List.of("t"), one))).isEqualTo(lines(
                "f(t) ==",
                "    sock_heap' = [sock_heap EXCEPT",
                "        ![rx_s[t]].st = \"freed\"]"));
        // ... and the whole right-hand side moves below the operator when even that is too long
        assertThat(print(30, def)).isEqualTo(lines(
                "rx_L12(t) ==",
                "    /\\ pc[t] = \"L12\"",
                "    /\\ sock_heap' =",
                "         [sock_heap EXCEPT",
                "             ![rx_s[t]].st = \"freed\",",
                "             ![rx_s[t]].rc = 0]",
                "    /\\ pc' = [pc EXCEPT",
                "           ![t] = \"L13\"]",
                "    /\\ UNCHANGED <<g, rx_x,",
                "                   fault>>"));
    }

    @Test
    void anUpdateWhoseValueBreaksPutsItBelowItsPath() {
        TlaExpr value = ite(name("cond_one"), ite(name("cond_two"), str("L13"), str("L14")), str("L15"));
        TlaExpr step = eq(prime("pc"), except(name("pc"), update(value, key(t)), update(num(0), key(name("u")))));
        // the IF does not fit after `=`: it goes on the next lines, indented from the update's
        // `!`, not aligned after its `=`
        assertThat(print(52, def("f", List.of("t"), step))).isEqualTo(lines(
                "f(t) ==",
                "    pc' = [pc EXCEPT",
                "        ![t] =",
                "          IF cond_one",
                "          THEN (IF cond_two THEN \"L13\" ELSE \"L14\")",
                "          ELSE \"L15\",",
                "        ![u] = 0]"));
        // an update that fits stays on one line
        assertThat(print(120, def("f", List.of("t"), step))).isEqualTo(lines(
                "f(t) == pc' = [pc EXCEPT ![t] = IF cond_one THEN (IF cond_two THEN \"L13\" ELSE \"L14\") ELSE \"L15\", ![u] = 0]"));
    }

    @Test
    void bracketsBreakAndAlignTheirItems() {
        TlaExpr rec = record(entry("st", str("live")), entry("rc", num(1)), entry("next", name("NULL")));
        assertThat(new TlaPrinter(100).print(rec)).isEqualTo("[st |-> \"live\", rc |-> 1, next |-> NULL]");
        assertThat(new TlaPrinter(20).print(rec)).isEqualTo(lines(
                "[st |-> \"live\",",
                " rc |-> 1,",
                " next |-> NULL]"));
        assertThat(new TlaPrinter(12).print(apply("Op", name("first"), name("second")))).isEqualTo(lines(
                "Op(first,",
                "   second)"));
    }

    @Test
    void aSumOfApplicationsBreaksAtItsPlusesNotInsideAnOperand() {
        TlaExpr sum = plus(plus(name("total"), apply("AtomicCost", name("first_line"), name("self"))),
                apply("AtomicCost", name("second_line"), name("self")));
        assertThat(new TlaPrinter(40).print(sum)).isEqualTo(lines(
                "total + AtomicCost(first_line, self) +",
                "  AtomicCost(second_line, self)"));
        // an equation still keeps a breaking bracket on its own line when its first line fits
        assertThat(new TlaPrinter(24).print(eq(name("x"), apply("Op", name("first_arg"), name("second_arg"))))).isEqualTo(lines(
                "x = Op(first_arg,",
                "       second_arg)"));
    }

    /** Whatever the width, every continuation line of a bullet item lies right of its bullet. */
    @ParameterizedTest
    @ValueSource(ints = {10, 16, 24, 40, 80})
    void bulletItemsStayRightOfTheirBullet(int width) {
        TlaExpr body = and(
                or(eq(x, plus(name("long_name_one"), name("long_name_two"))), in(y, setOf(a, b, c))),
                exists("i", name("Set"), and(eq(fnApp(name("f"), name("i")), num(1)), neq(name("i"), x))),
                ite(a, and(b, c), record(entry("st", str("free")), entry("rc", num(0)))));
        String text = print(width, def("F", body));
        List<String> ls = text.lines().toList();
        for (int i = 0; i < ls.size(); i++) {
            String line = ls.get(i);
            String trimmed = line.stripLeading();
            if (!trimmed.startsWith("/\\ ") && !trimmed.startsWith("\\/ ")) {
                continue;
            }
            int bulletCol = line.length() - trimmed.length();
            // the item continues until the next line at or left of the bullet column
            for (int j = i + 1; j < ls.size(); j++) {
                String next = ls.get(j);
                int indent = next.length() - next.stripLeading().length();
                if (indent <= bulletCol) {
                    String n = next.stripLeading();
                    assertThat(indent == bulletCol && (n.startsWith("/\\ ") || n.startsWith("\\/ "))
                            || indent < bulletCol)
                            .as("line %d of\n%s", j + 1, text).isTrue();
                    break;
                }
            }
        }
        assertThat(text.lines()).allSatisfy(l -> assertThat(l).doesNotEndWith(" "));
    }
}

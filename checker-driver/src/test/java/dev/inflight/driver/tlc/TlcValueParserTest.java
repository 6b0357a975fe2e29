package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inflight.driver.tlc.TlcValue.BoolV;
import dev.inflight.driver.tlc.TlcValue.FunV;
import dev.inflight.driver.tlc.TlcValue.IntV;
import dev.inflight.driver.tlc.TlcValue.ModelV;
import dev.inflight.driver.tlc.TlcValue.RecordV;
import dev.inflight.driver.tlc.TlcValue.SeqV;
import dev.inflight.driver.tlc.TlcValue.SetV;
import dev.inflight.driver.tlc.TlcValue.StrV;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TlcValueParserTest {

    @Test
    void scalars() {
        assertThat(TlcValueParser.parse("42")).isEqualTo(new IntV(42));
        assertThat(TlcValueParser.parse("-5")).isEqualTo(new IntV(-5));
        assertThat(TlcValueParser.parse("-2147483648")).isEqualTo(new IntV(-2147483648L));
        assertThat(TlcValueParser.parse("TRUE")).isEqualTo(new BoolV(true));
        assertThat(TlcValueParser.parse(" FALSE ")).isEqualTo(new BoolV(false));
        assertThat(TlcValueParser.parse("rx_1")).isEqualTo(new ModelV("rx_1"));
        assertThat(TlcValueParser.parse("NULL")).isEqualTo(new ModelV("NULL"));
    }

    @Test
    void escapedStrings() {
        String printed = "\"tab\\there back\\\\slash cr\\r ff\\f nl\\n q\\\" end\"";
        TlcValue v = TlcValueParser.parse(printed);
        assertThat(v).isEqualTo(new StrV("tab\there back\\slash cr\r ff\f nl\n q\" end"));
        assertThat(v.render()).isEqualTo(printed);
        assertThat(TlcValueParser.parse("\"\"")).isEqualTo(new StrV(""));
        assertThat(TlcValueParser.parse("\"q\\\"t\"")).isEqualTo(new StrV("q\"t"));
    }

    @Test
    void emptyCollections() {
        assertThat(TlcValueParser.parse("{}")).isEqualTo(new SetV(List.of()));
        assertThat(TlcValueParser.parse("<<>>")).isEqualTo(new SeqV(List.of()));
        // TLC prints an empty function as "<< >>"
        assertThat(TlcValueParser.parse("<< >>")).isEqualTo(new SeqV(List.of()));
        assertThat(TlcValueParser.parse("<<{}, <<>>, \"\">>"))
                .isEqualTo(new SeqV(List.of(new SetV(List.of()), new SeqV(List.of()), new StrV(""))));
    }

    @Test
    void functionOverModelValues() {
        TlcValue v = TlcValueParser.parse("(rx_1 :> \"L3\" @@ rx_2 :> \"Done\")");
        assertThat(v).isInstanceOf(FunV.class);
        FunV f = (FunV) v;
        assertThat(f.domain()).containsExactly(new ModelV("rx_1"), new ModelV("rx_2"));
        assertThat(f.get(new ModelV("rx_2"))).contains(new StrV("Done"));
        assertThat(f.get(new ModelV("rx_3"))).isEmpty();
        assertThat(v.render()).isEqualTo("(rx_1 :> \"L3\" @@ rx_2 :> \"Done\")");
        assertThat(TlcValueParser.parse("(m1 :> {})").render()).isEqualTo("(m1 :> {})");
    }

    @Test
    void recordsKeepPrintOrder() {
        RecordV r = (RecordV) TlcValueParser.parse("[st |-> \"live\", refcnt |-> 1]");
        assertThat(r.fields().keySet()).containsExactly("st", "refcnt");
        assertThat(r.get("refcnt")).isEqualTo(new IntV(1));
        assertThat(r.get("missing")).isNull();
        assertThat(r.render()).isEqualTo("[st |-> \"live\", refcnt |-> 1]");
    }

    @Test
    void nestedValue() {
        String text = "(sock_1 :> [st |-> \"live\", refcnt |-> 1] @@ sock_2 :> [st |-> \"free\", refcnt |-> 0])";
        FunV heap = (FunV) TlcValueParser.parse(text);
        RecordV s1 = (RecordV) heap.get(new ModelV("sock_1")).orElseThrow();
        assertThat(s1.get("st")).isEqualTo(new StrV("live"));
        assertThat(heap.render()).isEqualTo(text);
    }

    @Test
    void wrappedMultiLineText() {
        String wrapped = """
                [ a |-> {<<-2, "zz">>, <<1, "x\\ny">>},
                  b |->
                      << {1, 2, 3},
                         {2, 3, 4} >> ]""";
        TlcValue v = TlcValueParser.parse(wrapped);
        assertThat(v.render()).isEqualTo("[a |-> {<<-2, \"zz\">>, <<1, \"x\\ny\">>}, b |-> <<{1, 2, 3}, {2, 3, 4}>>]");
        String fn = "( A :> [id |-> 1, other |-> {1, 2, 3}] @@\n  B :> [id |-> 1, other |-> {1, 2, 3}] )";
        assertThat(TlcValueParser.parse(fn).render())
                .isEqualTo("(A :> [id |-> 1, other |-> {1, 2, 3}] @@ B :> [id |-> 1, other |-> {1, 2, 3}])");
    }

    @Test
    void intervalsExpandToSets() {
        assertThat(TlcValueParser.parse("1..3"))
                .isEqualTo(new SetV(List.of(new IntV(1), new IntV(2), new IntV(3))));
        assertThat(TlcValueParser.parse("-1 .. 0")).isEqualTo(new SetV(List.of(new IntV(-1), new IntV(0))));
        assertThat(TlcValueParser.parse("3..1")).isEqualTo(new SetV(List.of()));
        assertThatThrownBy(() -> TlcValueParser.parse("1..100000000"))
                .isInstanceOf(TlcValueParseException.class).hasMessageContaining("too large");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "{1, 2", "<<1, 2>", "[a |-> ]", "[a = 1]", "(a :> 1 @@ )", "(a 1)",
            "\"unterminated", "\"bad \\q escape\"", "1 2", "{1,, 2}", "-", "- 5", "@@", "[]", "()", "<<1>>>",
            "99999999999999999999", "[a |-> 1, a |-> 2]", "\"line\nbreak\""})
    void garbageIsRejectedClearly(String garbage) {
        assertThatThrownBy(() -> TlcValueParser.parse(garbage))
                .isInstanceOf(TlcValueParseException.class)
                .hasMessageStartingWith("Cannot parse TLC value: ")
                .hasMessageContaining("line ")
                .hasMessageContaining("column ");
    }

    @Test
    void errorPointsAtTheProblem() {
        assertThatThrownBy(() -> TlcValueParser.parse("<<1,\n   2 3>>"))
                .isInstanceOf(TlcValueParseException.class)
                .hasMessageContaining("expected ',' or '>>' at line 2, column 6 (found '3')")
                .hasMessageContaining("   2 3>>\n       ^")
                .extracting(e -> ((TlcValueParseException) e).offset()).isEqualTo(10);
    }

    @Test
    void canonicalRenderingsRoundTrip() {
        for (String s : List.of("0", "-7", "TRUE", "\"a\\\"b\"", "rx_1", "{}", "{1, 2}", "<<>>", "<<1, <<2>>>>",
                "[a |-> 1, b |-> \"x\"]", "(a :> 1 @@ b :> 2)", "{[a |-> {<<1, -2>>}], [a |-> {}]}",
                "(rx_1 :> \"L3\" @@ rx_2 :> \"Done\")",
                "[kind |-> \"use_after_free\", thread |-> rx_2, obj |-> sock_1, line |-> 12]")) {
            assertThat(TlcValueParser.parse(s).render()).as(s).isEqualTo(s);
        }
    }

    /** Property: for random values v, parse(render(v)) == v, and reparsing is stable with TLC-like wrapping. */
    @Test
    void randomValuesRoundTrip() {
        Random rnd = new Random(20261130);
        for (int i = 0; i < 2_000; i++) {
            TlcValue v = random(rnd, 0);
            String text = v.render();
            TlcValue parsed = TlcValueParser.parse(text);
            assertThat(parsed).as(text).isEqualTo(v);
            assertThat(parsed.render()).isEqualTo(text);
            String wrapped = wrapLikeTlc(text, rnd);
            assertThat(TlcValueParser.parse(wrapped)).as(wrapped).isEqualTo(v);
        }
    }

    /** Inserts line breaks plus indentation after commas and spaces inside brackets, as TLC's wrapper does. */
    private static String wrapLikeTlc(String text, Random rnd) {
        StringBuilder sb = new StringBuilder();
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            sb.append(c);
            if (inString) {
                if (c == '\\') {
                    sb.append(text.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if ((c == ',' || c == '(' || c == '[' || c == '{') && rnd.nextInt(3) == 0) {
                sb.append('\n').append(" ".repeat(rnd.nextInt(8)));
            }
        }
        return sb.toString();
    }

    private static TlcValue random(Random rnd, int depth) {
        int kind = depth > 3 ? rnd.nextInt(4) : rnd.nextInt(8);
        return switch (kind) {
            case 0 -> new IntV(rnd.nextInt(2001) - 1000);
            case 1 -> new BoolV(rnd.nextBoolean());
            case 2 -> new StrV(randomString(rnd));
            case 3 -> new ModelV(List.of("rx_1", "rx_2", "sock_1", "NULL", "a", "B2").get(rnd.nextInt(6)));
            case 4 -> new SetV(randomList(rnd, depth));
            case 5 -> new SeqV(randomList(rnd, depth));
            case 6 -> {
                LinkedHashMap<String, TlcValue> fields = new LinkedHashMap<>();
                int n = 1 + rnd.nextInt(4);
                for (int i = 0; i < n; i++) {
                    fields.put(List.of("st", "refcnt", "kind", "obj", "line", "f_2").get(rnd.nextInt(6)),
                            random(rnd, depth + 1));
                }
                yield new RecordV(fields);
            }
            default -> {
                List<Map.Entry<TlcValue, TlcValue>> entries = new ArrayList<>();
                int n = 1 + rnd.nextInt(3);
                for (int i = 0; i < n; i++) {
                    entries.add(Map.entry(random(rnd, depth + 2), random(rnd, depth + 1)));
                }
                yield new FunV(entries);
            }
        };
    }

    private static List<TlcValue> randomList(Random rnd, int depth) {
        List<TlcValue> out = new ArrayList<>();
        int n = rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            out.add(random(rnd, depth + 1));
        }
        return out;
    }

    private static String randomString(Random rnd) {
        String alphabet = "ab \"\\\n\t\r\f:>@|-,{}[]()<>xyzé";
        StringBuilder sb = new StringBuilder();
        int n = rnd.nextInt(8);
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
        }
        return sb.toString();
    }
}

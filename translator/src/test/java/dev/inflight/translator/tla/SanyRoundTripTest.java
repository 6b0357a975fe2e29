package dev.inflight.translator.tla;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

import dev.inflight.translator.testing.Sany;
import dev.inflight.translator.testing.SanyTree;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Random expression trees print to text that SANY accepts, at a wide width (mostly inline) and at
 * narrow widths (bullet lists, broken brackets), and SANY reads exactly the intended tree: its
 * semantic tree equals that of a naive fully-parenthesized rendering of the same IR.
 *
 * <p>Each expression is checked in statement position ({@code E == e}), in a closed position
 * ({@code Op(e, 0)}) and, for non-temporal ones, as operands ({@code e = e[e]},
 * {@code (-e) * (~e)}).
 */
class SanyRoundTripTest {

    private static final int[] WIDTHS = {200, 40, 12};

    @Property(tries = 50)
    void printedTreesParseAsTheSameTree(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomTla gen = new RandomTla(seed);
        int kind = (int) (seed % 3);
        int depth = 3 + (int) (seed / 3 % 3);
        TlaExpr e = kind == 0 ? gen.value(depth) : kind == 1 ? gen.action(depth) : gen.temporal(depth - 1);
        boolean temporal = kind == 2;

        List<TlaModule.Unit> units = new ArrayList<>();
        units.add(new TlaModule.OpDef("E", e));
        units.add(new TlaModule.OpDef("F", Tla.apply("Op", e, Tla.num(0))));
        String ref = FullParens.print(e);
        StringBuilder refs = new StringBuilder();
        refs.append("RefE == ").append(ref).append('\n');
        refs.append("RefF == Op(").append(ref).append(", 0)\n");
        if (!temporal) {
            units.add(new TlaModule.OpDef("G", Tla.eq(e, Tla.fnApp(e, e))));
            units.add(new TlaModule.OpDef("H", Tla.mul(Tla.neg(e), Tla.not(e))));
            refs.append("RefG == (").append(ref).append(") = ((").append(ref).append(")[(").append(ref).append(")])\n");
            refs.append("RefH == (- (").append(ref).append(")) * (~ (").append(ref).append("))\n");
        }
        TlaModule module = new TlaModule("R", List.of(), units);

        for (int width : WIDTHS) {
            PrintedModule pm = new TlaPrinter(width).print(module);
            // splice the declarations and the reference definitions in after the header line
            String text = pm.text().replaceFirst("\n",
                    Matcher.quoteReplacement("\n" + RandomTla.PRELUDE + "\n" + refs));
            Sany.Result r = Sany.parseText("R", text);
            assertThat(r.ok()).as("seed %d, width %d:\n%s\n%s", seed, width, text, r.describe()).isTrue();
            for (String def : temporal ? List.of("E", "F") : List.of("E", "F", "G", "H")) {
                assertThat(SanyTree.definition(r.rootModule(), def))
                        .as("seed %d, width %d, %s:\n%s", seed, width, def, text)
                        .isEqualTo(SanyTree.definition(r.rootModule(), "Ref" + def));
            }
            // every sourced range lies inside the definition that contains it
            for (PrintedModule.SourceRange s : pm.sources()) {
                TextRange def = pm.definitionRange(s.definition()).orElseThrow();
                assertThat(def.encloses(s.range())).isTrue();
            }
        }
    }

    /**
     * Without LET (whose definitions are separate lines) a wide printer keeps an expression on one
     * line; narrow output is deterministic, has no trailing blanks and differs from the wide one
     * only in whitespace unless junction lists turned into bullets.
     */
    @Property(tries = 300)
    void wideOutputIsOneLine(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed,
                             @ForAll @IntRange(min = 10, max = 120) int narrow) {
        TlaExpr e = new RandomTla(seed).action(4);
        String reference = FullParens.print(e);
        String wide = new TlaPrinter(100_000).print(e);
        if (!reference.contains("LET ")) {
            assertThat(wide).doesNotContain("\n");
        }
        String broken = new TlaPrinter(narrow).print(e);
        assertThat(broken).isEqualTo(new TlaPrinter(narrow).print(e)); // deterministic
        assertThat(broken.lines()).allSatisfy(l -> assertThat(l).doesNotEndWith(" "));
        if (!reference.contains(" /\\ ") && !reference.contains(" \\/ ")) {
            // without junction lists (which may become bullets) layout only changes whitespace
            assertThat(broken.replaceAll("\\s+", "")).isEqualTo(wide.replaceAll("\\s+", ""));
        }
    }
}

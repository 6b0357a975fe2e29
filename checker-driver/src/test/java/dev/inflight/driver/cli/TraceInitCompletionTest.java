package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.cli.Cli.Run;
import dev.inflight.driver.report.TraceChart;
import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.emit.SourceMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sequence chart's layout, `inflight init` and `inflight completion` (TraceCommandTest has `inflight trace`). */
class TraceInitCompletionTest {
  private static final Path UAF = Cli.example("tutorial/refcount_uaf.ifl");

  @TempDir
  Path tmp;

  @Test
  void traceChartTracksEachObjectsLifetime() {
    SourceMap.Loc l1 = new SourceMap.Loc("m.ifl", 3, 3, 3, 10, "  a = alloc s");
    SourceMap.Loc l2 = new SourceMap.Loc("m.ifl", 4, 3, 4, 10, "  put a.r");
    DslTrace t = new DslTrace(null, "summary", List.of(
        new DslStep(1, null, null, null, List.of(), List.of(), List.of(), null),
        new DslStep(2, "t[1]", "t_L3", l1, List.of(), List.of(), List.of(
            DslStep.Change.alloc("s#1", List.of("r=1")), DslStep.Change.local("t[1]", "a", "null", "s#1")), null),
        new DslStep(3, "t[2]", "t_L3", l1, List.of(), List.of(), List.of(DslStep.Change.alloc("s#2", List.of("r=1"))), null),
        new DslStep(4, "t[1]", "t_L4", l2, List.of(), List.of(), List.of(
            DslStep.Change.field("s#1", "r", "1", "0"), DslStep.Change.free("s#1")), null)),
        null, false, List.of());

    TraceChart c = TraceChart.of("m", t);

    assertThat(c.lanes()).containsExactly("t[1]", "t[2]");
    assertThat(c.objects()).containsExactly("s#1", "s#2");
    String html = c.html();
    assertThat(html).contains("<td class=\"obj alloc\">alloc r=1</td><td class=\"obj none\"></td><td class=\"other\">t[1].a: null -&gt; s#1</td>")
        .contains("<td class=\"obj live\"></td><td class=\"obj alloc\">alloc r=1</td>")
        .contains("<td class=\"obj free\">r 1→0, freed</td><td class=\"obj live\"></td>");
  }

  // ------------------------------------------------------------------ init

  @Test
  void initWritesAStarterModelThatHolds() throws IOException {
    Path f = tmp.resolve("starter.ifl");

    Run r = Cli.run("init", tmp.resolve("starter").toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.out()).contains("wrote " + f).contains("next: inflight check " + f);
    String text = Files.readString(f);
    assertThat(text).contains("model starter").contains("// ").contains("thread producer").contains("check no_leak");
    assertThat(text.lines().filter(l -> l.strip().startsWith("//")).count()).as("commented").isGreaterThan(10);

    Run lint = Cli.run("lint", f.toString());
    assertThat(lint.exit()).as(lint.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(lint.err()).isEmpty();

    Run again = Cli.run("init", f.toString());
    assertThat(again.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(again.err()).contains("already exists (--force overwrites it)");
    assertThat(Cli.run("init", "--force", f.toString()).exit()).isEqualTo(ExitCodes.HOLDS);
    assertThat(Cli.run("init", tmp.resolve("9lives").toString()).err()).contains("is not a model name");
  }

  // ------------------------------------------------------------------ completion

  @Test
  void completionPrintsABashScriptForEveryCommand() {
    Run r = Cli.run("completion");

    assertThat(r.exit()).isEqualTo(0);
    assertThat(r.out()).contains("complete -F _complete_inflight").contains("_picocli_inflight_check")
        .contains("_picocli_inflight_trace").contains("_picocli_inflight_init").contains("--format").contains("--fail-fast");
  }

}

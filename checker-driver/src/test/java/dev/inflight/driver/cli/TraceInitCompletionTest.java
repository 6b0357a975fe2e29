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

/** `inflight trace` (sequence charts), `inflight init` and `inflight completion`. */
class TraceInitCompletionTest {
  private static final Path UAF = Cli.example("tutorial/refcount_uaf.ifl");

  @TempDir
  Path tmp;

  @Test
  void traceDrawsTheUseAfterFreeAsHtmlAndDot() throws Exception {
    Path html = tmp.resolve("uaf.html");
    Run r = Cli.run("trace", UAF.toString(), "--output", html.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("wrote " + html).contains("use-after-free: consumer uses sock#1");
    String page = Files.readString(html);
    assertThat(page).startsWith("<!DOCTYPE html>").contains("<title>model refcount_uaf: VIOLATED no_use_after_free</title>")
        .doesNotContain("<script").doesNotContain("http://").doesNotContain("https://");
    // Threads are lanes, sock#1 is a column; its bar starts with the alloc, ends orange at the free.
    assertThat(page).contains("<th class=\"lane\">producer</th><th class=\"lane\">consumer</th><th class=\"obj\">sock#1</th>");
    assertThat(page).contains("<td class=\"obj alloc\">alloc refcnt=1 state=0</td>")
        .contains("<td class=\"obj free\">refcnt 1→0, freed</td>")
        .contains("<td class=\"obj freed\"></td>");
    // The faulting step is the highlighted row, in the consumer's lane.
    Matcher fault = Pattern.compile("<tr class=\"fault\"><td class=\"step\">(\\d+)</td><td class=\"lane\"></td>"
        + "<td class=\"lane ran\"><code>touch sk</code>").matcher(page);
    assertThat(fault.find()).as(page).isTrue();
    assertThat(page.split("<tr class=\"fault\"", -1)).hasSize(2);

    // The same chart as DOT, without running TLC again: its HTML-like label must be well-formed XML.
    Path dot = tmp.resolve("uaf.dot");
    Run d = Cli.run("trace", UAF.toString(), "--format", "dot", "-o", dot.toString());
    assertThat(d.exit()).isEqualTo(ExitCodes.VIOLATED);
    String text = Files.readString(dot);
    assertThat(text).contains("digraph trace {").contains("chart [label=<");
    String label = text.substring(text.indexOf("chart [label=<") + "chart [label=<".length(), text.indexOf(">];\n", text.indexOf("chart [label=<")));
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new java.io.ByteArrayInputStream(
        label.replace("&", "&amp;").replace("&amp;lt;", "&lt;").replace("&amp;gt;", "&gt;").replace("&amp;amp;", "&amp;")
            .replace("&amp;quot;", "&quot;").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertThat(label).contains("<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" BGCOLOR=\"#ffb3b3\"><B>touch sk<BR/>");
  }

  @Test
  void svgWithoutGraphvizWritesTheDotAndSaysHowToRenderIt() {
    Path svg = tmp.resolve("uaf.svg");
    java.util.function.Supplier<String> real = TraceCommand.dotLookup;
    TraceCommand.dotLookup = () -> null;
    Run r;
    try {
      r = Cli.run("trace", UAF.toString(), "--format", "svg", "-o", svg.toString());
    } finally {
      TraceCommand.dotLookup = real;
    }

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(tmp.resolve("uaf.dot")).isRegularFile();
    assertThat(svg).doesNotExist();
    assertThat(r.out()).contains("wrote " + tmp.resolve("uaf.dot"));
    assertThat(r.err()).contains("Graphviz `dot` is not on PATH").contains("dot -Tsvg " + tmp.resolve("uaf.dot") + " -o " + svg);
  }

  @Test
  void traceChartTracksEachObjectsLifetime() {
    SourceMap.Loc l1 = new SourceMap.Loc("m.ifl", 3, 3, 3, 10, "  a = alloc s");
    SourceMap.Loc l2 = new SourceMap.Loc("m.ifl", 4, 3, 4, 10, "  put a.r");
    DslTrace t = new DslTrace(null, "summary", List.of(
        new DslStep(1, null, null, null, List.of(), List.of(), List.of(), null),
        new DslStep(2, "t[1]", "t_L3", l1, List.of(), List.of(), List.of(
            new DslStep.Change("s#1", "free", "live", "s#1 allocated (r=1)"), new DslStep.Change("t[1].a", "null", "s#1", null)), null),
        new DslStep(3, "t[2]", "t_L3", l1, List.of(), List.of(), List.of(new DslStep.Change("s#2", "free", "live", "s#2 allocated (r=1)")), null),
        new DslStep(4, "t[1]", "t_L4", l2, List.of(), List.of(), List.of(
            new DslStep.Change("s#1.r", "1", "0", null), new DslStep.Change("s#1", "live", "freed", "s#1 freed")), null)),
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

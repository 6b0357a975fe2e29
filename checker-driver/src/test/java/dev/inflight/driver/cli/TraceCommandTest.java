package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `inflight trace`: charts from a saved result without running TLC, to standard output unless -o
 * is given; a large counterexample (CVE-2021-0920) fits its width and names its violation.
 */
class TraceCommandTest {
  private static final Path UAF = Cli.example("tutorial/refcount_uaf.ifl");
  /** `inflight check examples/bugs/cve_2021_0920/buggy.ifl --output json:…`, recorded. */
  private static final Path CVE_RESULT = Path.of("src/test/resources/results/cve_2021_0920_buggy.json");

  @TempDir
  Path tmp;

  @Test
  void aSavedResultIsDrawnWithoutCheckingAgain() throws Exception {
    Path model = tmp.resolve("uaf.ifl");
    Files.copy(UAF, model);
    Path json = tmp.resolve("r.json");
    Run check = Cli.run("check", model.toString(), "--output", "json:" + json, "-q");
    assertThat(check.exit()).as(check.describe()).isEqualTo(ExitCodes.VIOLATED);
    Files.delete(model); // a check now could not even read the model

    Run html = Cli.run("trace", "--from", json.toString());
    assertThat(html.exit()).as(html.describe()).isEqualTo(ExitCodes.VIOLATED);
    String page = html.out();
    assertThat(page).startsWith("<!DOCTYPE html>").contains("<title>model refcount_uaf: VIOLATED no_use_after_free</title>")
        .doesNotContain("<script").doesNotContain("http://").doesNotContain("https://");
    assertThat(page).contains("<th class=\"lane\">producer</th><th class=\"lane\">consumer</th><th class=\"obj\">sock#1</th>")
        .contains("<td class=\"obj alloc\">alloc refcnt=1 state=0</td>")
        .contains("<td class=\"obj free\">refcnt 1→0, freed</td>")
        .contains("<td class=\"obj freed\"></td>");
    Matcher fault = Pattern.compile("<tr class=\"fault\"><td class=\"step\">(\\d+)</td><td class=\"lane\"></td>"
        + "<td class=\"lane ran\"><code>touch sk</code>").matcher(page);
    assertThat(fault.find()).as(page).isTrue();
    assertThat(page).contains("<tr class=\"violation\"><td class=\"step\">⚠</td><td colspan=\"4\">VIOLATED no_use_after_free: "
        + "use-after-free: consumer uses sock#1");
    assertThat(html.err()).isEmpty();

    Path svg = tmp.resolve("uaf.svg");
    Run s = Cli.run("trace", "--from", json.toString(), "--format", "svg", "-o", svg.toString());
    assertThat(s.out()).isEmpty();
    assertThat(s.err()).startsWith("wrote " + svg + ": use-after-free: consumer uses sock#1");
    assertThat(svg).content().startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"");
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile()); // well-formed XML

    Run dot = Cli.run("trace", "--from", json.toString(), "--format", "dot");
    assertThat(dot.out()).contains("digraph trace {").contains("labeljust=l").contains("<B>touch sk<BR ALIGN=\"LEFT\"/>");
  }

  @Test
  void checkingAndDrawingInOneGoStillWorks() {
    Run r = Cli.run("trace", UAF.toString(), "--format", "dot");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).startsWith("// Counterexample of model refcount_uaf: VIOLATED no_use_after_free");
  }

  @Test
  void theCveChartFitsItsWidthAndMarksTheViolation() throws IOException {
    Path svg = tmp.resolve("cve.svg");
    Run r = Cli.run("trace", "--from", CVE_RESULT.toString(), "--format", "svg", "-o", svg.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    String text = Files.readString(svg);
    Matcher size = Pattern.compile("<svg [^>]*width=\"(\\d+)\" height=\"(\\d+)\"").matcher(text);
    assertThat(size.find()).isTrue();
    assertThat(Integer.parseInt(size.group(1))).as("width: fits a 1920-pixel screen").isLessThanOrEqualTo(1800);
    // The title starts at the left edge, where a viewer opens the drawing.
    assertThat(text).contains("<text x=\"8.0\" y=\"24.0\" xml:space=\"preserve\" font-size=\"13\" font-weight=\"bold\">"
        + "model cve_2021_0920_buggy: VIOLATED gc_frees_only_garbage</text>");
    // One row per state (30), the header, and the violation, which names the witness.
    long stepCells = Pattern.compile("<text x=\"12\\.0\" y=\"[\\d.]+\" xml:space=\"preserve\">\\d+</text>").matcher(text).results().count();
    assertThat(stepCells).isEqualTo(30);
    assertThat(text).contains("<rect class=\"violation\"").contains("VIOLATED gc_frees_only_garbage: invariant")
        .contains("for file#1: sk unix_sock#1");
    // Library internals collapsed: a library step shows the model's own line that called it.
    assertThat(text).contains("(1 library local)").doesNotContain(">specs/kernel/");
    Run all = Cli.run("trace", "--from", CVE_RESULT.toString(), "--format", "svg", "--expand");
    assertThat(all.out()).doesNotContain("library local");
  }

  @Test
  void aChosenPropertysCounterexampleIsDrawn() throws IOException {
    Path json = tmp.resolve("three.json");
    Cli.run("check", "src/test/resources/models/three_bugs.ifl", "--output", "json:" + json, "-q");

    Run leak = Cli.run("trace", "--from", json.toString(), "--property", "no_leak");
    assertThat(leak.out()).contains("<title>model three_bugs: VIOLATED no_leak</title>");
    Run nope = Cli.run("trace", "--from", json.toString(), "--property", "deadlock");
    assertThat(nope.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(nope.err()).startsWith("error[usage]: `deadlock` is not violated in this result; violated: small, no_use_after_free, no_leak\n");
  }

  @Test
  void misuseIsAUsageError() throws IOException {
    assertThat(Cli.run("trace").err()).startsWith("error[usage]: give a model FILE to check, or --from RESULT.json\n");
    assertThat(Cli.run("trace", "--from", tmp.resolve("none.json").toString()).err())
        .startsWith("error[usage]: --from `" + tmp.resolve("none.json") + "`: no such file\n");
    Path notJson = Files.writeString(tmp.resolve("x.json"), "{\"hello\": 1}");
    Run bad = Cli.run("trace", "--from", notJson.toString());
    assertThat(bad.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(bad.err()).startsWith("error[usage]: --from `" + notJson + "`: not an `inflight check` JSON result (no \"schema\": \"inflight-check\")\n");
    Run missing = Cli.run("trace", tmp.resolve("missing.ifl").toString());
    assertThat(missing.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(missing.err()).startsWith("error[E0001]: cannot read `" + tmp.resolve("missing.ifl") + "`: no such file\n");
  }
}

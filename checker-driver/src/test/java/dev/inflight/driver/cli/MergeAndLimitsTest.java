package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `inflight merge` joins the JSON results of CI shards into one result in every format; an
 * incomplete run says how far it got, and its time limit counts translation.
 */
class MergeAndLimitsTest {
  private static final Path CVE_RESULT = Path.of("src/test/resources/results/cve_2021_0920_buggy.json");

  @TempDir
  Path tmp;

  @Test
  void shardsMergeIntoOneJunitSarifAndJson() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("models"));
    Files.writeString(dir.resolve("bad.ifl"), "model bad\nthread t {\n  x = \n}\n");
    Path shard2 = tmp.resolve("shard-2.json");
    Cli.run("check", dir.toString(), "--output", "json:" + shard2, "-q");

    Path junit = tmp.resolve("all.xml");
    Path sarif = tmp.resolve("all.sarif");
    Run r = Cli.run("merge", CVE_RESULT.toString(), shard2.toString(), "--output", "junit:" + junit, "--output", "sarif:" + sarif,
        "--format", "json");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT); // the worst of 1 and 2
    JsonNode json = new ObjectMapper().readTree(r.out());
    assertThat(json.get("models")).hasSize(2);
    assertThat(json.get("models").get(0).get("violations").get(0).get("property").asText()).isEqualTo("gc_frees_only_garbage");
    assertThat(json.get("models").get(1).get("diagnostics").get(0).get("code").asText()).isEqualTo("E0100");
    assertThat(junit).content().contains("<testsuites").contains("name=\"cve_2021_0920_buggy\"")
        .contains("<failure message=\"invariant `gc_frees_only_garbage` is false after step 30")
        .contains("name=\"translate\"").contains("error[E0100]: unexpected `}`, expected an expression\n --&gt; " + dir.resolve("bad.ifl") + ":4:1\n  |\n4 | }");
    JsonNode s = new ObjectMapper().readTree(sarif.toFile());
    assertThat(s.get("runs").get(0).get("results")).extracting(x -> x.get("ruleId").asText())
        .contains("cve_2021_0920_buggy/gc_frees_only_garbage", "E0100");

    Run missing = Cli.run("merge", tmp.resolve("none.json").toString());
    assertThat(missing.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(missing.err()).startsWith("error[usage]: `" + tmp.resolve("none.json") + "`: no such file\n");
  }

  @Test
  void anIncompleteRunSaysHowFarItGot() throws IOException {
    Path model = Files.writeString(tmp.resolve("big.ifl"), """
        model big
        var g = 0
        thread t[3] {
          i = 0
          while i < 40 {
            g = g + 1
            i = i + 1
          }
        }
        """);
    Run limited = Cli.run("check", model.toString(), "--max-states", "500", "-q");
    assertThat(limited.exit()).as(limited.describe()).isEqualTo(ExitCodes.INCOMPLETE);
    assertThat(limited.out()).containsPattern("INCOMPLETE: stopped at the --max-states limit of 500 distinct states: no violation"
        + " among the states explored, but not every behaviour was explored \\(reached [\\d,]+ distinct states, depth \\d+, [\\d,]+ still to"
        + " explore\\)");

    // The same threads counting ten times as far: about 400^3/6 states up to symmetry, far more
    // than TLC explores in the one second allowed (the model above checks in about one second).
    Path slow = Files.writeString(tmp.resolve("slow.ifl"), Files.readString(model).replace("model big", "model slow")
        .replace("i < 40", "i < 400"));
    Run timed = Cli.run("check", slow.toString(), "--timeout", "1", "-q");
    assertThat(timed.exit()).as(timed.describe()).isEqualTo(ExitCodes.INCOMPLETE);
    assertThat(timed.out()).containsPattern("INCOMPLETE: timed out before exploring every state");
    assertThat(timed.millis()).as("translation counts against --timeout").isLessThan(15_000);
  }
}

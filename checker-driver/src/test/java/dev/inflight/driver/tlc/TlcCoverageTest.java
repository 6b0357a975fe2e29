package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TlcCoverageTest {

  @Test
  void readsDistinctAndGeneratedPerAction() {
    String out = String.join("\n",
        "@!@!@STARTMSG 2773:0 @!@!@",
        "<Init line 23, col 1 to line 23, col 4 of module m>: 1:1",
        "@!@!@ENDMSG 2773 @!@!@",
        "@!@!@STARTMSG 2772:0 @!@!@",
        "<producer_L17 line 43, col 1 to line 43, col 18 of module m>: 1:4",
        "@!@!@ENDMSG 2772 @!@!@",
        "@!@!@STARTMSG 2772:0 @!@!@",
        "<producer_L17_bound line 54, col 1 to line 54, col 24 of module m>: 0:0",
        "@!@!@ENDMSG 2772 @!@!@",
        "@!@!@STARTMSG 2772:0 @!@!@",
        "<Terminated line 300, col 1 to line 300, col 10 of module m>: 0:1",
        "@!@!@ENDMSG 2772 @!@!@",
        "@!@!@STARTMSG 2221:0 @!@!@",
        "  line 44, col 8 to line 44, col 23 of module m: 15",
        "@!@!@ENDMSG 2221 @!@!@");

    TlcCoverage c = TlcCoverage.of(TlcResultBuilder.fromOutput(out, 0).messages());

    assertThat(c.actions()).containsOnlyKeys("producer_L17", "producer_L17_bound", "Terminated");
    assertThat(c.actions().get("producer_L17")).isEqualTo(new TlcCoverage.Counts(1, 4));
    assertThat(c.fired("producer_L17")).isTrue();
    assertThat(c.fired("producer_L17_bound")).isFalse();
    assertThat(c.knows("producer_L17_bound")).isTrue();
    assertThat(c.fired("Terminated")).as("a stuttering step generates a state").isTrue();
    assertThat(c.knows("nosuch")).isFalse();
  }

  @Test
  void noCoverageMessagesIsNull() {
    assertThat(TlcCoverage.of(List.of())).isNull();
  }

  @Test
  void liveProgressRunsTlcUnderTlcMainWithTheInterval() {
    TlcOptions o = TlcOptions.defaults().withLiveProgress(java.time.Duration.ofMillis(250));
    List<String> cmd = new TlcRunner(o).command(Path.of("/r"), "Spec.tla", null);
    assertThat(cmd).contains("-Dinflight.progressMillis=250", "dev.inflight.driver.tlc.TlcMain").doesNotContain("tlc2.TLC");
    String cp = cmd.get(cmd.indexOf("-cp") + 1);
    assertThat(cp).as("TLC's jar").contains(TlcRunner.defaultClasspath());
    String own = TlcRunner.ownClasspath();
    assertThat(List.of(cp.split(java.io.File.pathSeparator)))
        .as("Inflight's own classes, or (run from a class directory, with a class archive) TlcMain's package packed into a jar")
        .anyMatch(e -> e.equals(own) || e.matches(".*tlc-side-[0-9a-f]{24}\\.jar"));
    // With an explicit class path TlcMain may be missing: TLC then runs plain.
    assertThat(new TlcRunner(o.withClasspath("/x/tla.jar")).command(Path.of("/r"), "Spec.tla", null)).contains("tlc2.TLC");
  }
}

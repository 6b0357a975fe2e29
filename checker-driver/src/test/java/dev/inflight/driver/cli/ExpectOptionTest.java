package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `inflight check --expect`: each model's verdict against its `// expect:` line, and the exit code that follows. */
class ExpectOptionTest {
  @TempDir
  Path tmp;

  private static final String UAF = """
      // expect: %s
      model %s
      struct sock {
        ref refcnt = 1
      }
      var s: sock = null
      init {
        s = alloc sock
      }
      thread producer {
        put s.refcnt
      }
      thread consumer {
        touch s
      }
      """;

  private Path model(String name, String expect) throws IOException {
    Path p = tmp.resolve(name + ".ifl");
    Files.writeString(p, UAF.formatted(expect, name));
    return p;
  }

  @Test
  void modelsThatGiveWhatTheyExpectPassEvenWhenAPropertyIsViolated() throws IOException {
    Path uaf = model("uaf", "violated no_use_after_free");
    Run r = Cli.run("check", "--no-vacuity", "--expect", uaf.toString());
    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.out()).contains("no_use_after_free").endsWith("\nexpectations: met\n");
  }

  @Test
  void aModelThatDoesNotGiveItsExpectationFailsWithWhatItGot() throws IOException {
    Path wrong = model("wrong", "holds");
    Path other = model("other", "violated no_leak");
    Path right = model("right", "violated no_use_after_free");
    Run r = Cli.run("check", "--no-vacuity", "--expect", wrong.toString(), other.toString(), right.toString());
    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("\nexpectations: 1 of 3 met\n")
        .containsPattern("\n  \\S*wrong\\.ifl: expected holds, got violated no_use_after_free\n")
        .containsPattern("\n  \\S*other\\.ifl: expected violated no_leak, got violated no_use_after_free\n")
        .doesNotContainPattern("right\\.ifl: expected");
  }

  @Test
  void aModelWithoutAnExpectLineIsBadInput() throws IOException {
    Path none = tmp.resolve("none.ifl");
    Files.writeString(none, UAF.formatted("x", "none").replace("// expect: x\n", ""));
    Run r = Cli.run("check", "--no-vacuity", "--expect", none.toString());
    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out()).containsPattern("\n  \\S*none\\.ifl: no `// expect:` line; add one of `// expect: holds`, "
        + "`// expect: violated PROPERTY` or `// expect: incomplete` to its header\n");
  }

  @Test
  void expectCannotBeCombinedWithFailFast() throws IOException {
    Run r = Cli.run("check", "--expect", "--fail-fast", model("m", "holds").toString());
    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("--expect compares every model with its `// expect:` line, so it cannot be combined with --fail-fast");
  }
}

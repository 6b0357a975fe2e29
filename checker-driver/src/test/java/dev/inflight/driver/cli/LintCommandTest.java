package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.cli.Cli.Run;
import dev.inflight.translator.Translator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `inflight lint`: every diagnostic, no TLC. */
class LintCommandTest {

  private static final Path OK = Cli.example("tutorial/refcount_ok.ifl");

  @TempDir
  Path tmp;

  @Test
  void okModelExitsZeroWithASummary() {
    int actions = Translator.translate(OK, Translator.Options.defaults()).emitted().sourceMap().actions().size();

    Run r = Cli.run("lint", OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.err()).isEmpty();
    assertThat(r.outLines()).containsExactly(Translator.display(OK) + ": ok (2 thread kinds, " + actions + " actions)");
  }

  @Test
  void badModelExitsTwoWithEveryDiagnostic() throws IOException {
    Path bad = tmp.resolve("bad.ifl");
    Files.writeString(bad, """
        model bad

        struct sock {
          ref refcnt = 1
        }

        thread t {
          s = alloc sock
          put s.refcount
          if s == 1 {
            touch s
          }
        }
        """);

    Run r = Cli.run("lint", bad.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("error[E0203]").contains("refcount").contains("error[E0300]")
        .contains("bad.ifl:9:").contains("bad.ifl:10:").doesNotContain("Exception");
    assertThat(r.err().lines().filter(l -> l.startsWith("error[")).count()).as(r.err()).isEqualTo(2);
  }

  @Test
  void warningsDoNotFailLint() throws IOException {
    Path warn = tmp.resolve("warn.ifl");
    Files.writeString(warn, """
        model warn

        var n = 0

        fn unused() {
          n = 1
        }

        thread t {
          n = n + 1
        }
        """);

    Run r = Cli.run("lint", warn.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.err()).startsWith("warning[W0001]: function `unused` is never called").contains("warn.ifl:5:");
    assertThat(r.out()).contains("warn.ifl: ok (").contains(", 1 warning)");
  }

  @Test
  void severalFilesAreAllLintedAndAnyErrorGivesExit2() throws IOException {
    Path bad = tmp.resolve("bad.ifl");
    Files.writeString(bad, "model bad\n\nthread t {\n  x = nosuch\n}\n");

    Run r = Cli.run("lint", bad.toString(), OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("error[E0200]: unknown name `nosuch`");
    assertThat(r.out()).contains("refcount_ok.ifl: ok (");
  }

  @Test
  void missingFileIsReportedNotThrown() {
    Run r = Cli.run("lint", tmp.resolve("gone.ifl").toString());

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0001]: ").doesNotContain("Exception");
  }
}

package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exit codes CI can trust and failures found before the work: a crash is a message and exit 3 or
 * 4 (never exit 1 and a stack trace), an unwritable --output or a wrong --config is refused at
 * once, a missing file is named, and --verbose works before or after the subcommand.
 */
class CliRobustnessTest {
  @TempDir
  Path tmp;

  private Path model(String name, String text) throws IOException {
    return Files.writeString(tmp.resolve(name), text);
  }

  @Test
  void anUnwritableOutputIsRefusedBeforeCheckingWithTheReason() throws IOException {
    Path file = Files.writeString(tmp.resolve("file.txt"), "x");
    Path out = file.resolve("r.json");
    Run r = Cli.run("check", Cli.example("tutorial/refcount_uaf.ifl").toString(), "--output", "json:" + out);

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[usage]: cannot write `" + out + "`: a file is in the way of its directory\n");
    assertThat(r.out()).isEmpty(); // nothing was checked
    assertThat(r.millis()).isLessThan(5_000);
  }

  @Test
  void configIsForTlaModulesAndMustExist() throws IOException {
    Path ifl = Cli.example("tutorial/refcount_ok.ifl");
    Run withIfl = Cli.run("check", ifl.toString(), "--config", tmp.resolve("x.cfg").toString());
    assertThat(withIfl.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(withIfl.err()).startsWith("error[usage]: --config applies to .tla modules only, and no .tla file is given"
        + " (a .ifl model has its own configuration)\n");

    Path tla = Files.writeString(tmp.resolve("M.tla"), "---- MODULE M ----\nVARIABLE x\nInit == x = 0\nNext == x' = x\n====\n");
    Run missing = Cli.run("check", tla.toString(), "--config", tmp.resolve("nope.cfg").toString());
    assertThat(missing.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(missing.err()).startsWith("error[usage]: --config `" + tmp.resolve("nope.cfg") + "`: no such file\n");
  }

  @Test
  void diffNamesTheMissingFileFirst() {
    Path missing = tmp.resolve("missing.ifl");
    Run r = Cli.run("diff", Cli.example("tutorial/refcount_cost.ifl").toString(), missing.toString());

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).isEqualTo("error[E0001]: cannot read `" + missing + "`: no such file\n"
        + "  = help: check the path; it is relative to the current directory\n\n");
  }

  @Test
  void aDeviceIsRefusedNotReadForever() {
    Run r = Cli.run("check", "/dev/zero");

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0007]: `/dev/zero` is not a regular file (a device, pipe or socket)\n");
  }

  @Test
  void aLinkOutOfTheCheckedDirectoryIsRefusedUnread() throws IOException {
    Files.writeString(tmp.resolve("secret.txt"), "SECRET LINE\n");
    Path models = Files.createDirectories(tmp.resolve("models"));
    Files.writeString(models.resolve("ok.ifl"), "model ok\nvar g = 0\nthread t { g = 1 }\n");
    Files.createSymbolicLink(models.resolve("evil.ifl"), tmp.resolve("secret.txt"));
    Run r = Cli.run("check", models.toString());

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("error[E0008]: `" + models.resolve("evil.ifl") + "` is a symbolic link that leads outside its directory");
    assertThat(r.out() + r.err()).doesNotContain("SECRET");
    assertThat(r.out()).contains("ok.ifl").contains("all properties hold");
  }

  @Test
  void anIntegerOverflowIsAnIncompleteRunAtItsStepNotAnInternalError() throws IOException {
    Path m = model("ov.ifl", "model ov\nconst N = 2147483647\nvar g = 0\nthread t {\n  g = 1\n  g = N + g\n}\n");
    Run r = Cli.run("check", m.toString());

    assertThat(r.exit()).isEqualTo(ExitCodes.INCOMPLETE);
    assertThat(r.out()).contains("integer overflow: `2147483647+1` is outside TLC's integers (-2147483648 to 2147483647)"
        + " (in the step at " + m + ":6), so the run stopped there; use smaller numbers (a smaller constant, costs in a larger unit)");
    assertThat(r.out() + r.err()).doesNotContain("INTERNAL");
  }

  @Test
  void aTooLargeOverrideSaysSo() throws IOException {
    Path m = model("n.ifl", "model n\nconst N = 1\nvar g = 0\nthread t { g = N }\n");
    Run r = Cli.run("lint", m.toString(), "--set", "N=99999999999999999999");

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0208]: bad override `--set N=99999999999999999999`: `99999999999999999999` is too large:"
        + " integers in a model are at most 2147483647\n");
  }

  @Test
  void verboseWorksBeforeAndAfterTheSubcommand() {
    Path uaf = Cli.example("tutorial/refcount_uaf.ifl");
    for (List<String> args : List.of(List.of("--verbose", "check", uaf.toString(), "--fail-fast"),
        List.of("check", uaf.toString(), "--fail-fast", "-v"))) {
      Run r = Cli.run(args.toArray(String[]::new));
      assertThat(r.out()).as(String.join(" ", args)).contains("action consumer_L26_uaf");
    }
  }

  @Test
  void crashesAreAMessageAndExitThreeOrFourNeverAStackTrace() {
    StringWriter out = new StringWriter();
    int code = Crash.report(new StackOverflowError(), false, new PrintWriter(out, true));
    assertThat(code).isEqualTo(ExitCodes.INTERNAL_ERROR);
    assertThat(out.toString()).isEqualTo("error: internal error: the stack overflowed\n"
        + "  = note: this is a bug in Inflight (deep input should give E0105); run again with --verbose for the stack trace\n");
    StringWriter oom = new StringWriter();
    assertThat(Crash.report(new OutOfMemoryError("Java heap space"), false, new PrintWriter(oom, true))).isEqualTo(ExitCodes.INCOMPLETE);
    assertThat(oom.toString()).startsWith("error: Inflight ran out of memory (Java heap space)\n");
    StringWriter verbose = new StringWriter();
    Crash.report(new IllegalStateException("boom"), true, new PrintWriter(verbose, true));
    assertThat(verbose.toString()).startsWith("error: internal error: java.lang.IllegalStateException: boom\n").contains("\tat ");
  }

  @Test
  void deepInputIsADiagnosticInEveryFormat() throws IOException {
    Path deep = model("deep.ifl", "model deep\nvar g = 0\nthread t {\n  g = " + "(".repeat(5000) + "1" + ")".repeat(5000) + "\n}\n");
    Run r = Cli.run("check", deep.toString(), "--format", "json", "--output", "sarif:" + tmp.resolve("r.sarif"));

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out()).contains("\"verdict\" : \"bad_input\"").contains("\"code\" : \"E0105\"");
    assertThat(tmp.resolve("r.sarif")).content().contains("\"ruleId\" : \"E0105\"");
    assertThat(r.err()).startsWith("error[E0105]: nesting too deep: more than 256 levels here\n").doesNotContain("\tat ");
  }

  @Test
  void numbersDoNotDependOnTheLocale() {
    java.util.Locale saved = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.GERMANY);
      Run r = Cli.run("check", Cli.example("tutorial/refcount_ok.ifl").toString(), "-q");
      assertThat(r.out()).containsPattern("TLC \\d+\\.\\d s, translate [\\d,]+ ms").doesNotContainPattern("TLC \\d+,\\d s");
      assertThat(dev.inflight.driver.report.Numbers.count(21996)).isEqualTo("21,996");
      assertThat(dev.inflight.driver.report.Numbers.seconds(6900)).isEqualTo("6.9 s");
    } finally {
      java.util.Locale.setDefault(saved);
    }
  }

  @Test
  void progressGoesOnlyToATerminal() {
    String saved = System.getProperty(Terminal.PROPERTY);
    try {
      System.setProperty(Terminal.PROPERTY, "true");
      assertThat(Terminal.stderrIsTerminal()).isTrue();
      System.setProperty(Terminal.PROPERTY, "false");
      assertThat(Terminal.stderrIsTerminal()).isFalse();
      System.clearProperty(Terminal.PROPERTY);
      // surefire's stderr is a pipe, like `2> err.txt`
      assertThat(Terminal.stderrIsTerminal()).isFalse();
    } finally {
      if (saved != null) {
        System.setProperty(Terminal.PROPERTY, saved);
      }
    }
  }

  @Test
  void shardsSplitADirectoryDeterministically() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("models"));
    for (String n : List.of("a", "b", "c", "d", "e")) {
      Files.writeString(dir.resolve(n + ".ifl"), "model " + n + "\nthread t {\n  x = \n}\n"); // bad input: no TLC run
    }
    String one = Cli.run("check", dir.toString(), "--shard", "1/2", "--format", "json").out();
    String two = Cli.run("check", dir.toString(), "--shard", "2/2", "--format", "json").out();
    assertThat(one).contains("a.ifl").contains("c.ifl").contains("e.ifl").doesNotContain("b.ifl").doesNotContain("d.ifl");
    assertThat(two).contains("b.ifl").contains("d.ifl").doesNotContain("a.ifl").doesNotContain("c.ifl").doesNotContain("e.ifl");
    Run bad = Cli.run("check", dir.toString(), "--shard", "3/2");
    assertThat(bad.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(bad.err()).startsWith("error[usage]: --shard takes I/N with 1 <= I <= N, like --shard 2/4, not `3/2`\n");
  }
}

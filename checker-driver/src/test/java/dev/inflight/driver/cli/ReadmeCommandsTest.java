package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every command the README shows runs as written, from the repository root: each line of a
 * ```sh block and each `$ ` line of a code block. `bin/inflight ARGS` runs the CLI's main class
 * (the launcher only builds the jar first, which a test cannot do in the middle of the build it is
 * part of), `mvn …` is the build itself and is left to CI. A command must not fail with bad input
 * or an internal error (exit 2, 3 or 4), and output the README shows for it must be what it
 * prints, apart from `...` lines and times.
 */
class ReadmeCommandsTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A command and the output the README shows for it (lines; empty when none is shown). */
  record Example(String command, List<String> shown, int expectedExit) {}

  static List<Example> examples() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    List<Example> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (!l.startsWith("```")) {
        continue;
      }
      boolean sh = l.equals("```sh");
      List<String> block = new ArrayList<>();
      int j = i + 1;
      while (j < lines.size() && !lines.get(j).startsWith("```")) {
        block.add(lines.get(j++));
      }
      if (sh) {
        // The README says what the first command prints in the next (plain) block, and its exit code.
        List<String> shown = nextPlainBlock(lines, j + 1);
        int exit = String.join("\n", lines.subList(j, Math.min(lines.size(), j + 3))).contains("exits 1") ? 1 : 0;
        boolean first = true;
        for (String c : block) {
          String cmd = c.replaceAll("\\s+#.*$", "").strip();
          if (!cmd.isEmpty()) {
            out.add(new Example(cmd, first ? shown : List.of(), first ? exit : -1));
            first = false;
          }
        }
      } else if (!block.isEmpty() && block.get(0).startsWith("$ ")) {
        out.add(new Example(block.get(0).substring(2).strip(), block.subList(1, block.size()), -1));
      }
      i = j;
    }
    return out;
  }

  private static List<String> nextPlainBlock(List<String> lines, int from) {
    for (int k = from; k < lines.size() && k < from + 4; k++) {
      if (lines.get(k).equals("```")) {
        List<String> b = new ArrayList<>();
        for (int m = k + 1; m < lines.size() && !lines.get(m).startsWith("```"); m++) {
          b.add(lines.get(m));
        }
        return b;
      }
    }
    return List.of();
  }

  @TestFactory
  List<DynamicTest> everyReadmeCommandRunsAsWritten() throws IOException {
    List<Example> examples = examples();
    assertThat(examples).extracting(Example::command).contains("bin/inflight check examples/tutorial/refcount_uaf.ifl");
    List<DynamicTest> tests = new ArrayList<>();
    for (Example e : examples) {
      tests.add(DynamicTest.dynamicTest(e.command(), () -> run(e)));
    }
    return tests;
  }

  private static void run(Example e) throws Exception {
    if (e.command().startsWith("mvn ")) {
      return; // the build this test is part of; CI runs it (.ci/run)
    }
    assertThat(e.command()).as("a README command runs the CLI").startsWith("bin/inflight ");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(e.command().substring("bin/inflight ".length()).split("\\s+")));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectErrorStream(true);
    pb.environment().put("INFLIGHT_SPECS", ROOT.resolve("specs").toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
    int exit = p.exitValue();
    assertThat(exit).as(e.command() + "\n" + out).isLessThanOrEqualTo(1);
    if (e.expectedExit() >= 0) {
      assertThat(exit).as("the README says it exits " + e.expectedExit() + "\n" + out).isEqualTo(e.expectedExit());
    }
    for (String shown : e.shown()) {
      String s = shown.stripTrailing();
      if (s.isBlank() || s.strip().equals("...") || s.matches(".*TLC \\d+\\.\\d s.*")) {
        continue;
      }
      assertThat(out.lines().map(String::stripTrailing).toList()).as("README shows, for `%s`:%n%s%nbut it printed:%n%s", e.command(), s, out)
          .contains(s);
    }
  }
}

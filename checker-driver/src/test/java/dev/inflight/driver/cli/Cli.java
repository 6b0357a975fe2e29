package dev.inflight.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helper: runs the `inflight` command tree in-process and captures what it printed. */
final class Cli {
  private Cli() {}

  /** Where the examples are, seen from surefire's working directory (checker-driver/). */
  static final Path EXAMPLES = Path.of("../examples");

  /** The exit code and both streams of one in-process run. */
  record Run(int exit, String out, String err, long millis) {
    /** Both streams, for assertion messages. */
    String describe() {
      return "exit " + exit + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
    }

    /** Lines of stdout. */
    List<String> outLines() {
      return out.lines().toList();
    }
  }

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    long t0 = System.nanoTime();
    int code;
    try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
      code = Main.run(args, o, e);
      o.flush();
      e.flush();
    }
    return new Run(code, out.toString(), err.toString(), (System.nanoTime() - t0) / 1_000_000);
  }

  static Path example(String relative) {
    return EXAMPLES.resolve(relative);
  }

  static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The 1-based number of the first line at or after {@code fromLine} whose code (the line
   * without a trailing `//` comment, stripped) is exactly {@code code}. Fails when there is none,
   * so a test never silently looks for the wrong line after an example is edited.
   */
  static int lineOf(Path file, String code, int fromLine) {
    List<String> lines = read(file).lines().toList();
    for (int i = Math.max(0, fromLine - 1); i < lines.size(); i++) {
      String l = lines.get(i);
      int c = l.indexOf("//");
      if ((c >= 0 ? l.substring(0, c) : l).strip().equals(code)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line `" + code + "` at or after line " + fromLine + " of " + file);
  }

  static int lineOf(Path file, String code) {
    return lineOf(file, code, 1);
  }
}

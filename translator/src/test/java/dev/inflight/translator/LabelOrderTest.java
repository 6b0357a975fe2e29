package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.resolve.Library;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Labels are named and ordered file by file (lower/Labels#name): an edit to an included file
 * that moves no statement of it (a longer comment) leaves the labels of the model, their names
 * and the order of their actions in the module as they were. Before, labels of different files
 * were ordered by character offset alone, so a comment in a library renamed `L5` and `L5b` of a
 * model and reordered the module's actions.
 */
class LabelOrderTest {
  @TempDir
  Path dir;

  /** A library function with a shared statement on line 5, the line of the model's own. */
  private static String lib(String comment) {
    return "// " + comment + "\n"
        + "var hits = 0\n"
        + "fn bump() {\n"
        + "  x = 1\n"
        + "  hits = hits + x\n"
        + "}\n";
  }

  private static final String MODEL = """
      model m
      include "lib.ifl"
      var g = 0
      thread t {
        g = g + 1
        bump()
        g = g + 2
      }
      """;

  private String module(String comment) throws IOException {
    Files.writeString(dir.resolve("lib.ifl"), lib(comment), StandardCharsets.UTF_8);
    Path f = dir.resolve("m.ifl");
    Files.writeString(f, MODEL, StandardCharsets.UTF_8);
    Translator.Result r = Translator.translate(f, new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null));
    assertThat(r.emitted()).as("translates: %s", r.diagnostics()).isNotNull();
    return r.emitted().tla();
  }

  @Test
  void aLongerCommentInAnIncludedFileChangesNoLabel() throws IOException {
    String shortComment = module("a library");
    String longComment = module("a library whose header comment is much longer than the model, " + "x".repeat(300));
    assertThat(longComment).isEqualTo(shortComment);
    // both files have a labelled statement on line 5: the model's, reached first, is L5
    assertThat(shortComment).contains("t_at_L5(self) ==").contains("t_at_L5b(self) ==");
    assertThat(shortComment.indexOf("t_at_L5(self) ==")).isLessThan(shortComment.indexOf("t_at_L5b(self) =="));
    assertThat(shortComment).containsPattern("m\\.ifl:5: g = g \\+ 1\n[^\n]*lib\\.ifl:4: x = 1\nt_at_L5\\(self\\) ==");
  }
}

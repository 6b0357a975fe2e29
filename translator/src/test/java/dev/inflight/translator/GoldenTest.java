package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.inflight.translator.ExampleModels.Example;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden snapshots of the generated TLA+ module, .cfg and source map of every example under
 * {@code examples/}: {@code examples/<rel>.ifl} is compared with
 * {@code translator/src/test/resources/golden/<rel>.{tla,cfg,srcmap.json}}.
 *
 * <p>To refresh the snapshots after an intended change of the generated code, run
 *
 * <pre>
 *   mvn -pl translator test -Dinflight.updateGolden=true
 * </pre>
 *
 * and review the diff of {@code src/test/resources/golden/} before committing it. With the switch
 * on, this test writes the snapshots (and deletes snapshots of examples that no longer exist)
 * instead of comparing.
 *
 * <p>A module larger than {@link #FULL_LIMIT} bytes (64 KB, so that the snapshots stay within issue
 * 11's 3 MB on disk as well as in bytes: a whole module and its source map take twice that) is
 * kept as an outline instead ({@code <rel>.outline}): the module's and the
 * source map's SHA-256, sizes and line counts, then each top-level definition of the module with
 * its line count and a hash of its text, so that any change fails the test and its diff names
 * the definitions that changed (translate the example to read them). Full snapshots of several
 * modules of 0.7–1.2 MB were 14 MB of the repository and unreadable as diffs.
 */
class GoldenTest {

  static final String UPDATE_PROPERTY = "inflight.updateGolden";
  static final String REFRESH_COMMAND = "mvn -pl translator test -D" + UPDATE_PROPERTY + "=true";

  /** Where the snapshots live in the source tree (the test's working directory is the module). */
  static final Path GOLDEN = Path.of("src/test/resources/golden");

  /** The generated files, by extension, in the order they are compared. */
  static final List<String> EXTENSIONS = List.of(".tla", ".cfg", ".srcmap.json", ".outline");

  /** Modules up to this size (bytes) are kept whole, larger ones as an outline. */
  static final int FULL_LIMIT = 64 * 1024;

  private static boolean updating() {
    return Boolean.parseBoolean(System.getProperty(UPDATE_PROPERTY, "false"));
  }

  @TestFactory
  Stream<DynamicTest> generatedModuleMatchesGolden() {
    List<Example> examples = ExampleModels.all();
    assertThat(examples).as("no .ifl files found under %s", ExampleModels.EXAMPLES.toAbsolutePath().normalize())
        .isNotEmpty();
    return examples.stream()
        .map(e -> DynamicTest.dynamicTest(e.display(), e.file().toUri(), () -> checkExample(e)));
  }

  /** Every snapshot belongs to an example; stale ones would silently rot otherwise. */
  @Test
  void everyGoldenFileBelongsToAnExample() throws IOException {
    Set<String> stems = ExampleModels.all().stream().map(Example::stem).collect(Collectors.toSet());
    List<Path> orphans = new ArrayList<>();
    if (Files.isDirectory(GOLDEN)) {
      try (Stream<Path> walk = Files.walk(GOLDEN)) {
        for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
          String rel = ExampleModels.slashes(GOLDEN.relativize(p));
          String ext = EXTENSIONS.stream().filter(rel::endsWith).findFirst().orElse(null);
          if (ext == null || !stems.contains(rel.substring(0, rel.length() - ext.length()))) {
            orphans.add(p);
          }
        }
      }
    }
    if (updating()) {
      for (Path p : orphans) {
        Files.delete(p);
      }
      return;
    }
    assertThat(orphans)
        .as("golden files without an example in %s; delete them or run `%s`", ExampleModels.EXAMPLES, REFRESH_COMMAND)
        .isEmpty();
  }

  private void checkExample(Example e) throws IOException {
    Translator.Result r = ExampleModels.translate(e);
    assertThat(r.ok()).as("%s does not translate:%n%s", e.display(), DiagnosticRenderer.renderAll(r.diagnostics()))
        .isTrue();
    Emitted emitted = r.emitted();
    Map<String, String> generated = new LinkedHashMap<>();
    String srcmap = Translator.sourceMapJson(emitted);
    boolean whole = emitted.tla().getBytes(StandardCharsets.UTF_8).length <= FULL_LIMIT;
    if (whole) {
      generated.put(".tla", emitted.tla());
    }
    generated.put(".cfg", emitted.cfg());
    if (whole) {
      generated.put(".srcmap.json", srcmap);
    } else {
      generated.put(".outline", GoldenOutline.of(emitted.tla(), srcmap));
    }
    // the other form's files are stale
    List<Path> stale = new ArrayList<>();
    for (String ext : EXTENSIONS) {
      if (!generated.containsKey(ext) && Files.exists(goldenFile(e, ext))) {
        stale.add(goldenFile(e, ext));
      }
    }

    if (updating()) {
      for (Path p : stale) {
        Files.delete(p);
      }
      for (Map.Entry<String, String> g : generated.entrySet()) {
        Path file = goldenFile(e, g.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, g.getValue(), StandardCharsets.UTF_8);
      }
      return;
    }

    List<String> problems = new ArrayList<>();
    stale.forEach(p -> problems.add("stale golden file " + ExampleModels.slashes(p) + " (the module is now kept "
        + (whole ? "whole" : "as an outline") + ")\n"));
    for (Map.Entry<String, String> g : generated.entrySet()) {
      Path file = goldenFile(e, g.getKey());
      String shown = ExampleModels.slashes(file);
      if (!Files.isRegularFile(file)) {
        problems.add("missing golden file " + shown + "\n");
        continue;
      }
      String expected = Files.readString(file, StandardCharsets.UTF_8).replace("\r\n", "\n");
      String diff = firstDifference(shown, "generated from " + e.display(), expected, g.getValue());
      if (diff != null) {
        problems.add(diff);
      }
    }
    if (!problems.isEmpty()) {
      fail(String.join("\n", problems) + "\n" + refreshHint());
    }
  }

  static Path goldenFile(Example e, String extension) {
    return GOLDEN.resolve(e.stem() + extension);
  }

  static String refreshHint() {
    return "If the change of the generated code is intended, refresh the golden files with\n"
        + "  " + REFRESH_COMMAND + "\n"
        + "and review the diff of translator/" + ExampleModels.slashes(GOLDEN) + "/ before committing it.";
  }

  private static final int CONTEXT = 3;

  /**
   * A unified-diff-style excerpt around the first line where the texts differ, or null when they
   * are equal: up to {@value #CONTEXT} lines of context, then up to {@value #CONTEXT} lines of each
   * side from the first difference on.
   */
  static String firstDifference(String expectedName, String actualName, String expected, String actual) {
    if (expected.equals(actual)) {
      return null;
    }
    String[] exp = expected.split("\n", -1);
    String[] act = actual.split("\n", -1);
    int i = 0;
    while (i < exp.length && i < act.length && exp[i].equals(act[i])) {
      i++;
    }
    int from = Math.max(0, i - CONTEXT);
    int expEnd = Math.min(exp.length, i + CONTEXT);
    int actEnd = Math.min(act.length, i + CONTEXT);
    StringBuilder out = new StringBuilder();
    out.append(expectedName).append(" differs from the generated text at line ").append(i + 1).append(":\n");
    out.append("--- ").append(expectedName).append(" (expected)\n");
    out.append("+++ ").append(actualName).append(" (actual)\n");
    out.append("@@ -").append(from + 1).append(',').append(expEnd - from)
        .append(" +").append(from + 1).append(',').append(actEnd - from).append(" @@\n");
    for (int k = from; k < i; k++) {
      out.append(' ').append(exp[k]).append('\n');
    }
    for (int k = i; k < expEnd; k++) {
      out.append('-').append(exp[k]).append('\n');
    }
    if (i >= exp.length) {
      out.append("-(end of file)\n");
    }
    for (int k = i; k < actEnd; k++) {
      out.append('+').append(act[k]).append('\n');
    }
    if (i >= act.length) {
      out.append("+(end of file)\n");
    }
    return out.toString();
  }

  // ---------------------------------------------------------------- the failure message itself

  @Test
  void anOutlineNamesTheDefinitionThatChanged() {
    String a = "---- MODULE m ----\nVARIABLES x\n\\* the start\nInit == x = 0\nNext ==\n    x' = x + 1\n====\n";
    String b = a.replace("x + 1", "x + 2");
    String[] before = GoldenOutline.of(a, "{}").split("\n");
    String[] after = GoldenOutline.of(b, "{}").split("\n");
    assertThat(before).hasSize(after.length);
    assertThat(before[5]).startsWith("Init 2 lines ");
    assertThat(before[6]).startsWith("Next 4 lines "); // with the closing line and the empty one after it
    List<Integer> differ = new ArrayList<>();
    for (int i = 0; i < before.length; i++) {
      if (!before[i].equals(after[i])) {
        differ.add(i);
      }
    }
    assertThat(differ).containsExactly(1, 6); // the module's hash and Next
  }

  @Test
  void mismatchMessageShowsTheFirstDifferingLineWithContext() {
    String expected = "a\nb\nc\nd\ne\nf\ng\n";
    String actual = "a\nb\nc\nd\nE\nf\ng\n";
    assertThat(firstDifference("golden/x.tla", "generated from examples/x.ifl", expected, actual)).isEqualTo("""
        golden/x.tla differs from the generated text at line 5:
        --- golden/x.tla (expected)
        +++ generated from examples/x.ifl (actual)
        @@ -2,6 +2,6 @@
         b
         c
         d
        -e
        -f
        -g
        +E
        +f
        +g
        """);
  }

  @Test
  void mismatchMessageShowsAMissingLastLine() {
    assertThat(firstDifference("g.cfg", "gen", "x\ny", "x\ny\nz")).isEqualTo("""
        g.cfg differs from the generated text at line 3:
        --- g.cfg (expected)
        +++ gen (actual)
        @@ -1,2 +1,3 @@
         x
         y
        -(end of file)
        +z
        """);
    assertThat(firstDifference("g.cfg", "gen", "same\n", "same\n")).isNull();
  }

  @Test
  void refreshHintNamesTheSwitch() {
    assertThat(refreshHint()).isEqualTo("""
        If the change of the generated code is intended, refresh the golden files with
          mvn -pl translator test -Dinflight.updateGolden=true
        and review the diff of translator/src/test/resources/golden/ before committing it.""");
  }
}

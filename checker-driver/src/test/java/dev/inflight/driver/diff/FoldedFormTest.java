package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folded label actions (docs/semantics.md, "One action per label": a label's paths share
 * their common guards and definitions, emit/PathTree) against the plain per-path form
 * (Translator.Options#withPathActions), in which every path is its own operator with all of its
 * guards: the two must be the same next-state relation. Random models must get the same verdict
 * (every violated check, deadlock, no_hang), and the small examples the same numbers of distinct
 * and generated states.
 */
class FoldedFormTest {
  static final int MODELS = 150;
  private static final Path EXAMPLES = Path.of("../examples");

  @TempDir
  Path tmp;

  @Test
  void randomModelsGetTheSameVerdictFoldedAndPerPath() throws IOException {
    Random rnd = new Random(20261202);
    List<String> texts = new ArrayList<>();
    List<UnionCheck.Model> models = new ArrayList<>();
    for (int i = 0; i < MODELS; i++) {
      String text = RandomModels.model(rnd, "f" + i);
      texts.add(text);
      models.add(new UnionCheck.Model(i + "l", DifferentialTest.translate(text, "_l", false)));
      models.add(new UnionCheck.Model(i + "p", translatePaths(text)));
    }
    Map<String, UnionCheck.Result> results = UnionCheck.runInParts(tmp, models);
    int holds = 0;
    for (int i = 0; i < MODELS; i++) {
      UnionCheck.Result folded = results.get(i + "l");
      assertThat(folded).as("folded vs per path on%n%s", texts.get(i)).isEqualTo(results.get(i + "p"));
      holds += folded.violated().isEmpty() ? 1 : 0;
    }
    // both kinds of outcome, or the comparison proves little
    assertThat(holds).as("models whose safety holds").isBetween(MODELS / 10, MODELS - MODELS / 10);
  }

  /** The models of examples/checks and examples/tutorial, sorted. */
  static List<Path> smallExamples() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String dir : List.of("checks", "tutorial")) {
      try (Stream<Path> s = Files.list(EXAMPLES.resolve(dir))) {
        s.filter(p -> p.toString().endsWith(".ifl")).sorted().forEach(files::add);
      }
    }
    return files;
  }

  @TestFactory
  Stream<DynamicTest> smallExamplesHaveTheSameStatesFoldedAndPerPath() throws IOException {
    List<Path> files = smallExamples();
    assertThat(files).hasSizeGreaterThan(10);
    return TwoAtATime.tests(files, EXAMPLES, this::sameStates);
  }

  private void sameStates(Path file) throws IOException {
    TlcResult folded = defaultForm(file);
    TlcResult paths = tlc(tmp, Translator.translate(file, Translator.Options.defaults().withPathActions(true)).emitted(), "paths");
    assertThat(folded.outcome().kind()).isEqualTo(paths.outcome().kind());
    assertThat(folded.statistics().distinct()).as("distinct states").isEqualTo(paths.statistics().distinct());
    assertThat(folded.statistics().generated()).as("generated states").isEqualTo(paths.statistics().generated());
    assertThat(folded.statistics().distinct()).isPositive();
  }

  private static Emitted translatePaths(String text) {
    return DifferentialTest.translate(text, "_p", Translator.Options.defaults().withPathActions(true));
  }

  private static final java.util.Map<Path, TlcResult> DEFAULT_FORM = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * TLC's result on an example's default translation, computed once per test JVM: each form test
   * (this one, LocalsFormTest) compares it with another form of the same example.
   */
  static TlcResult defaultForm(Path file) throws IOException {
    TlcResult known = DEFAULT_FORM.get(file);
    if (known != null) {
      return known;
    }
    Path dir = Files.createTempDirectory("inflight-form-");
    try {
      TlcResult r = tlc(dir, Translator.translate(file, Translator.Options.defaults()).emitted(), "default");
      DEFAULT_FORM.put(file, r);
      return r;
    } finally {
      try (Stream<Path> walk = Files.walk(dir)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Runs TLC (1 worker, liveness at the end) on an emitted module in its own directory under {@code tmp}. */
  static TlcResult tlc(Path tmp, Emitted e, String form) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(e.moduleName() + "-" + form));
    Translator.write(e, dir);
    return new TlcRunner(TlcOptions.defaults().withWorkers(1).withExtraArgs(List.of("-lncheck", "final")))
        .run(dir, e.moduleName() + ".tla", e.moduleName() + ".cfg");
  }
}

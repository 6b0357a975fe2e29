package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The folded label actions (docs/semantics.md, "One action per label": a label's paths share
 * their common guards and definitions, emit/PathTree) against the plain per-path form
 * (Translator.Options#withPathActions), in which every path is its own operator with all of its
 * guards: the two must be the same next-state relation. The small examples must have the same
 * numbers of distinct and generated states; random models the same verdict (every violated check,
 * deadlock, no_hang), which DifferentialTest checks in its own union runs.
 */
class FoldedFormTest {
  private static final Path EXAMPLES = Path.of("../examples");

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
    TlcResult folded = FormRuns.defaultForm(file);
    TlcResult paths = FormRuns.perPathForm(file);
    assertThat(folded.outcome().kind()).isEqualTo(paths.outcome().kind());
    assertThat(folded.statistics().distinct()).as("distinct states").isEqualTo(paths.statistics().distinct());
    assertThat(folded.statistics().generated()).as("generated states").isEqualTo(paths.statistics().generated());
    assertThat(folded.statistics().distinct()).isPositive();
  }
}

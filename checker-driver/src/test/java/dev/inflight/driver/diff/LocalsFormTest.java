package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.translator.Translator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each thread kind's locals as one record per thread (docs/semantics.md, "Locals") against the
 * layout with every local a state variable of its own (Translator.Options#withLocalVariables):
 * only the shape of the state differs, so the two must have the same states one for one. The
 * small examples must have the same numbers of distinct and generated states; random models the
 * same verdict, which DifferentialTest checks in its own union runs.
 */
class LocalsFormTest {
  private static final Path EXAMPLES = Path.of("../examples");

  @TempDir
  Path tmp;

  @TestFactory
  Stream<DynamicTest> smallExamplesHaveTheSameStatesEitherWay() throws IOException {
    List<Path> files = FoldedFormTest.smallExamples();
    files.add(EXAMPLES.resolve("seeds/packet_release/module_unload_barrier.ifl"));
    return TwoAtATime.tests(files, EXAMPLES, this::sameStates);
  }

  private void sameStates(Path file) throws IOException {
    TlcResult records = FormRuns.defaultForm(file);
    TlcResult variables = FormRuns.tlc(tmp,
        Translator.translate(file, Translator.Options.defaults().withLocalVariables(true)).emitted(), "variables");
    assertThat(records.outcome().kind()).isEqualTo(variables.outcome().kind());
    assertThat(records.statistics().distinct()).as("distinct states").isEqualTo(variables.statistics().distinct());
    assertThat(records.statistics().generated()).as("generated states").isEqualTo(variables.statistics().generated());
    assertThat(records.statistics().distinct()).isPositive();
  }
}

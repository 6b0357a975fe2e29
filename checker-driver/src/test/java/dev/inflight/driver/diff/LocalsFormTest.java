package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.translator.Translator;
import java.io.IOException;
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
 * Each thread kind's locals as one record per thread (docs/semantics.md, "Locals") against the
 * layout with every local a state variable of its own (Translator.Options#withLocalVariables):
 * only the shape of the state differs, so the two must have the same states one for one. Random
 * models must get the same verdict, and the small examples the same numbers of distinct and
 * generated states.
 */
class LocalsFormTest {
  static final int MODELS = 100;
  private static final Path EXAMPLES = Path.of("../examples");

  @TempDir
  Path tmp;

  @Test
  void randomModelsGetTheSameVerdictWithLocalsInRecordsAndAsVariables() throws IOException {
    Random rnd = new Random(20261203);
    List<String> texts = new ArrayList<>();
    List<UnionCheck.Model> models = new ArrayList<>();
    for (int i = 0; i < MODELS; i++) {
      String text = RandomModels.model(rnd, "r" + i);
      texts.add(text);
      models.add(new UnionCheck.Model(i + "r", DifferentialTest.translate(text, "_r", Translator.Options.defaults())));
      models.add(new UnionCheck.Model(i + "v", DifferentialTest.translate(text, "_v",
          Translator.Options.defaults().withLocalVariables(true))));
    }
    Map<String, UnionCheck.Result> results = UnionCheck.runInParts(tmp, models);
    int holds = 0;
    for (int i = 0; i < MODELS; i++) {
      UnionCheck.Result records = results.get(i + "r");
      assertThat(records).as("locals in records vs as variables on%n%s", texts.get(i)).isEqualTo(results.get(i + "v"));
      holds += records.violated().isEmpty() ? 1 : 0;
    }
    assertThat(holds).as("models whose safety holds").isBetween(MODELS / 10, MODELS - MODELS / 10);
  }

  @TestFactory
  Stream<DynamicTest> smallExamplesHaveTheSameStatesEitherWay() throws IOException {
    List<Path> files = FoldedFormTest.smallExamples();
    files.add(EXAMPLES.resolve("seeds/packet_release/module_unload_barrier.ifl"));
    return TwoAtATime.tests(files, EXAMPLES, this::sameStates);
  }

  private void sameStates(Path file) throws IOException {
    TlcResult records = FoldedFormTest.defaultForm(file);
    TlcResult variables = FoldedFormTest.tlc(tmp,
        Translator.translate(file, Translator.Options.defaults().withLocalVariables(true)).emitted(), "variables");
    assertThat(records.outcome().kind()).isEqualTo(variables.outcome().kind());
    assertThat(records.statistics().distinct()).as("distinct states").isEqualTo(variables.statistics().distinct());
    assertThat(records.statistics().generated()).as("generated states").isEqualTo(variables.statistics().generated());
    assertThat(records.statistics().distinct()).isPositive();
  }
}

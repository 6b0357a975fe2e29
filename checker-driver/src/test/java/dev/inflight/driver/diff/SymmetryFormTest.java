package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Symmetry reduction (docs/semantics.md, "Symmetry"; emit/Symmetry) against the unreduced state
 * space: random models (each with a pool of three objects, some with a thread array of two) must
 * violate exactly the same safety checks with and without SYMMETRY, and the small examples whose
 * checks have no temporal property get the same verdict from `inflight check` either way, with
 * no more states under symmetry.
 */
class SymmetryFormTest {
  static final int MODELS = Integer.getInteger("inflight.sym.models", 100);
  private static final Path EXAMPLES = Path.of("../examples");

  @TempDir
  Path tmp;

  @Test
  void randomModelsViolateTheSameChecksWithAndWithoutSymmetry() throws IOException {
    Random rnd = new Random(Long.getLong("inflight.sym.seed", 20261201L));
    List<String> texts = new ArrayList<>();
    List<UnionCheck.Model> models = new ArrayList<>();
    int symmetric = 0;
    for (int i = 0; i < MODELS; i++) {
      String text = RandomModels.model(rnd, "s" + i);
      texts.add(text);
      Emitted e = DifferentialTest.translate(text, "", false);
      symmetric += e.sourceMap().symmetry() == null ? 0 : 1;
      models.add(new UnionCheck.Model(Integer.toString(i), e));
    }
    List<Set<String>> without = new ArrayList<>(java.util.Collections.nCopies(MODELS, Set.of()));
    List<Set<String>> with = new ArrayList<>(java.util.Collections.nCopies(MODELS, Set.of()));
    long plainStates = 0;
    long reducedStates = 0;
    for (UnionCheck.Part<Slice> p : UnionCheck.inParts(tmp, models, 2 * UnionCheck.PARALLEL, SymmetryFormTest::bothWays)) {
      for (int j = 0; j < p.indices().size(); j++) {
        without.set(p.indices().get(j), p.result().without().get(j));
        with.set(p.indices().get(j), p.result().with().get(j));
      }
      plainStates += p.result().plainStates();
      reducedStates += p.result().reducedStates();
    }
    int holds = 0;
    for (int i = 0; i < MODELS; i++) {
      assertThat(with.get(i)).as("checks violated with symmetry vs without, on%n%s", texts.get(i)).isEqualTo(without.get(i));
      holds += without.get(i).isEmpty() ? 1 : 0;
    }
    assertThat(symmetric).as("models with a symmetric set").isEqualTo(MODELS);
    assertThat(holds).as("models whose safety holds").isBetween(MODELS / 10, MODELS - MODELS / 10);
    assertThat(reducedStates).as("distinct states of the unions, with symmetry").isLessThan(plainStates);
  }

  /** One slice of the models checked without and with symmetry: violated checks and the unions' distinct states. */
  private record Slice(List<Set<String>> without, List<Set<String>> with, long plainStates, long reducedStates) {}

  private static Slice bothWays(Path dir, List<UnionCheck.Model> slice) throws IOException {
    UnionCheck plain = new UnionCheck(Files.createDirectories(dir.resolve("plain")), slice, false, false);
    UnionCheck reduced = new UnionCheck(Files.createDirectories(dir.resolve("sym")), slice, false, true);
    List<Set<String>> without = plain.safety(new long[slice.size()]);
    List<Set<String>> with = reduced.safety(new long[slice.size()]);
    return new Slice(without, with, plain.lastDistinct(), reduced.lastDistinct());
  }

  @TestFactory
  Stream<DynamicTest> examplesWithoutTemporalPropertiesGetTheSameVerdict() throws IOException {
    List<Path> safetyOnly = new ArrayList<>();
    for (Path f : FoldedFormTest.smallExamples()) {
      Emitted e = dev.inflight.translator.Translator.translate(f, dev.inflight.translator.Translator.Options.defaults()).emitted();
      if (e.sourceMap().symmetry() != null && !e.cfg().contains("PROPERTIES")) {
        safetyOnly.add(f);
      }
    }
    assertThat(safetyOnly).as("examples checked with symmetry").hasSizeGreaterThanOrEqualTo(4);
    return safetyOnly.stream().map(f -> DynamicTest.dynamicTest(EXAMPLES.relativize(f).toString(), () -> sameVerdict(f)));
  }

  private static void sameVerdict(Path file) {
    CheckOptions o = CheckOptions.defaults().withVacuity(false);
    CheckReport with = new ModelChecker(o).check(file);
    CheckReport without = new ModelChecker(o.withSymmetry(false)).check(file);
    assertThat(with.symmetry()).as("sets reduced by symmetry").isNotEmpty();
    assertThat(without.symmetry()).isEmpty();
    assertThat(with.verdict()).isEqualTo(without.verdict());
    assertThat(with.verdicts()).isEqualTo(without.verdicts());
    assertThat(with.statistics().distinct()).isPositive().isLessThanOrEqualTo(without.statistics().distinct());
    // every counterexample found under symmetry is a behaviour of the module: each step has its path
    with.violations().forEach(v -> v.trace().steps().stream().skip(1)
        .forEach(s -> assertThat(s.note()).as("step %d of %s", s.index(), v.property().name())
            .satisfiesAnyOf(n -> assertThat(n).isNull(), n -> assertThat(n).doesNotContain("path is unknown"))));
  }
}

package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model with too many states for a union check stops the safety run with an error that names
 * it (UnionCheck#MAX_MODEL_STATES), instead of holding the union, and a long run, for hours.
 */
class UnionCapTest {

  /** 1 + 4 * 4 = 17 reachable states: a thread counting two variables up to 3. */
  private static final String COUNTER = """
      model counter
      var a = 0
      var b = 0
      thread t {
        while true {
          either { a = (a + 1) % 4 } or { b = (b + 1) % 4 }
        }
      }
      """;

  private static final String SMALL = """
      model small
      var g = 0
      thread t { g = 1 }
      """;

  @Test
  void aModelAtTheCapIsNamed(@TempDir Path dir) throws Exception {
    List<UnionCheck.Model> models = List.of(
        new UnionCheck.Model("small", DifferentialTest.translate(SMALL, "_s", false)),
        new UnionCheck.Model("counter", DifferentialTest.translate(COUNTER, "_c", false)));
    assertThatThrownBy(() -> new UnionCheck(Files.createDirectories(dir.resolve("cap")), models, false, false, 10)
        .safety(new long[models.size()]))
        .isInstanceOf(AssertionError.class)
        .hasMessage("model counter has 10 distinct states or more, too many for a union check "
            + "(-Dinflight.diff.maxModelStates raises the cap); its union has 2 models");
  }

  @Test
  void aModelAtTheCapIsLeftOutWithItsTwinsAndTheRestChecked(@TempDir Path dir) throws Exception {
    List<UnionCheck.Model> models = List.of(
        new UnionCheck.Model("counter", DifferentialTest.translate(COUNTER, "_c", false)),
        new UnionCheck.Model("small", DifferentialTest.translate(SMALL, "_s", false)),
        new UnionCheck.Model("counterR", DifferentialTest.translate(COUNTER, "_r", true)).twinOf("counter"),
        new UnionCheck.Model("smallR", DifferentialTest.translate(SMALL, "_t", true)).twinOf("small"));
    java.util.Set<String> leftOut = new java.util.TreeSet<>();
    var results = new UnionCheck(Files.createDirectories(dir.resolve("cap")), models, false, false, 10).runLeavingOut(m -> true, leftOut);
    assertThat(leftOut).containsExactly("counter", "counterR");
    assertThat(results).containsOnlyKeys("small", "smallR");
    assertThat(results.get("small").describe()).isEqualTo("holds");
    assertThat(results.get("smallR")).isEqualTo(results.get("small"));
  }

  @Test
  void aModelAtTheCapThatMayNotBeLeftOutStillStopsTheRun(@TempDir Path dir) throws Exception {
    List<UnionCheck.Model> models = List.of(
        new UnionCheck.Model("small", DifferentialTest.translate(SMALL, "_s", false)),
        new UnionCheck.Model("counter", DifferentialTest.translate(COUNTER, "_c", false)));
    java.util.Set<String> leftOut = new java.util.TreeSet<>();
    assertThatThrownBy(() -> new UnionCheck(Files.createDirectories(dir.resolve("cap")), models, false, false, 10)
        .runLeavingOut(m -> m.id().equals("small"), leftOut))
        .isInstanceOf(UnionCheck.TooLarge.class)
        .hasMessageStartingWith("model counter has 10 distinct states or more");
    assertThat(leftOut).isEmpty();
  }

  @Test
  void belowTheCapTheRunIsAsWithout(@TempDir Path dir) throws Exception {
    List<UnionCheck.Model> models = List.of(new UnionCheck.Model("counter", DifferentialTest.translate(COUNTER, "_c", false)));
    UnionCheck check = new UnionCheck(Files.createDirectories(dir.resolve("ok")), models, false, false, 1000);
    assertThat(check.safety(new long[1])).containsExactly(java.util.Set.of());
  }
}

package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The union check's `eventually` runs (UnionCheck#run): each model's `eventually` properties get
 * TLC's verdict on that model alone, whatever the other models of the union do, and a model
 * without one gets none.
 */
class UnionEventuallyTest {

  private static final String SETTLES = """
      model settles
      var g = 0
      thread t { g = 1 }
      eventually ev: g == 1
      """;

  /** g is 1 for a while, but not at the end. */
  private static final String PASSES_BY = """
      model passes_by
      var g = 0
      thread t {
        g = 1
        g = 2
      }
      eventually ev: g == 1
      """;

  /** A daemon keeps g changing: it never stays 1 (a lasso, not a final state). */
  private static final String TOGGLES = """
      model toggles
      var g = 0
      daemon thread d {
        loop {
          g = 1 - g
        }
      }
      eventually ev: g == 1
      """;

  /** Two properties: one holds for good, the other does not. */
  private static final String TWO = """
      model two
      var g = 0
      var h = 0
      thread t {
        g = 1
        h = 1
        h = 0
      }
      eventually one: g == 1
      eventually other: h == 1
      """;

  private static final String NONE = """
      model none
      var g = 0
      thread t { g = 1 }
      """;

  @Test
  void eachModelGetsItsOwnEventuallyVerdict(@TempDir Path dir) throws Exception {
    List<UnionCheck.Model> models = List.of(
        new UnionCheck.Model("settles", DifferentialTest.translate(SETTLES, "_a", false)),
        new UnionCheck.Model("passes_by", DifferentialTest.translate(PASSES_BY, "_b", false)),
        new UnionCheck.Model("toggles", DifferentialTest.translate(TOGGLES, "_c", false)),
        new UnionCheck.Model("two", DifferentialTest.translate(TWO, "_d", false)),
        new UnionCheck.Model("none", DifferentialTest.translate(NONE, "_e", false)),
        new UnionCheck.Model("passes_byR", DifferentialTest.translate(PASSES_BY, "_f", true)).twinOf("passes_by"),
        new UnionCheck.Model("settlesR", DifferentialTest.translate(SETTLES, "_g", true)).twinOf("settles"));
    Map<String, UnionCheck.Result> r = new UnionCheck(Files.createDirectories(dir.resolve("u")), models).run();
    assertThat(r.get("settles").eventually()).isFalse();
    assertThat(r.get("passes_by").eventually()).isTrue();
    assertThat(r.get("toggles").eventually()).isTrue();
    assertThat(r.get("two").eventually()).isTrue();
    assertThat(r.get("none").eventually()).isNull();
    assertThat(r.get("passes_byR")).isEqualTo(r.get("passes_by"));
    assertThat(r.get("settlesR")).isEqualTo(r.get("settles"));
    assertThat(r.get("passes_by").describe()).isEqualTo("holds, its eventually violated");
    assertThat(r.get("none").describe()).isEqualTo("holds");
  }
}

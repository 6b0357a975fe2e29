package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A property TLC cannot evaluate in a reachable state (a field of null, a division by 0) does not
 * hold there (docs/semantics.md, "Properties that cannot be evaluated"): an invariant is violated
 * with the behaviour that reaches the state and the reason, an `eventually` predicate is false
 * there. Before, any of these was an internal error (exit 4) that decided no property.
 */
class UndefinedPropertyTest {

  @TempDir
  Path tmp;

  @Test
  void anInvariantReadingAFieldOfNullIsViolatedWhereItCannotBeEvaluated() throws IOException {
    CheckReport r = check("later.ifl", """
        model later
        struct obj { v = 0 }
        var p: obj = null
        var n = 0
        thread t {
          q = alloc obj
          p = q
          n = -1
          p = null
        }
        invariant guarded: p == null || p.v == 0
        invariant bad: n != -1 || p.v == 0
        """);

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violations()).hasSize(1);
    assertThat(r.violated().name()).isEqualTo("bad");
    assertThat(r.trace().steps()).hasSize(5);
    assertThat(r.trace().summary()).isEqualTo("`bad` cannot be evaluated after step 5 (" + r.file()
        + ":12: n != -1 || p.v == 0): it reads a field of null, so it does not hold there");
    assertThat(r.verdicts()).containsEntry("guarded", CheckReport.HOLDS).containsEntry("no_null_deref", CheckReport.HOLDS);
  }

  @Test
  void inTheInitialStateTheInvariantIsFoundByItsDefinitionsLines() throws IOException {
    CheckReport r = check("initial.ifl", """
        model initial
        struct obj { v = 0 }
        var p: obj = null
        thread t {
          p = alloc obj
        }
        invariant fine: p == null || p.v == 0
        invariant bad: p.v == 0
        """);

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("bad");
    assertThat(r.trace().steps()).hasSize(1);
    assertThat(r.trace().summary()).startsWith("`bad` cannot be evaluated in the initial state (");
    assertThat(r.verdicts()).containsEntry("fine", CheckReport.HOLDS);
  }

  @Test
  void divisionsAndRemaindersByZeroAreViolationsAndAnOverflowIsIncomplete() throws IOException {
    CheckReport r = check("arith.ifl", """
        model arith
        var n = 1
        var m = 0
        thread t {
          n = 0
          m = 2147483600
        }
        invariant ratio: 10 / n > 0
        invariant rem: 10 % n >= 0
        invariant big: m * 2 >= 0
        """);

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    Map<String, String> why = new java.util.HashMap<>();
    r.violations().forEach(v -> why.put(v.property().name(), v.trace().summary()));
    assertThat(why.keySet()).containsExactlyInAnyOrder("ratio", "rem");
    assertThat(why.get("ratio")).endsWith(": it divides by 0, so it does not hold there");
    assertThat(why.get("rem")).endsWith(": it takes a remainder (%) by a number below 1, so it does not hold there");
    assertThat(r.verdicts()).containsEntry("big", CheckReport.UNKNOWN);
    assertThat(r.message()).startsWith("not every property was decided: integer overflow: `2147483600*2` is outside TLC's "
        + "integers (-2147483648 to 2147483647) (in `big` at " + r.file() + ":10)");
  }

  @Test
  void anEventuallyPredicateIsFalseWhereItCannotBeEvaluated() throws IOException {
    CheckReport r = check("ev.ifl", """
        model ev
        struct obj { v = 0 }
        var p: obj = null
        var n = 1
        thread t {
          n = 0
        }
        eventually ratio: 10 / n > 0
        eventually guarded: p == null || p.v == 0
        eventually deref: p.v == 0
        """);

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.verdicts()).containsEntry("ratio", CheckReport.VIOLATED).containsEntry("deref", CheckReport.VIOLATED)
        .containsEntry("guarded", CheckReport.HOLDS);
  }

  private CheckReport check(String name, String text) throws IOException {
    return CheckedModels.check(tmp, name, text);
  }

  private static String describe(CheckReport r) {
    return CheckedModels.describe(r);
  }
}

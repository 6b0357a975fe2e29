package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * `inflight check` reports every violated property, each with its own shortest counterexample;
 * `--check`/`--skip` choose the properties; `--fail-fast` stops at the first; a `forall`
 * invariant names its witness.
 */
class EveryViolationTest {
  static final Path MODELS = Path.of("src/test/resources/models");
  static final Path THREE = MODELS.resolve("three_bugs.ifl");

  static CheckReport check(Path model, List<String> check, List<String> skip, boolean all) {
    return new ModelChecker(CheckOptions.defaults().withVacuity(false).withSelection(new CheckOptions.Selection(check, skip, all)))
        .check(model);
  }

  static List<String> violated(CheckReport r) {
    return r.violations().stream().map(v -> v.property().name()).toList();
  }

  static Map<String, String> verdicts(CheckReport r) {
    Map<String, String> m = new LinkedHashMap<>();
    r.properties().stream().filter(p -> !"bound".equals(p.kind())).forEach(p -> m.put(p.name(), r.propertyVerdict(p)));
    return m;
  }

  @Test
  void aModelWithThreeBugsReportsAllThreeShallowestFirst() {
    CheckReport r = check(THREE, List.of(), List.of(), true);

    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(violated(r)).containsExactly("small", "no_use_after_free", "no_leak");
    // (the consumer's `await shared != null` and `sk = shared` are one step: shared is only ever
    // set to an allocated object, so the wait is stable; docs/semantics.md, "Stable waits")
    assertThat(r.violations()).extracting(v -> v.trace().steps().size()).containsExactly(3, 6, 7);
    assertThat(r.violations().get(1).trace().summary())
        .isEqualTo("use-after-free: consumer uses sock#1 at " + THREE + ":13; sock#1 was freed by producer at step 4 (" + THREE + ":8)");
    assertThat(r.violations().get(2).trace().summary()).startsWith("leak: every thread finished but sock#2 (refcnt=1)");
    // each later counterexample avoids the faults already reported: no use-after-free in the leak's trace
    assertThat(r.violations().get(2).trace().steps()).noneMatch(s -> s.fault() != null);
    assertThat(verdicts(r)).containsExactly(Map.entry("no_use_after_free", "violated"), Map.entry("no_double_free", "holds"),
        Map.entry("no_refcount_underflow", "holds"), Map.entry("no_null_deref", "holds"), Map.entry("lock_discipline", "holds"),
        Map.entry("assertions", "holds"), Map.entry("deadlock", "holds"), Map.entry("no_hang", "holds"), Map.entry("no_leak", "violated"), Map.entry("small", "violated"));
    assertThat(r.message()).isNull();
  }

  @Test
  void failFastStopsAtTheFirstViolation() {
    CheckReport r = check(THREE, List.of(), List.of(), false);

    assertThat(violated(r)).containsExactly("small");
    assertThat(verdicts(r)).containsEntry("small", "violated").containsEntry("no_leak", "unknown").containsEntry("deadlock", "unknown");
  }

  @Test
  void checkChoosesTheProperties() {
    CheckReport r = check(THREE, List.of("no_leak", "deadlock"), List.of(), true);

    assertThat(violated(r)).containsExactly("no_leak");
    assertThat(verdicts(r)).containsEntry("no_leak", "violated").containsEntry("deadlock", "holds")
        .containsEntry("small", "skipped").containsEntry("no_use_after_free", "skipped");
  }

  @Test
  void skipLeavesPropertiesOut() {
    CheckReport r = check(THREE, List.of(), List.of("small", "no_leak"), true);

    assertThat(violated(r)).containsExactly("no_use_after_free");
    assertThat(verdicts(r)).containsEntry("small", "skipped").containsEntry("no_leak", "skipped").containsEntry("no_double_free", "holds");
  }

  @Test
  void skippingEveryViolatedPropertyHolds() {
    CheckReport r = check(THREE, List.of(), List.of("small", "no_leak", "no_use_after_free"), true);

    assertThat(r.verdict()).isEqualTo(Verdict.HOLDS);
    assertThat(r.violations()).isEmpty();
  }

  @Test
  void anUnknownPropertyNameIsBadInput() {
    CheckReport r = check(THREE, List.of("no_leek"), List.of(), true);

    assertThat(r.verdict()).isEqualTo(Verdict.BAD_INPUT);
    assertThat(r.message()).isEqualTo("no property `no_leek` to --check; this model's properties: no_use_after_free, no_double_free,"
        + " no_refcount_underflow, no_null_deref, lock_discipline, assertions, deadlock, no_hang, no_leak, small");
    // a built-in check this model does not enable is no mistake (a directory run may mix models)
    assertThat(check(THREE, List.of(), List.of("rcu_discipline"), false).verdict()).isEqualTo(Verdict.VIOLATED);
  }

  @Test
  void ofSeveralEventuallyPropertiesOnlyTheFailingOneIsViolated() {
    CheckReport r = check(MODELS.resolve("two_eventually.ifl"), List.of(), List.of(), true);

    assertThat(violated(r)).containsExactly("count_two");
    assertThat(verdicts(r)).containsEntry("flag_set", "holds").containsEntry("count_two", "violated");
    assertThat(r.trace().summary()).startsWith("`eventually count_two` fails: the behaviour below comes to rest with it false");
  }

  @Test
  void aForallInvariantNamesItsWitness() {
    CheckReport r = check(MODELS.resolve("witness.ifl"), List.of(), List.of(), false);

    assertThat(r.trace().summary()).isEqualTo("invariant `sane` is false after step 4 (" + MODELS.resolve("witness.ifl")
        + ":13: forall s in live(sock) : s.inflight <= s.skbs); for sock#2: inflight 2, skbs 0");
  }
}

package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Stable waits (docs/semantics.md, "Stable waits"; lower/StableAwaits): an `await` whose
 * condition no thread can make false once it holds goes on, in the same step, into the
 * thread's next shared instruction when that cannot block. Each row is a model of a publisher
 * and a waiter that differ in how the published global is written or what follows the wait, and
 * the waiter's labels that result: one label for `await` + `x = g_read` when the wait is stable,
 * two otherwise.
 */
class StableAwaitTest {

  private static final String TEMPLATE = """
      model t
      struct obj {
        v = 0
      }
      var g: obj = null
      var f = false
      var k = 0
      var other = 0
      lock l
      set s of obj
      thread waiter {
        await COND
        AFTER
      }
      thread pub {
        WRITES
      }
      """;

  @ParameterizedTest(name = "[{index}] await {1} after {0}, then {2}")
  @CsvSource(delimiter = '|', value = {
      // the condition's global written only with values that keep it true: one step
      "n = alloc obj; g = n            | g != null      | other = 1      | L12",
      "g = alloc obj                   | g != null      | other = 1      | L12",
      "n = alloc obj; m = n; g = m     | null != g      | other = 1      | L12",
      "n = alloc obj; g = n; add(s, g) | g != null      | other = 1      | L12",
      "f = true                        | f              | other = 1      | L12",
      "f = true; f = true              | f              | touch g        | L12",
      "k = 2; k = k + 1                | k >= 1         | other = 1      | L12",
      "k = 3                           | k > 0 && f     | other = 1      | L12",
      "f = true; k = 1                 | f && k == 1    | other = 1      | L12",
      "f = false                       | !f             | other = 1      | L12",
      // ... a write that could make it false: two steps
      "n = alloc obj; g = n; g = null  | g != null      | other = 1      | L12 L13",
      "n = alloc obj; n = g; g = n     | g != null      | other = 1      | L12 L13",
      "f = true; f = false             | f              | other = 1      | L12 L13",
      "k = 2; k = k - 1                | k >= 1         | other = 1      | L12 L13",
      "k = 2; k = k + 1                | k == 2         | other = 1      | L12 L13",
      "k = 3; f = true                 | k > 0 && !f    | other = 1      | L12 L13",
      "k = 3                           | k > 0 && !f    | other = 1      | L12",
      "f = other == 1                  | f              | other = 1      | L12 L13",
      "g = pick(s)                     | g != null      | other = 1      | L12 L13",
      // ... an object on some paths only (NonNullLocals joins paths by intersection)
      "either { n = alloc obj } or { other = 2 }; g = n | g != null | other = 1 | L12 L13",
      "n = alloc obj; if other == 1 { n = null }; g = n | g != null | other = 1 | L12 L13",
      "n = alloc obj; if other == 1 { n = alloc obj }; g = n | g != null | other = 1 | L12",
      // ... or a next instruction that can block: two steps
      "f = true                        | f              | lock l         | L12 L13 L14 L15",
      "f = true                        | f              | await k == 0   | L12 L13",
  })
  void mergesOnlyStableWaits(String writes, String cond, String after, String labels) {
    String model = TEMPLATE.replace("WRITES", String.join("\n  ", writes.split("; ")))
        .replace("COND", cond).replace("AFTER", after + (after.startsWith("lock") ? "\n  unlock l" : ""));
    // the waiter's first label is L12 (its await); then L13 unless the step goes on (after a
    // lock: the unlock at L14 and the end-of-thread check at the closing brace, L15); then Done
    List<String> got = LoweringTest.labels(LoweringTest.emitAccepted(model), "waiter");
    List<String> expected = new java.util.ArrayList<>(List.of(labels.split(" ")));
    expected.add("Done");
    assertThat(got).as(model).containsExactlyElementsOf(expected);
  }

  /**
   * A daemon at rest counts as finished for all_done(), and one that has passed its wait does not,
   * so a daemon's waits end their steps even when they are stable.
   */
  @Test
  void aDaemonsWaitsEndTheirSteps() {
    String model = """
        model t
        var f = false
        var other = 0
        daemon thread d {
          loop {
            await f
            other = 1
          }
        }
        thread pub {
          f = true
        }
        """;
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(model), "d")).containsExactly("L5", "L7", "Done");
    String once = model.replace("daemon thread d {\n  loop {", "thread d {\n  if true {");
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(once), "d"))
        .as("the same wait in a thread that must finish").containsExactly("L5", "Done");
  }
}

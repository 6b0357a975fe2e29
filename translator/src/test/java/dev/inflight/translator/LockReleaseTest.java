package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Lock releases (docs/semantics.md, "Lock releases"; lower/LockReleases): the step before the
 * release of a global lock that nothing but `lock` and `unlock` reads, and that the thread surely
 * holds, goes on into the release, unless that step takes a lock or the release is the thread's
 * last shared instruction. Each row is a worker's body (its lines 13-16, one statement per line, padded with
 * `x = 0`; its end-of-thread check is line 17) and the labels it gets; another thread takes the
 * same lock, and EXTRA is a statement of a third thread that may read the lock.
 */
class LockReleaseTest {

  private static final String TEMPLATE = """
      model t
      struct obj {
        lock ol
        v = 0
      }
      var g = 0
      var h = 0
      var p: obj = null
      lock l
      lock m
      INVARIANT
      thread worker {
        S14
        S15
        S16
        S17
      }
      thread other {
        lock l
        h = 1
        unlock l
      }
      thread third {
        EXTRA
      }
      """;

  @ParameterizedTest(name = "[{index}] {0} / {1} / {2} / {3}; {4}")
  @CsvSource(delimiter = '|', value = {
      // a section of one statement: the lock, then the statement with the release
      "lock l      | g = 1       | unlock l    | x = 0      | h = 2                      |      | L13 L14 L17",
      // two statements inside: the second goes on into the release
      "lock l      | g = 1       | h = g       | unlock l   | h = 2                      |      | L13 L14 L15 L17",
      // an empty section: the lock's step does not go on into the release (the lock would never
      // be seen held), nor does an atomic block's that takes it
      "lock l      | unlock l    | x = 0       | x = 0      | h = 2                      |      | L13 L14 L17",
      "atomic { lock l } | unlock l | x = 0    | x = 0      | h = 2                      |      | L13 L14 L17",
      // two releases in a row: both go on
      "lock l      | lock m      | g = 1       | unlock m; unlock l | h = 2              |      | L13 L14 L15 L18",
      // the lock read by a condition of another thread, by an invariant, or by an await: no mover
      "lock l      | g = 1       | unlock l    | x = 0      | if l == null { h = 2 }     |      | L13 L14 L15 L17",
      "lock l      | g = 1       | unlock l    | x = 0      | h = 2                      | invariant unheld: l == null => g >= 0 | L13 L14 L15 L17",
      "lock l      | g = 1       | unlock l    | x = 0      | await l != null            |      | L13 L14 L15 L17",
      // a lock of another name is read: l still moves
      "lock l      | g = 1       | unlock l    | x = 0      | if m == null { h = 2 }     |      | L13 L14 L17",
      // a wait inside the section goes on into the release
      "lock l      | await h == 1 | unlock l   | x = 0      | h = 1                      |      | L13 L14 L17",
      // a release the worker may not hold (taken on one path only): a step of its own
      "if g == 0 { lock l } | g = 1 | unlock l | x = 0      | h = 2                      |      | L13 L13b L14 L15 L17",
      "unlock l    | g = 1       | x = 0       | x = 0      | h = 2                      |      | L13 L14",
      // a lock field: no mover
      "p = alloc obj | lock p.ol | g = 1       | unlock p.ol | h = 2                     |      | L13 L14 L15 L16 L17",
  })
  void movesOnlyLocksNothingElseReads(String s14, String s15, String s16, String s17, String extra, String invariant,
      String labels) {
    String model = TEMPLATE.replace("S14", s14).replace("S15", s15).replace("S16", s16).replace("S17", s17.replace("; ", "\n  "))
        .replace("EXTRA", extra).replace("INVARIANT", invariant == null ? "" : invariant);
    List<String> expected = new java.util.ArrayList<>(List.of(labels.split(" ")));
    expected.add("Done");
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(model), "worker")).as(model).containsExactlyElementsOf(expected);
  }

  /**
   * A release of a global lock the thread surely holds has no lock discipline fault path, even
   * when the lock is read elsewhere (then it is no mover); one it may not hold, or of a lock
   * field, keeps it (docs/semantics.md, "Lock releases").
   */
  @Test
  void onlyReleasesThatMayNotBeHeldCanFault() {
    String model = """
        model t
        struct obj {
          lock ol
        }
        var g = 0
        lock l
        lock m
        invariant m_read: m == null || g >= 0
        thread a {
          lock l
          lock m
          g = 1
          unlock m
          unlock l
          if g == 1 {
            lock l
          }
          unlock l
          p = alloc obj
          lock p.ol
          unlock p.ol
        }
        """;
    List<String> faults = LoweringTest.actions(LoweringTest.emitAccepted(model), "a").stream()
        .filter(a -> a.endsWith("!bad_unlock")).map(a -> a.substring(a.indexOf(' ') + 1)).toList();
    // line 18: `unlock l` after a lock on one branch only; line 21: `unlock p.ol`, a lock field
    assertThat(faults).containsExactly("L18 !bad_unlock", "L21 !bad_unlock");
  }

  /**
   * The release is the thread's last statement: the step goes on into it and ends at the check
   * that the thread ends holding no lock (its closing brace, line 8), not at the end.
   */
  @Test
  void aLastReleaseGoesOnToTheEndCheck() {
    String model = """
        model t
        var g = 0
        lock l
        thread a {
          lock l
          g = 1
          unlock l
        }
        """;
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(model), "a")).containsExactly("L5", "L6", "L8", "Done");
  }

  /**
   * A daemon's releases, and an unfair thread's, stay steps of their own: a daemon at rest counts
   * as finished for all_done(), and an unfair thread may stop for good just before a release.
   */
  @Test
  void daemonsAndUnfairThreadsKeepTheirReleases() {
    String model = """
        model t
        var g = 0
        lock l
        daemon thread d {
          loop {
            lock l
            g = 1
            unlock l
          }
        }
        thread other {
          lock l
          g = 2
          unlock l
          g = 3
        }
        """;
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(model), "d")).containsExactly("L5", "L7", "L8", "Done");
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(model), "other")).containsExactly("L12", "L13", "L15", "L16", "Done");
    assertThat(LoweringTest.labels(LoweringTest.emitAccepted(model + "unfair other\n"), "other"))
        .containsExactly("L12", "L13", "L14", "L15", "L16", "Done");
  }
}

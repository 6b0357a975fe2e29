package dev.inflight.translator;

import static dev.inflight.translator.LoweringTest.emit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each fair thread's {@code <thread>_enabled(self)}, the written-out {@code ENABLED
 * <<step(self)>>_vars} its weak fairness uses (docs/semantics.md, "Fairness without ENABLED";
 * checked against TLC's ENABLED state by state in checker-driver diff/EnabledFormTest).
 */
class EnabledPredicateTest {

  /** The definition of {@code name(self)} in the module, up to the next blank line. */
  static String definition(Emitted e, String name) {
    return definition(e, name, "(self)");
  }

  /** The definition of {@code name} with parameters {@code params}, up to the next blank line. */
  static String definition(Emitted e, String name, String params) {
    String tla = e.tla();
    int at = tla.indexOf("\n" + name + params + " ==");
    assertThat(at).as("%s is defined", name).isNotNegative();
    int end = tla.indexOf("\n\n", at + 1);
    return tla.substring(at + 1, end < 0 ? tla.length() : end).replaceAll("\\s+", " ");
  }

  /** w waits for the flag s sets. */
  private static final String AWAIT_FLAG = """
      model m
      var flag = false
      thread w {
        await flag
      }
      thread s {
        flag = true
      }
      """;

  @Test
  void aWaitIsEnabledWhenItsConditionHolds() {
    Emitted e = emit(AWAIT_FLAG);
    assertThat(definition(e, "w_enabled")).isEqualTo("w_enabled(self) == /\\ fault.kind = \"none\" /\\ /\\ pc[self] = \"L4\" /\\ flag");
    assertThat(definition(e, "s_enabled")).isEqualTo("s_enabled(self) == /\\ fault.kind = \"none\" /\\ pc[self] = \"L7\"");
    assertThat(e.tla()).contains("[]<>~w_enabled(self)").contains("[]<><<w_moved(self)>>_w_moved_vars").doesNotContain("WF_");
    // no path of w leads back to its own label: the thread moved exactly when its pc changed,
    // and then pc changed: the subscript need not compare the rest of the state
    assertThat(definition(e, "w_moved")).isEqualTo("w_moved(self) == pc'[self] # pc[self]");
    assertThat(definition(e, "w_moved_vars", "")).isEqualTo("w_moved_vars == pc");
  }

  @Test
  void noHangIsFinishedInfinitelyOften() {
    // Finished is stable (Done and a fault are final), so <>Finished is []<>Finished, which TLC
    // checks without a tableau (docs/semantics.md, "Hangs")
    Emitted e = emit(AWAIT_FLAG);
    // only w can block, so only w is watched
    assertThat(definition(e, "Finished", "")).isEqualTo("Finished == \\A t \\in Thread_w : pc[t] = \"Done\" \\/ fault.kind # \"none\"");
    assertThat(definition(e, "NoHang", "")).isEqualTo("NoHang == []<>Finished");
  }

  @Test
  void aStepBackToItsOwnLabelCountsOnlyWhenItChangesSomething() {
    // the poller's loop body returns to its own label: it moves only when polls gets a new value
    Emitted e = emit("""
        model m
        var flag = false
        var polls = 0
        thread waiter {
          await flag
        }
        daemon thread poller {
          loop {
            polls = 1 - polls
          }
        }
        """);
    assertThat(definition(e, "poller_enabled")).contains("1 - polls # polls")
        // its pc equation gives pc[self] the label it is at: no change there (emit/KnownChanges)
        .doesNotContain("# pc");
    // there the step is evaluated on the transition; everywhere else the pc tells
    assertThat(definition(e, "poller_moved")).isEqualTo(
        "poller_moved(self) == \\/ pc'[self] # pc[self] \\/ /\\ pc[self] = \"" + loopLabel(e) + "\" /\\ poller_step(self)");
    // the loop body writes polls (and pc, which it leaves as it was): a step there that changes
    // nothing is a stutter, so the subscript has polls, and not flag, which no poller step writes
    assertThat(definition(e, "poller_moved_vars", "")).isEqualTo("poller_moved_vars == <<pc, polls>>");
    assertThat(e.tla()).contains("[]<><<poller_moved(self)>>_poller_moved_vars");
  }

  @ParameterizedTest
  @ValueSource(strings = {"set", "list"})
  void aForAlwaysTakesAnElementSoItsHeadCanAlwaysMove(String collection) {
    // the path back to the loop head writes rest' = rest \\ {x} with x drawn from rest (a set),
    // or rest' = Tail(rest) under rest # <<>> (a list): it changes the locals whatever else it
    // does (emit/KnownChanges), so no test of the locals is written
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        %s q of s
        var seen = 0
        thread t {
          for x in q {
            seen = (seen + 1) %% 3
          }
        }
        """.formatted(collection));
    assertThat(definition(e, "t_enabled")).isEqualTo("t_enabled(self) == /\\ fault.kind = \"none\" /\\ pc[self] \\in {\"L6\", \"L6b\"}");
  }

  @Test
  void aLoopWhoseCounterStepsCanAlwaysMove() {
    // the path back to the loop head writes j + 1: it changes the locals (emit/KnownChanges)
    Emitted e = emit("""
        model m
        var g = 0
        thread t {
          j = 0
          while j < 2 {
            g = (g + 1) % 3
            j = j + 1
          }
        }
        """);
    assertThat(definition(e, "t_enabled")).isEqualTo("t_enabled(self) == /\\ fault.kind = \"none\" /\\ pc[self] \\in {\"L4\", \"L5\"}");
  }

  /** The label of the poller's loop body (its only label with a path back to itself). */
  private static String loopLabel(Emitted e) {
    return e.lowered().threads().stream().filter(tc -> tc.thread().name().equals("poller")).flatMap(tc -> tc.actions().stream())
        .filter(a -> a.fault() == null && a.from().equals(a.to())).map(dev.inflight.translator.lower.Action::from).findFirst().orElseThrow();
  }

  @Test
  void aFaultTestAndItsNegationCoverEveryState() {
    // the null and use-after-free tests of `touch g` and the live path together always move
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        var g: s = null
        thread t {
          touch g
        }
        """);
    assertThat(definition(e, "t_enabled")).isEqualTo("t_enabled(self) == /\\ fault.kind = \"none\" /\\ pc[self] = \"L5\"");
  }

  @Test
  void theSharedUnchangedOfALabelLeavesFaultToItsFaultPaths() {
    // two normal paths (the if) and fault paths (null, use after free): `fault` shared in the
    // label's UNCHANGED would disable every Fault(...) (a regression once)
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        var g: s = null
        var k = 0
        thread t {
          if g.n > 0 { k = 1 } else { k = 2 }
        }
        """);
    String label = definition(e, "t_at_L6");
    assertThat(label).contains("UNCHANGED <<t_untouched").contains("FaultDeref(");
    assertThat(definition(e, "t_untouched", "")).doesNotContain("fault");
    assertThat(label.substring(label.indexOf("UNCHANGED"), label.indexOf(">>", label.indexOf("UNCHANGED")))).doesNotContain("fault");
  }

  @Test
  void anUnfairThreadHasNoPredicate() {
    Emitted e = emit("""
        model m
        var flag = false
        thread w {
          flag = true
        }
        thread u {
          flag = false
        }
        unfair u
        """);
    assertThat(e.tla()).contains("w_enabled(self) ==").doesNotContain("u_enabled");
  }
}

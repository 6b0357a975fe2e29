package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.trace.DslStep;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The `init` block end to end (docs/semantics.md, "The init block"): TLC's initial states are
 * the states after it (one per path, no extra state), a fault inside it is the violated
 * property with a one-state trace naming the init statement, the first state of a trace shows
 * the objects init made, and no statement of init is reported as never reached.
 */
class InitBlockCheckTest {

  @TempDir
  Path tmp;

  private CheckReport check(String text) throws IOException {
    return CheckedModels.check(tmp, "m.ifl", text);
  }

  @Test
  void eachPathThroughInitIsAnInitialStateAndCostsNoStep() throws IOException {
    CheckReport r = check("""
        model m
        var g = 0
        var h = 0
        init {
          either {
            g = 1
          } or {
            g = 2
          } or {
            g = 3
          }
          if g > 1 {
            h = 1
          }
        }
        thread t {
          h = h + g
        }
        """);
    assertThat(r.verdict()).as(r.message()).isEqualTo(Verdict.HOLDS);
    // three initial states (g = 1, 2, 3), each with one step after it
    assertThat(r.statistics().initialStates()).isEqualTo(3);
    assertThat(r.statistics().distinct()).isEqualTo(6);
    assertThat(r.warnings()).isEmpty();
  }

  @Test
  void aForOverASetInInitRunsInEveryOrder() throws IOException {
    CheckReport r = check("""
        model m
        struct sock {
          v = 0
        }
        set all of sock
        var order = 0
        init {
          a = alloc sock
          a.v = 1
          add(all, a)
          b = alloc sock
          b.v = 2
          add(all, b)
          for x in all {
            order = order * 10 + x.v
          }
        }
        thread t {
          assert(order == 12)
        }
        """);
    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("assertions");
    assertThat(r.statistics().initialStates()).isEqualTo(2);
    DslStep first = r.trace().steps().get(0);
    assertThat(first.changes()).extracting(DslStep.Change::render)
        .contains("sock#1 allocated (v=1)", "sock#2 allocated (v=2)", "order = 21");
  }

  @Test
  void aFaultInInitIsTheViolatedPropertyInTheInitialState() throws IOException {
    CheckReport r = check("""
        model m
        struct sock {
          ref refcnt = 1
        }
        var s: sock = null
        init {
          n = alloc sock
          put n.refcnt
          s = n
          touch s
        }
        thread t {
          p = s
        }
        """);
    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    assertThat(r.trace().steps()).hasSize(1);
    DslStep first = r.trace().steps().get(0);
    assertThat(first.note()).isEqualTo("after `init` (" + r.file() + ":6); init stopped at " + r.file()
        + ":10: `touch s`   <- use after free");
    assertThat(first.changes()).extracting(DslStep.Change::render)
        .containsExactly("sock#1 allocated (refcnt=0)", "sock#1 freed", "s = sock#1(freed)");
    assertThat(r.trace().summary()).isEqualTo("use-after-free: init uses sock#1 at line 10; sock#1 was freed by init");
  }

  @Test
  void theFirstStateOfATraceShowsTheObjectsInitMade() throws IOException {
    CheckReport r = check("""
        model m
        struct sock {
          ref refcnt = 1
          data = 0
        }
        var s: sock = null
        init {
          sk = alloc sock
          sk.data = 7
          s = sk
        }
        thread closer {
          put s.refcnt
        }
        thread reader {
          p = s
          touch p
        }
        """);
    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    DslStep first = r.trace().steps().get(0);
    assertThat(first.note()).isEqualTo("after `init` (" + r.file() + ":7)");
    assertThat(first.changes()).extracting(DslStep.Change::render).containsExactly("sock#1 allocated (refcnt=1, data=7)", "s = sock#1");
    assertThat(r.trace().steps()).hasSize(4);
  }

  @Test
  void theStateWhereInitFaultedIsJudgedByNoUserProperty() throws IOException {
    CheckReport r = check("""
        model m
        struct sock {
          ref refcnt = 1
        }
        var s: sock = null
        init {
          n = alloc sock
          put n.refcnt
          touch n
          s = n
        }
        thread t {
          p = s
        }
        invariant published: s != null
        """);
    // init stopped before `s = n`: s is null there, but that state is no state of the model
    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violations()).extracting(v -> v.property().name()).containsExactly("no_use_after_free");
    assertThat(r.propertyVerdict(r.properties().stream().filter(p -> p.name().equals("published")).findFirst().orElseThrow()))
        .isEqualTo(CheckReport.HOLDS);
  }
}

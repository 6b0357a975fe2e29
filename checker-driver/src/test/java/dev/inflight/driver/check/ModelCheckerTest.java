package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ModelChecker#check} end to end on small models written here, for the verdicts and trace
 * features the tutorial examples do not reach: thread arrays, model bounds, user invariants,
 * `eventually` properties and `--set`. Each test runs TLC once (~2-4 s).
 */
class ModelCheckerTest {

  @TempDir
  Path tmp;

  /** Two threads of one array race to drop the only reference: the second one's put is a UAF. */
  private static final String ARRAY_UAF = """
      model arr

      struct obj {
        ref rc = 1
      }

      var g: obj = null
      const N = 2

      thread setup {
        g = alloc obj
      }

      thread user[N] {
        await g != null
        p = g
        put p.rc
      }
      """;

  @Test
  void threadArraysAreToldApartInTheTrace() throws IOException {
    CheckReport r = check("arr.ifl", ARRAY_UAF, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    // The second put drops a reference of an object the first one freed: a double free.
    assertThat(r.violated().name()).isEqualTo("no_double_free");
    assertThat(r.pools()).containsExactly("obj: 1 object (derived)");
    DslTrace t = r.trace();
    List<DslStep> steps = t.steps();
    DslStep last = steps.get(steps.size() - 1);
    assertThat(last.fault()).isEqualTo("double_free");
    assertThat(last.loc().line()).isEqualTo(17);
    DslStep freer = steps.stream()
        .filter(s -> s.changes().stream().anyMatch(c -> c.kind() == DslStep.Change.Kind.FREE && "obj#1".equals(c.object()))).findFirst().orElseThrow();
    assertThat(List.of(freer.thread(), last.thread())).containsExactlyInAnyOrder("user[1]", "user[2]");
    assertThat(steps).extracting(DslStep::thread).doesNotContain("user[?]").contains("setup");
    // Locals of an array are told per instance, and a dangling pointer is marked freed.
    assertThat(steps.stream().flatMap(s -> s.changes().stream()).map(DslStep.Change::render))
        .contains(freer.thread() + ".p: null -> obj#1", last.thread() + ".p: null -> obj#1(freed)");
    assertThat(t.summary()).isEqualTo("double free: " + last.thread() + " drops a reference to obj#1 after it was freed at "
        + r.file() + ":17; obj#1 was freed by " + freer.thread() + " at step " + freer.index() + " (" + r.file() + ":17)");
  }

  @Test
  void setOverridesAConst() throws IOException {
    CheckReport r = check("arr.ifl", ARRAY_UAF, CheckOptions.defaults().withOverrides(Map.of("N", "1")));

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.HOLDS);
    assertThat(r.trace()).isNull();
    assertThat(r.statistics().distinct()).isPositive();
  }

  @Test
  void exceedingAPoolIsIncompleteWithAHint() throws IOException {
    CheckReport r = check("bound.ifl", """
        model bound

        struct obj bound 1 {
          x = 0
        }

        thread t {
          a = alloc obj
          b = alloc obj
        }
        """, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.INCOMPLETE);
    assertThat(r.violated().kind()).isEqualTo("bound");
    assertThat(r.pools()).containsExactly("obj: 1 object");
    assertThat(r.message()).isEqualTo("model bound exceeded in t at " + r.file() + ":9: struct `obj` has 1 object; "
        + "raise it with `struct obj bound 2`");
    DslStep last = r.trace().steps().get(r.trace().steps().size() - 1);
    assertThat(last.fault()).isEqualTo("model_bound");
    assertThat(last.loc().text()).isEqualTo("b = alloc obj");
  }

  @Test
  void aFullQueueOnALineThatAlsoAllocatesIsNamedAsTheQueue() throws IOException {
    // The hint comes from the fault (which bound), not from the words on the line: this line
    // allocates too, and its pool has room.
    CheckReport r = check("full.ifl", """
        model full

        struct obj bound 3 { x = 0 }
        queue q of obj max 1

        thread t {
          atomic { a = alloc obj  push(q, a) }
          atomic { b = alloc obj  push(q, b) }
        }
        """, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.INCOMPLETE);
    assertThat(r.violated().kind()).isEqualTo("bound");
    assertThat(r.message()).isEqualTo("model bound exceeded in t at " + r.file() + ":8: the queue `q` is full (its `max`, 1); "
        + "raise its `max`");
  }

  @Test
  void aCountPastItsMaximumIsIncompleteNamingTheCount() throws IOException {
    // A reference per pass of a loop that never drops it: without the maximum the state space
    // would be infinite. The default maximum, from a count of 1: 31 gets, the 32nd exceeds it.
    CheckReport r = check("refs.ifl", """
        model refs

        struct obj { ref rc = 1 }

        var stop = false

        thread t {
          o = alloc obj
          while !stop {
            get o.rc
          }
        }
        thread u { stop = true }
        """, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.INCOMPLETE);
    assertThat(r.violated().kind()).isEqualTo("bound");
    assertThat(r.message()).isEqualTo("model bound exceeded in t at " + r.file() + ":10: the reference count `rc` of obj#1 is "
        + "at its maximum, 32 (its `ref`'s `max`; 32 when it gives none): a `get` without a `put` in a loop? If the count is "
        + "meant to go higher, raise it with `ref rc = INIT max N`");
    DslStep last = r.trace().steps().get(r.trace().steps().size() - 1);
    assertThat(last.fault()).isEqualTo("model_bound");
    assertThat(last.loc().text()).isEqualTo("get o.rc");
    assertThat(r.trace().steps()).filteredOn(s -> s.loc() != null && s.loc().text().equals("get o.rc")).hasSize(32);
  }

  @Test
  void userInvariantNamesItselfAndItsLine() throws IOException {
    CheckReport r = check("inv.ifl", """
        model inv

        var n = 0

        thread a {
          n = n + 1
        }

        thread b {
          n = n + 1
        }

        invariant small: n < 2
        """, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("small");
    assertThat(r.violated().kind()).isEqualTo("invariant");
    assertThat(r.trace().steps()).hasSize(3);
    assertThat(r.trace().steps().get(2).changes()).extracting(DslStep.Change::render).containsExactly("n: 1 -> 2");
    assertThat(r.trace().summary()).isEqualTo("invariant `small` is false after step 3 (" + r.file() + ":13: n < 2)");
  }

  @Test
  void eventuallyFailsWithAStutteringBehaviour() throws IOException {
    CheckReport r = check("ev.ifl", """
        model ev

        var n = 0

        thread t {
          either {
            n = 1
          } or {
            n = 2
          }
        }

        eventually one: n == 1
        """, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("one");
    assertThat(r.violated().kind()).isEqualTo("eventually");
    assertThat(r.trace().stutters()).isTrue();
    assertThat(r.trace().loopFrom()).isNull();
    DslStep last = r.trace().steps().get(r.trace().steps().size() - 1);
    assertThat(last.changes()).extracting(DslStep.Change::render).containsExactly("n: 0 -> 2");
    assertThat(r.trace().summary()).startsWith("`eventually one` ").contains(r.file() + ":13");
  }

  /**
   * A global named like a generated bound variable, a comprehension substituted into one of the
   * same variable, and `{}` passed before a typed set: TLC parses the module and the values mean
   * what the DSL says (`q` is not in `sa`; only `p` counts).
   */
  @Test
  void boundVariablesAndEmptySetArgumentsMeanWhatTheDslSays() throws IOException {
    CheckReport r = check("names.ifl", """
        model names

        struct s { x = 0 }
        set set_a of s
        set set_c of s
        var x = 0
        var n = 0

        fn visit(objs) {
          for o in objs {
            x = x + o.x
          }
        }

        thread th {
          p = alloc s
          q = alloc s
          atomic {
            p.x = 1
            add(set_a, p)
            add(set_a, q)
            add(set_c, q)
            sa = {b in set_a : b.x == 1}
            n = count({b in set_c : b in sa})
          }
          visit({})
          visit(set_a)
          assert(n == 0 && x == 1)
        }
        """, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.HOLDS);
    assertThat(r.diagnostics()).isEmpty();
  }

  /** The reader divides by what the writer may have zeroed first: a divide error in one order only. */
  private static final String DIVIDES = """
      model divides
      var n = 2
      var q = 0
      thread writer {
        n = 0
      }
      thread reader {
        k = n
        if k != 1 {
          q = 10 / n
        }
      }
      """;

  @Test
  void aDivisionByZeroIsAViolationInTheOrderThatZeroesFirst() throws IOException {
    CheckReport r = check("div.ifl", DIVIDES, CheckOptions.defaults());

    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_div_by_zero");
    DslStep last = r.trace().steps().get(r.trace().steps().size() - 1);
    assertThat(last.fault()).isEqualTo("div_zero");
    assertThat(r.trace().summary()).isEqualTo("division by zero: reader divides by 0 at " + r.file() + ":10");
    assertThat(r.trace().steps()).extracting(DslStep::thread).contains("writer");
  }

  @Test
  void aRemainderByANegativeNumberIsAViolationAndConstantDivisorsAddNoCheck() throws IOException {
    CheckReport bad = check("mod.ifl", "model mod\nvar m = 3\nvar r = 0\nthread t {\n  m = m - 4\n  r = 7 % m\n}\n",
        CheckOptions.defaults());
    assertThat(bad.verdict()).as(describe(bad)).isEqualTo(Verdict.VIOLATED);
    assertThat(bad.trace().summary()).isEqualTo("remainder by a number below 1: t takes `%` by 0 or a negative number at "
        + bad.file() + ":6");

    CheckReport constant = check("half.ifl", "model half\nconst D = 2\nvar m = 9\nthread t {\n  m = m / D % 4\n}\n",
        CheckOptions.defaults());
    assertThat(constant.verdict()).as(describe(constant)).isEqualTo(Verdict.HOLDS);
    assertThat(constant.verdicts()).doesNotContainKey("no_div_by_zero");
  }

  @Test
  void insideAQuantifierAFieldOfNullAndADivisionByZeroAreFaultsNotTlcErrors() throws IOException {
    String model = """
        model quantified
        struct obj { v = 0  peer: obj = null }
        set s of obj
        var hit = false
        thread t {
          a = alloc obj
          add(s, a)
          if exists y in s : %s {
            hit = true
          }
        }
        """;
    CheckReport peer = check("peer.ifl", model.formatted("y.peer.v == 1"), CheckOptions.defaults());
    assertThat(peer.verdict()).as(describe(peer)).isEqualTo(Verdict.VIOLATED);
    assertThat(peer.trace().summary()).isEqualTo("null dereference: t dereferences null at " + peer.file() + ":8");

    CheckReport div = check("div_each.ifl", model.formatted("10 / y.v > 1"), CheckOptions.defaults());
    assertThat(div.violated().name()).as(describe(div)).isEqualTo("no_div_by_zero");

    CheckReport guarded = check("guarded.ifl", model.formatted("y.peer != null && y.peer.v == 1"), CheckOptions.defaults());
    assertThat(guarded.verdict()).as(describe(guarded)).isEqualTo(Verdict.HOLDS);
  }

  @Test
  void aWaitThroughANullPointerIsNotABlockedThreadInTheCostModel() throws IOException {
    // WaitsFor read the await's condition unguarded: with `a` null TLC could not evaluate it, and
    // after the null dereference every other property was left undecided
    CheckReport r = check("wait_null.ifl", """
        model wait_null
        struct obj { v = 0 }
        var p: obj = null
        var g = 0
        cost {
          cpus = 2
          syscall = 100
        }
        latency upd <= 1000
        op fn upd(a: obj) {
          cost syscall
          await a.v == g
        }
        thread t1 {
          upd(p)
        }
        thread t2 {
          cost syscall
          g = 1
        }
        """, CheckOptions.defaults());
    assertThat(r.violated().name()).as(describe(r)).isEqualTo("no_null_deref");
    assertThat(r.verdicts()).containsEntry("latency_upd", CheckReport.HOLDS).containsEntry("deadlock", CheckReport.HOLDS)
        .containsEntry("no_use_after_free", CheckReport.HOLDS).hasSize(10);
    assertThat(r.verdicts().values()).containsOnly(CheckReport.HOLDS, CheckReport.VIOLATED);
  }

  @Test
  void badInputIsReportedWithoutRunningTlc() throws IOException {
    CheckReport r = check("bad.ifl", "model bad\n\nthread t {\n  x = nosuch\n}\n", CheckOptions.defaults());

    assertThat(r.verdict()).isEqualTo(Verdict.BAD_INPUT);
    assertThat(r.model()).isNull();
    assertThat(r.tlcMillis()).isZero();
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(r.diagnostics().get(0).isError()).isTrue();
  }

  private CheckReport check(String name, String text, CheckOptions options) throws IOException {
    return CheckedModels.check(tmp, name, text, options);
  }

  private static String describe(CheckReport r) {
    return CheckedModels.describe(r);
  }
}

package dev.inflight.translator;

import static dev.inflight.translator.LoweringTest.actions;
import static dev.inflight.translator.LoweringTest.emit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/**
 * What the step builder knows within one step: a fresh object is live and not null, a pointer
 * checked once stays checked until something is freed, and values read through several
 * writes are named instead of nested, so long atomic steps stay small.
 */
class SimplificationTest {

  /** A struct and two global pointers to it. */
  private static final String TWO_POINTERS = """
      model m
      struct s { n = 0 }
      var g: s = null
      var h: s = null
      """;

  @Test
  void aFreshObjectNeedsNoChecksInItsOwnStep() {
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        thread t {
          atomic {
            x = alloc s
            x.n = 1
            touch x
          }
        }
        """);
    // only the pool-exhausted fault remains: no null or use-after-free branch for x
    assertThat(actions(e, "t")).containsExactly("t_L5 L5->Done", "t_L5_bound L5 !model_bound");
  }

  @Test
  void aLocalWrittenAFieldReadAndReadAgainIsNamedOnce() {
    Emitted e = emit(TWO_POINTERS + """
        thread t {
          atomic {
            y = g
            x = y.n + 1
            g = null
            if x > 1 {
              h = y
            }
            y.n = x
          }
        }
        """);
    // x's value, a sum over a field, is named where it is first read again; y's value is the
    // state's g, a name: it stays as it is
    assertThat(e.tla()).contains("\\E x_now \\in {s[g].n + 1}", "x_now > 1", "h' = IF br THEN g ELSE h", "![g].n = x_now")
        .doesNotContain("s[g].n + 1 > 1").doesNotContain("y_now");
  }

  @Test
  void aNamedTestShortCircuitsAsAGuardDoes() {
    Emitted e = emit(TWO_POINTERS + """
        thread t {
          atomic {
            y = g
            ok = y == null || y.n > 0
            if ok {
              h = y
            }
          }
        }
        """);
    // the name stands as a guard, where TLC would evaluate s[g] on its own if the body were
    // g = NULL \/ s[g].n > 0 (scm_credentials/after.ifl: TLC applied cred to NULL)
    assertThat(e.tla()).contains("IF g = NULL THEN TRUE ELSE s[g].n > 0").doesNotContain("g = NULL \\/");
  }

  @Test
  void objectsAllocatedInOneStepAreDifferent() {
    Emitted e = emit("""
        model m
        struct file { n = 0 }
        struct task {
          set fds of file
        }
        var g = 0
        thread t {
          atomic {
            me = alloc task
            a = alloc file
            b = alloc file
            assert(a != b)
            assert(b not in me.fds)
            add(me.fds, a)
            assert(b not in me.fds)
            add(me.fds, b)
            assert(a in me.fds)
            g = 1
          }
        }
        """);
    // two fresh objects are different values, and a set written out holds what it lists: no
    // assertion can fail, so only the pools' bounds remain besides the step itself
    assertThat(actions(e, "t")).containsExactly("t_L9 L9->Done", "t_L9_bound L9 !model_bound",
        "t_L9_bound2 L9 !model_bound", "t_L9_bound3 L9 !model_bound");
  }

  @Test
  void comparisonsOfIntegerLiteralsFoldInWrittenValues() {
    Emitted e = emit("""
        model m
        struct s { ref n = 1 }
        var g = false
        var k = 0
        thread t {
          atomic {
            x = alloc s
            get x.n
            get x.n
            g = g || (x.n > 1 && k > 0)
          }
        }
        """);
    assertThat(e.tla()).contains("g' = (g \\/ k > 0)").doesNotContain("2 > 1");
  }

  @Test
  void sumsOfLiteralsAreFoldedInAStep() {
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        var g = 0
        thread t {
          atomic {
            x = alloc s
            x.n = x.n + 1
            x.n = x.n + 1
            if x.n == 2 {
              g = 1
            } else {
              g = 2
            }
          }
        }
        """);
    // x.n is 0 + 1 + 1 in the step: the else arm's guard folds to FALSE and is not emitted
    assertThat(actions(e, "t")).containsExactly("t_L6 L6->Done", "t_L6_bound L6 !model_bound");
    assertThat(e.tla()).contains("g' = 1").doesNotContain("g' = 2");
  }

  @Test
  void aSumBeyondTlcsIntegersIsLeftToTlc() {
    Emitted e = LoweringTest.emitSeparateAccepted("""
        model m
        struct s { n = 0 }
        var g = 0
        thread t {
          atomic {
            x = alloc s
            x.n = 2147483647
            x.n = x.n + 1
            if x.n > 0 {
              g = 1
            } else {
              g = 2
            }
          }
        }
        """);
    // 2147483647 + 1 overflows TLC's integers: not folded, so both arms stay and TLC reports it
    assertThat(e.tla()).contains("2147483647 + 1").contains("g' = 1").contains("g' = 2");
  }

  @Test
  void aPointerIsCheckedOncePerStepUntilSomethingIsFreed() {
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        var g: s = null
        thread t {
          atomic {
            g.n = 1
            g.n = 2
            touch g
          }
        }
        """);
    assertThat(actions(e, "t")).containsExactly("t_L6 L6->Done", "t_L6_null L6 !null_deref", "t_L6_uaf L6 !use_after_free");
  }

  @Test
  void aFreeInTheSameStepForgetsWhatWasChecked() {
    Emitted e = emit(TWO_POINTERS + """
        thread t {
          atomic {
            touch g
            free h
            touch g
          }
        }
        """);
    // g is checked again after h was freed (h may be g): two use-after-free branches
    assertThat(actions(e, "t")).filteredOn(a -> a.contains("!use_after_free")).hasSize(2);
  }

  @Test
  void readsThroughEarlierWritesAreNamedNotNested() {
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      body.append("    p.next.n = p.next.n + 1\n");
    }
    Emitted e = emit("model m\nstruct s { n = 0\n next: s }\nvar p: s = null\nthread t {\n  atomic {\n" + body + "  }\n}\n");
    // each write through p.next names the heap once (s_now, s_now2, ...): the module grows
    // linearly with the number of statements, not exponentially
    assertThat(e.tla()).contains("s_now ==").contains("s_now2 ==");
    assertThat(e.tla().length()).isLessThan(60_000);
  }

  @Test
  void aHeapNamedInTheStepIsTheBaseOfItsNewValueAndFieldsGoIntoFreshRecords() {
    Emitted e = emit(TWO_POINTERS + """
        thread t {
          atomic {
            g = alloc s
            g.n = 5
            h = alloc s
            h.n = h.n + 7
            g.n = 6
          }
        }
        """);
    // a field written right after its object's record goes into the record (n |-> 5, and h.n + 7,
    // read from h's fresh record and folded, n |-> 7);
    // the second alloc names the heap with g's object in it (s_now), and the step's new heap is
    // that value with what the step wrote since, g.n = 6 as an update (it changes a record
    // inside the named value), not the whole update list again
    String tla = e.tla().replaceAll("\\s+", " ");
    assertThat(tla).contains("s_now == [s EXCEPT ![new_s] = [st |-> \"live\", n |-> 5]]")
        .contains("s' = [s_now EXCEPT ![new_s2] = [st |-> \"live\", n |-> 7], ![new_s].n = 6]");
  }

  @Test
  void aJunctionWithAValueTheStepWroteDropsOrTakesTheLiteral() {
    Emitted e = emit("""
        model m
        var flag = false
        var g = 0
        var b = false
        var c = false
        thread t {
          atomic {
            flag = true
            b = g > 0 && flag
            c = flag || g > 0
          }
        }
        """);
    // flag is TRUE in the rest of the step: `g > 0 /\ TRUE` is `g > 0`, `TRUE \/ g > 0` is TRUE
    String tla = e.tla().replaceAll("\\s+", " ");
    assertThat(tla).contains("b' = (g > 0)").contains("c' = TRUE").doesNotContain("/\\ TRUE");
  }

  @Test
  void aBranchOnLocalsAfterTheLastSharedStatementCostsNoStep() {
    Emitted e = emit("""
        model m
        var g = 0
        thread t {
          either { c = true } or { c = false }
          g = 1
          if c { g = 2 }
        }
        """);
    // the `if c` after `g = 1` belongs to the `g = 1` step: with c false that step ends the
    // thread, with c true it stops before `g = 2` (the next shared statement). No step exists
    // that would only move the program counter.
    assertThat(actions(e, "t")).containsExactly("t_L4_1 L4->L6", "t_L4_2 L4->Done", "t_L6 L6->Done");
  }

  @Test
  void aDisjunctionInAGuardShortCircuitsAsTheDslsOrDoes() {
    Emitted e = emit("""
        model m
        struct s { n = 0 }
        var p: s = null
        var g = 0
        thread t {
          await p == null || p.n > 0
          g = 1
        }
        """);
    // at the action level TLC evaluates both sides of \/ (it would apply s to NULL);
    // IF ... THEN TRUE ELSE ... is evaluated left to right like `||`
    assertThat(e.tla()).contains("IF p = NULL THEN TRUE ELSE s[p].n > 0").doesNotContain("p = NULL \\/");
  }
}

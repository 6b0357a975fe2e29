package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/**
 * The module-level operators fault paths and allocations name (docs/semantics.md, "Dereferences
 * and faults" and the `alloc` row of "Statements"): the frame of a fault spelled once, and an
 * allocation's test and pick written on the heap as the step left it.
 */
class FaultAndAllocOperatorsTest {
  /** A struct and a global pointing at one: the start of the models here. */
  private static final String ONE_S = """
      model m
      struct s { n = 0 }
      var g: s = null
      """;

  private static final String TWO_FAULTS = ONE_S + """
      thread th {
        p = alloc s
        g = p
        free p
        g.n = 1
      }
      """;

  @Test
  void severalFaultOperatorsShareOneFrame() {
    Emitted e = BoundVariablesTest.translate(TWO_FAULTS);
    // the pool bound (FaultBound) and the use after free (FaultOn, via FaultDeref) both end in FaultWith
    assertThat(e.tla()).contains("FaultWith(f) ==\n    /\\ fault' = f\n    /\\ UNCHANGED <<pc, s, g, th_locals>>",
        "FaultBound(kind, t, line, b) == FaultWith([kind |-> kind, thread |-> t, line |-> line, bound |-> b])",
        "FaultOn(kind, t, line, o) == FaultWith([kind |-> kind, thread |-> t, line |-> line, obj |-> o])");
    assertThat(e.tla().split("UNCHANGED <<pc, s, g", -1)).hasSize(2);
  }

  @Test
  void oneFaultOperatorKeepsItsFrame() {
    Emitted e = BoundVariablesTest.translate(ONE_S + """
        thread th {
          g = alloc s
        }
        """);
    assertThat(e.tla()).contains("FaultBound(kind, t, line, b) ==\n    /\\ fault' = [kind |-> kind, thread |-> t, line |-> line, bound |-> b]")
        .doesNotContain("FaultWith");
  }

  @Test
  void anAllocTestsAndTakesTheFirstFreeSlotOfTheHeapAsTheStepLeftIt() {
    Emitted e = BoundVariablesTest.translate("""
        model m
        struct s { n = 0 }
        var a: s = null
        var b: s = null
        thread th {
          atomic {
            a = alloc s
            b = alloc s
          }
        }
        """);
    assertThat(e.tla()).contains("HasFreeSlot(h) == {o \\in DOMAIN h : h[o].st = \"free\"} # {}",
        "FirstFreeSlot(h) == CHOOSE o \\in DOMAIN h : h[o].st = \"free\"",
        "HasFreeSlot(s)", "FirstFreeSlot(s)", "HasFreeSlot(s_now)", "FirstFreeSlot(s_now)", "~HasFreeSlot(s_now)");
  }

  @Test
  void aModelThatNeverAllocatesHasNoAllocOperators() {
    Emitted e = BoundVariablesTest.translate("""
        model m
        var g = 0
        thread th {
          g = 1
        }
        """);
    assertThat(e.tla()).doesNotContain("FreeSlot");
  }
}

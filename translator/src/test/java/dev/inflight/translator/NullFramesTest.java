package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/**
 * A function's frame is NULL while the thread is not inside the function (docs/semantics.md,
 * "Locals"): entered whole, read and written by field inside, NULL again at the exit; live from
 * Init for a thread whose first label is inside a function; live at a label between two
 * parameter bindings (examples/checks/frames.ifl, whose states diff/LocalsFormTest compares with
 * one variable per local).
 */
class NullFramesTest {
  @Test
  void framesAreNullOutsideTheirFunctionAndLiveInside() throws java.io.IOException {
    Emitted e = LoweringTest.emitAccepted(java.nio.file.Files.readString(java.nio.file.Path.of("../examples/checks/frames.ifl")));
    assertThat(e.tla()).contains(
        // blank: t is not inside f at its first label; u's first label (the await) is inside w
        "t_locals_init == [y |-> 0, f |-> NULL]",
        "u_locals_init == [w |-> u_w_init]",
        // binding the first argument enters f: its frame is written whole
        "t_locals' = [t_locals EXCEPT ![self].f = [t_f_init EXCEPT !.a = g]]",
        // at the label between the bindings f's frame is live: written and read by field
        "t_locals' = [t_locals EXCEPT ![self].f.b = h, ![self].f.x = t_locals[self].f.a + h]",
        // leaving w: its frame goes NULL
        "u_locals' = [u_locals EXCEPT ![self].w = NULL]");
  }

  @Test
  void aLocalOfAFunctionNotEnteredReadsAsItsInitialValue() {
    // `n` is read before anything wrote it, in the step that enters `g1`: its initial value, 0
    Emitted e = LoweringTest.emitAccepted("""
        model m
        var c = 0
        fn g1(k) {
          if k > 0 {
            n = 5
          }
          c = n
        }
        thread t {
          g1(0)
        }
        """);
    assertThat(e.tla()).contains("c' = 0").doesNotContain(".g1.n");
  }
}

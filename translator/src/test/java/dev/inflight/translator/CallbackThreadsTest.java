package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A model in which at most k callbacks are ever queued gets k RCU callback threads, fewer than
 * RCU_CALLBACK_CPUS (docs/semantics.md, "How many callback threads"): the count of `call_rcu`
 * on one path, release functions and `init` included, times the thread copies; all copies when a
 * `call_rcu` can repeat, when a callback locks or uses RCU, when costs are tracked, and in the
 * reference translation. DifferentialTest checks the verdicts against the reference translation,
 * which keeps every copy.
 */
class CallbackThreadsTest {
  private static final String HEAD = """
      model m
      struct item bound 4 { v = 0 }
      var n = 0
      lock n_lock
      fn count_it(it: item) {
        n = n + 1
      }
      fn locked_count(it: item) {
        lock n_lock
        n = n + 1
        unlock n_lock
      }
      struct obj {
        ref refs = 1 release obj_release
      }
      fn obj_release(o: obj) {
        call_rcu(o, drop)
      }
      fn drop(o: obj) {
        free o
      }
      """;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      one call                                  | thread t { a = alloc item; call_rcu(a, count_it) }                                                   | default   | rcu_cb_1
      a call in each of two threads             | thread t[2] { a = alloc item; call_rcu(a, count_it) }                                                | default   | rcu_cb_1, rcu_cb_2
      a call on each side of a branch           | thread t { a = alloc item; if n == 0 { call_rcu(a, count_it) } else { call_rcu(a, count_it) } }      | default   | rcu_cb_1
      two calls on one path, four threads       | thread t { a = alloc item; b = alloc item; call_rcu(a, count_it); call_rcu(b, count_it) }            | cpus4     | rcu_cb_1, rcu_cb_2
      a call in a loop                          | thread t { i = 0; while i < 2 bound 2 { a = alloc item; call_rcu(a, count_it); i = i + 1 } }         | default   | rcu_cb_1, rcu_cb_2
      a call in a daemon                        | daemon thread t { loop { a = alloc item; call_rcu(a, count_it) } }                                   | default   | rcu_cb_1, rcu_cb_2
      a call in a release function, two puts    | thread t { a = alloc obj; b = alloc obj; put a.refs; put b.refs }                                    | default   | rcu_cb_1, rcu_cb_2
      a call in a release function, one put     | thread t { a = alloc obj; put a.refs }                                                               | default   | rcu_cb_1
      a callback that locks                     | thread t { a = alloc item; call_rcu(a, locked_count) }                                               | default   | rcu_cb_1, rcu_cb_2
      costs tracked                             | thread t { a = alloc item; call_rcu(a, count_it) }                                                   | costs     | rcu_cb_1, rcu_cb_2
      the reference translation                 | thread t { a = alloc item; call_rcu(a, count_it) }                                                   | reference | rcu_cb_1, rcu_cb_2
      """)
  void callbackThreadsAreAsManyAsCallbacksCanBeQueued(String what, String thread, String mode, String expected) {
    String model = HEAD + (mode.equals("cpus4") ? "const RCU_CALLBACK_CPUS = 4\n" : "") + thread.replace("; ", "\n") + "\n";
    UnaryOperator<Translator.Options> options = switch (mode) {
      case "costs" -> o -> o.withCosts("xeon-2011");
      case "reference" -> o -> o.withReference(true);
      default -> o -> o;
    };
    Emitted e = translate(model, options);
    assertThat(e.cfg()).as(what).contains("Thread_rcu_cb = {" + expected + "}");
    int copies = expected.split(", ").length;
    int declared = mode.equals("cpus4") ? 4 : 2;
    if (copies < declared) {
      assertThat(e.tla()).contains("\\* thread rcu_cb[" + copies + "] (", "\\* at most " + copies + " callback"
          + (copies == 1 ? " is" : "s are") + " ever queued: " + copies + " callback thread" + (copies == 1 ? " is" : "s are")
          + " enough of RCU_CALLBACK_CPUS = " + declared);
    } else {
      assertThat(e.tla()).contains("\\* thread rcu_cb[" + copies + "] (").doesNotContain("ever queued");
    }
  }

  private static Emitted translate(String model, UnaryOperator<Translator.Options> options) {
    Diagnostics diags = new Diagnostics();
    var source = SourceLoader.decode(model.getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    Translator.Result r = Translator.translate(source, null, options.apply(new Translator.Options(Map.of(), Library.packaged(), null)), diags);
    assertThat(r.diagnostics()).as(dev.inflight.translator.diag.DiagnosticRenderer.renderAll(r.diagnostics()))
        .allMatch(d -> !d.isError());
    return r.emitted();
  }
}

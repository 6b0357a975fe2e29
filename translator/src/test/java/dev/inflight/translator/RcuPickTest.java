package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.resolve.Library;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * `rcu_pick` outside every read-side section is an rcu_discipline fault (lower/BuiltinProcs,
 * docs/semantics.md, "RCU"); one inside a section on every path to it has no fault path
 * (lower/RcuSections), in functions as in threads, while the reference translation keeps them all.
 */
class RcuPickTest {
  private static final String MODEL = """
      model t
      struct obj {
        v = 0
      }
      set s of obj
      var g = 0
      fn walk() {
        o = rcu_pick(s)
        return o
      }
      thread a {
        rcu_read_lock()
        x = rcu_pick(s)
        rcu_read_lock()
        rcu_read_unlock()
        y = rcu_pick(s)
        if g == 1 {
          rcu_read_unlock()
          rcu_read_lock()
        }
        z = rcu_pick(s)
        w = walk()
        rcu_read_unlock()
        v = rcu_pick(s)
        if g == 2 {
          rcu_read_lock()
        }
        u = rcu_pick(s)
        t = walk()
        g = 3
      }
      """;

  private static List<String> faults(boolean reference) {
    Translator.Options o = new Translator.Options(Map.of(), Library.packaged(), null).withReference(reference);
    return LoweringTest.actions(LoweringTest.emit(MODEL, o), "a").stream()
        .filter(a -> a.endsWith("!unprotected_rcu_pick")).map(a -> a.substring(a.indexOf(' ') + 1)).toList();
  }

  @Test
  void onlyPicksThatMayBeOutsideASectionCanFault() {
    // line 24: after the section closed; line 28: inside on one path only; line 8: walk() as
    // called at line 29 (walk() called at line 22, inside, has none)
    assertThat(faults(false)).containsExactly("L8 !unprotected_rcu_pick", "L24 !unprotected_rcu_pick", "L28 !unprotected_rcu_pick");
  }

  @Test
  void theReferenceTranslationChecksEveryPick() {
    assertThat(faults(true)).hasSize(7);
  }
}

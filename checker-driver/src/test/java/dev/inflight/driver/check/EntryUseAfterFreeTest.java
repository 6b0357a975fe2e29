package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Putting a freed object into a set, list or queue, or unlinking it from one, writes through the
 * freed entry (`list_add(&obj->node, …)`, `list_del`, `__skb_unlink`): a use-after-free naming
 * the object (docs/semantics.md, "Statements"). Before, only null was checked there: each of
 * these models held.
 */
class EntryUseAfterFreeTest {

  @TempDir
  Path tmp;

  /** A maker publishes an object ({@code %s}: what it does with it first) and frees it; a user finds it ({@code %s}). */
  private static final String MODEL = """
      model entry
      struct obj { v = 0 }
      set s of obj
      list lst of obj
      queue q of obj max 2
      var gp: obj = null
      thread maker {
        o = alloc obj
        %s
        gp = o
        free o
      }
      thread user {
        p = gp
        if p != null {
          %s
        }
      }
      """;

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "gp = null     | add(s, p)",
      "gp = null     | list_add(lst, p)",
      "gp = null     | list_add_tail(lst, p)",
      "gp = null     | push(q, p)",
      "add(s, o)     | remove(s, p)",
      "list_add(lst, o) | list_del(lst, p)",
      "push(q, o)    | x = pop(q)"})
  void linkingOrUnlinkingAFreedObjectIsAUseAfterFree(String setup, String use) throws IOException {
    CheckReport r = CheckedModels.check(tmp, "entry.ifl", MODEL.formatted(setup, use));
    assertThat(r.verdict()).as(CheckedModels.describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    assertThat(r.trace().summary()).startsWith("use-after-free: user uses obj#1 at " + r.file() + ":16; obj#1 was freed by maker");
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "gp = null     | remove(s, null)",
      "add(s, o)     | remove(s, o)"})
  void unlinkingNullOrALiveObjectIsNothing(String setup, String use) throws IOException {
    String model = """
        model entry
        struct obj { v = 0 }
        set s of obj
        thread maker {
          o = alloc obj
          %s
          %s
          free o
        }
        """.formatted(setup, use);
    CheckReport r = CheckedModels.check(tmp, "fine.ifl", model);
    assertThat(r.verdict()).as(CheckedModels.describe(r)).isEqualTo(Verdict.HOLDS);
  }
}

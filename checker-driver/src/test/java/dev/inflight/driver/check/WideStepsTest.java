package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Branches on locals one after another multiply a step's paths: 25 `if`s between two shared
 * accesses made 2^25 paths, and the translator ran for hours (14 took 106 s and 4.9 GB). Such a
 * step is now split at its branches (lower/WideSteps#split, docs/semantics.md, "Steps: where
 * threads interleave"), as the statement-level reference translation has it: the check takes
 * seconds, and gives the reference translation's verdict and counterexample.
 */
class WideStepsTest {

  @TempDir
  Path tmp;

  /**
   * A reader takes the shared pointer and a shared value, runs {@code n} branches on the value
   * (one step, before the split), then touches the object; the closer drops the last reference unless {@code guarded} (the init block then takes one
   * for the reader, which drops it at its end).
   */
  private static String model(int n, boolean guarded) {
    StringBuilder ifs = new StringBuilder();
    for (int i = 0; i < n; i++) {
      ifs.append("  if k == ").append(i).append(" { y = y + 1 }\n");
    }
    return """
        model wide
        struct sock { ref refcnt = 1
          v = 0 }
        var shared: sock = null
        var g = 3
        init {
          s = alloc sock
          shared = s
          %s
        }
        thread reader {
          p = shared
          k = g
          y = 0
        %s  touch p
          %s
        }
        thread closer {
          %s
        }
        """.formatted(guarded ? "get s.refcnt" : "", ifs, guarded ? "put p.refcnt" : "", "q = shared\n  put q.refcnt");
  }

  @ParameterizedTest(name = "{0} branches")
  @ValueSource(ints = {25})
  @Timeout(120)
  void aStepWithManyBranchesIsSplitAndKeepsTheReferenceVerdict(int n) throws IOException {
    CheckReport merged = CheckedModels.check(tmp, "wide.ifl", model(n, false));
    CheckReport reference = CheckedModels.check(tmp, "wide_ref.ifl", model(n, false), CheckOptions.defaults().withReference(true));
    assertThat(merged.verdict()).as(CheckedModels.describe(merged)).isEqualTo(Verdict.VIOLATED);
    assertThat(merged.violated().name()).isEqualTo("no_use_after_free");
    assertThat(reference.verdict()).as(CheckedModels.describe(reference)).isEqualTo(Verdict.VIOLATED);
    // the same use (the touch after the branches, line 40) and free (line 45); the merged
    // translation reaches it in fewer steps
    String use = "use-after-free: reader uses sock#1 at %s:40; sock#1 was freed by closer at step ";
    assertThat(merged.trace().summary()).startsWith(use.formatted(merged.file())).endsWith("(" + merged.file() + ":45)");
    assertThat(reference.trace().summary()).startsWith(use.formatted(reference.file())).endsWith("(" + reference.file() + ":45)");

    CheckReport held = CheckedModels.check(tmp, "held.ifl", model(n, true));
    assertThat(held.verdict()).as(CheckedModels.describe(held)).isEqualTo(Verdict.HOLDS);
  }
}

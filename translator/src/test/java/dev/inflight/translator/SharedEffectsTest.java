package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/** emit/SharedEffects: a new value several paths of a label give alike is written once, by name. */
class SharedEffectsTest {
  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void aValueBothArmsOfAnIfGiveIsNamedOnceAndUsedByBoth() {
    Emitted e = LoweringTest.emitSeparateAccepted("""
        model m
        struct s { n = 0 }
        var a = 0
        var b = 0
        thread th {
          p = alloc s
          atomic {
            if p.n > 1 { a = 1 } else { a = 2 }
            b = count({o in live(s) : o.n == 0})
          }
        }
        """);
    assertThat(e.tla()).contains("b_next == Cardinality({o \\in {o \\in Pool_s : s[o].st = \"live\"} : s[o].n = 0})");
    assertThat(count(e.tla(), "Cardinality(")).isEqualTo(1);
    assertThat(count(e.tla(), "b' = b_next")).isEqualTo(2);
    // short values stay where they are
    assertThat(e.tla()).contains("a' = 1", "a' = 2").doesNotContain("a_next");
  }

  @Test
  void aValueThatMentionsANameThePathsBindStaysInThePaths() {
    // both arms write the object allocated in the same step (its LET name, new_s): that value
    // cannot move above the LET that defines it (the thread's reset locals, which mention no
    // such name, do)
    Emitted e = LoweringTest.emitSeparateAccepted("""
        model m
        struct s { n = 0 }
        var a = 0
        var keep: s = null
        var keep2: s = null
        thread th {
          atomic {
            p = alloc s
            keep = p
            keep2 = p
            if a > 1 { a = 1 } else { a = 2 }
          }
        }
        """);
    assertThat(e.tla()).doesNotContain(" s_next ==").contains("th_locals_next == [th_locals EXCEPT ![self] = th_locals_init]");
    assertThat(count(e.tla(), "s' = [s EXCEPT ![new_s] = [st |-> \"live\", n |-> 0]]")).isEqualTo(2);
  }
}

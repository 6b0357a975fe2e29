package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/** emit/LocalReads: a label action's repeated reads of the thread's own locals are named once. */
class LocalReadsTest {
  @Test
  void aLocalReadTwiceInAnActionIsNamedAfterIt() {
    Emitted e = LoweringTest.emitAccepted("""
        model m
        struct s { n = 0 }
        var g = 0
        fn bump(p: s) {
          p.n = p.n + 1
        }
        thread th {
          q = alloc s
          bump(q)
        }
        """);
    // the parameter p of bump, read for the liveness test and the update's key: named p
    assertThat(e.tla()).contains("\\E p \\in {th_locals[self].bump.p} :", "s[p].st = \"live\"", "![p].n = @ + 1");
  }
}

package dev.inflight.translator;

import static dev.inflight.translator.LoweringTest.action;
import static dev.inflight.translator.LoweringTest.emitAccepted;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import org.junit.jupiter.api.Test;

/**
 * Paths that go on from a join after a branch are written together (emit/JoinedLeaves,
 * docs/semantics.md "One action per label", Joins): what they share once, what differs per path.
 */
class JoinedLeavesTest {
  private static final String BRANCH_THEN_TOUCH = """
      model m
      struct s { n = 0 }
      var g: s = null
      var k = 0
      var h = 0
      thread t {
        atomic {
          if k > 0 {
            k = 1
          } else {
            h = 2
          }
          g.n = 5
        }
      }
      """;

  @Test
  void aFaultAfterTheJoinIsWrittenOnceForBothArms() {
    Emitted e = LoweringTest.emitSeparateAccepted(BRANCH_THEN_TOUCH);
    String tla = e.tla();
    // joined after the join, and the null and freed paths of the dereference as one (emit/DerefFaults)
    assertThat(count(tla, "FaultDeref(\"use_after_free\", self, 13, g, s)")).isEqualTo(1);
    assertThat(tla).doesNotContain("Fault(\"null_deref\", self, 13)");
    assertThat(tla).contains(String.join("\n",
        "       \\/ /\\ \\/ ok",
        "             \\/ ok2",
        "          /\\ FaultDeref(\"use_after_free\", self, 13, g, s)\n"));
    // each fault path keeps its own source-map entry (its statements), with the joined lines
    SourceMap.Action afterThen = action(e, "t_L8_null");
    SourceMap.Action afterElse = action(e, "t_L8_null2");
    assertThat(afterThen.statements()).extracting(SourceMap.Loc::line).containsExactly(8, 9, 13);
    assertThat(afterElse.statements()).extracting(SourceMap.Loc::line).containsExactly(8, 11, 13);
    assertThat(afterThen.tlaFirstLine()).isNotNull().isEqualTo(afterElse.tlaFirstLine());
    assertThat(afterThen.tlaLastLine()).isEqualTo(afterElse.tlaLastLine());
  }

  @Test
  void pathsThatDifferInAnEffectStayApart() {
    Emitted e = LoweringTest.emitSeparateAccepted(BRANCH_THEN_TOUCH);
    // the arms write k and h: each normal path is its own disjunct, with the write after the join
    assertThat(count(e.tla(), "s' = [s EXCEPT ![g].n = 5]")).isEqualTo(2);
    assertThat(action(e, "t_L8_1").tlaFirstLine()).isNotEqualTo(action(e, "t_L8_2").tlaFirstLine());
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}

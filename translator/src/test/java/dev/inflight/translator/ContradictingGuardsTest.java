package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import org.junit.jupiter.api.Test;

/**
 * A path whose guards contradict each other within one step is not emitted (Path#guard), and
 * the statements only such paths reach are listed as unreached for the vacuity warnings.
 */
class ContradictingGuardsTest {
  @Test
  void aBranchThatContradictsAnEarlierOneInTheSameStepIsPrunedAndItsStatementListed() {
    Emitted e = LoweringTest.emitSeparateAccepted("""
        model m
        struct s { dead = false }
        var g = 0
        thread t {
          x = alloc s
          atomic {
            if !x.dead {
              g = 1
            } else {
              if !x.dead {
                g = 2
              }
            }
          }
        }
        """);
    assertThat(e.tla()).contains("g' = 1").doesNotContain("g' = 2").doesNotContain("~~");
    SourceMap.Thread t = e.sourceMap().threads().stream().filter(x -> x.name().equals("t")).findFirst().orElseThrow();
    assertThat(t.unreached()).extracting(SourceMap.Loc::line).containsExactly(11);
  }

  @Test
  void negationsAreWrittenTheWayTlaDefinesThem() {
    // `!(a == b)` is `a # b`, and a repeated check adds no guard
    Emitted e = LoweringTest.emitAccepted("""
        model m
        var g = 0
        var h = 0
        thread t {
          atomic {
            if !(g == 1) {
              if !(g == 1) {
                h = 1
              }
            }
          }
        }
        """);
    assertThat(e.tla()).contains("g # 1").doesNotContain("~(g = 1)");
    assertThat(e.sourceMap().threads().get(0).unreached()).isEmpty();
  }
}

package dev.inflight.translator;

import static dev.inflight.translator.LoweringTest.action;
import static dev.inflight.translator.LoweringTest.emitAccepted;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/**
 * The arms of a branch inside one step written as one disjunct where that is shorter
 * (emit/MergedPaths, docs/semantics.md "One action per label", Branches joined).
 */
class BranchesJoinedTest {
  /** Two independent `if`s in one step: four paths, each writing a and b. */
  private static final String TWO_IFS = """
      model m
      var a = 0
      var b = 0
      var c = 0
      var d = 0
      thread t {
        atomic {
          if c > 0 { a = 1 } else { a = 2 }
          if d > 0 { b = 1 } else { b = 2 }
        }
      }
      """;

  @Test
  void independentBranchesGiveOneDisjunctWithAValuePerVariable() {
    Emitted e = emitAccepted(TWO_IFS);
    String tla = e.tla().replaceAll("\\s+", " ");
    // each condition bound once (its name is the namer's choice), each variable's value chosen by it
    assertThat(tla).containsPattern("\\\\E (br\\d*) \\\\in \\{c > 0\\} : /\\\\ a' = IF \\1 THEN 1 ELSE 2")
        .containsPattern("\\\\E (br\\d*) \\\\in \\{d > 0\\} : /\\\\ b' = IF \\1 THEN 1 ELSE 2");
    // the four paths keep their names and share the joined disjunct's lines
    assertThat(e.sourceMap().actions()).hasSize(4);
    Integer first = action(e, "t_L8_1").tlaFirstLine();
    assertThat(e.sourceMap().actions()).allMatch(a -> first.equals(a.tlaFirstLine()));
  }

  @Test
  void theSeparateFormHasAPathPerCombination() {
    Emitted e = LoweringTest.emitSeparateAccepted(TWO_IFS);
    String tla = e.tla();
    assertThat(tla).doesNotContain("IF br");
    assertThat(tla.split("b' = 1", -1)).hasSize(3); // in two of the four paths
  }

  @Test
  void anArmsOwnGuardIsTestedOnlyInThatArm() {
    // `await` in one arm: the joined action requires it only where the arm is taken
    Emitted e = emitAccepted("""
        model m
        var a = 0
        var c = 0
        var ready = false
        thread t {
          atomic {
            if c > 0 { await ready
                       a = 1 } else { a = 2 }
          }
        }
        """);
    String tla = e.tla().replaceAll("\\s+", " ");
    assertThat(tla).contains("IF br THEN ready ELSE TRUE").contains("a' = IF br THEN 1 ELSE 2");
  }

  @Test
  void aCountsTwoOutcomesAreJoinedAndTheSecondKeepsItsOwnTest() {
    // `put`: above 1 it decrements, at 1 it frees, below it faults. The first two guards are not
    // each other's negation but exclude each other (tla/Exclusive), so they are one disjunct and
    // the second arm still tests `= 1`; the fault keeps its own disjunct.
    Emitted e = emitAccepted("""
        model m
        struct obj {
          ref refcnt = 1
        }
        thread t {
          o = alloc obj
          put o.refcnt
        }
        """);
    String tla = e.tla().replaceAll("\\s+", " ");
    assertThat(tla).containsPattern("\\\\E (br\\d*) \\\\in \\{obj\\[o\\]\\.refcnt > 1\\} : "
            + "/\\\\ IF \\1 THEN TRUE ELSE obj\\[o\\]\\.refcnt = 1 /\\\\ "
            + "obj' = \\[obj EXCEPT !\\[o\\]\\.refcnt = IF \\1 THEN @ - 1 ELSE 0, !\\[o\\]\\.st = IF \\1 THEN @ ELSE \"freed\"\\]")
        .contains("obj[o].refcnt \\leq 0 /\\ FaultOn(\"refcount_underflow\"");
    assertThat(tla.split("obj\\[o\\]\\.refcnt = 1", -1)).hasSize(2);
  }
}

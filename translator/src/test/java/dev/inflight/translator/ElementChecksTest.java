package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A field read of a set's element inside a quantifier or comprehension in a step is checked for
 * liveness (docs/semantics.md, "Dereferences and faults"), once per set and state a step reads:
 * lower/ExprGen#element and lower/ElementChecks. Every module here is parsed by SANY.
 */
class ElementChecksTest {
  private static final String HEAD = """
      model m
      struct obj { v = 0  peer: obj = null }
      set s of obj
      var n = 0
      var hit = false
      """;

  /** The use-after-free fault paths of quantified reads: `CHOOSE …` objects of FaultOn. */
  private static int quantifiedUseAfterFree(Emitted e) {
    Matcher m = Pattern.compile("FaultOn\\(\"use_after_free\",\\s*self,\\s*\\d+,\\s*CHOOSE").matcher(e.tla());
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void anElementsFieldReadChecksThatTheElementIsLiveAndNamesTheFreedOne() {
    Emitted e = BoundVariablesTest.translate(HEAD + """
        thread t {
          if exists y in s : y.v == 1 {
            hit = true
          }
        }
        """);
    assertThat(e.tla()).contains("CHOOSE y \\in s : obj[y].st # \"live\"");
    assertThat(quantifiedUseAfterFree(e)).isEqualTo(1);
  }

  @Test
  void aPointerReadThroughAnElementIsCheckedForNullThenForLiveness() {
    Emitted e = BoundVariablesTest.translate(HEAD + """
        thread t {
          if exists y in s : y.peer.v == 1 {
            hit = true
          }
        }
        """);
    // the element itself, then its peer (null: a null dereference; not live: a use-after-free)
    assertThat(e.tla()).contains("\\E y \\in s : obj[y].peer = NULL",
        "obj[y].peer # NULL /\\ obj[obj[y].peer].st # \"live\"", "obj[y].peer = freed");
    assertThat(quantifiedUseAfterFree(e)).isEqualTo(2);
  }

  @Test
  void elementsOfLiveAreNotChecked() {
    Emitted e = BoundVariablesTest.translate(HEAD + """
        thread t {
          n = count({y in live(obj) : y.v == 1}) + count({z in {x in live(obj) : x.v > 0} : z.v == 2})
        }
        """);
    assertThat(quantifiedUseAfterFree(e)).isZero();
  }

  @Test
  void aSetWalkedTwiceOrNestedInOneStepIsCheckedOnce() {
    Emitted twice = BoundVariablesTest.translate(HEAD + """
        thread t {
          n = count({y in s : y.v == 1}) + count({z in s : z.v == 2 && z.peer == null})
        }
        """);
    assertThat(quantifiedUseAfterFree(twice)).isEqualTo(1);

    Emitted nested = BoundVariablesTest.translate(HEAD + """
        thread t {
          if forall y in s : count({z in s : z.v == y.v}) > 0 {
            hit = true
          }
        }
        """);
    assertThat(quantifiedUseAfterFree(nested)).isEqualTo(1);
  }

  @Test
  void aSubsetOfACheckedSetIsNotCheckedAgainButASetReadAfterAFreeIs() {
    String walk = """
        thread t {
          a = pick(s)
          if a != null {
            atomic {
              n = count({y in s : y.v == 1})
              remove(s, a)
              %s
              n = n + count({z in s : z.v == 2})
            }
          }
        }
        """;
    Emitted subset = BoundVariablesTest.translate(HEAD + walk.formatted(""));
    assertThat(quantifiedUseAfterFree(subset)).isEqualTo(1);

    Emitted freed = BoundVariablesTest.translate(HEAD + walk.formatted("free a"));
    assertThat(quantifiedUseAfterFree(freed)).isEqualTo(2);
  }

  @Test
  void aClosuresStepIsCheckedForEachElementItReachesOnceNamed() {
    Emitted e = BoundVariablesTest.translate(HEAD + """
        thread t {
          n = count(closure(s, x : {y in live(obj) : y.peer == x && x.v > 0}))
        }
        """);
    // the closure is a definition of the step, read by its value and by its check
    assertThat(e.tla()).contains("~\\E x \\in reach_now :", "obj[y].peer = x /\\ obj[x].st # \"live\" /\\ x = freed",
        "n' = Cardinality(reach_now)");
    assertThat(quantifiedUseAfterFree(e)).isEqualTo(1);
  }

  @Test
  void aClosureWhoseElementsAreAllInASetFoundLiveIsNotCheckedAgain() {
    Emitted e = BoundVariablesTest.translate(HEAD + """
        thread t {
          atomic {
            n = count({y in s : y.v == 1})
            n = n + count(closure({z in s : z.v > 0}, x : {w in s : x.peer == w}))
          }
        }
        """);
    // the roots and every set the step draws from are within s, whose elements the step found live
    assertThat(quantifiedUseAfterFree(e)).isEqualTo(1);
  }

  @Test
  void aClosureInsideAQuantifierIsAFunctionOfItsVariable() {
    Emitted e = BoundVariablesTest.translate(HEAD + """
        thread t {
          if exists a in live(obj) : count(closure({a}, x : {w in s : x.v == 0})) > 1 {
            hit = true
          }
        }
        """);
    assertThat(e.tla()).contains("reach_now ==", "[a \\in {o \\in Pool_obj : obj[o].st = \"live\"} |->",
        "\\E x \\in reach_now[a] :");
    assertThat(e.tla()).doesNotContain("{NULL}"); // {a} holds no null: a set's element is never null
    assertThat(quantifiedUseAfterFree(e)).isEqualTo(1);
  }
}

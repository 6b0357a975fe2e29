package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The DSL statements listed above each label action (emit/ThreadActions#labelComments): each
 * statement once, a line holding two statements once, and a list an earlier action already gave
 * named by that action.
 */
class LabelListingTest {
  private static final String MODEL = """
      model m
      var g = 0
      var h = 0
      fn bump() {
        x = 1
        x = x + 2
        g = x
      }
      thread t {
        bump()
        h = 0
        bump()
      }
      thread u {
        bump()
      }
      """;

  @Test
  void statementsAnEarlierLabelListedAreNamedByItsAction() {
    String tla = LoweringTest.emitAccepted(MODEL).tla();
    // bump()'s one step (its locals run with its shared write), listed with the first action
    // that runs it; thread u runs the same statements at its first label
    assertThat(tla).contains("""
        \\* a t thread at L5: one path
        \\* t.ifl:5: x = 1
        \\*   6: x = x + 2
        \\*   7: g = x
        t_at_L5(self) ==""");
    assertThat(tla).contains("""
        \\* a u thread at L5: one path
        \\* the statements listed above t_at_L5
        u_at_L5(self) ==""");
    // the second call's step starts at `h = 0` and so runs other statements: listed whole
    assertThat(tla).contains("""
        \\* a t thread at L11: one path
        \\* t.ifl:11: h = 0
        \\*   5: x = 1
        \\*   6: x = x + 2
        t_at_L11(self) ==""");
    assertThat(tla.split("the statements listed above ", -1)).hasSize(2);
  }

  @Test
  void aLineIsQuotedOnceAndItsCommentNotPadded() {
    String tla = LoweringTest.emitAccepted("""
        model m
        var g = 0
        var h = 0
        thread t {
          i = 1
          if i == 1 { g = g + i }          // both statements of this line run in one step
          h = 1
        }
        """).tla();
    assertThat(tla).contains("""
        \\* t.ifl:5: i = 1
        \\*   6: if i == 1 { g = g + i }  // both statements of this line run in one step
        t_at_L5(self) ==""");
  }
}

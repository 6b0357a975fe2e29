package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** On exit 4 the message carries TLC's own words, not only "internal error". */
class FailureMessageTest {
  @Test
  void tlcsWordsWithoutItsBoilerplate() {
    String tlc = """
        TLC threw an unexpected exception.
        This was probably caused by an error in the spec or model.
        See the User Output or TLC Console for clues to what happened.
        The exception was a java.lang.RuntimeException
        : Attempted to compute the value of an expression of form
        CHOOSE x \\in S: P, but no element of S satisfied P.
        line 197, col 22 to line 197, col 58 of module pickfor2
        """;
    assertThat(ModelChecker.tlcWords(tlc)).isEqualTo("Attempted to compute the value of an expression of form CHOOSE x \\in S: P,"
        + " but no element of S satisfied P. line 197, col 22 to line 197, col 58 of module pickfor2");
  }
}

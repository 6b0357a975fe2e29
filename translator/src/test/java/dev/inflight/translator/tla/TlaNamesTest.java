package dev.inflight.translator.tla;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** TlaNames#isIdentifier, a loop, says what its regular expression (TlaNames#IDENTIFIER) says. */
class TlaNamesTest {

  @Property(tries = 2000)
  void isIdentifierAgreesWithTheIdentifierSyntax(
      @ForAll @StringLength(max = 6) @CharRange(from = '/', to = '<') @CharRange(from = '@', to = '[') @CharRange(from = '_', to = '{')
      @Chars({' ', '!', '\u00e9', '\u0130'}) String s) {
    assertThat(TlaNames.isIdentifier(s)).as("'" + s + "'").isEqualTo(TlaNames.IDENTIFIER.matcher(s).matches());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "x|true", "_x|true", "x_1|true", "1x|true", "L366b|true", "Z|true", "z|true",
      "_|false", "123|false", "__1|false", "x!y|false", "a b|false", "x-1|false", "''|false",
      "@x|false", "x[|false", "x`|false", "x{|false", "\u00e9t\u00e9|false"})
  void isIdentifierOnTheEdges(String s, boolean identifier) {
    assertThat(TlaNames.isIdentifier(s)).as("'" + s + "'").isEqualTo(identifier);
    assertThat(TlaNames.IDENTIFIER.matcher(s).matches()).as("the pattern on '" + s + "'").isEqualTo(identifier);
  }

  @org.junit.jupiter.api.Test
  void nullIsNoIdentifier() {
    assertThat(TlaNames.isIdentifier(null)).isFalse();
  }
}

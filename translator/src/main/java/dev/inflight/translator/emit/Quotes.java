package dev.inflight.translator.emit;

import dev.inflight.translator.diag.Span;
import java.util.regex.Pattern;

/** How the module quotes the model in its comments: a DSL line with its place, in ASCII. */
final class Quotes {
  private static final Pattern TRAILING_COMMENT_GAP = Pattern.compile("\\s{3,}//");

  private Quotes() {}

  /** `file:line: text` of the DSL line holding {@code s}. */
  static String comment(Span s) {
    return ascii(s.file().path() + ":" + s.line() + ": " + lineText(s));
  }

  /** A DSL statement's line and text without its file, for a listing that named the file just before. */
  static String commentLine(Span s) {
    return ascii("  " + s.line() + ": " + lineText(s));
  }

  /**
   * The source line of {@code s} as a comment quotes it: stripped, and the spaces that align a
   * trailing `//` comment in the source (which no longer align once quoted) cut to two.
   */
  static String lineText(Span s) {
    return TRAILING_COMMENT_GAP.matcher(s.file().line(s.line()).strip()).replaceFirst("  //");
  }

  /** TLA+ tools read ASCII: anything else in a comment becomes `?`. */
  static String ascii(String text) {
    StringBuilder b = new StringBuilder();
    text.codePoints().forEach(c -> b.append(c >= 32 && c < 127 ? (char) c : '?'));
    return b.toString();
  }
}

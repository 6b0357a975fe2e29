package dev.inflight.translator.diag;

/**
 * Makes text from a model safe to print: a file may hold escape sequences, bidirectional
 * controls or 20,000-character names, and a diagnostic quoting them must neither drive the
 * terminal nor flood the log.
 */
public final class Text {
  /** Longest quoted name (between backticks) a message keeps whole. */
  static final int MAX_QUOTED = 64;
  /** Widest source line a snippet shows; longer lines show a window around the caret. */
  static final int MAX_LINE = 120;

  private Text() {}

  /** Whether a character would act on the terminal or reorder text instead of showing. */
  static boolean isControl(int c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
        || c == 0x200e || c == 0x200f || c == 0x061c || c == 0xfeff;
  }

  /** How a control character is shown: `\x1b`, `\u202e`; other characters are themselves. */
  static String show(int c) {
    if (!isControl(c)) {
      return new String(Character.toChars(c));
    }
    if (c == '\t') {
      return " ";
    }
    return c <= 0xff ? String.format("\\x%02x", c) : String.format("\\u%04x", c);
  }

  /** Control characters escaped, and every `quoted` part longer than {@link #MAX_QUOTED} shortened. */
  public static String clean(String s) {
    if (s == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(Math.min(s.length(), 4096));
    int quoteStart = -1;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      if (c == '`') {
        if (quoteStart < 0) {
          quoteStart = b.length() + 1;
        } else {
          shorten(b, quoteStart);
          quoteStart = -1;
        }
      }
      b.append(show(c));
    }
    return b.toString();
  }

  /** Shortens the quoted text that starts at {@code from} and runs to the end of {@code b}. */
  private static void shorten(StringBuilder b, int from) {
    int len = b.length() - from;
    if (len > MAX_QUOTED) {
      String head = b.substring(from, from + MAX_QUOTED - 16);
      String tail = b.substring(b.length() - 8);
      b.setLength(from);
      b.append(head).append("…").append(tail);
    }
  }

  /** A source line prepared for a snippet: what to print and where the marker goes (0-based display columns). */
  public record Shown(String text, int markFrom, int markTo) {}

  /**
   * The line with control characters escaped and, when it is wider than {@link #MAX_LINE}, cut to
   * a window around columns [from, to) (1-based, end exclusive) with `…` at the cut ends.
   */
  public static Shown line(String line, int from, int to) {
    StringBuilder out = new StringBuilder();
    int[] at = new int[line.length() + 2]; // display column of each char offset
    for (int i = 0; i < line.length(); i++) {
      at[i] = out.length();
      char c = line.charAt(i);
      out.append(Character.isSurrogate(c) ? String.valueOf(c) : c == '\t' ? "\t" : show(c));
    }
    at[line.length()] = out.length();
    at[line.length() + 1] = out.length() + 1;
    int f = at[Math.max(0, Math.min(line.length() + 1, from - 1))];
    int t = Math.max(f + 1, at[Math.max(0, Math.min(line.length() + 1, to - 1))]);
    String text = out.toString();
    if (text.length() <= MAX_LINE) {
      return new Shown(text, f, t);
    }
    int width = Math.min(t - f, MAX_LINE - 20);
    int start = Math.max(0, Math.min(f - 20, text.length() - (MAX_LINE - 2)));
    int end = Math.min(text.length(), Math.max(start + MAX_LINE - 2, f + width + 1));
    String cut = (start > 0 ? "…" : "") + text.substring(start, end) + (end < text.length() ? "…" : "");
    int shift = start > 0 ? 1 - start : 0;
    return new Shown(cut, f + shift, Math.min(f + shift + width, cut.length() + 1));
  }
}

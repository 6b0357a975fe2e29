package dev.inflight.translator.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * A source text with its display path and a line index. Identity equality: two reads of the
 * same file are two sources.
 */
public final class SourceFile {
  private final String path;
  private final String text;
  private final int[] lineStarts;

  public SourceFile(String path, String text) {
    this.path = path;
    this.text = text;
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts.add(i + 1);
      }
    }
    this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The path as the user gave it (or the library path for included files). */
  public String path() {
    return path;
  }

  public String text() {
    return text;
  }

  public int lineCount() {
    return lineStarts.length;
  }

  /** 1-based line of a 0-based char offset. */
  public int lineOf(int offset) {
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo + 1;
  }

  /** 1-based column of a 0-based char offset (columns count UTF-16 chars, tabs as one). */
  public int columnOf(int offset) {
    return offset - lineStarts[lineOf(offset) - 1] + 1;
  }

  /** The text of a 1-based line without its line terminator. */
  public String line(int line) {
    if (line < 1 || line > lineStarts.length) {
      return "";
    }
    int start = lineStarts[line - 1];
    int end = line < lineStarts.length ? lineStarts[line] - 1 : text.length();
    if (end > start && end <= text.length() && end > 0 && text.charAt(end - 1) == '\r') {
      end--;
    }
    return text.substring(start, Math.max(start, end));
  }

  /** A span covering the offsets [start, end). */
  public Span span(int start, int end) {
    int s = Math.max(0, Math.min(start, text.length()));
    int e = Math.max(s, Math.min(end, text.length()));
    int endPos = e > s ? e - 1 : e;
    return new Span(this, s, e, lineOf(s), columnOf(s), lineOf(endPos), columnOf(endPos) + (e > s ? 1 : 0));
  }

  @Override
  public String toString() {
    return path;
  }
}

package dev.inflight.translator.diag;

/**
 * A region of a source file: offsets [start, end) and 1-based line/column of its first
 * character and of the position just after its last character.
 */
public record Span(SourceFile file, int start, int end, int line, int col, int endLine, int endCol) {

  /** The smallest span covering both. */
  public Span to(Span other) {
    if (other == null || other.file != file) {
      return this;
    }
    return file.span(Math.min(start, other.start), Math.max(end, other.end));
  }

  /** `path:line:col`, the form editors and terminals turn into links. */
  public String location() {
    return file.path() + ":" + line + ":" + col;
  }

  /** The source text the span covers. */
  public String text() {
    return file.text().substring(start, end);
  }

  @Override
  public String toString() {
    return location();
  }
}

package dev.inflight.translator.diag;

import java.util.List;

/**
 * One message about the input. {@code span} is null only for problems that have no place in a
 * file (a missing file, a bad command-line override).
 */
public record Diagnostic(
    Severity severity, Code code, String message, Span span, String help, List<Note> notes) {

  /** A secondary place, e.g. "first declared here". */
  public record Note(Span span, String message) {
    public Note {
      message = Text.clean(message);
    }
  }

  /** Messages quote the model: control characters are escaped and long names shortened (see {@link Text}). */
  public Diagnostic {
    message = Text.clean(message);
    help = Text.clean(help);
    notes = List.copyOf(notes);
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  public Diagnostic withNote(Span where, String text) {
    var more = new java.util.ArrayList<>(notes);
    more.add(new Note(where, text));
    return new Diagnostic(severity, code, message, span, help, more);
  }
}

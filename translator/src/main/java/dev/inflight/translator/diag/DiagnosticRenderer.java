package dev.inflight.translator.diag;

import java.util.List;

/**
 * Renders diagnostics rustc-style:
 *
 * <pre>
 * error[E0200]: unknown name `skk`
 *   --> examples/x.ifl:12:9
 *    |
 * 12 |   touch skk
 *    |         ^^^
 *    = help: did you mean `sk`?
 * </pre>
 */
public final class DiagnosticRenderer {

  private DiagnosticRenderer() {}

  public static String render(Diagnostic d) {
    StringBuilder out = new StringBuilder();
    out.append(d.severity().label()).append('[').append(d.code().id()).append("]: ").append(d.message()).append('\n');
    Span s = d.span();
    int gutter = 1;
    if (s != null) {
      gutter = Math.max(gutter, String.valueOf(s.line()).length());
      for (Diagnostic.Note n : d.notes()) {
        if (n.span() != null) {
          gutter = Math.max(gutter, String.valueOf(n.span().line()).length());
        }
      }
    }
    String pad = " ".repeat(gutter);
    if (s != null) {
      out.append(pad).append("--> ").append(Text.clean(s.location())).append('\n');
      snippet(out, s, pad, gutter, '^', null);
    }
    for (Diagnostic.Note n : d.notes()) {
      if (n.span() != null) {
        out.append(pad).append("::: ").append(Text.clean(n.span().location())).append('\n');
        snippet(out, n.span(), pad, gutter, '-', n.message());
      } else {
        out.append(pad).append(" = note: ").append(n.message()).append('\n');
      }
    }
    if (d.help() != null) {
      out.append(pad).append(" = help: ").append(d.help()).append('\n');
    }
    return out.toString();
  }

  public static String renderAll(List<Diagnostic> diagnostics) {
    StringBuilder out = new StringBuilder();
    for (Diagnostic d : diagnostics) {
      out.append(render(d)).append('\n');
    }
    return out.toString();
  }

  private static void snippet(StringBuilder out, Span s, String pad, int gutter, char mark, String label) {
    String raw = s.file().line(s.line());
    int startCol = Math.max(1, s.col());
    int endCol = s.endLine() == s.line() ? Math.max(startCol + 1, s.endCol()) : raw.length() + 1;
    Text.Shown line = Text.line(raw, startCol, endCol);
    out.append(pad).append(" |\n");
    out.append(String.format("%" + gutter + "d", s.line())).append(" | ").append(line.text()).append('\n');
    StringBuilder under = new StringBuilder();
    for (int i = 0; i < line.markFrom() && i < line.text().length(); i++) {
      under.append(line.text().charAt(i) == '\t' ? '\t' : ' ');
    }
    for (int i = line.markFrom(); i < Math.max(line.markTo(), line.markFrom() + 1); i++) {
      under.append(mark);
    }
    out.append(pad).append(" | ").append(under);
    if (label != null) {
      out.append(' ').append(label);
    }
    out.append('\n');
  }
}

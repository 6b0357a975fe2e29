package dev.inflight.driver.report;

import static dev.inflight.driver.report.TraceChart.h;

import dev.inflight.driver.report.TraceChart.Cell;
import dev.inflight.driver.report.TraceChart.Life;
import dev.inflight.driver.report.TraceChart.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link TraceChart} as SVG (laid out here, in a monospace font, so no Graphviz is needed
 * and the width is known) or as Graphviz DOT with the same wrapped cells. Every cell wraps at a
 * few dozen characters, so a chart is as wide as its columns need and the title sits at the left
 * edge, where a viewer opens it.
 */
final class TraceSvg {
  /** Characters per line in a lane, an object cell, and the "other" columns. */
  static final int WRAP = 24;
  static final int WRAP_OBJECT = 18;
  static final int WRAP_OTHER = 36;
  private static final double CHAR = 6.8; // DejaVu Sans Mono, Menlo at 11 px: 6.6-6.7; a margin
  private static final int LINE = 14;
  private static final int PAD = 4;
  private static final int MARGIN = 8;

  private TraceSvg() {}

  /** A cell laid out: its lines and background. */
  private record Box(List<String> lines, String fill, boolean bold) {}

  /** The chart as a grid of boxes: header row, one row per step, the verdict row (one box). */
  private static List<List<Box>> grid(TraceChart c) {
    List<List<Box>> grid = new ArrayList<>();
    List<Box> head = new ArrayList<>();
    head.add(new Box(List.of("step"), "#dddddd", true));
    int lanes = c.lanes.size();
    int objects = c.objects.size();
    List<String> titles = c.header();
    for (int i = 0; i < titles.size(); i++) {
      head.add(new Box(wrap(titles.get(i), i >= lanes + objects ? WRAP_OTHER : i >= lanes ? WRAP_OBJECT : WRAP), "#dddddd", true));
    }
    grid.add(head);
    for (Row r : c.rows()) {
      String rowFill = r.fault() != null ? "#ffb3b3" : null;
      List<Box> row = new ArrayList<>();
      row.add(new Box(List.of((r.loopStart() ? "⟲ " : "") + r.index()), rowFill, false));
      for (String l : c.lanes) {
        if (l.equals(r.thread())) {
          List<String> lines = new ArrayList<>(wrap(r.code(), WRAP));
          if (!r.where().isEmpty()) {
            lines.addAll(wrap(r.where(), WRAP));
          }
          if (r.inner() != null) {
            lines.addAll(wrap("→ " + r.inner(), WRAP));
          }
          if (r.fault() != null) {
            lines.add("⚠ " + r.fault().replace('_', ' '));
          }
          row.add(new Box(lines, rowFill != null ? rowFill : "#eef3ff", r.fault() != null));
        } else if (r.thread() == null && r.index() == 1 && l.equals(c.lanes.get(0))) {
          row.add(new Box(List.of("initial state"), rowFill, false));
        } else {
          row.add(new Box(List.of(), rowFill, false));
        }
      }
      for (String o : c.objects) {
        Cell cell = r.objects().get(o);
        String fill = rowFill != null && !cell.text().isEmpty() ? rowFill : color(cell.life());
        row.add(new Box(wrap(cell.text(), WRAP_OBJECT), fill, cell.life() == Life.FREE));
      }
      if (c.hasOtherObjects) {
        row.add(new Box(wrapAll(r.otherObjects(), WRAP_OTHER), rowFill, false));
      }
      row.add(new Box(wrapAll(r.other(), WRAP_OTHER), rowFill, false));
      grid.add(row);
    }
    return grid;
  }

  static String svg(TraceChart c) {
    List<List<Box>> grid = grid(c);
    int cols = grid.get(0).size();
    double[] w = new double[cols];
    for (List<Box> row : grid) {
      for (int i = 0; i < cols; i++) {
        int chars = row.get(i).lines().stream().mapToInt(String::length).max().orElse(0);
        w[i] = Math.max(w[i], Math.max(3, chars) * CHAR + 2 * PAD);
      }
    }
    double tableWidth = 0;
    for (double x : w) {
      tableWidth += x;
    }
    int textChars = (int) Math.max(60, (tableWidth - 2 * PAD) / CHAR);
    List<String> titleLines = wrap(c.title, textChars);
    List<String> summaryLines = wrap(c.summary, textChars);
    List<String> verdictLines = wrap("⚠ " + c.verdictLine + ": " + c.summary, textChars);
    StringBuilder body = new StringBuilder();
    double y = MARGIN;
    for (String t : titleLines) {
      y += LINE + 2;
      body.append(text(MARGIN, y, t, "font-size=\"13\" font-weight=\"bold\""));
    }
    for (String t : summaryLines) {
      y += LINE;
      body.append(text(MARGIN, y, t, ""));
    }
    y += PAD * 2;
    for (List<Box> row : grid) {
      int lines = row.stream().mapToInt(b -> b.lines().size()).max().orElse(1);
      double hgt = Math.max(1, lines) * LINE + 2 * PAD;
      double x = MARGIN;
      for (int i = 0; i < cols; i++) {
        Box b = row.get(i);
        body.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#999\"/>%n",
            x, y, w[i], hgt, b.fill() == null ? "#ffffff" : b.fill()));
        double ty = y + PAD;
        for (String t : b.lines()) {
          ty += LINE;
          body.append(text(x + PAD, ty - 3, t, b.bold() ? "font-weight=\"bold\"" : ""));
        }
        x += w[i];
      }
      y += hgt;
    }
    double vh = verdictLines.size() * LINE + 2 * PAD;
    body.append(String.format(Locale.ROOT, "<rect class=\"violation\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#ffdede\" stroke=\"#999\"/>%n",
        (double) MARGIN, y, tableWidth, vh));
    double ty = y + PAD;
    for (String t : verdictLines) {
      ty += LINE;
      body.append(text(MARGIN + PAD, ty - 3, t, "font-weight=\"bold\""));
    }
    y += vh + PAD;
    for (String n : c.notes) {
      for (String t : wrap("• " + n, textChars)) {
        y += LINE;
        body.append(text(MARGIN, y, t, ""));
      }
    }
    double width = Math.ceil(tableWidth + 2 * MARGIN);
    double height = Math.ceil(y + MARGIN);
    return String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n"
        + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
        + "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"11\">%n<title>%s</title>%n", width, height, width, height,
        h(c.title)) + body + "</svg>\n";
  }

  private static String text(double x, double y, String t, String attrs) {
    return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" xml:space=\"preserve\"%s>%s</text>%n", x, y,
        attrs.isEmpty() ? "" : " " + attrs, h(t));
  }

  static String dot(TraceChart c) {
    List<List<Box>> grid = grid(c);
    StringBuilder b = new StringBuilder();
    b.append("// Counterexample of ").append(c.title.replace("\n", " ")).append(" drawn by `inflight trace`.\n");
    b.append("// Render: dot -Tsvg this.dot -o trace.svg\n");
    b.append("digraph trace {\n");
    b.append("  graph [fontname=\"Helvetica\", labelloc=t, labeljust=l, label=<").append(h(c.title)).append("<BR ALIGN=\"LEFT\"/>")
        .append("<FONT POINT-SIZE=\"10\">").append(String.join("<BR ALIGN=\"LEFT\"/>", wrap(c.summary, 100).stream().map(TraceChart::h).toList()))
        .append("</FONT><BR ALIGN=\"LEFT\"/>>];\n");
    b.append("  node [shape=plaintext, fontname=\"Helvetica\", fontsize=10];\n");
    b.append("  chart [label=<\n<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">\n");
    for (List<Box> row : grid) {
      b.append("<TR>");
      for (Box x : row) {
        String body = String.join("<BR ALIGN=\"LEFT\"/>", x.lines().stream().map(TraceChart::h).toList());
        if (x.bold() && !body.isEmpty()) {
          body = "<B>" + body + "</B>";
        }
        b.append("<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"").append(x.fill() == null ? "" : " BGCOLOR=\"" + x.fill() + "\"").append(">")
            .append(body).append("</TD>");
      }
      b.append("</TR>\n");
    }
    b.append("<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" BGCOLOR=\"#ffdede\" COLSPAN=\"").append(grid.get(0).size()).append("\"><B>")
        .append(String.join("<BR ALIGN=\"LEFT\"/>", wrap("⚠ " + c.verdictLine + ": " + c.summary, 120).stream().map(TraceChart::h).toList()))
        .append("</B></TD></TR>\n");
    b.append("</TABLE>>];\n");
    if (!c.notes.isEmpty()) {
      b.append("  notes [label=<").append(String.join("<BR ALIGN=\"LEFT\"/>", c.notes.stream().map(TraceChart::h).toList()))
          .append("<BR ALIGN=\"LEFT\"/>>];\n");
      b.append("  chart -> notes [style=invis];\n");
    }
    b.append("}\n");
    return b.toString();
  }

  private static String color(Life l) {
    return switch (l) {
      case ALLOC, LIVE -> "#c8f0c8";
      case FREE -> "#f4c27a";
      case FREED -> "#e0e0e0";
      case NONE -> null;
    };
  }

  private static List<String> wrapAll(List<String> parts, int width) {
    List<String> out = new ArrayList<>();
    parts.forEach(p -> out.addAll(wrap(p, width)));
    return out;
  }

  /** Breaks text into lines of at most {@code width} characters, at spaces where it can. */
  static List<String> wrap(String text, int width) {
    List<String> out = new ArrayList<>();
    if (text == null || text.isEmpty()) {
      return out;
    }
    for (String para : text.split("\n")) {
      StringBuilder line = new StringBuilder();
      for (String word : para.split(" ")) {
        while (word.length() > width) {
          if (line.length() > 0) {
            out.add(line.toString());
            line.setLength(0);
          }
          out.add(word.substring(0, width));
          word = word.substring(width);
        }
        if (line.length() > 0 && line.length() + 1 + word.length() > width) {
          out.add(line.toString());
          line.setLength(0);
        }
        if (line.length() > 0) {
          line.append(' ');
        }
        line.append(word);
      }
      if (line.length() > 0) {
        out.add(line.toString());
      }
    }
    return out;
  }
}

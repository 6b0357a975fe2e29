package dev.inflight.driver.report;

import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.driver.trace.TraceMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A counterexample as a sequence chart: one row per step, one lane (column) per thread holding
 * the statement it ran, then one column per object whose cells form a bar from its allocation to
 * its free, carrying its field values (refcounts) where they change; the faulting step is
 * highlighted. Rendered as Graphviz DOT (an HTML-like table in one node, so {@code dot -Tsvg}
 * draws it) or as a self-contained HTML page.
 */
public final class TraceChart {
  private static final Pattern OBJECT = Pattern.compile("^([A-Za-z_]\\w*#\\d+)(?:\\.(\\w+))?$");
  private static final Pattern ALLOCATED = Pattern.compile("^([A-Za-z_]\\w*#\\d+) allocated(?: \\((.*)\\))?$");
  private static final Pattern FIELD_INIT = Pattern.compile("(\\w+)=([^,]+)");

  /** An object's cell in one row. */
  enum Life { NONE, ALLOC, LIVE, FREE, FREED }

  record Cell(Life life, String text) {}

  record Row(int index, String thread, String where, String code, String fault, Map<String, Cell> objects, List<String> other,
      boolean loopStart) {}

  private final String title;
  private final String summary;
  private final List<String> lanes;
  private final List<String> objects;
  private final List<Row> rows;
  private final List<String> notes;

  private TraceChart(String title, String summary, List<String> lanes, List<String> objects, List<Row> rows, List<String> notes) {
    this.title = title;
    this.summary = summary;
    this.lanes = lanes;
    this.objects = objects;
    this.rows = rows;
    this.notes = notes;
  }

  public List<String> lanes() {
    return lanes;
  }

  public List<String> objects() {
    return objects;
  }

  List<Row> rows() {
    return rows;
  }

  /** Lays out a trace; {@code title} names the model and the violated property. */
  public static TraceChart of(String title, DslTrace t) {
    Set<String> lanes = new LinkedHashSet<>();
    Set<String> objects = new LinkedHashSet<>();
    for (DslStep s : t.steps()) {
      if (s.thread() != null) {
        lanes.add(s.thread());
      }
      for (DslStep.Change c : s.changes()) {
        Matcher a = ALLOCATED.matcher(c.render());
        Matcher o = OBJECT.matcher(c.what() == null ? "" : c.what());
        if (a.matches()) {
          objects.add(a.group(1));
        } else if (o.matches()) {
          objects.add(o.group(1));
        }
      }
    }
    Map<String, Life> state = new LinkedHashMap<>();
    objects.forEach(o -> state.put(o, Life.NONE));
    List<Row> rows = new ArrayList<>();
    for (DslStep s : t.steps()) {
      Map<String, List<String>> objText = new LinkedHashMap<>();
      Map<String, Life> event = new LinkedHashMap<>();
      List<String> other = new ArrayList<>();
      for (DslStep.Change c : s.changes()) {
        String text = c.render();
        Matcher a = ALLOCATED.matcher(text);
        Matcher o = OBJECT.matcher(c.what() == null ? "" : c.what());
        if (a.matches()) {
          event.put(a.group(1), Life.ALLOC);
          List<String> init = new ArrayList<>();
          if (a.group(2) != null) {
            Matcher f = FIELD_INIT.matcher(a.group(2));
            while (f.find()) {
              init.add(f.group(1) + "=" + f.group(2).strip());
            }
          }
          objText.computeIfAbsent(a.group(1), k -> new ArrayList<>()).add("alloc" + (init.isEmpty() ? "" : " " + String.join(" ", init)));
        } else if (o.matches() && text.endsWith(" freed") && o.group(2) == null) {
          event.put(o.group(1), Life.FREE);
          objText.computeIfAbsent(o.group(1), k -> new ArrayList<>()).add("freed");
        } else if (o.matches() && o.group(2) != null) {
          objText.computeIfAbsent(o.group(1), k -> new ArrayList<>()).add(o.group(2) + " " + c.before() + "→" + c.after());
        } else {
          other.add(text);
        }
      }
      Map<String, Cell> cells = new LinkedHashMap<>();
      for (String obj : objects) {
        Life before = state.get(obj);
        Life now = event.getOrDefault(obj, before == Life.ALLOC || before == Life.LIVE ? Life.LIVE
            : before == Life.FREE || before == Life.FREED ? Life.FREED : Life.NONE);
        state.put(obj, now);
        List<String> txt = objText.getOrDefault(obj, List.of());
        cells.put(obj, new Cell(now, String.join(", ", txt)));
      }
      String where = s.loc() == null ? "" : TraceMapper.where(s.loc());
      String code = s.loc() == null ? (s.index() == 1 ? "initial state" : s.action() == null ? "" : s.action()) : TraceMapper.code(s.loc().text());
      rows.add(new Row(s.index(), s.thread(), where, code, s.fault(), cells, other, t.loopFrom() != null && t.loopFrom() == s.index()));
    }
    return new TraceChart(title, t.summary(), List.copyOf(lanes), List.copyOf(objects), rows, t.notes());
  }

  // ------------------------------------------------------------------ DOT

  /** Graphviz DOT: one plaintext node holding the chart as an HTML-like table. */
  public String dot() {
    StringBuilder b = new StringBuilder();
    b.append("// Counterexample of ").append(title.replace("\n", " ")).append(" drawn by `inflight trace`.\n");
    b.append("// Render: dot -Tsvg this.dot -o trace.svg\n");
    b.append("digraph trace {\n");
    b.append("  graph [fontname=\"Helvetica\", labelloc=t, label=<").append(h(title)).append("<BR/><FONT POINT-SIZE=\"10\">")
        .append(h(summary)).append("</FONT>>];\n");
    b.append("  node [shape=plaintext, fontname=\"Helvetica\", fontsize=10];\n");
    b.append("  chart [label=<\n<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">\n");
    b.append("<TR><TD BGCOLOR=\"#dddddd\"><B>step</B></TD>");
    for (String l : lanes) {
      b.append("<TD BGCOLOR=\"#dddddd\"><B>").append(h(l)).append("</B></TD>");
    }
    for (String o : objects) {
      b.append("<TD BGCOLOR=\"#dddddd\"><B>").append(h(o)).append("</B></TD>");
    }
    b.append("<TD BGCOLOR=\"#dddddd\"><B>other changes</B></TD></TR>\n");
    for (Row r : rows) {
      String rowColor = r.fault() != null ? "#ffb3b3" : null;
      b.append("<TR>");
      b.append(td(rowColor, (r.loopStart() ? "⟲ " : "") + r.index(), false));
      for (String l : lanes) {
        if (l.equals(r.thread())) {
          String text = r.code() + (r.where().isEmpty() ? "" : "\n" + r.where()) + (r.fault() != null ? "\n⚠ " + r.fault().replace('_', ' ') : "");
          b.append(td(rowColor != null ? rowColor : "#eef3ff", text, r.fault() != null));
        } else if (r.thread() == null && l.equals(lanes.isEmpty() ? null : lanes.get(0)) && r.index() == 1) {
          b.append(td(rowColor, "initial state", false));
        } else {
          b.append(td(rowColor, "", false));
        }
      }
      for (String o : objects) {
        Cell c = r.objects().get(o);
        b.append(td(rowColor != null && !c.text().isEmpty() ? rowColor : color(c.life()), c.text(), c.life() == Life.FREE));
      }
      b.append(td(rowColor, String.join("\n", r.other()), false));
      b.append("</TR>\n");
    }
    b.append("</TABLE>>];\n");
    if (!notes.isEmpty()) {
      b.append("  notes [label=<").append(h(String.join("\n", notes)).replace("\n", "<BR ALIGN=\"LEFT\"/>")).append("<BR ALIGN=\"LEFT\"/>>];\n");
      b.append("  chart -> notes [style=invis];\n");
    }
    b.append("}\n");
    return b.toString();
  }

  private static String td(String bg, String text, boolean bold) {
    String body = h(text).replace("\n", "<BR/>");
    if (bold && !body.isEmpty()) {
      body = "<B>" + body + "</B>";
    }
    return "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"" + (bg == null ? "" : " BGCOLOR=\"" + bg + "\"") + ">" + body + "</TD>";
  }

  private static String color(Life l) {
    return switch (l) {
      case ALLOC, LIVE -> "#c8f0c8";
      case FREE -> "#f4c27a";
      case FREED -> "#e0e0e0";
      case NONE -> null;
    };
  }

  // ------------------------------------------------------------------ HTML

  /** A self-contained HTML page (inline CSS, no scripts, nothing fetched). */
  public String html() {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").append(h(title)).append("</title>\n");
    b.append("""
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
        h1 { font-size: 1.2em; margin: 0 0 .2em; }
        p.summary { margin: 0 0 1em; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid #bbb; padding: 3px 8px; vertical-align: top; text-align: left; }
        th { background: #e8e8e8; position: sticky; top: 0; }
        td.step { text-align: right; color: #666; }
        td.lane.ran { background: #eef3ff; }
        td.lane code { white-space: pre; }
        td.lane .where { color: #777; font-size: .85em; display: block; }
        td.obj.alloc, td.obj.live { background: #c8f0c8; }
        td.obj.free { background: #f4c27a; font-weight: bold; }
        td.obj.freed { background: repeating-linear-gradient(45deg, #e6e6e6, #e6e6e6 4px, #f6f6f6 4px, #f6f6f6 8px); color: #777; }
        tr.fault td { background: #ffb3b3 !important; }
        tr.fault td.lane.ran { font-weight: bold; }
        tr.loop td.step::before { content: "\\27F2 "; }
        td.other { color: #444; font-size: .9em; }
        ul.notes { margin-top: 1em; }
        </style>
        </head>
        <body>
        """);
    b.append("<h1>").append(h(title)).append("</h1>\n<p class=\"summary\">").append(h(summary)).append("</p>\n");
    b.append("<table>\n<thead><tr><th>step</th>");
    for (String l : lanes) {
      b.append("<th class=\"lane\">").append(h(l)).append("</th>");
    }
    for (String o : objects) {
      b.append("<th class=\"obj\">").append(h(o)).append("</th>");
    }
    b.append("<th>other changes</th></tr></thead>\n<tbody>\n");
    for (Row r : rows) {
      List<String> cls = new ArrayList<>();
      if (r.fault() != null) {
        cls.add("fault");
      }
      if (r.loopStart()) {
        cls.add("loop");
      }
      b.append("<tr").append(cls.isEmpty() ? "" : " class=\"" + String.join(" ", cls) + "\"").append(">");
      b.append("<td class=\"step\">").append(r.index()).append("</td>");
      for (String l : lanes) {
        if (l.equals(r.thread())) {
          b.append("<td class=\"lane ran\"><code>").append(h(r.code())).append("</code>");
          if (!r.where().isEmpty()) {
            b.append("<span class=\"where\">").append(h(r.where())).append("</span>");
          }
          if (r.fault() != null) {
            b.append("<strong>⚠ ").append(h(r.fault().replace('_', ' '))).append("</strong>");
          }
          b.append("</td>");
        } else if (r.thread() == null && r.index() == 1 && l.equals(lanes.get(0))) {
          b.append("<td class=\"lane\"><em>initial state</em></td>");
        } else {
          b.append("<td class=\"lane\"></td>");
        }
      }
      for (String o : objects) {
        Cell c = r.objects().get(o);
        b.append("<td class=\"obj ").append(c.life().name().toLowerCase()).append("\">").append(h(c.text())).append("</td>");
      }
      b.append("<td class=\"other\">").append(h(String.join("; ", r.other()))).append("</td></tr>\n");
    }
    b.append("</tbody>\n</table>\n");
    if (!notes.isEmpty()) {
      b.append("<ul class=\"notes\">\n");
      notes.forEach(n -> b.append("<li>").append(h(n)).append("</li>\n"));
      b.append("</ul>\n");
    }
    b.append("<p><small>Drawn by inflight ").append(h(ToolInfo.version()))
        .append(". Lanes are threads; a green bar is an object's lifetime from alloc to free (orange), grey after it; "
            + "the red row is the faulting step.</small></p>\n</body>\n</html>\n");
    return b.toString();
  }

  /** HTML (and Graphviz HTML-label) escaping. */
  static String h(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}

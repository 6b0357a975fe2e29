package dev.inflight.driver.report;

import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslStep.Change.Kind;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A counterexample as a sequence chart: one row per step, one lane (column) per thread holding
 * the statement it ran, then one column per object whose cells form a bar from its allocation to
 * its free, carrying its field values (refcounts) where they change; the faulting step is
 * highlighted and a last row says which property is violated. Laid out once from the trace's
 * typed changes; rendered as HTML, SVG ({@link TraceSvg}) or Graphviz DOT.
 *
 * <p>Large traces stay readable: unless {@code expand}, a step inside a library function is shown
 * as the user's own line that called it (the library line below it), the library functions'
 * locals are left out (counted), at most {@link #MAX_OBJECT_COLUMNS} objects get a column (those
 * the summary names first, then those freed) and the rest share one, and long texts wrap.
 */
public final class TraceChart {
  /** Objects with a column of their own; the others share the "other objects" column. */
  static final int MAX_OBJECT_COLUMNS = 6;

  /** An object's cell in one row. */
  enum Life { NONE, ALLOC, LIVE, FREE, FREED }

  record Cell(Life life, String text) {}

  /**
   * One step. {@code code}/{@code where}: the statement shown (the user's call site for library
   * code, which then is {@code inner}); {@code other}: changes with no object column.
   */
  record Row(int index, String thread, String where, String code, String inner, String fault, Map<String, Cell> objects,
      List<String> otherObjects, List<String> other, boolean loopStart) {}

  final String title;
  final String summary;
  final String verdictLine;
  final List<String> lanes;
  final List<String> objects;
  final boolean hasOtherObjects;
  final List<Row> rows;
  final List<String> notes;

  private TraceChart(String title, String summary, String verdictLine, List<String> lanes, List<String> objects,
      boolean hasOtherObjects, List<Row> rows, List<String> notes) {
    this.title = title;
    this.summary = summary;
    this.verdictLine = verdictLine;
    this.lanes = lanes;
    this.objects = objects;
    this.hasOtherObjects = hasOtherObjects;
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

  /** Lays out a trace with library internals collapsed; {@code title} names the model and the violated property. */
  public static TraceChart of(String title, DslTrace t) {
    return of(title, t, false);
  }

  /** Lays out a trace; {@code expand} shows library steps and locals as they are. */
  public static TraceChart of(String title, DslTrace t, boolean expand) {
    Set<String> lanes = new LinkedHashSet<>();
    List<String> allObjects = new ArrayList<>();
    Set<String> freed = new LinkedHashSet<>();
    for (DslStep s : t.steps()) {
      if (s.thread() != null) {
        lanes.add(s.thread());
      }
      for (DslStep.Change c : s.changes()) {
        if (c.object() != null && !allObjects.contains(c.object())) {
          allObjects.add(c.object());
        }
        if (c.kind() == Kind.FREE) {
          freed.add(c.object());
        }
      }
    }
    List<String> columns = columns(allObjects, freed, t.summary());
    Map<String, Life> state = new LinkedHashMap<>();
    allObjects.forEach(o -> state.put(o, Life.NONE));
    List<Row> rows = new ArrayList<>();
    for (DslStep s : t.steps()) {
      rows.add(row(s, t, columns, state, expand));
    }
    String verdict = t.property() == null ? "counterexample"
        : ("bound".equals(t.property().kind()) ? "model bound exceeded" : "VIOLATED " + t.property().name());
    return new TraceChart(title, t.summary(), verdict, List.copyOf(lanes), columns, columns.size() < allObjects.size(), rows,
        t.notes());
  }

  /** The objects with a column: those the summary names, then those freed, then the first allocated. */
  private static List<String> columns(List<String> all, Set<String> freed, String summary) {
    List<String> ranked = new ArrayList<>();
    all.stream().filter(o -> summary != null && summary.matches(".*\\b" + java.util.regex.Pattern.quote(o) + "\\b.*")).forEach(ranked::add);
    all.stream().filter(o -> freed.contains(o) && !ranked.contains(o)).forEach(ranked::add);
    all.stream().filter(o -> !ranked.contains(o)).forEach(ranked::add);
    Set<String> keep = new LinkedHashSet<>(ranked.subList(0, Math.min(MAX_OBJECT_COLUMNS, ranked.size())));
    return all.stream().filter(keep::contains).toList(); // in order of appearance
  }

  private static Row row(DslStep s, DslTrace t, List<String> columns, Map<String, Life> state, boolean expand) {
    Map<String, List<String>> objText = new LinkedHashMap<>();
    Map<String, Life> event = new LinkedHashMap<>();
    List<String> other = new ArrayList<>();
    List<String> otherObjects = new ArrayList<>();
    boolean library = isLibrary(s.loc());
    int hidden = 0;
    int defaults = 0;
    for (DslStep.Change c : s.changes()) {
      switch (c.kind()) {
        case ALLOC -> {
          event.put(c.object(), Life.ALLOC);
          objectText(c.object(), "alloc" + (c.detail() == null || c.detail().isEmpty() ? "" : " " + c.detail().replace(", ", " ")),
              columns, objText, otherObjects);
        }
        case FREE -> {
          event.put(c.object(), Life.FREE);
          objectText(c.object(), "freed", columns, objText, otherObjects);
        }
        case FIELD -> objectText(c.object(), c.field() + " " + c.before() + "→" + c.after(), columns, objText, otherObjects);
        case LOCAL -> {
          if (library && !expand) {
            hidden++; // a library function's own variables: internals
          } else {
            other.add(c.render());
          }
        }
        case INITIAL -> {
          if (!expand && isDefault(c.after())) {
            defaults++;
          } else {
            other.add(c.render());
          }
        }
        default -> other.add(c.render());
      }
    }
    if (hidden > 0) {
      other.add("(" + hidden + " library local" + (hidden == 1 ? "" : "s") + ")");
    }
    if (defaults > 0) {
      other.add("(" + defaults + " more at 0, false, null or {})");
    }
    Map<String, Cell> cells = new LinkedHashMap<>();
    for (String obj : state.keySet()) {
      Life before = state.get(obj);
      Life now = event.getOrDefault(obj, before == Life.ALLOC || before == Life.LIVE ? Life.LIVE
          : before == Life.FREE || before == Life.FREED ? Life.FREED : Life.NONE);
      state.put(obj, now);
      if (columns.contains(obj)) {
        cells.put(obj, new Cell(now, String.join(", ", objText.getOrDefault(obj, List.of()))));
      }
    }
    SourceMap.Loc shown = s.loc();
    String inner = null;
    if (library && !expand && !s.calledFrom().isEmpty()) {
      shown = s.calledFrom().get(0); // the user's own line that led into the library
      inner = where(s.loc()) + ": " + TraceMapper.code(s.loc().text());
    }
    String where = shown == null ? "" : where(shown);
    String code = shown == null ? (s.index() == 1 ? "initial state" : s.action() == null ? "" : s.action()) : TraceMapper.code(shown.text());
    if (s.note() != null) {
      inner = inner == null ? s.note() : s.note() + "; " + inner;
    }
    return new Row(s.index(), s.thread(), where, code, inner, s.fault(), cells, otherObjects, other,
        t.loopFrom() != null && t.loopFrom() == s.index());
  }

  private static void objectText(String obj, String text, List<String> columns, Map<String, List<String>> objText, List<String> otherObjects) {
    if (columns.contains(obj)) {
      objText.computeIfAbsent(obj, k -> new ArrayList<>()).add(text);
    } else {
      otherObjects.add(obj + " " + text);
    }
  }

  /** `garbage.ifl:48`: the file's name is enough in a chart (the text report has the paths). */
  private static String where(SourceMap.Loc l) {
    String f = l.file() == null ? "" : l.file().substring(l.file().lastIndexOf('/') + 1);
    return f + ":" + l.line();
  }

  private static boolean isDefault(String v) {
    return v == null || v.equals("0") || v.equals("false") || v.equals("null") || v.equals("{}") || v.equals("[]");
  }

  /** Library models are shown as `specs/…` (docs/kernel-library.md). */
  static boolean isLibrary(SourceMap.Loc l) {
    return l != null && l.file() != null && l.file().startsWith("specs/");
  }

  /** The header row's cells after "step": lanes, object columns, and the shared columns. */
  List<String> header() {
    List<String> h = new ArrayList<>(lanes);
    h.addAll(objects);
    if (hasOtherObjects) {
      h.add("other objects");
    }
    h.add("other changes");
    return h;
  }

  // ------------------------------------------------------------------ HTML

  /** A self-contained HTML page (inline CSS, no scripts, nothing fetched) that fits the window's width. */
  public String html() {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").append(h(title)).append("</title>\n");
    b.append("""
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
        h1 { font-size: 1.2em; margin: 0 0 .2em; }
        p.summary { margin: 0 0 1em; }
        table { border-collapse: collapse; width: 100%; table-layout: fixed; }
        th, td { border: 1px solid #bbb; padding: 3px 6px; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
        th { background: #e8e8e8; position: sticky; top: 0; }
        th.step, td.step { width: 3.5em; }
        td.step { text-align: right; color: #666; }
        td.lane.ran { background: #eef3ff; }
        td.lane code { white-space: pre-wrap; }
        td.lane .where, td.lane .inner { color: #777; font-size: .85em; display: block; }
        td.obj.alloc, td.obj.live { background: #c8f0c8; }
        td.obj.free { background: #f4c27a; font-weight: bold; }
        td.obj.freed { background: repeating-linear-gradient(45deg, #e6e6e6, #e6e6e6 4px, #f6f6f6 4px, #f6f6f6 8px); color: #777; }
        tr.fault td { background: #ffb3b3 !important; }
        tr.fault td.lane.ran { font-weight: bold; }
        tr.loop td.step::before { content: "\\27F2 "; }
        tr.violation td { background: #ffdede; font-weight: bold; }
        td.other { color: #444; font-size: .9em; }
        ul.notes { margin-top: 1em; }
        </style>
        </head>
        <body>
        """);
    b.append("<h1>").append(h(title)).append("</h1>\n<p class=\"summary\">").append(h(summary)).append("</p>\n");
    b.append("<table>\n<thead><tr><th class=\"step\">step</th>");
    for (String l : lanes) {
      b.append("<th class=\"lane\">").append(h(l)).append("</th>");
    }
    for (String o : objects) {
      b.append("<th class=\"obj\">").append(h(o)).append("</th>");
    }
    if (hasOtherObjects) {
      b.append("<th>other objects</th>");
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
          if (r.inner() != null) {
            b.append("<span class=\"inner\">→ ").append(h(r.inner())).append("</span>");
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
        b.append("<td class=\"obj ").append(c.life().name().toLowerCase(java.util.Locale.ROOT)).append("\">").append(h(c.text())).append("</td>");
      }
      if (hasOtherObjects) {
        b.append("<td class=\"other\">").append(h(String.join("; ", r.otherObjects()))).append("</td>");
      }
      b.append("<td class=\"other\">").append(h(String.join("; ", r.other()))).append("</td></tr>\n");
    }
    b.append("<tr class=\"violation\"><td class=\"step\">⚠</td><td colspan=\"").append(header().size()).append("\">")
        .append(h(verdictLine)).append(": ").append(h(summary)).append("</td></tr>\n");
    b.append("</tbody>\n</table>\n");
    if (!notes.isEmpty()) {
      b.append("<ul class=\"notes\">\n");
      notes.forEach(n -> b.append("<li>").append(h(n)).append("</li>\n"));
      b.append("</ul>\n");
    }
    b.append("<p><small>Drawn by inflight ").append(h(ToolInfo.version()))
        .append(". Lanes are threads; a green bar is an object's lifetime from alloc to free (orange), grey after it; "
            + "the red row is the faulting step. Library steps show the model's own line that called them"
            + " (`inflight trace --expand` shows them as they are).</small></p>\n</body>\n</html>\n");
    return b.toString();
  }

  // ------------------------------------------------------------------ DOT

  /** Graphviz DOT: the SVG chart's layout as one plaintext node holding an HTML-like table. */
  public String dot() {
    return TraceSvg.dot(this);
  }

  /** A self-contained SVG drawing, laid out here (no Graphviz needed), as wide as its columns. */
  public String svg() {
    return TraceSvg.svg(this);
  }

  /** HTML (and SVG, Graphviz HTML-label) escaping. */
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
        default -> b.append(c < 0x20 ? ' ' : c);
      }
    }
    return b.toString();
  }
}

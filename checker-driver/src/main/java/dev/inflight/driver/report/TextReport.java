package dev.inflight.driver.report;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.check.Violation;
import dev.inflight.driver.check.Warning;
import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.emit.SourceMap;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Renders check reports for a terminal: verdict, summary, the trace step by step, statistics. */
public final class TextReport {
  private TextReport() {}

  public static void print(CheckReport r, PrintWriter out, PrintWriter err, boolean verbose) {
    if (!r.diagnostics().isEmpty()) {
      err.print(DiagnosticRenderer.renderAll(r.diagnostics()));
      err.flush();
    }
    if (r.verdict() == Verdict.BAD_INPUT) {
      long errors = r.diagnostics().stream().filter(d -> d.isError()).count();
      if (errors == 0 && r.message() != null) {
        err.println("error: " + r.message());
        err.println(r.file() + ": not checked");
      } else {
        err.println(r.file() + ": " + plural((int) errors, "error") + ", not checked");
      }
      err.flush();
      return;
    }
    String what = CheckReport.TLA.equals(r.language()) ? "module " : "model ";
    out.println(what + r.model() + " (" + r.file() + ")" + (r.pools().isEmpty() ? "" : "; pools: " + String.join(", ", r.pools())));
    switch (r.verdict()) {
      case HOLDS:
        out.println("all properties hold: " + names(r.properties(), r, CheckReport.HOLDS));
        break;
      case VIOLATED:
      case INCOMPLETE:
        if (r.violations().isEmpty()) {
          out.println("INCOMPLETE: " + r.message());
        }
        break;
      default:
        out.println("INTERNAL ERROR: " + r.message());
        break;
    }
    boolean first = true;
    for (Violation v : r.violations()) {
      if (!first) {
        out.println();
      }
      first = false;
      boolean bound = "bound".equals(v.property().kind());
      out.println(bound ? "INCOMPLETE: a model bound was exceeded, so not every behaviour was explored"
          : "VIOLATED: " + propertyLine(v.property()));
      trace(v.trace(), out, verbose);
    }
    if (r.verdict() == Verdict.VIOLATED && r.message() != null) {
      out.println("note: " + r.message());
    }
    String others = verdictsLine(r);
    if (others != null) {
      out.println(others);
    }
    out.println(statistics(r));
    for (Warning w : r.warnings()) {
      out.println(warning(w));
    }
    out.flush();
  }

  /** `warning[vacuity]: … (file:line)`. */
  public static String warning(Warning w) {
    return "warning[vacuity]: " + w.message()
        + (w.loc() == null || w.message().contains(TraceMapper.where(w.loc())) ? "" : " (" + TraceMapper.where(w.loc()) + ")");
  }

  /** The text of everything {@link #print} writes to stdout, as one string (for JUnit failures). */
  public static String render(CheckReport r, boolean verbose) {
    java.io.StringWriter out = new java.io.StringWriter();
    try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(java.io.Writer.nullWriter())) {
      print(r, o, e, verbose);
    }
    return out.toString();
  }

  /** The trace alone, as {@link #trace} prints it. */
  public static String traceText(DslTrace t, boolean verbose) {
    java.io.StringWriter out = new java.io.StringWriter();
    try (PrintWriter o = new PrintWriter(out)) {
      trace(t, o, verbose);
    }
    return out.toString();
  }

  public static String plural(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  /** The names of the properties with this verdict (null: every property), bounds left out. */
  private static String names(List<SourceMap.Property> props, CheckReport r, String verdict) {
    List<String> n = new ArrayList<>();
    for (SourceMap.Property p : props) {
      if (!p.kind().equals("bound") && (verdict == null || r.propertyVerdict(p).equals(verdict))) {
        n.add(p.name());
      }
    }
    return String.join(", ", n);
  }

  /**
   * After a counterexample (or with properties skipped): what became of every property, e.g.
   * `2 violated: no_use_after_free, no_leak; 5 hold: …; skipped: deadlock`. Null when there is
   * nothing to add (everything holds and nothing was skipped).
   */
  static String verdictsLine(CheckReport r) {
    if (r.verdict() == Verdict.BAD_INPUT || r.properties().isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (String v : List.of(CheckReport.VIOLATED, CheckReport.HOLDS, CheckReport.UNKNOWN, CheckReport.SKIPPED)) {
      String list = names(r.properties(), r, v);
      if (!list.isEmpty()) {
        int count = list.split(", ").length;
        String word = switch (v) {
          case CheckReport.VIOLATED -> count + " violated";
          case CheckReport.HOLDS -> count + (count == 1 ? " holds" : " hold");
          case CheckReport.UNKNOWN -> count + " not decided";
          default -> count + " skipped";
        };
        parts.add(word + ": " + list);
      }
    }
    boolean interesting = r.verdict() != Verdict.HOLDS || parts.stream().anyMatch(p -> p.contains("skipped"));
    return interesting && !parts.isEmpty() ? "properties: " + String.join("; ", parts) : null;
  }

  private static String propertyLine(SourceMap.Property p) {
    if (p == null) {
      return "a property";
    }
    return p.name() + (p.description() == null ? "" : " (" + p.description() + ")");
  }

  public static void trace(DslTrace t, PrintWriter out, boolean verbose) {
    out.println("  " + t.summary());
    for (String n : t.notes()) {
      out.println("  " + n);
    }
    out.println();
    boolean lasso = t.loopFrom() != null && t.steps().size() > t.loopFrom();
    out.println("counterexample, " + (lasso ? plural(t.steps().size() - 1, "state") + ", then back to state " + t.loopFrom()
        : plural(t.steps().size(), "state")) + ":");
    int threadWidth = 6;
    int whereWidth = 5;
    for (DslStep s : t.steps()) {
      threadWidth = Math.max(threadWidth, s.thread() == null ? 0 : s.thread().length());
      whereWidth = Math.max(whereWidth, s.loc() == null ? 0 : TraceMapper.where(s.loc()).length());
    }
    for (DslStep s : t.steps()) {
      String mark = t.loopFrom() != null && s.index() == t.loopFrom() ? " <- loop starts here"
          : lasso && s.index() == t.steps().size() ? " <- back to state " + t.loopFrom() : "";
      if (s.thread() == null && s.loc() == null) {
        String init = s.index() == 1 ? "initial state" + (s.note() == null ? "" : ", " + s.note())
            : (s.action() == null ? "" : s.action());
        out.println(Numbers.format("%4d  %-" + threadWidth + "s  %s%s", s.index(), "", init, mark).stripTrailing());
      } else {
        statements(s, out, threadWidth, whereWidth, mark, verbose);
      }
      List<String> changes = new ArrayList<>();
      for (DslStep.Change c : s.changes()) {
        changes.add(c.render());
      }
      if (!changes.isEmpty()) {
        out.print(Numbers.format("      %" + threadWidth + "s  %s%n", "", String.join("; ", changes)));
      }
    }
    if (t.loopFrom() != null) {
      out.println(lasso ? "from state " + t.loopFrom() + " on, the steps " + (t.loopFrom() + 1) + ".." + t.steps().size() + " repeat forever"
          : "the behaviour stays in state " + t.loopFrom() + " forever");
    } else if (t.stutters()) {
      out.println("after the last state nothing changes forever (the behaviour stutters)");
    }
  }

  /**
   * The lines a step ran, in run order: its headline (the statement that shows the step, the
   * shared one) with its call chain, and the other statements (thread-local code merged into the
   * step, library code), each as often as it ran. When statements ran before the headline, the
   * first of them opens the step and the headline is marked `->` where it ran.
   */
  private static void statements(DslStep s, PrintWriter out, int threadWidth, int whereWidth, String mark, boolean verbose) {
    String where = s.loc() == null ? "" : TraceMapper.where(s.loc());
    String text = s.loc() == null ? "" : code(s.loc().text());
    String fault = (s.note() == null ? "" : "   (" + s.note() + ")") + (s.fault() == null ? "" : "   <- " + s.fault().replace('_', ' '));
    String thread = s.thread() == null ? "" : s.thread();
    List<SourceMap.Loc> ran = s.statements();
    int at = headlineAt(s);
    String other = "      %" + threadWidth + "s  %-" + whereWidth + "s    %s%n";
    if (at > 0) {
      out.print(Numbers.format("%4d  %-" + threadWidth + "s  %-" + whereWidth + "s    %s%s%n", s.index(), thread,
          TraceMapper.where(ran.get(0)), code(ran.get(0).text()), mark));
      for (SourceMap.Loc l : ran.subList(1, at)) {
        out.print(Numbers.format(other, "", TraceMapper.where(l), code(l.text())));
      }
      out.print(Numbers.format("      %" + threadWidth + "s  %-" + whereWidth + "s  %s%s%n", "->", where, text, fault));
    } else {
      out.print(Numbers.format("%4d  %-" + threadWidth + "s  %-" + whereWidth + "s  %s%s%s%n", s.index(), thread, where, text, fault, mark));
    }
    if (!s.calledFrom().isEmpty()) {
      List<String> via = new ArrayList<>();
      s.calledFrom().forEach(l -> via.add(TraceMapper.where(l)));
      out.print(Numbers.format("      %" + threadWidth + "s  called from %s%n", "", String.join(" -> ", via)));
    }
    if (verbose && s.action() != null) {
      out.print(Numbers.format("      %" + threadWidth + "s  action %s%n", "", s.action()));
    }
    for (int i = Math.max(at, 0); i < ran.size(); i++) {
      if (i != at && !(at < 0 && TraceMapper.where(ran.get(i)).equals(where))) {
        out.print(Numbers.format(other, "", TraceMapper.where(ran.get(i)), code(ran.get(i).text())));
      }
    }
  }

  /**
   * Where among the statements a step ran its headline ran (-1: not among them): after its call
   * sites, outermost first, so that of a function called twice in the step, the call the
   * headline is inside of is the one marked.
   */
  private static int headlineAt(DslStep s) {
    if (s.loc() == null) {
      return -1;
    }
    List<SourceMap.Loc> ran = s.statements();
    int from = 0;
    for (SourceMap.Loc call : s.calledFrom()) {
      int c = indexOf(ran, TraceMapper.where(call), from);
      if (c < 0) {
        return indexOf(ran, TraceMapper.where(s.loc()), 0);
      }
      from = c + 1;
    }
    int h = indexOf(ran, TraceMapper.where(s.loc()), from);
    return h >= 0 ? h : indexOf(ran, TraceMapper.where(s.loc()), 0);
  }

  private static int indexOf(List<SourceMap.Loc> ran, String where, int from) {
    for (int i = from; i < ran.size(); i++) {
      if (TraceMapper.where(ran.get(i)).equals(where)) {
        return i;
      }
    }
    return -1;
  }

  static String code(String line) {
    return TraceMapper.code(line);
  }

  public static String statistics(CheckReport r) {
    TlcStatistics s = r.statistics();
    StringBuilder b = new StringBuilder();
    if (s.distinct() >= 0) {
      b.append(Numbers.count(s.distinct())).append(" distinct states");
      if (!r.symmetry().isEmpty()) {
        b.append(" up to symmetry (").append(String.join(", ", r.symmetry())).append(")");
      }
      if (s.generated() >= 0) {
        b.append(", ").append(Numbers.count(s.generated())).append(" generated");
      }
      if (s.depth() >= 0) {
        b.append(", depth ").append(s.depth());
      }
      b.append("; ");
    }
    b.append("TLC ").append(Numbers.seconds(r.tlcMillis()));
    if (!CheckReport.TLA.equals(r.language())) {
      b.append(", translate ").append(Numbers.count(r.translateMillis())).append(" ms");
    }
    return b.toString();
  }
}

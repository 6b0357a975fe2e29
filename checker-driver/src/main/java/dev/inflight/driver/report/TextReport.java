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
        String where = s.loc() == null ? "" : TraceMapper.where(s.loc());
        String text = s.loc() == null ? "" : code(s.loc().text());
        String fault = (s.note() == null ? "" : "   (" + s.note() + ")") + (s.fault() == null ? "" : "   <- " + s.fault().replace('_', ' '));
        out.print(Numbers.format("%4d  %-" + threadWidth + "s  %-" + whereWidth + "s  %s%s%s%n", s.index(), s.thread() == null ? "" : s.thread(), where, text, fault, mark));
        if (!s.calledFrom().isEmpty()) {
          List<String> via = new ArrayList<>();
          s.calledFrom().forEach(l -> via.add(TraceMapper.where(l)));
          out.print(Numbers.format("      %" + threadWidth + "s  called from %s%n", "", String.join(" -> ", via)));
        }
        if (verbose && s.action() != null) {
          out.print(Numbers.format("      %" + threadWidth + "s  action %s%n", "", s.action()));
        }
        // Other lines the step ran (merged thread-local statements, library code), once each.
        java.util.Set<String> shown = new java.util.HashSet<>();
        shown.add(where);
        for (SourceMap.Loc l : s.statements()) {
          if (shown.add(TraceMapper.where(l))) {
            out.print(Numbers.format("      %" + threadWidth + "s  %-" + whereWidth + "s    %s%n", "", TraceMapper.where(l), code(l.text())));
          }
        }
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

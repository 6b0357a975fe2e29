package dev.inflight.driver.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.check.Violation;
import dev.inflight.driver.check.Warning;
import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.diag.Code;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.Severity;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The `inflight-check` JSON document as typed records (docs/output-formats.md): written by
 * {@link JsonReport}, read back by `inflight trace --from` and `inflight merge`. Every report
 * converts to it and back ({@link #of}, {@link Model#toReport}); what the text of a diagnostic's
 * source line needs is in it, so a saved result renders as the live one did.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CheckDocument(String schema, int version, Tool tool, String verdict, int exitCode, List<Model> models,
    List<String> skipped) {

  public record Tool(String name, String version, String tlc) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Model(String file, String language, String model, String verdict, int exitCode, String message,
      List<String> pools, List<Property> properties, String violated, Trace trace, List<ViolationDoc> violations,
      List<WarningDoc> warnings, List<DiagnosticDoc> diagnostics, Statistics statistics, List<String> symmetry) {

    /** The report this model entry came from (as far as the document keeps it: everything any renderer uses). */
    public CheckReport toReport() {
      List<SourceMap.Property> props = new ArrayList<>();
      Map<String, String> verdicts = new LinkedHashMap<>();
      for (Property p : properties) {
        props.add(new SourceMap.Property(p.name(), null, p.kind(), null, Loc.from(p.loc()), p.description()));
        verdicts.put(p.name(), p.verdict());
      }
      List<Violation> vs = new ArrayList<>();
      List<ViolationDoc> all = violations;
      if ((all == null || all.isEmpty()) && violated != null && trace != null) {
        all = List.of(new ViolationDoc(violated, null, trace)); // written before `violations` existed
      }
      for (ViolationDoc v : all == null ? List.<ViolationDoc>of() : all) {
        SourceMap.Property p = props.stream().filter(x -> x.name().equals(v.property())).findFirst()
            .orElse(new SourceMap.Property(v.property(), null, v.kind(), null, null, v.property()));
        vs.add(new Violation(p, v.trace() == null ? null : v.trace().toTrace(p)));
      }
      List<Warning> ws = warnings.stream().map(w -> new Warning(w.kind(), w.message(), Loc.from(w.loc()))).toList();
      List<Diagnostic> ds = diagnostics.stream().map(DiagnosticDoc::toDiagnostic).toList();
      TlcStatistics st = new TlcStatistics(TlcStatistics.UNKNOWN, statistics.statesGenerated(), statistics.distinctStates(),
          TlcStatistics.UNKNOWN, statistics.depth(), TlcStatistics.UNKNOWN);
      return new CheckReport(file, language, model, Verdict.valueOf(verdict.toUpperCase(Locale.ROOT)), message, ds, props, vs,
          verdicts, st, pools, ws, statistics.translateMillis(), statistics.tlcMillis(), symmetry);
    }
  }

  public record Property(String name, String kind, String description, Loc loc, String verdict) {}

  /** One violated property (or exceeded model bound, kind `bound`) and its counterexample. */
  public record ViolationDoc(String property, String kind, Trace trace) {}

  public record Trace(String summary, List<String> notes, Integer loopFrom, boolean stutters, List<Step> steps) {
    static Trace of(DslTrace t) {
      return new Trace(t.summary(), t.notes(), t.loopFrom(), t.stutters(), t.steps().stream().map(Step::of).toList());
    }

    DslTrace toTrace(SourceMap.Property p) {
      return new DslTrace(p, summary, steps.stream().map(Step::toStep).toList(), loopFrom, stutters, notes);
    }
  }

  /** A step; `note` says what a step did when its statement does not (a work run starting, an RCU callback). */
  public record Step(int index, String thread, String action, Loc loc, List<Loc> calledFrom, List<Loc> statements,
      List<Change> changes, String fault, String note) {
    static Step of(DslStep s) {
      return new Step(s.index(), s.thread(), s.action(), Loc.of(s.loc()), s.calledFrom().stream().map(Loc::of).toList(),
          s.statements().stream().map(Loc::of).toList(), s.changes().stream().map(Change::of).toList(), s.fault(), s.note());
    }

    DslStep toStep() {
      return new DslStep(index, thread, action, Loc.from(loc), calledFrom.stream().map(Loc::from).toList(),
          statements.stream().map(Loc::from).toList(), changes.stream().map(Change::toChange).toList(), fault, note);
    }
  }

  /**
   * A change: `what`, `before`, `after` and `text` as in version 1, and its typed form: `kind`
   * (alloc, free, field, global, local, initial, rcu, cost, variable), `object`, `field`, `thread`, `detail`.
   */
  public record Change(String what, String before, String after, String text, String kind, String object, String field,
      String thread, String detail) {
    static Change of(DslStep.Change c) {
      return new Change(c.what(), c.before(), c.after(), c.render(), c.kind().name().toLowerCase(Locale.ROOT), c.object(), c.field(),
          c.thread(), c.detail());
    }

    DslStep.Change toChange() {
      DslStep.Change.Kind k = kind == null ? DslStep.Change.Kind.VARIABLE : DslStep.Change.Kind.valueOf(kind.toUpperCase(Locale.ROOT));
      return new DslStep.Change(k, object, field != null ? field : what, thread, before, after, detail, text);
    }
  }

  public record Loc(String file, int line, int col, int endLine, int endCol, String text) {
    static Loc of(SourceMap.Loc l) {
      return l == null ? null : new Loc(l.file(), l.line(), l.col(), l.endLine(), l.endCol(), l.text());
    }

    static SourceMap.Loc from(Loc l) {
      return l == null ? null : new SourceMap.Loc(l.file(), l.line(), l.col(), l.endLine(), l.endCol(), l.text());
    }
  }

  public record WarningDoc(String kind, String message, Loc loc) {}

  /**
   * A diagnostic; `endLine`, `endCol`, `source` (the line as written) and `notes` let a saved
   * result render it exactly as `inflight check` did.
   */
  public record DiagnosticDoc(String severity, String code, String message, String file, Integer line, Integer col,
      Integer endLine, Integer endCol, String source, String help, List<NoteDoc> notes) {
    static DiagnosticDoc of(Diagnostic d) {
      Span s = d.span();
      List<NoteDoc> notes = d.notes().stream().map(n -> new NoteDoc(n.message(), n.span() == null ? null : n.span().file().path(),
          n.span() == null ? null : n.span().line(), n.span() == null ? null : n.span().col(),
          n.span() == null ? null : n.span().endLine(), n.span() == null ? null : n.span().endCol(),
          n.span() == null ? null : n.span().file().line(n.span().line()))).toList();
      return s == null ? new DiagnosticDoc(d.severity().label(), d.code().id(), d.message(), null, null, null, null, null, null, d.help(), notes)
          : new DiagnosticDoc(d.severity().label(), d.code().id(), d.message(), s.file().path(), s.line(), s.col(), s.endLine(), s.endCol(),
              s.file().line(s.line()), d.help(), notes);
    }

    Diagnostic toDiagnostic() {
      Severity sev = java.util.Arrays.stream(Severity.values()).filter(v -> v.label().equals(severity)).findFirst().orElse(Severity.ERROR);
      Code c = java.util.Arrays.stream(Code.values()).filter(v -> v.id().equals(code)).findFirst().orElse(Code.UNEXPECTED_TOKEN);
      List<Diagnostic.Note> ns = notes == null ? List.of()
          : notes.stream().map(n -> new Diagnostic.Note(span(n.file(), n.line(), n.col(), n.endLine(), n.endCol(), n.source()), n.message())).toList();
      return new Diagnostic(sev, c, message, span(file, line, col, endLine, endCol, source), help, ns);
    }

    /** A span on a stand-in for the file: blank lines, then the line as written. */
    static Span span(String file, Integer line, Integer col, Integer endLine, Integer endCol, String source) {
      if (file == null || line == null || col == null) {
        return null;
      }
      String text = source == null ? "" : source;
      int start = line - 1;
      SourceFile f = new SourceFile(file, "\n".repeat(start) + text + "\n");
      int from = start + col - 1;
      int to = endLine != null && endLine.equals(line) && endCol != null ? start + endCol - 1 : start + text.length();
      return f.span(from, Math.max(from, to));
    }
  }

  public record NoteDoc(String message, String file, Integer line, Integer col, Integer endLine, Integer endCol, String source) {}

  public record Statistics(long distinctStates, long statesGenerated, long depth, long translateMillis, long tlcMillis) {}

  // ------------------------------------------------------------------ from reports

  public static CheckDocument of(RunResult run) {
    return new CheckDocument(JsonReport.SCHEMA, JsonReport.VERSION, new Tool("inflight", ToolInfo.version(), ToolInfo.tlc()),
        run.worst().name().toLowerCase(Locale.ROOT), run.exitCode(), run.reports().stream().map(CheckDocument::model).toList(),
        run.skipped());
  }

  static Model model(CheckReport r) {
    List<Property> props = r.properties().stream().filter(p -> !"bound".equals(p.kind()))
        .map(p -> new Property(p.name(), p.kind(), p.description(), Loc.of(p.loc()), r.propertyVerdict(p))).toList();
    List<ViolationDoc> vs = r.violations().stream()
        .map(v -> new ViolationDoc(v.property().name(), v.property().kind(), v.trace() == null ? null : Trace.of(v.trace()))).toList();
    List<WarningDoc> ws = r.warnings().stream().map(w -> new WarningDoc(w.kind(), w.message(), Loc.of(w.loc()))).toList();
    TlcStatistics s = r.statistics();
    return new Model(r.file(), r.language(), r.model(), r.verdict().name().toLowerCase(Locale.ROOT), r.verdict().exitCode, r.message(),
        r.pools(), props, r.violated() == null ? null : r.violated().name(), r.trace() == null ? null : Trace.of(r.trace()), vs, ws,
        r.diagnostics().stream().map(DiagnosticDoc::of).toList(),
        new Statistics(s.distinct(), s.generated(), s.depth(), r.translateMillis(), r.tlcMillis()), r.symmetry());
  }

  /** The run this document describes. */
  public RunResult toRun() {
    return new RunResult(models.stream().map(Model::toReport).toList(), skipped == null ? List.of() : skipped);
  }
}

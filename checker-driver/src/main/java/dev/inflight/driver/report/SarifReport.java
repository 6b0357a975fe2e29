package dev.inflight.driver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.check.Violation;
import dev.inflight.driver.check.Warning;
import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.emit.SourceMap;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The check result as SARIF 2.1.0, for code-scanning UIs: one run; `rules` is the catalog of the
 * properties checked (with help text), the vacuity warnings and the diagnostics that occurred; one
 * `error` result per violated property (every one the check found), located at the DSL line of the violating step, whose
 * `codeFlows` hold the whole counterexample, one thread-flow location per step; a `warning` per
 * vacuity warning and per incomplete run; an `error` per translator error.
 */
public final class SarifReport {
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  /** The base of relative artifact URIs: the directory `inflight check` ran in. */
  public static final String SRCROOT = "%SRCROOT%";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String ERROR = "error";
  private static final String WARNING = "warning";

  /** Help for the built-in checks: what a violation means and where to look. */
  private static final Map<String, String> HELP = Map.of(
      "no_use_after_free", "An object was dereferenced, touched, got, put or locked after it was freed. The trace shows "
          + "which thread freed it (the `put` that took the count to 0, or a `free`) and which thread used it afterwards. "
          + "Usual fixes: take a reference (`get`) before publishing a pointer, drop it only after the last use, or "
          + "defer the free past readers (RCU).",
      "no_double_free", "An object was freed twice. The trace shows both frees; usually two paths each believe they hold "
          + "the last reference.",
      "no_refcount_underflow", "A `put` found the reference count already at 0: more puts than gets on some path.",
      "no_null_deref", "A null pointer was dereferenced. Guard the access (`p != null && p.f`) or make sure the "
          + "pointer is set before the thread can read it.",
      "lock_discipline", "A thread unlocked a lock it does not hold.",
      "assertions", "An `assert(c)` in the model found `c` false.",
      "no_div_by_zero", "A division by 0, or a remainder (`%`) by 0 or a negative number: guard the divisor, or make "
          + "sure no other thread can zero it between the test and the division.",
      "rcu_discipline", "`rcu_read_unlock` outside a read-side section, or `call_rcu` on an object whose callback is "
          + "still pending.",
      "deadlock", "A state where some thread has not finished and no thread can move: the trace ends there, and the "
          + "notes say which thread waits where and which locks are held.",
      "no_leak", "Every thread finished while an object is still allocated: some path never drops its last reference.");

  private static final Map<String, String> VACUITY_HELP = Map.of(
      Warning.MECHANISM_NEVER_RAN, "A work item, RCU callback or daemon thread of the model never ran in any explored "
          + "behaviour, so the properties that depend on it were not exercised. Check that the code path queueing it "
          + "is reachable (bounds, conditions).",
      Warning.THREAD_NEVER_FINISHED, "A declared thread never reached its end in any explored behaviour: a blocking "
          + "statement (`await`, `lock`) never unblocks, so everything after it was never checked.",
      Warning.STATEMENT_NEVER_REACHED, "A statement ran in no explored behaviour: the properties hold without it, "
          + "perhaps only because it never ran.",
      Warning.SKIPPED_FAULT_REACHED, "A fault of a check this run skips (--check, --skip) was reached: a fault still "
          + "ends its run, so nothing after it was explored and the checked properties may hold only because of it. "
          + "Check that property too, or fix the model so the fault is not reached.");

  private SarifReport() {}

  public static String render(RunResult run) {
    try {
      return MAPPER.writeValueAsString(log(run, Path.of("").toAbsolutePath())) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A result before its rule's index is known. */
  private record Pending(String ruleId, String level, String message, Sarif.Location location, List<Sarif.CodeFlow> flows,
      Map<String, String> fingerprints) {}

  /** The SARIF log; {@code srcRoot} is what relative file names are relative to. */
  public static Sarif log(RunResult run, Path srcRoot) {
    Map<String, Sarif.Rule> rules = new LinkedHashMap<>();
    List<Pending> results = new ArrayList<>();
    for (CheckReport rep : run.reports()) {
      for (SourceMap.Property p : rep.properties()) {
        if (!"bound".equals(p.kind())) {
          rules.computeIfAbsent(ruleId(rep, p), id -> rule(id, p));
        }
      }
      if (rep.verdict() == Verdict.VIOLATED) {
        for (Violation v : rep.violations()) {
          if (!"bound".equals(v.property().kind())) {
            String id = ruleId(rep, v.property());
            rules.computeIfAbsent(id, k -> rule(k, v.property()));
            results.add(violation(rep, v, id));
          }
        }
      }
      for (Warning w : rep.warnings()) {
        String id = "vacuity/" + w.kind();
        rules.computeIfAbsent(id, k -> simpleRule(k, "vacuity: " + w.kind().replace('-', ' '), VACUITY_HELP.get(w.kind()), WARNING));
        results.add(new Pending(id, WARNING, w.message(), location(w.loc() != null ? w.loc().file() : rep.file(), w.loc(), null), null, null));
      }
      for (Diagnostic d : rep.diagnostics()) {
        String id = d.code().id();
        String level = d.isError() ? ERROR : WARNING;
        rules.computeIfAbsent(id, k -> simpleRule(k, k, "Diagnostic " + k + " of the Inflight translator; docs/diagnostics.md "
            + "explains it.", level));
        SourceMap.Loc loc = d.span() == null ? null : new SourceMap.Loc(d.span().file().path(), d.span().line(), d.span().col(),
            d.span().endLine(), d.span().endCol(), null);
        results.add(new Pending(id, level, d.message() + (d.help() == null ? "" : " (help: " + d.help() + ")"),
            location(loc != null ? loc.file() : rep.file(), loc, null), null, null));
      }
      boolean incomplete = rep.verdict() == Verdict.INCOMPLETE || rep.verdict() == Verdict.VIOLATED && rep.message() != null;
      if (incomplete || rep.verdict() == Verdict.INTERNAL_ERROR) {
        String id = incomplete ? "incomplete" : "internal-error";
        String level = incomplete ? WARNING : ERROR;
        rules.computeIfAbsent(id, k -> simpleRule(k, k.replace('-', ' '), incomplete
            ? "The check stopped before exploring every behaviour (timeout, state limit, a model bound exceeded, out of "
                + "memory): what it did not reach was not proven. Raise the bound or the limit and check again."
            : "Inflight or TLC failed; this is a bug in Inflight.", level));
        results.add(new Pending(id, level, rep.message() != null ? rep.message() : rep.verdict().meaning, location(rep.file(), null, null),
            null, null));
      }
    }
    List<String> ids = new ArrayList<>(rules.keySet());
    List<Sarif.Result> out = results.stream().map(p -> new Sarif.Result(p.ruleId(), ids.indexOf(p.ruleId()), p.level(),
        new Sarif.Text(p.message()), List.of(p.location()), p.flows(), p.fingerprints())).toList();
    Sarif.Driver driver = new Sarif.Driver("inflight", semver(ToolInfo.version()), ToolInfo.version(),
        "Inflight " + ToolInfo.version() + " with " + ToolInfo.tlc(), List.copyOf(rules.values()));
    Sarif.Invocation inv = new Sarif.Invocation(run.worst() != Verdict.INTERNAL_ERROR && run.worst() != Verdict.BAD_INPUT, run.exitCode());
    Sarif.Run r = new Sarif.Run(new Sarif.Tool(driver), List.of(inv), Map.of(SRCROOT, new Sarif.ArtifactLocation(dirUri(srcRoot), null)), out);
    return new Sarif(SCHEMA, "2.1.0", List.of(r));
  }

  private static String ruleId(CheckReport rep, SourceMap.Property p) {
    boolean builtin = HELP.containsKey(p.name()) || "builtin".equals(p.kind()) || "deadlock".equals(p.kind());
    return builtin ? p.name() : (rep.model() == null ? "" : rep.model() + "/") + p.name();
  }

  private static Sarif.Rule rule(String id, SourceMap.Property p) {
    String desc = p.description() != null ? p.description() : p.name();
    String help = HELP.get(p.name());
    if (help == null) {
      help = switch (p.kind() == null ? "" : p.kind()) {
        case "invariant" -> "The model's invariant `" + p.name() + "` must hold in every reachable state"
            + (p.loc() == null ? "" : " (declared at " + TraceMapper.where(p.loc()) + ": `" + TraceMapper.code(p.loc().text()) + "`)")
            + ". The counterexample ends in a state where it is false.";
        case "eventually" -> "The model's `eventually` property `" + p.name() + "` must hold for good in every behaviour, "
            + "under weak fairness of threads" + (p.loc() == null ? "" : " (declared at " + TraceMapper.where(p.loc()) + ")")
            + ". The counterexample loops (or stutters) forever without it.";
        default -> desc;
      };
    }
    return new Sarif.Rule(id, camel(p.name()), new Sarif.Text(desc), new Sarif.Text(desc), new Sarif.Text(help),
        new Sarif.Configuration(ERROR), new Sarif.Tags(List.of("inflight", p.kind() == null ? "property" : p.kind())));
  }

  private static Sarif.Rule simpleRule(String id, String name, String help, String level) {
    return new Sarif.Rule(id, camel(name), new Sarif.Text(name), null, new Sarif.Text(help), new Sarif.Configuration(level), null);
  }

  private static Pending violation(CheckReport rep, Violation v, String ruleId) {
    List<DslStep> steps = v.trace() == null ? List.of() : v.trace().steps();
    SourceMap.Loc at = null;
    for (int k = steps.size() - 1; k >= 0 && at == null; k--) {
      at = steps.get(k).loc();
    }
    if (at == null && v.property().loc() != null) {
      at = v.property().loc();
    }
    String summary = v.trace() != null ? v.trace().summary() : v.property().name() + " is violated";
    List<Sarif.CodeFlow> flows = null;
    if (!steps.isEmpty()) {
      List<Sarif.ThreadFlowLocation> locs = new ArrayList<>();
      for (DslStep s : steps) {
        boolean last = s == steps.get(steps.size() - 1);
        boolean key = s.fault() != null || last;
        locs.add(new Sarif.ThreadFlowLocation(s.index(), s.calledFrom().size(),
            key ? List.of(s.fault() != null ? "exception" : "terminate") : null, key ? "essential" : null,
            location(s.loc() != null ? s.loc().file() : rep.file(), s.loc(), stepMessage(s))));
      }
      flows = List.of(new Sarif.CodeFlow(new Sarif.Text("counterexample, " + steps.size() + " states"),
          List.of(new Sarif.ThreadFlow(new Sarif.Text(summary), locs))));
    }
    return new Pending(ruleId, ERROR, v.property().name() + " violated: " + summary, location(at != null ? at.file() : rep.file(), at, null),
        flows, Map.of("inflightViolation/v1", rep.file() + ":" + v.property().name()));
  }

  /** `5 producer: put sk.refcnt — sock#1.refcnt: 1 -> 0; sock#1 freed`. */
  static String stepMessage(DslStep s) {
    StringBuilder b = new StringBuilder();
    b.append(s.index()).append(' ');
    if (s.thread() == null && s.loc() == null) {
      b.append(s.index() == 1 ? "initial state" : (s.action() == null ? "" : s.action()));
    } else {
      b.append(s.thread() == null ? "" : s.thread() + ": ").append(s.loc() == null ? s.action() : TraceMapper.code(s.loc().text()));
    }
    List<String> changes = new ArrayList<>();
    s.changes().forEach(c -> changes.add(c.render()));
    if (!changes.isEmpty()) {
      b.append(" — ").append(String.join("; ", changes));
    }
    if (s.fault() != null) {
      b.append(" <- ").append(s.fault().replace('_', ' '));
    }
    return b.toString();
  }

  /** A location in {@code file}, at {@code loc}'s region if known (else line 1), with an optional message. */
  private static Sarif.Location location(String file, SourceMap.Loc loc, String message) {
    String uri = uri(file);
    Sarif.ArtifactLocation art = new Sarif.ArtifactLocation(uri, uri.startsWith("file:") ? null : SRCROOT);
    Sarif.Region region;
    if (loc != null) {
      Integer endLine = loc.endLine() >= loc.line() && loc.endLine() > 0 ? loc.endLine() : null;
      Integer endCol = endLine != null && loc.endCol() > 0 && (loc.endLine() > loc.line() || loc.endCol() > loc.col()) ? loc.endCol() : null;
      region = new Sarif.Region(Math.max(1, loc.line()), loc.col() > 0 ? loc.col() : null, endLine, endCol,
          loc.text() == null ? null : new Sarif.Text(loc.text()));
    } else {
      region = new Sarif.Region(1, null, null, null, null);
    }
    return new Sarif.Location(new Sarif.PhysicalLocation(art, region), message == null ? null : new Sarif.Text(message));
  }

  /** A relative path as a relative URI reference (forward slashes, escaped); an absolute one as file:. */
  static String uri(String file) {
    String f = file.replace('\\', '/');
    if (Path.of(file).isAbsolute()) {
      return Path.of(file).toUri().toString();
    }
    try {
      return new URI(null, null, f, null).toASCIIString();
    } catch (URISyntaxException e) {
      return f;
    }
  }

  private static String dirUri(Path dir) {
    String u = dir.toAbsolutePath().toUri().toString();
    return u.endsWith("/") ? u : u + "/";
  }

  private static String camel(String snake) {
    StringBuilder b = new StringBuilder();
    boolean up = true;
    for (char c : snake.toCharArray()) {
      if (c == '_' || c == ' ' || c == '-' || c == '/') {
        up = true;
      } else {
        b.append(up ? Character.toUpperCase(c) : c);
        up = false;
      }
    }
    return b.toString();
  }

  private static String semver(String v) {
    return v.matches("\\d+\\.\\d+\\.\\d+.*") ? v : "0.0.0-" + v.replaceAll("[^0-9A-Za-z-]", "-");
  }
}

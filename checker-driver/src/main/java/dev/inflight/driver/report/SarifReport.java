package dev.inflight.driver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
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
 * `error` result per violated property, located at the DSL line of the violating step, whose
 * `codeFlows` hold the whole counterexample, one thread-flow location per step; a `warning` per
 * vacuity warning and per incomplete run; an `error` per translator error.
 */
public final class SarifReport {
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  /** The base of relative artifact URIs: the directory `inflight check` ran in. */
  public static final String SRCROOT = "%SRCROOT%";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
          + "perhaps only because it never ran.");

  private SarifReport() {}

  public static String render(RunResult run) {
    try {
      return MAPPER.writeValueAsString(tree(run, Path.of("").toAbsolutePath())) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The SARIF log; {@code srcRoot} is what relative file names are relative to. */
  public static ObjectNode tree(RunResult run, Path srcRoot) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode r = root.putArray("runs").addObject();
    ObjectNode driver = r.putObject("tool").putObject("driver");
    driver.put("name", "inflight");
    driver.put("semanticVersion", semver(ToolInfo.version()));
    driver.put("version", ToolInfo.version());
    driver.put("fullName", "Inflight " + ToolInfo.version() + " with " + ToolInfo.tlc());
    Map<String, ObjectNode> rules = new LinkedHashMap<>();
    List<ObjectNode> results = new ArrayList<>();
    for (CheckReport rep : run.reports()) {
      for (SourceMap.Property p : rep.properties()) {
        if (!"bound".equals(p.kind())) {
          rules.computeIfAbsent(ruleId(rep, p), id -> rule(id, p));
        }
      }
      if (rep.verdict() == Verdict.VIOLATED && rep.violated() != null) {
        String id = ruleId(rep, rep.violated());
        rules.computeIfAbsent(id, k -> rule(k, rep.violated()));
        results.add(violation(rep, id));
      }
      for (Warning w : rep.warnings()) {
        String id = "vacuity/" + w.kind();
        rules.computeIfAbsent(id, k -> simpleRule(k, "vacuity: " + w.kind().replace('-', ' '), VACUITY_HELP.get(w.kind()), "warning"));
        results.add(result(id, "warning", w.message(), location(w.loc() != null ? w.loc().file() : rep.file(), w.loc(), null)));
      }
      for (Diagnostic d : rep.diagnostics()) {
        String id = d.code().id();
        String level = d.isError() ? "error" : "warning";
        rules.computeIfAbsent(id, k -> simpleRule(k, k, "Diagnostic " + k + " of the Inflight translator; docs/diagnostics.md "
            + "explains it.", level));
        SourceMap.Loc loc = d.span() == null ? null : new SourceMap.Loc(d.span().file().path(), d.span().line(), d.span().col(),
            d.span().endLine(), d.span().endCol(), null);
        results.add(result(id, level, d.message() + (d.help() == null ? "" : " (help: " + d.help() + ")"),
            location(loc != null ? loc.file() : rep.file(), loc, null)));
      }
      if (rep.verdict() == Verdict.INCOMPLETE || rep.verdict() == Verdict.INTERNAL_ERROR) {
        String id = rep.verdict() == Verdict.INCOMPLETE ? "incomplete" : "internal-error";
        String level = rep.verdict() == Verdict.INCOMPLETE ? "warning" : "error";
        rules.computeIfAbsent(id, k -> simpleRule(k, k.replace('-', ' '), rep.verdict() == Verdict.INCOMPLETE
            ? "The check stopped before exploring every behaviour (timeout, state limit, a model bound exceeded, out of "
                + "memory): nothing was proven. Raise the bound or the limit and check again."
            : "Inflight or TLC failed; this is a bug in Inflight.", level));
        results.add(result(id, level, rep.message() != null ? rep.message() : rep.verdict().meaning, location(rep.file(), null, null)));
      }
    }
    ArrayNode ruleArray = driver.putArray("rules");
    List<String> ids = new ArrayList<>(rules.keySet());
    rules.values().forEach(ruleArray::add);
    for (ObjectNode res : results) {
      res.put("ruleIndex", ids.indexOf(res.get("ruleId").asText()));
    }
    ArrayNode inv = r.putArray("invocations");
    ObjectNode i = inv.addObject();
    i.put("executionSuccessful", run.worst() != Verdict.INTERNAL_ERROR && run.worst() != Verdict.BAD_INPUT);
    i.put("exitCode", run.exitCode());
    r.putObject("originalUriBaseIds").putObject(SRCROOT).put("uri", dirUri(srcRoot));
    ArrayNode res = r.putArray("results");
    results.forEach(res::add);
    return root;
  }

  private static String ruleId(CheckReport rep, SourceMap.Property p) {
    boolean builtin = HELP.containsKey(p.name()) || "builtin".equals(p.kind()) || "deadlock".equals(p.kind());
    return builtin ? p.name() : (rep.model() == null ? "" : rep.model() + "/") + p.name();
  }

  private static ObjectNode rule(String id, SourceMap.Property p) {
    ObjectNode rule = MAPPER.createObjectNode();
    rule.put("id", id);
    rule.put("name", camel(p.name()));
    String desc = p.description() != null ? p.description() : p.name();
    rule.putObject("shortDescription").put("text", desc);
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
    rule.putObject("fullDescription").put("text", desc);
    rule.putObject("help").put("text", help);
    rule.putObject("defaultConfiguration").put("level", "error");
    ObjectNode props = rule.putObject("properties");
    props.putArray("tags").add("inflight").add(p.kind() == null ? "property" : p.kind());
    return rule;
  }

  private static ObjectNode simpleRule(String id, String name, String help, String level) {
    ObjectNode rule = MAPPER.createObjectNode();
    rule.put("id", id);
    rule.put("name", camel(name));
    rule.putObject("shortDescription").put("text", name);
    rule.putObject("help").put("text", help);
    rule.putObject("defaultConfiguration").put("level", level);
    return rule;
  }

  private static ObjectNode violation(CheckReport rep, String ruleId) {
    List<DslStep> steps = rep.trace() == null ? List.of() : rep.trace().steps();
    SourceMap.Loc at = null;
    for (int k = steps.size() - 1; k >= 0 && at == null; k--) {
      at = steps.get(k).loc();
    }
    if (at == null && rep.violated().loc() != null) {
      at = rep.violated().loc();
    }
    String summary = rep.trace() != null ? rep.trace().summary() : rep.violated().name() + " is violated";
    ObjectNode res = result(ruleId, "error", rep.violated().name() + " violated: " + summary,
        location(at != null ? at.file() : rep.file(), at, null));
    if (!steps.isEmpty()) {
      ObjectNode flow = res.putArray("codeFlows").addObject();
      flow.putObject("message").put("text", "counterexample, " + steps.size() + " states");
      ObjectNode tf = flow.putArray("threadFlows").addObject();
      tf.putObject("message").put("text", summary);
      ArrayNode locs = tf.putArray("locations");
      for (DslStep s : steps) {
        ObjectNode tfl = locs.addObject();
        tfl.put("executionOrder", s.index());
        tfl.put("nestingLevel", s.calledFrom().isEmpty() ? 0 : s.calledFrom().size());
        if (s.fault() != null || s == steps.get(steps.size() - 1)) {
          tfl.putArray("kinds").add(s.fault() != null ? "exception" : "terminate");
          tfl.put("importance", "essential");
        }
        tfl.set("location", location(s.loc() != null ? s.loc().file() : rep.file(), s.loc(), stepMessage(s)));
      }
    }
    res.putObject("partialFingerprints").put("inflightViolation/v1", rep.file() + ":" + rep.violated().name());
    return res;
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

  private static ObjectNode result(String ruleId, String level, String message, ObjectNode location) {
    ObjectNode res = MAPPER.createObjectNode();
    res.put("ruleId", ruleId);
    res.put("level", level);
    res.putObject("message").put("text", message);
    res.putArray("locations").add(location);
    return res;
  }

  /** A location in {@code file}, at {@code loc}'s region if known (else line 1), with an optional message. */
  private static ObjectNode location(String file, SourceMap.Loc loc, String message) {
    ObjectNode l = MAPPER.createObjectNode();
    ObjectNode phys = l.putObject("physicalLocation");
    ObjectNode art = phys.putObject("artifactLocation");
    String uri = uri(file);
    art.put("uri", uri);
    if (!uri.startsWith("file:")) {
      art.put("uriBaseId", SRCROOT);
    }
    ObjectNode region = phys.putObject("region");
    if (loc != null) {
      region.put("startLine", Math.max(1, loc.line()));
      if (loc.col() > 0) {
        region.put("startColumn", loc.col());
      }
      if (loc.endLine() >= loc.line() && loc.endLine() > 0) {
        region.put("endLine", loc.endLine());
        if (loc.endCol() > 0 && (loc.endLine() > loc.line() || loc.endCol() > loc.col())) {
          region.put("endColumn", loc.endCol());
        }
      }
      if (loc.text() != null) {
        region.putObject("snippet").put("text", loc.text());
      }
    } else {
      region.put("startLine", 1);
    }
    if (message != null) {
      l.putObject("message").put("text", message);
    }
    return l;
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

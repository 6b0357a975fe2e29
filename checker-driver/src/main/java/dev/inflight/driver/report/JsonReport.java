package dev.inflight.driver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Warning;
import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.emit.SourceMap;
import java.io.UncheckedIOException;

/**
 * The check result as JSON, schema `inflight-check` version {@value #VERSION}; docs/output-formats.md
 * documents every field. Additive changes keep the version; a removed or re-typed field bumps it.
 */
public final class JsonReport {
  public static final String SCHEMA = "inflight-check";
  public static final int VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  /** The whole document for a run over {@code reports} (skipped models have no report). */
  public static String render(RunResult run) {
    try {
      return MAPPER.writeValueAsString(tree(run)) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ObjectNode tree(RunResult run) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("version", VERSION);
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "inflight");
    tool.put("version", ToolInfo.version());
    tool.put("tlc", ToolInfo.tlc());
    root.put("verdict", run.worst().name().toLowerCase());
    root.put("exitCode", run.exitCode());
    ArrayNode models = root.putArray("models");
    for (CheckReport r : run.reports()) {
      models.add(model(r));
    }
    ArrayNode skipped = root.putArray("skipped");
    run.skipped().forEach(skipped::add);
    return root;
  }

  static ObjectNode model(CheckReport r) {
    ObjectNode m = MAPPER.createObjectNode();
    m.put("file", r.file());
    m.put("language", r.language());
    m.put("model", r.model());
    m.put("verdict", r.verdict().name().toLowerCase());
    m.put("exitCode", r.verdict().exitCode);
    m.put("message", r.message());
    ArrayNode pools = m.putArray("pools");
    r.pools().forEach(pools::add);
    ArrayNode props = m.putArray("properties");
    for (SourceMap.Property p : r.properties()) {
      if ("bound".equals(p.kind())) {
        continue;
      }
      ObjectNode o = props.addObject();
      o.put("name", p.name());
      o.put("kind", p.kind());
      o.put("description", p.description());
      o.set("loc", loc(p.loc()));
      o.put("verdict", r.propertyVerdict(p));
    }
    m.put("violated", r.violated() == null ? null : r.violated().name());
    m.set("trace", r.trace() == null ? null : trace(r.trace()));
    ArrayNode warnings = m.putArray("warnings");
    for (Warning w : r.warnings()) {
      ObjectNode o = warnings.addObject();
      o.put("kind", w.kind());
      o.put("message", w.message());
      o.set("loc", loc(w.loc()));
    }
    ArrayNode diags = m.putArray("diagnostics");
    for (Diagnostic d : r.diagnostics()) {
      ObjectNode o = diags.addObject();
      o.put("severity", d.severity().label());
      o.put("code", d.code().id());
      o.put("message", d.message());
      if (d.span() != null) {
        o.put("file", d.span().file().path());
        o.put("line", d.span().line());
        o.put("col", d.span().col());
      } else {
        o.putNull("file");
      }
      o.put("help", d.help());
    }
    TlcStatistics s = r.statistics();
    ObjectNode st = m.putObject("statistics");
    st.put("distinctStates", s.distinct());
    st.put("statesGenerated", s.generated());
    st.put("depth", s.depth());
    st.put("translateMillis", r.translateMillis());
    st.put("tlcMillis", r.tlcMillis());
    return m;
  }

  static ObjectNode trace(DslTrace t) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("summary", t.summary());
    ArrayNode notes = o.putArray("notes");
    t.notes().forEach(notes::add);
    if (t.loopFrom() == null) {
      o.putNull("loopFrom");
    } else {
      o.put("loopFrom", t.loopFrom());
    }
    o.put("stutters", t.stutters());
    ArrayNode steps = o.putArray("steps");
    for (DslStep s : t.steps()) {
      ObjectNode so = steps.addObject();
      so.put("index", s.index());
      so.put("thread", s.thread());
      so.put("action", s.action());
      so.set("loc", loc(s.loc()));
      ArrayNode via = so.putArray("calledFrom");
      s.calledFrom().forEach(l -> via.add(loc(l)));
      ArrayNode stmts = so.putArray("statements");
      s.statements().forEach(l -> stmts.add(loc(l)));
      ArrayNode changes = so.putArray("changes");
      for (DslStep.Change c : s.changes()) {
        ObjectNode co = changes.addObject();
        co.put("what", c.what());
        co.put("before", c.before());
        co.put("after", c.after());
        co.put("text", c.render());
      }
      so.put("fault", s.fault());
    }
    return o;
  }

  static ObjectNode loc(SourceMap.Loc l) {
    if (l == null) {
      return null;
    }
    ObjectNode o = MAPPER.createObjectNode();
    o.put("file", l.file());
    o.put("line", l.line());
    o.put("col", l.col());
    o.put("endLine", l.endLine());
    o.put("endCol", l.endCol());
    o.put("text", l.text());
    return o;
  }
}

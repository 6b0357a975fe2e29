package dev.inflight.driver.report;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.check.Violation;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.driver.check.Warning;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.emit.SourceMap;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The check result as JUnit XML (the Ant/Surefire dialect Jenkins, GitLab and GitHub test
 * reporters read): a `testsuite` per model, a `testcase` per (model, property). A violated
 * property's testcase has a `failure` whose text is the counterexample as `inflight check` prints
 * it; properties a violated or incomplete run did not decide are `skipped`; a model that did not
 * translate, an incomplete run and an internal error are an `error`.
 */
public final class JunitReport {
  private JunitReport() {}

  /** One testcase: its name, and the outcome element to write (null: passed). */
  private record Case(String name, String outcome, String type, String message, String text) {}

  public static String render(RunResult run) {
    List<List<Case>> suites = new ArrayList<>();
    int tests = 0;
    int failures = 0;
    int errors = 0;
    int skipped = 0;
    for (CheckReport r : run.reports()) {
      List<Case> cases = cases(r);
      suites.add(cases);
      for (Case c : cases) {
        tests++;
        if ("failure".equals(c.outcome())) {
          failures++;
        } else if ("error".equals(c.outcome())) {
          errors++;
        } else if ("skipped".equals(c.outcome())) {
          skipped++;
        }
      }
    }
    try {
      StringWriter sw = new StringWriter();
      XMLStreamWriter x = XMLOutputFactory.newInstance().createXMLStreamWriter(sw);
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuites");
      x.writeAttribute("name", "inflight");
      x.writeAttribute("tests", Integer.toString(tests + run.skipped().size()));
      x.writeAttribute("failures", Integer.toString(failures));
      x.writeAttribute("errors", Integer.toString(errors));
      x.writeAttribute("skipped", Integer.toString(skipped + run.skipped().size()));
      x.writeAttribute("time", seconds(run.reports().stream().mapToLong(JunitReport::millis).sum()));
      x.writeCharacters("\n");
      for (int i = 0; i < run.reports().size(); i++) {
        suite(x, run.reports().get(i), suites.get(i));
      }
      for (String f : run.skipped()) {
        x.writeCharacters("  ");
        x.writeStartElement("testsuite");
        x.writeAttribute("name", className(f));
        x.writeAttribute("file", f);
        x.writeAttribute("tests", "1");
        x.writeAttribute("failures", "0");
        x.writeAttribute("errors", "0");
        x.writeAttribute("skipped", "1");
        x.writeAttribute("time", "0.000");
        x.writeCharacters("\n    ");
        x.writeStartElement("testcase");
        x.writeAttribute("classname", className(f));
        x.writeAttribute("name", "check");
        x.writeAttribute("time", "0.000");
        x.writeEmptyElement("skipped");
        x.writeAttribute("message", "not checked: --fail-fast stopped the run at an earlier failure");
        x.writeEndElement();
        x.writeCharacters("\n  ");
        x.writeEndElement();
        x.writeCharacters("\n");
      }
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
      return sw.toString();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write JUnit XML", e);
    }
  }

  private static void suite(XMLStreamWriter x, CheckReport r, List<Case> cases) throws XMLStreamException {
    String cls = className(r.file());
    x.writeCharacters("  ");
    x.writeStartElement("testsuite");
    x.writeAttribute("name", r.model() != null ? r.model() : cls);
    x.writeAttribute("file", r.file());
    x.writeAttribute("tests", Integer.toString(cases.size()));
    x.writeAttribute("failures", Long.toString(cases.stream().filter(c -> "failure".equals(c.outcome())).count()));
    x.writeAttribute("errors", Long.toString(cases.stream().filter(c -> "error".equals(c.outcome())).count()));
    x.writeAttribute("skipped", Long.toString(cases.stream().filter(c -> "skipped".equals(c.outcome())).count()));
    x.writeAttribute("time", seconds(millis(r)));
    x.writeCharacters("\n    ");
    x.writeStartElement("properties");
    property(x, "verdict", r.verdict().name().toLowerCase(Locale.ROOT));
    property(x, "exitCode", Integer.toString(r.verdict().exitCode));
    if (r.statistics().distinct() >= 0) {
      property(x, "distinctStates", Long.toString(r.statistics().distinct()));
    }
    if (r.statistics().depth() >= 0) {
      property(x, "depth", Long.toString(r.statistics().depth()));
    }
    for (String p : r.pools()) {
      property(x, "pool", p);
    }
    x.writeEndElement();
    for (Case c : cases) {
      x.writeCharacters("\n    ");
      x.writeStartElement("testcase");
      x.writeAttribute("classname", cls);
      x.writeAttribute("name", c.name());
      x.writeAttribute("file", r.file());
      x.writeAttribute("time", "0.000");
      if (c.outcome() != null) {
        x.writeCharacters("\n      ");
        x.writeStartElement(c.outcome());
        if (c.message() != null) {
          x.writeAttribute("message", clean(c.message()));
        }
        if (c.type() != null) {
          x.writeAttribute("type", c.type());
        }
        if (c.text() != null) {
          x.writeCharacters(clean(c.text()));
        }
        x.writeEndElement();
        x.writeCharacters("\n    ");
      }
      x.writeEndElement();
    }
    String systemOut = systemOut(r);
    if (!systemOut.isEmpty()) {
      x.writeCharacters("\n    ");
      x.writeStartElement("system-out");
      x.writeCharacters(clean(systemOut));
      x.writeEndElement();
    }
    x.writeCharacters("\n  ");
    x.writeEndElement();
    x.writeCharacters("\n");
  }

  private static List<Case> cases(CheckReport r) {
    List<Case> out = new ArrayList<>();
    if (r.verdict() == Verdict.BAD_INPUT) {
      String text = DiagnosticRenderer.renderAll(r.diagnostics());
      String first = r.diagnostics().stream().filter(d -> d.isError()).map(d -> d.message()).findFirst()
          .orElse(r.message() != null ? r.message() : "bad input");
      out.add(new Case("translate", "error", "bad_input", first, text.isEmpty() ? first : text));
      return out;
    }
    for (SourceMap.Property p : r.properties()) {
      if ("bound".equals(p.kind())) {
        continue;
      }
      String v = r.propertyVerdict(p);
      if (v.equals("holds")) {
        out.add(new Case(p.name(), null, null, null, null));
      } else if (v.equals("violated")) {
        // each violated property fails with its own counterexample
        DslTrace t = r.violations().stream().filter(x -> List.of(x.property().name().split(" or ")).contains(p.name()))
            .map(Violation::trace).filter(java.util.Objects::nonNull).findFirst().orElse(r.trace());
        String msg = t != null ? t.summary() : "violated";
        out.add(new Case(p.name(), "failure", p.name(), msg, TextReport.render(r, false)));
      } else if (v.equals("skipped")) {
        out.add(new Case(p.name(), "skipped", null, "not checked: left out by --check/--skip", null));
      } else {
        String why = r.verdict() == Verdict.VIOLATED ? "not decided: the check stopped at the first violation ("
            + (r.violated() == null ? "another property" : r.violated().name()) + ")" + (r.message() == null ? "" : "; " + r.message())
            : "not decided: the run was " + r.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        out.add(new Case(p.name(), "skipped", null, why, null));
      }
    }
    if (r.verdict() == Verdict.VIOLATED && r.violated() != null
        && out.stream().noneMatch(c -> "failure".equals(c.outcome()))) {
      out.add(new Case(r.violated().name(), "failure", r.violated().name(),
          r.trace() != null ? r.trace().summary() : "violated", TextReport.render(r, false)));
    }
    if (r.verdict() == Verdict.INCOMPLETE || r.verdict() == Verdict.INTERNAL_ERROR) {
      String msg = r.message() != null ? r.message() : r.verdict().meaning;
      out.add(new Case("complete", "error", r.verdict().name().toLowerCase(Locale.ROOT), msg, TextReport.render(r, false)));
    }
    return out;
  }

  private static String systemOut(CheckReport r) {
    StringBuilder b = new StringBuilder();
    for (Warning w : r.warnings()) {
      b.append(TextReport.warning(w)).append('\n');
    }
    if (r.verdict() == Verdict.HOLDS) {
      b.append(TextReport.statistics(r)).append('\n');
    }
    return b.toString();
  }

  private static void property(XMLStreamWriter x, String name, String value) throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeEmptyElement("property");
    x.writeAttribute("name", name);
    x.writeAttribute("value", clean(value));
  }

  /** `examples/tutorial/refcount_uaf.ifl` → `examples.tutorial.refcount_uaf`. */
  static String className(String file) {
    String f = file.replace('\\', '/');
    while (f.startsWith("../") || f.startsWith("./")) {
      f = f.substring(f.indexOf('/') + 1);
    }
    if (f.startsWith("/")) {
      f = f.substring(1);
    }
    int dot = f.lastIndexOf('.');
    if (dot > f.lastIndexOf('/')) {
      f = f.substring(0, dot);
    }
    return f.replace('/', '.');
  }

  private static long millis(CheckReport r) {
    return r.translateMillis() + r.tlcMillis();
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
  }

  /** Drops characters XML 1.0 cannot carry. */
  static String clean(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> {
      if (c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000) {
        b.appendCodePoint(c);
      }
    });
    return b.toString();
  }
}

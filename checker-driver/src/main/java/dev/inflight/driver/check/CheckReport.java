package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.emit.SourceMap;
import java.util.List;

/**
 * Everything `inflight check` learned about one model.
 *
 * @param file the model file as given
 * @param language {@link #INFLIGHT} for a DSL model, {@link #TLA} for a plain TLA+ spec
 * @param model the model's name (the module's for TLA+; null when it did not translate)
 * @param verdict what it comes to
 * @param message a one-line explanation for incomplete runs and internal errors, else null
 * @param diagnostics translator errors and warnings
 * @param properties the properties checked
 * @param violated the violated property (null unless violated or stopped by a model bound)
 * @param trace the counterexample in DSL terms (TLA+ terms for a TLA+ spec), or null
 * @param statistics TLC's state counts (unknown when TLC did not run)
 * @param pools each struct's object pool: `sock: 2 objects (derived)`
 * @param warnings vacuity warnings of a passing check: parts of the model that never ran
 * @param translateMillis time spent translating
 * @param tlcMillis wall time of the TLC run
 */
public record CheckReport(String file, String language, String model, Verdict verdict, String message,
    List<Diagnostic> diagnostics, List<SourceMap.Property> properties, SourceMap.Property violated,
    DslTrace trace, TlcStatistics statistics, List<String> pools, List<Warning> warnings,
    long translateMillis, long tlcMillis) {

  public static final String INFLIGHT = "inflight";
  public static final String TLA = "tla";

  /** The same report with these warnings. */
  public CheckReport withWarnings(List<Warning> w) {
    return new CheckReport(file, language, model, verdict, message, diagnostics, properties, violated, trace, statistics,
        pools, List.copyOf(w), translateMillis, tlcMillis);
  }

  /**
   * What the run says about one property: `holds` when the whole state space was explored without
   * violating anything, `violated` for the violated one, `unknown` otherwise (TLC stops at the
   * first violation, and an incomplete run proves nothing).
   */
  public String propertyVerdict(SourceMap.Property p) {
    if (verdict == Verdict.HOLDS) {
      return "holds";
    }
    if (violated != null && verdict == Verdict.VIOLATED
        && (p == violated || p.name().equals(violated.name()) || List.of(violated.name().split(" or ")).contains(p.name()))) {
      return "violated"; // for `a or b` (TLC checks `eventually` properties together) each of them
    }
    return "unknown";
  }
}

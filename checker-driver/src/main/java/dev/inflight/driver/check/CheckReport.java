package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.emit.SourceMap;
import java.util.List;
import java.util.Map;

/**
 * Everything `inflight check` learned about one model.
 *
 * @param file the model file as given
 * @param language {@link #INFLIGHT} for a DSL model, {@link #TLA} for a plain TLA+ spec
 * @param model the model's name (the module's for TLA+; null when it did not translate)
 * @param verdict what it comes to
 * @param message a one-line explanation for incomplete runs and internal errors, else null
 * @param diagnostics translator errors and warnings
 * @param properties the properties of the model
 * @param violations every violated property with its own counterexample, shallowest first; a
 *     model bound that was exceeded comes last
 * @param verdicts each property's verdict by name ({@link #propertyVerdict}); empty: derived from the rest
 * @param statistics TLC's state counts of the last (most complete) run; unknown when TLC did not run
 * @param pools each struct's object pool: `sock: 2 objects (derived)`
 * @param warnings vacuity warnings of a passing check: parts of the model that never ran
 * @param translateMillis time spent translating
 * @param tlcMillis wall time of the TLC runs
 * @param symmetry the sets the last TLC run reduced by symmetry (`rx: 2 threads`, `sock: 3 objects`), else empty
 */
public record CheckReport(String file, String language, String model, Verdict verdict, String message,
    List<Diagnostic> diagnostics, List<SourceMap.Property> properties, List<Violation> violations,
    Map<String, String> verdicts, TlcStatistics statistics, List<String> pools, List<Warning> warnings,
    long translateMillis, long tlcMillis, List<String> symmetry) {

  public CheckReport(String file, String language, String model, Verdict verdict, String message,
      List<Diagnostic> diagnostics, List<SourceMap.Property> properties, List<Violation> violations,
      Map<String, String> verdicts, TlcStatistics statistics, List<String> pools, List<Warning> warnings,
      long translateMillis, long tlcMillis) {
    this(file, language, model, verdict, message, diagnostics, properties, violations, verdicts, statistics, pools, warnings,
        translateMillis, tlcMillis, List.of());
  }

  public static final String INFLIGHT = "inflight";
  public static final String TLA = "tla";

  /** Property verdicts. */
  public static final String HOLDS = "holds";
  public static final String VIOLATED = "violated";
  public static final String UNKNOWN = "unknown";
  public static final String SKIPPED = "skipped";

  public CheckReport {
    violations = List.copyOf(violations);
    verdicts = Map.copyOf(verdicts);
    symmetry = symmetry == null ? List.of() : List.copyOf(symmetry);
  }

  /** A report with at most one counterexample (a plain TLA+ spec, a model that did not run). */
  public static CheckReport of(String file, String language, String model, Verdict verdict, String message,
      List<Diagnostic> diagnostics, List<SourceMap.Property> properties, SourceMap.Property violated,
      DslTrace trace, TlcStatistics statistics, List<String> pools, List<Warning> warnings,
      long translateMillis, long tlcMillis) {
    return new CheckReport(file, language, model, verdict, message, diagnostics, properties,
        violated == null ? List.of() : List.of(new Violation(violated, trace)), Map.of(), statistics, pools, warnings,
        translateMillis, tlcMillis);
  }

  /** A model that could not be checked because Inflight itself failed. */
  public static CheckReport internalError(String file, String language, String message) {
    return new CheckReport(file, language, null, Verdict.INTERNAL_ERROR, message, List.of(), List.of(), List.of(), Map.of(),
        TlcStatistics.unknown(), List.of(), List.of(), 0, 0);
  }

  /** The first (shallowest) violated property, or the exceeded model bound; null when there is none. */
  public SourceMap.Property violated() {
    return violations.isEmpty() ? null : violations.get(0).property();
  }

  /** The counterexample of {@link #violated()}, or null. */
  public DslTrace trace() {
    return violations.isEmpty() ? null : violations.get(0).trace();
  }

  /** The same report with these warnings. */
  public CheckReport withWarnings(List<Warning> w) {
    return new CheckReport(file, language, model, verdict, message, diagnostics, properties, violations, verdicts, statistics,
        pools, List.copyOf(w), translateMillis, tlcMillis, symmetry);
  }

  /**
   * What the run says about one property: `holds` when the whole state space was explored without
   * violating it, `violated`, `skipped` when --check/--skip left it out, `unknown` otherwise (the
   * run stopped first, at a timeout or --fail-fast).
   */
  public String propertyVerdict(SourceMap.Property p) {
    String v = verdicts.get(p.name());
    if (v != null) {
      return v;
    }
    if (verdict == Verdict.HOLDS) {
      return HOLDS;
    }
    for (Violation x : violations) {
      String name = x.property().name();
      if (verdict == Verdict.VIOLATED && (x.property() == p || name.equals(p.name()) || List.of(name.split(" or ")).contains(p.name()))) {
        return VIOLATED; // for `a or b` (TLC checks `eventually` properties together) each of them
      }
    }
    return UNKNOWN;
  }
}

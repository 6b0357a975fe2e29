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
 * @param model the model's name (null when it did not translate)
 * @param verdict what it comes to
 * @param message a one-line explanation for incomplete runs and internal errors, else null
 * @param diagnostics translator errors and warnings
 * @param properties the properties checked
 * @param violated the violated property (null unless violated or stopped by a model bound)
 * @param trace the counterexample in DSL terms, or null
 * @param statistics TLC's state counts (unknown when TLC did not run)
 * @param pools each struct's object pool: `sock: 2 objects (derived)`
 * @param translateMillis time spent translating
 * @param tlcMillis wall time of the TLC run
 */
public record CheckReport(String file, String model, Verdict verdict, String message,
    List<Diagnostic> diagnostics, List<SourceMap.Property> properties, SourceMap.Property violated,
    DslTrace trace, TlcStatistics statistics, List<String> pools, long translateMillis, long tlcMillis) {}

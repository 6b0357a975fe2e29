package dev.inflight.driver.check;

import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.emit.SourceMap;

/**
 * One violated property with its own shortest counterexample (or, for a model bound, the
 * behaviour that exceeded it).
 *
 * @param property the property (a model bound: kind {@code bound})
 * @param trace the counterexample in the model's terms
 */
public record Violation(SourceMap.Property property, DslTrace trace) {}

package dev.inflight.driver.trace;

import dev.inflight.translator.emit.SourceMap;
import java.util.List;

/**
 * A counterexample told in DSL terms.
 *
 * @param property the violated property (null for a deadlock)
 * @param summary one line: what went wrong, with threads, objects and lines
 * @param steps the behaviour, first state first
 * @param loopFrom for a liveness violation: the 1-based state the lasso returns to (its last
 *     step is the one that leads back to that state, so that every step of the loop is shown:
 *     steps loopFrom+1 .. last repeat forever); null otherwise
 * @param stutters for a liveness violation that ends by stuttering forever
 * @param notes further facts: which threads are blocked where, which locks are held
 */
public record DslTrace(SourceMap.Property property, String summary, List<DslStep> steps,
    Integer loopFrom, boolean stutters, List<String> notes) {}

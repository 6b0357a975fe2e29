package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;

/**
 * One TLA+ action: a single path through a step of a thread, as the operator
 * {@code name(self)}. Since each path is its own operator, the action name TLC prints for a
 * trace step says exactly which statements ran.
 *
 * @param from the label the thread is at
 * @param to the label it moves to ("Done" at the end), or null for a fault (pc unchanged)
 * @param fault the fault kind this path detects, or null
 * @param statements DSL statements the path executes, in order
 * @param primary the statement to show for this step (the shared one, or the last)
 * @param calledFrom when primary is inside an inlined function: the call sites, outermost first
 * @param body the action's TLA+ expression (parameter {@code self})
 */
public record Action(String name, ThreadSym thread, String from, String to, String fault,
    List<Span> statements, Span primary, List<Span> calledFrom, TlaExpr body) {}

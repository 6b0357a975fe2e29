package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.List;
import java.util.Set;

/**
 * Result of the lower phase: the state layout, the state variables and every thread's actions.
 *
 * @param reference whether this is the statement-level reference translation
 * @param mayHang the thread kinds the `no_hang` check watches: fair, non-daemon kinds that can
 *     block (docs/semantics.md, "Hangs"); in the reference translation every fair non-daemon kind
 * @param init the `init` block's paths, or null when the model has none (docs/semantics.md, "The init block")
 */
public record Lowered(Checked checked, Layout layout, StateVars vars, List<ThreadCode> threads, boolean reference,
    Set<ThreadSym> mayHang, InitCode init) {}

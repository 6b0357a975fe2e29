package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import java.util.List;

/** Result of the lower phase: the state layout, the state variables and every thread's actions. */
public record Lowered(Checked checked, Layout layout, StateVars vars, List<ThreadCode> threads) {}

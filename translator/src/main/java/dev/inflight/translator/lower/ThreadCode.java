package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.List;
import java.util.Map;

/**
 * A thread kind after lowering: its labels (with the DSL place each stands for), its entry
 * label, its actions, the TLA+ variables holding its locals (with their initial values), and
 * for a daemon the labels where it is at rest.
 */
public record ThreadCode(ThreadSym thread, String entry, Map<String, Span> labels, Map<String, Span> waitsAt,
    List<Action> actions, List<LocalVar> locals, List<String> rest, List<WaitSite> waits,
    List<dev.inflight.translator.diag.Span> unreached) {

  /**
   * Costs tracked: a label inside an operation where a thread of this kind can block. While it
   * is blocked there, it accrues the time of every step of a thread that {@code waker} (over
   * {@code self}, the blocked thread, and {@code waker}, the stepping one) admits: the work
   * item's worker for flush_work, the holder for a held lock, anyone for an `await`. With
   * {@code stuck}, the label starts an `atomic` block that waits after its first instruction
   * (on what that instruction's effect decides): the thread is blocked there while no path of
   * its step can move. {@code holding}: when {@code waker} admits only the holders of global
   * locks, those locks (their TLA+ variables), else null.
   */
  public record WaitSite(String label, dev.inflight.translator.tla.TlaExpr waker, String what, boolean stuck,
      java.util.Set<String> holding) {}

  /** A thread-local TLA+ variable: a function from the kind's threads to values. */
  public record LocalVar(String tla, String dsl, boolean hidden, dev.inflight.translator.tla.TlaExpr initial) {}
}

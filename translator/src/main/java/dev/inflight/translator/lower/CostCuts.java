package dev.inflight.translator.lower;

import dev.inflight.translator.check.SharedReads;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Costs tracked: the `cost` statements that are steps of their own in the merged translation
 * (docs/semantics.md, "Costs: where time may not move"). A step charges its time to the threads
 * blocked on it as they are when the step starts, so a `cost` statement merged into a neighbouring
 * step, and so moved past other threads' steps, could be charged to a thread that was not waiting
 * when the statement ran, or not to one that was; and a `cost` whose amount reads shared state
 * would read it at another time. Such a statement is shared (Sharing) when:
 *
 * <ul>
 *   <li>its thread kind can be waited on inside an operation: any kind when some operation of
 *       the model has an `await` or takes a lock (any thread may make the condition true or hold
 *       the lock), a work item's worker when some operation flushes it. This is decided before the
 *       labels exist, so it counts waits inside `atomic` too; Costs#wakers, over the placed
 *       labels' wait sites, admits the same kinds or fewer (more cuts here is never unsound); or
 *   <li>its amount reads shared state.
 * </ul>
 *
 * A primitive's price (queue_work's, skipped when the item is pending) is none of these: it is
 * part of the primitive's step in every translation.
 *
 * <p>{@code waits}: the `await`s, `flush_work`s and `lock`s inside an operation (outside `atomic`),
 * and the first instruction of each `atomic` block inside an operation that holds one, where a
 * thread waits and is charged the time of the threads it waits for (Costs#waitSites). Each starts
 * a step (Labels): merged into a step from an earlier label that cannot move (the thread's first
 * instruction, a loop head), the thread would wait at that label instead, uncharged.
 *
 * <p>Both are empty when costs are not tracked and in the reference translation, where every
 * statement is a step anyway.
 */
record CostCuts(Set<Instr> steps, Set<Instr> waits) {
  static final CostCuts NONE = new CostCuts(Set.of(), Set.of());

  static CostCuts of(Program program, List<Cfg> cfgs) {
    if (!program.cost.tracked) {
      return NONE;
    }
    Set<ThreadSym> wakers = new LinkedHashSet<>();
    Set<Instr> waits = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Cfg cfg : cfgs) {
      for (int id : cfg.inOp()) {
        Instr in = cfg.node(id);
        if (in == null || Sharing.blocking(in) != Sharing.Blocking.WAIT) {
          continue;
        }
        if (in.atomic() < 0) {
          waits.add(in);
        }
        if (cfg.flushes().containsKey(id)) {
          var w = cfg.flushes().get(id);
          program.threads.stream().filter(t -> t.worker == w).forEach(wakers::add);
        } else {
          wakers.addAll(program.threads);
        }
      }
    }
    for (Cfg cfg : cfgs) {
      for (int id : cfg.atomicStarts()) {
        if (cfg.inOp().contains(id) && waitsInAtomic(cfg, id, -1)) {
          waits.add(cfg.node(id));
        }
      }
    }
    Set<Instr> steps = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Cfg cfg : cfgs) {
      boolean wakes = wakers.contains(cfg.thread());
      for (Instr in : cfg.nodes()) {
        if (in instanceof Instr.Cost c && c.amount() != null && (wakes || SharedReads.expr(program, c.amount()))) {
          steps.add(c);
        }
      }
    }
    return new CostCuts(Collections.unmodifiableSet(steps), Collections.unmodifiableSet(waits));
  }

  /**
   * Whether the `atomic` block that node {@code start} begins holds an `await`, `flush_work` or
   * `lock` inside an operation, other than node {@code except}.
   */
  static boolean waitsInAtomic(Cfg cfg, int start, int except) {
    int block = cfg.node(start).atomic();
    for (int id = 0; id < cfg.nodes().size(); id++) {
      Instr in = cfg.node(id);
      if (id != except && in.atomic() == block && cfg.inOp().contains(id) && Sharing.blocking(in) == Sharing.Blocking.WAIT) {
        return true;
      }
    }
    return false;
  }
}

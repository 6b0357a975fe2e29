package dev.inflight.translator.lower;

import dev.inflight.translator.resolve.ThreadSym;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * How many RCU callback threads a model needs (docs/semantics.md, "RCU", "How many callback
 * threads"). `rcu_cb[RCU_CALLBACK_CPUS]` run the ready callbacks; a run in which at most k
 * callbacks are ever queued never has more than k of them running at once, so k callback threads
 * give the same behaviours up to which copy ran which callback. The count is read off the
 * inlined control-flow graphs, which hold every way code runs (release functions at their
 * `put`s, work functions in their workers, callbacks in the callback threads): per thread kind,
 * the most `call_rcu`s on one path from its entry, times its copies. A `call_rcu` on a cycle
 * (a loop, a daemon's rest loop, a callback that queues a callback) makes the count unbounded.
 * Callbacks that lock, or use RCU themselves, may leave state in their thread: every copy is
 * kept for them.
 */
final class CallbackThreads {
  /** No bound: some `call_rcu` can run any number of times. */
  static final int UNBOUNDED = Integer.MAX_VALUE;

  private CallbackThreads() {}

  /**
   * The callback threads to lay out for {@code rcu}, the callback thread kind: its declared
   * copies, or fewer when fewer callbacks can ever be queued (at least one). The reference
   * translation and cost runs keep every copy: the former is the plain translation the merged
   * one is checked against, and in the latter copies sit on different CPUs.
   */
  static int copies(ThreadSym rcu, List<Cfg> cfgs, Cfg init, boolean keepAll) {
    if (keepAll || cfgs.stream().anyMatch(c -> c.thread() == rcu && leavesResidue(c))) {
      return rcu.count;
    }
    long calls = 0;
    for (Cfg cfg : cfgs) {
      long n = callsOnOnePath(cfg);
      if (n == UNBOUNDED) {
        return rcu.count;
      }
      calls += n * cfg.thread().count;
    }
    if (init != null) {
      long n = callsOnOnePath(init);
      if (n == UNBOUNDED) {
        return rcu.count;
      }
      calls += n;
    }
    return (int) Math.max(1, Math.min(rcu.count, calls));
  }

  /**
   * The most `call_rcu` nodes on one path from the entry of {@code cfg}, or {@link #UNBOUNDED}
   * when one reachable from the entry lies on a cycle.
   */
  static int callsOnOnePath(Cfg cfg) {
    int size = cfg.nodes().size();
    boolean[] reachable = reach(cfg, List.of(cfg.entry()));
    for (int id = 0; id < size; id++) {
      if (reachable[id] && isCall(cfg.node(id)) && reach(cfg, Sharing.successors(cfg.node(id)))[id]) {
        return UNBOUNDED;
      }
    }
    // No call on a cycle: the most calls on a path from each node, relaxed to a fixed point.
    // Every cycle has weight 0, so each pass that changes something raises a value, and no
    // value exceeds the number of call nodes: at most (calls + 1) * size passes.
    int[] most = new int[size];
    long calls = cfg.nodes().stream().filter(CallbackThreads::isCall).count();
    boolean changed = true;
    for (long pass = 0; changed; pass++) {
      if (pass > (calls + 1) * size + 1) {
        throw new IllegalStateException("call_rcu count did not settle in " + cfg.thread().name());
      }
      changed = false;
      for (int id = size - 1; id >= 0; id--) {
        if (!reachable[id]) {
          continue;
        }
        int best = 0;
        for (int s : Sharing.successors(cfg.node(id))) {
          best = Math.max(best, most[s]);
        }
        int v = best + (isCall(cfg.node(id)) ? 1 : 0);
        if (v != most[id]) {
          most[id] = v;
          changed = true;
        }
      }
    }
    return most[cfg.entry()];
  }

  /**
   * Whether a callback may leave state behind in its thread once it has ended (a lock it still
   * holds, an RCU read-side section it did not leave, a grace period it waits for): then copies
   * at rest are not interchangeable, and every copy is kept.
   */
  private static boolean leavesResidue(Cfg callbacks) {
    return callbacks.nodes().stream().anyMatch(in -> in instanceof Instr.LockOp
        || in instanceof Instr.Rcu r && r.op() != Instr.RcuOp.DONE);
  }

  private static boolean isCall(Instr in) {
    return in instanceof Instr.Rcu r && r.op() == Instr.RcuOp.CALL;
  }

  /** The nodes reachable from {@code from} (those included). */
  private static boolean[] reach(Cfg cfg, List<Integer> from) {
    boolean[] seen = new boolean[cfg.nodes().size()];
    Deque<Integer> todo = new ArrayDeque<>(from);
    while (!todo.isEmpty()) {
      int id = todo.pop();
      if (!seen[id]) {
        seen[id] = true;
        Sharing.successors(cfg.node(id)).forEach(todo::push);
      }
    }
    return seen;
  }
}

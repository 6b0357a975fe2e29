package dev.inflight.translator.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * A forward must analysis over a thread's control-flow graph: the facts that hold on entry to
 * each node on every path from the thread's entry (where none hold). Paths join by intersection;
 * a node no path reaches has no set (null, the top element). Used for the locals that surely
 * hold an object (NonNullLocals) and the locks surely held (LockReleases). {@link #may} is the
 * may analysis: the facts that hold on some path (paths join by union), used for the locks a
 * thread may hold (HeldLocks).
 */
final class MustSets {
  private MustSets() {}

  /** The facts on entry to each node of {@code cfg}, given what each instruction makes of those before it. */
  static <T> List<Set<T>> of(Cfg cfg, BiFunction<Instr, Set<T>, Set<T>> transfer) {
    return flow(cfg, transfer, true);
  }

  /** The facts that hold on entry to each node on some path to it (null for a node no path reaches). */
  static <T> List<Set<T>> may(Cfg cfg, BiFunction<Instr, Set<T>, Set<T>> transfer) {
    return flow(cfg, transfer, false);
  }

  private static <T> List<Set<T>> flow(Cfg cfg, BiFunction<Instr, Set<T>, Set<T>> transfer, boolean must) {
    List<Set<T>> in = new ArrayList<>(Collections.nCopies(cfg.nodes().size(), null));
    in.set(cfg.entry(), new HashSet<>());
    Deque<Integer> todo = new ArrayDeque<>();
    todo.push(cfg.entry());
    while (!todo.isEmpty()) {
      int id = todo.pop();
      Instr instr = cfg.node(id);
      if (instr == null) {
        continue;
      }
      Set<T> out = transfer.apply(instr, Collections.unmodifiableSet(in.get(id)));
      for (int s : Sharing.successors(instr)) {
        Set<T> cur = in.get(s);
        if (cur == null) {
          in.set(s, new HashSet<>(out));
          todo.push(s);
        } else if (must ? cur.retainAll(out) : cur.addAll(out)) {
          todo.push(s);
        }
      }
    }
    return in;
  }
}

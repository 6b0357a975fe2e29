package dev.inflight.translator.lower;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The `rcu_pick`s a thread reaches inside a read-side section on every path: they need no
 * unprotected_rcu_pick fault path (BuiltinProcs). A forward must analysis over the thread's
 * control-flow graph ({@link MustSets}) whose facts are the depths {@code d} with "rcu_depth >= d":
 * `rcu_read_lock` adds the next one, `rcu_read_unlock` drops the highest, and paths join by
 * intersection, so a node's facts are the least depth of all paths to it. The thread starts
 * outside every section. Only the thread's own `rcu_read_lock`/`rcu_read_unlock` write its
 * rcu_depth, so the depth the analysis finds holds whatever other threads do
 * (docs/semantics.md, "RCU").
 */
final class RcuSections {
  private RcuSections() {}

  /** The `rcu_pick`s of {@code cfg} inside a read-side section on every path to them. */
  static Set<Instr> surelyInside(Cfg cfg) {
    Set<Instr> out = Collections.newSetFromMap(new IdentityHashMap<>());
    if (cfg.nodes().stream().noneMatch(RcuSections::isRcuPick)) {
      return out;
    }
    List<Set<Integer>> depth = MustSets.of(cfg, (in, before) -> {
      if (!(in instanceof Instr.Rcu r) || r.op() != Instr.RcuOp.READ_LOCK && r.op() != Instr.RcuOp.READ_UNLOCK) {
        return before;
      }
      Set<Integer> after = new HashSet<>(before);
      int d = before.size(); // the facts are 1..d
      if (r.op() == Instr.RcuOp.READ_LOCK) {
        after.add(d + 1);
      } else {
        after.remove(d); // at depth 0 a fault: the thread goes no further
      }
      return after;
    });
    for (int id = 0; id < cfg.nodes().size(); id++) {
      if (isRcuPick(cfg.node(id)) && depth.get(id) != null && depth.get(id).contains(1)) {
        out.add(cfg.node(id));
      }
    }
    return out;
  }

  private static boolean isRcuPick(Instr in) {
    return in instanceof Instr.Proc p && p.call().fn().text().equals("rcu_pick");
  }
}

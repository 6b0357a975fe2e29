package dev.inflight.translator.lower;

import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The global locks a thread may hold on entry to each node of its code: those some path from the
 * thread's entry takes (`lock`) and does not release (`unlock`) before the node. A global lock
 * holds the thread that took it until that thread releases it: no other thread's step writes
 * it while it is held (another `lock` waits, another `unlock` is a fault that writes nothing),
 * so a thread at a node outside this set does not hold the lock there (docs/semantics.md,
 * "Costs: where time may not move"). Locks are named by their TLA+ variables.
 */
final class HeldLocks {
  private final List<Set<String>> at;

  private HeldLocks(List<Set<String>> at) {
    this.at = at;
  }

  static HeldLocks of(Program program, Layout layout, Cfg cfg) {
    return new HeldLocks(MustSets.may(cfg, (instr, before) -> {
      Symbol.GlobalSym g = instr instanceof Instr.LockOp l ? LockReleases.global(program, l.target()) : null;
      if (g == null) {
        return before;
      }
      Set<String> out = new HashSet<>(before);
      if (((Instr.LockOp) instr).isLock()) {
        out.add(layout.globalVar.get(g));
      } else {
        out.remove(layout.globalVar.get(g));
      }
      return out;
    }));
  }

  /** The locks the thread may hold on entry to node {@code id} (none where no path reaches). */
  Set<String> at(int id) {
    Set<String> s = at.get(id);
    return s == null ? Set.of() : s;
  }
}

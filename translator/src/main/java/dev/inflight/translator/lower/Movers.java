package dev.inflight.translator.lower;

import dev.inflight.translator.resolve.Program;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The movers of a model (Lipton's reduction, docs/semantics.md): {@code right}, the instructions
 * a step may go on past into the next shared instruction (stable `await`s); {@code left}, the
 * `unlock`s the step before may go on into. By identity.
 */
record Movers(Set<Instr> right, Set<Instr> left) {
  static final Movers NONE = new Movers(Set.of(), Set.of());

  /**
   * The movers of {@code cfgs} (all of the model's thread kinds) for the reductions {@code on};
   * {@code held}: each kind's releases of a lock it surely holds (LockReleases#surelyHeld).
   */
  static Movers of(Program program, List<Cfg> cfgs, Set<Reduction> on, Map<Cfg, Set<Instr>> held) {
    Set<Instr> right = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Instr> left = Collections.newSetFromMap(new IdentityHashMap<>());
    if (on.contains(Reduction.STABLE_WAITS)) {
      right.addAll(StableAwaits.of(program, cfgs));
    }
    if (on.contains(Reduction.LOCK_RELEASES)) {
      left.addAll(LockReleases.of(program, cfgs, held));
    }
    return new Movers(Collections.unmodifiableSet(right), Collections.unmodifiableSet(left));
  }
}

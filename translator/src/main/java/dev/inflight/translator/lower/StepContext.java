package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.TlaExpr;

/**
 * What step formation for one thread kind works with: the checked program, its TLA+ layout, the
 * thread's control-flow graph, and the parts of the step logic that {@link Exec} (what one
 * instruction does to a path) hands work to: fault paths, cost charges, writes to targets, locks,
 * RCU and the built-in procedures. One per thread kind; built by {@link StepBuilder}.
 */
final class StepContext {
  final Checked checked;
  final Program program;
  final Layout layout;
  final Cfg cfg;
  final ThreadSym thread;

  final Sharing sharing;
  final Faults faults;
  final Costs costs;
  final Targets targets;
  final Locks locks;
  final RcuSteps rcu;
  final BuiltinProcs procs;
  /**
   * The init block's walk: it starts on the blank state, so guards are over constants and are
   * folded further (Simplify#constants), which prunes the paths of its unrolled loops.
   */
  boolean constantState;
  /**
   * The releases of global locks the thread surely holds (LockReleases#surelyHeld), which have
   * no fault path; none in the reference translation and the init block.
   */
  java.util.Set<Instr> heldReleases = java.util.Set.of();
  /**
   * The `rcu_pick`s the thread reaches inside a read-side section on every path
   * (RcuSections#surelyInside), which have no fault path; none in the reference translation.
   */
  java.util.Set<Instr> insideRcu = java.util.Set.of();
  /** Whether the thread kind ever enters an RCU read-side section (then blocking is checked against it). */
  final boolean entersRcu;

  StepContext(Checked checked, Layout layout, Cfg cfg) {
    this(checked, layout, cfg, CostCuts.NONE);
  }

  /** {@code cuts}: the `cost` statements that are steps of their own (costs tracked). */
  StepContext(Checked checked, Layout layout, Cfg cfg, CostCuts cuts) {
    this.checked = checked;
    this.program = checked.program();
    this.layout = layout;
    this.cfg = cfg;
    this.thread = cfg.thread();
    this.sharing = new Sharing(program, cuts);
    this.faults = new Faults(this);
    this.costs = new Costs(this);
    this.targets = new Targets(this);
    this.locks = new Locks(this);
    this.rcu = new RcuSteps(this);
    this.procs = new BuiltinProcs(this);
    this.entersRcu = program.usesRcu && cfg.nodes().stream()
        .anyMatch(n -> n instanceof Instr.Rcu r && r.op() == Instr.RcuOp.READ_LOCK);
  }

  /** An empty path: a step starting at the label {@code node}, before any instruction ran. */
  Path newPath(int node) {
    return new Path(this, liveFrames(node));
  }

  /**
   * The frames (fields of the thread kind's record of locals) that are records, not NULL, when
   * the thread is at node {@code node}: those of the functions the node is inside
   * (Cfg#insideOf; docs/semantics.md, "Locals").
   */
  java.util.Set<String> liveFrames(int node) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    if (node >= 0) {
      cfg.insideOf(node).forEach(fn -> {
        String f = layout.frameField(thread, fn);
        if (f != null) {
          out.add(f);
        }
      });
    }
    return out;
  }

  static TlaExpr n(String name) {
    return new TlaExpr.Name(name);
  }
}

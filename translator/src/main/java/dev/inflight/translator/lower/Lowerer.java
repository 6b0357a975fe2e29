package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.FnSym;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The lower phase: control-flow graphs, then steps and actions, for every thread kind. */
public final class Lowerer {
  private Lowerer() {}

  public static Lowered lower(Checked checked, Diagnostics diags) {
    return lower(checked, diags, false, false, java.util.EnumSet.allOf(Reduction.class));
  }

  /**
   * With {@code reference}, the statement-level reference translation; with
   * {@code localVariables}, every local a state variable of its own; {@code reductions}: the
   * movers steps may go on past (see Translator.Options).
   */
  public static Lowered lower(Checked checked, Diagnostics diags, boolean reference, boolean localVariables,
      Set<Reduction> reductions) {
    List<Cfg> cfgs = new ArrayList<>();
    Recursions recursions = new Recursions(checked.program());
    for (ThreadSym t : checked.program().threads) {
      cfgs.add(new CfgBuilder(checked, t, diags, recursions).build());
    }
    Cfg initCfg = checked.program().init == null ? null : new CfgBuilder(checked, checked.program().init, diags, recursions).build();
    recursions.report(diags, checked.program().root().source());
    Map<ThreadSym, Integer> copies = new LinkedHashMap<>();
    if (!diags.hasErrors()) {
      for (ThreadSym t : checked.program().threads) {
        if (t.rcuCallbacks != null) {
          copies.put(t, CallbackThreads.copies(t, cfgs, initCfg, reference || checked.program().cost.tracked));
        }
      }
    }
    Layout layout = new Layout(checked.program(), copies);
    if (diags.hasErrors()) {
      return new Lowered(checked, layout, stateVariables(layout, checked, List.of(), true, reference), List.of(), reference, Set.of(), null);
    }
    layout.latCap = LatencyCap.of(checked.program(), cfgs, reference);
    StateVars vars = stateVariables(layout, checked, cfgs, localVariables, reference);
    // The same in the reference translation: init is one atomic initial step in both.
    InitCode init = initCfg == null ? null : InitBuilder.build(checked, layout, initCfg);
    List<ThreadCode> threads = new ArrayList<>();
    List<StepBuilder> builders = new ArrayList<>();
    List<ThreadCode.WaitSite> sites = new ArrayList<>();
    // Steps go on past movers (stable waits, lock releases); not when costs are tracked, whose
    // charges to a waiting thread depend on where it waits (docs/semantics.md, "Stable waits",
    // "Lock releases").
    // the global locks' releases each thread surely holds the lock at, computed once: they have
    // no fault path (StepBuilder) and may be left movers (Movers)
    Map<Cfg, Set<Instr>> held = new IdentityHashMap<>();
    if (!reference) {
      cfgs.forEach(cfg -> held.put(cfg, LockReleases.surelyHeld(checked.program(), cfg)));
    }
    Movers movers = reference || checked.program().cost.tracked ? Movers.NONE
        : Movers.of(checked.program(), cfgs, reductions, held);
    // Costs tracked: time other threads are charged stays where it is (CostCuts).
    CostCuts cuts = reference ? CostCuts.NONE : CostCuts.of(checked.program(), cfgs);
    for (Cfg cfg : cfgs) {
      StepBuilder b = new StepBuilder(checked, layout, cfg, vars, reference, movers, cuts, held.get(cfg));
      builders.add(b);
      sites.addAll(b.waitSites());
    }
    for (StepBuilder b : builders) {
      Map.Entry<dev.inflight.translator.diag.Span, Long> wide = b.tooWide();
      if (wide != null) {
        diags.stepTooWide(wide.getKey(), wide.getValue(), WideSteps.MAX_ATOMIC_PATHS);
        return new Lowered(checked, layout, vars, List.of(), reference, Set.of(), init);
      }
    }
    Set<ThreadSym> wakers = Costs.wakers(layout, checked.program().threads, sites);
    Set<String> heldLocks = Costs.heldLocks(sites);
    for (StepBuilder b : builders) {
      threads.add(b.build(wakers.contains(b.thread()), heldLocks));
    }
    return new Lowered(checked, layout, vars, threads, reference, mayHang(checked, cfgs, reference), init);
  }

  /**
   * The thread kinds a `no_hang` check watches. A daemon need not finish, and a thread kind the
   * model declares `unfair` may legitimately never be scheduled. Of the others, a kind none of
   * whose instructions can block (await, lock, a grace-period or barrier wait, flush_work)
   * and has no loop without a bound always finishes under weak fairness: each of its labels has
   * an enabled action in every fault-free state, and its loops are bounded (docs/semantics.md,
   * "Hangs"), so it is left out unless this is the reference translation, which watches every kind.
   */
  private static Set<ThreadSym> mayHang(Checked checked, List<Cfg> cfgs, boolean reference) {
    Set<ThreadSym> out = new java.util.LinkedHashSet<>();
    for (Cfg cfg : cfgs) {
      ThreadSym t = cfg.thread();
      if (t.isDaemon() || !checked.program().fair(t)) {
        continue;
      }
      if (reference || cfg.nodes().stream().anyMatch(Sharing::blocks) || cfg.nodes().stream().anyMatch(n -> spins(checked, n))) {
        out.add(t);
      }
    }
    return out;
  }

  /** Whether {@code n} is the head of a loop without a bound (Checked#unboundedLoops), which may never end. */
  private static boolean spins(Checked checked, Instr n) {
    return n instanceof Instr.Branch b && b.loopHead() && checked.unboundedLoops().stream().anyMatch(w -> w.cond() == b.cond());
  }

  /** The RCU state, present when a model uses RCU (see RcuSteps). */
  public static final List<String> RCU_VARIABLES = List.of("rcu_depth", "rcu_gp", "rcu_cbs", "rcu_running");

  /**
   * The cost state, present only when costs are tracked: lat (per thread, the time of its
   * current operation so far) and op_end (the operation the last step completed, if any).
   */
  public static final List<String> COST_VARIABLES = List.of("lat", "op_end");

  /**
   * Every state variable, in the order the module declares them. Each thread kind's locals are
   * one variable, a record per thread (Layout#fold; docs/semantics.md, "Locals"); with
   * {@code localVariables} each is a variable of its own, framed per function (see
   * {@link StateVars}). {@code reference}: the reference translation, whose threads may start
   * inside the body of their first `loop` (Labels#start).
   */
  public static StateVars stateVariables(Layout layout, Checked checked, List<Cfg> cfgs, boolean localVariables,
      boolean reference) {
    List<StateVars.Unit> units = new ArrayList<>();
    units.add(StateVars.Unit.lone("pc"));
    units.add(StateVars.Unit.lone("fault"));
    for (StructSym s : checked.program().structs.values()) {
      units.add(StateVars.Unit.lone(layout.heapVar.get(s)));
    }
    for (Symbol.GlobalSym g : checked.program().globals.values()) {
      units.add(StateVars.Unit.lone(layout.globalVar.get(g)));
    }
    if (checked.program().usesRcu) {
      RCU_VARIABLES.forEach(v -> units.add(StateVars.Unit.lone(v)));
    }
    if (checked.program().cost.tracked) {
      COST_VARIABLES.forEach(v -> units.add(StateVars.Unit.lone(v)));
      layout.lockLine.values().forEach(v -> units.add(StateVars.Unit.lone(v)));
      if (layout.sharedLines.active()) {
        units.add(StateVars.Unit.lone(SharedLines.VAR));
      }
    }
    // Name every local before any frame, so a frame's name never takes a local's.
    for (Cfg cfg : cfgs) {
      cfg.locals().forEach(l -> layout.local(cfg.thread(), l));
      cfg.hidden().keySet().forEach(h -> layout.local(cfg.thread(), h, h));
    }
    if (!localVariables) {
      for (Cfg cfg : cfgs) {
        ThreadSym t = cfg.thread();
        cfg.locals().forEach(l -> layout.fold(t, layout.local(t, l), l.owner instanceof FnSym f ? f : null, l.name(),
            Defaults.of(l.type)));
        cfg.hidden().forEach((h, kind) -> layout.fold(t, layout.local(t, h, h), null, h, Defaults.hidden(kind)));
        if (!cfg.locals().isEmpty() || !cfg.hidden().isEmpty()) {
          units.add(StateVars.Unit.lone(layout.localsVar(t)));
          // A thread whose first label is inside functions starts with their frames live.
          List<String> live = cfg.insideOf(Labels.start(cfg, reference)).stream().map(fn -> layout.frameField(t, fn))
              .filter(java.util.Objects::nonNull).toList();
          layout.frames.liveAtStart(layout.localsVar(t), live);
        }
      }
      return StateVars.of(units);
    }
    for (Cfg cfg : cfgs) {
      ThreadSym t = cfg.thread();
      // The thread body's own locals with the translator's counters and snapshots form one
      // frame; each inlined function's locals another; all of them the thread kind's frame.
      Map<FnSym, List<StateVars.Unit>> byFn = new LinkedHashMap<>();
      List<StateVars.Unit> own = new ArrayList<>();
      for (Symbol.LocalSym l : cfg.locals()) {
        StateVars.Unit v = StateVars.Unit.lone(layout.local(t, l));
        if (l.owner instanceof FnSym f) {
          byFn.computeIfAbsent(f, k -> new ArrayList<>()).add(v);
        } else {
          own.add(v);
        }
      }
      cfg.hidden().keySet().forEach(h -> own.add(StateVars.Unit.lone(layout.local(t, h, h))));
      List<StateVars.Unit> parts = new ArrayList<>();
      parts.add(StateVars.frame(() -> layout.namer.name(List.of("frame", t), t.name() + "_frame"), own));
      byFn.forEach((f, vs) -> parts.add(StateVars.frame(
          () -> layout.namer.name(List.of("frame", t, f), t.name() + "_" + f.name() + "_frame"), vs)));
      parts.removeIf(java.util.Objects::isNull);
      StateVars.Unit all = StateVars.frame(() -> layout.namer.name(List.of("locals", t), t.name() + "_locals"), parts);
      if (all != null) {
        units.add(all);
      }
    }
    return StateVars.of(units);
  }
}

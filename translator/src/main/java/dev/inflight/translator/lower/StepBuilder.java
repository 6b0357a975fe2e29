package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Forms the atomic steps of one thread and turns every path through a step into an action.
 *
 * <p>A step starts at a label and runs until it reaches the next label, so it executes at most
 * one shared instruction (or one whole `atomic` block) plus any thread-local instructions before
 * and after it, or with movers around it: a stable wait before, lock releases after
 * (Labels#goesOn, Labels#intoUnlock). See docs/semantics.md for why
 * merging those is sound. The parts, in the order
 * they run:
 *
 * <ul>
 *   <li>{@link Labels}: where the labels are (with {@link Sharing}: what is shared, what local);
 *   <li>{@link Costs#waitSites}: costs tracked, where a thread can block inside an operation;
 *   <li>{@link PathWalker}: every path through the step at each label, each instruction run by
 *       {@link Exec} (with {@link Faults}, {@link Costs}, {@link Targets}, {@link Locks},
 *       {@link RcuSteps}, {@link BuiltinProcs});
 *   <li>{@link Actions}: one action per path.
 * </ul>
 */
final class StepBuilder {
  private final StepContext ctx;
  private final StateVars vars;

  private final boolean reference;
  /** The model's movers: where a step may go on past a shared instruction (Labels). */
  private final Movers movers;
  /** Costs tracked: the `cost` statements and waits that start steps (Labels). */
  private final CostCuts cuts;

  /**
   * @param reference the statement-level reference translation: every instruction a label
   * @param movers the model's movers (ignored in the reference translation)
   * @param cuts the `cost` statements that are steps of their own (costs tracked)
   * @param held the releases of global locks the thread surely holds (LockReleases#surelyHeld);
   *     null in the reference translation
   */
  StepBuilder(Checked checked, Layout layout, Cfg cfg, StateVars vars, boolean reference, Movers movers, CostCuts cuts,
      Set<Instr> held) {
    this.ctx = new StepContext(checked, layout, cfg, cuts);
    this.cuts = cuts;
    if (held != null) {
      ctx.heldReleases = held;
    }
    if (!reference) {
      ctx.insideRcu = RcuSections.surelyInside(cfg);
    }
    this.vars = vars;
    this.reference = reference;
    this.movers = movers;
  }

  private Labels labels;
  private List<ThreadCode.WaitSite> waits;

  ThreadSym thread() {
    return ctx.thread;
  }

  /** The thread's labels, placed once. */
  private Labels labels() {
    if (labels == null) {
      labels = Labels.place(ctx.cfg, ctx.sharing, reference, movers.right(), movers.left(), cuts);
    }
    return labels;
  }

  /** A step too wide to form (WideSteps#tooWide), or null. */
  Map.Entry<dev.inflight.translator.diag.Span, Long> tooWide() {
    return labels().tooWide();
  }

  /** Costs tracked: where a thread of this kind can block inside an operation, and on whom (Costs#waitSites). */
  List<ThreadCode.WaitSite> waitSites() {
    if (waits == null) {
      waits = ctx.costs.waitSites(labels());
    }
    return waits;
  }

  /**
   * The thread's steps and actions. {@code wakes}: costs are tracked and a thread blocked inside
   * an operation may be waiting on this kind's steps (Costs#wakers, over every kind's
   * {@link #waitSites}), so each of its steps feeds WaitsFor. {@code heldLocks}: the global locks
   * a thread may wait inside an operation for the holder of (Costs#heldLocks); a step that
   * starts where this thread may hold one feeds WaitsFor too (HeldLocks; every step in the
   * reference translation, which is tested against this).
   */
  ThreadCode build(boolean wakes, Set<String> heldLocks) {
    Cfg cfg = ctx.cfg;
    Labels labels = labels();
    List<ThreadCode.WaitSite> waits = waitSites();
    HeldLocks mayHold = reference || heldLocks.isEmpty() ? null : HeldLocks.of(ctx.program, ctx.layout, cfg);
    PathWalker walker = new PathWalker(ctx, labels);
    Actions actions = new Actions(ctx, vars, labels);
    for (Map.Entry<Integer, String> l : labels.byNode().entrySet()) {
      if (cfg.isEnd(l.getKey())) {
        continue;
      }
      ctx.costs.wakes(wakes || !heldLocks.isEmpty() && (mayHold == null || !Collections.disjoint(mayHold.at(l.getKey()), heldLocks)));
      actions.add(l.getValue(), walker.paths(l.getKey()));
    }
    List<ThreadCode.LocalVar> locals = new ArrayList<>();
    for (Symbol.LocalSym l : cfg.locals()) {
      locals.add(new ThreadCode.LocalVar(ctx.layout.local(ctx.thread, l), Layout.dslName(l), false, Defaults.of(l.type)));
    }
    cfg.hidden().forEach((name, kind) -> locals.add(new ThreadCode.LocalVar(ctx.layout.local(ctx.thread, name, name), name, true,
        Defaults.hidden(kind))));
    List<String> rest = cfg.restHead() >= 0 ? List.of(labels.at(cfg.restHead())) : List.of();
    return new ThreadCode(ctx.thread, labels.at(cfg.entry()), labels.spans(), labels.waitsAt(), actions.all(), locals, rest,
        List.copyOf(waits), unreached(actions.all()));
  }

  /**
   * The statements of the thread that no path runs, in source order: every path that reaches
   * them has guards that contradict each other (Path#guard), or nothing leads to them. No action
   * lists them, so the source map names them for the vacuity warnings.
   */
  private List<dev.inflight.translator.diag.Span> unreached(List<Action> all) {
    java.util.Set<dev.inflight.translator.diag.Span> ran = new java.util.HashSet<>();
    all.forEach(a -> ran.addAll(a.statements()));
    java.util.Set<dev.inflight.translator.diag.Span> out = new java.util.LinkedHashSet<>();
    for (Instr in : ctx.cfg.nodes()) {
      if (in != null && PathWalker.listed(in) && !ran.contains(in.span())) {
        out.add(in.span());
      }
    }
    return out.stream().sorted(java.util.Comparator.comparing((dev.inflight.translator.diag.Span x) -> String.valueOf(x.file().path()))
        .thenComparingInt(dev.inflight.translator.diag.Span::start)).toList();
  }
}

package dev.inflight.translator.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Forms every path through the step that starts at a label: from the label, each instruction is
 * run symbolically on the path ({@link Exec}) until the path reaches another label, the thread's
 * end, or a fault.
 *
 * <p>Exploration is depth first over an explicit work stack, so its Java stack depth does not
 * grow with the number of instructions along a path. Each unit of work (visiting a node with a
 * path, ending a path, deferred work) may produce more; those are pushed so that they run in the
 * order they were produced, each before anything produced after it ({@link PathSink}). That is
 * the order of a recursive walk that continues each path where the step logic continues it.
 */
final class PathWalker implements PathSink {
  private final StepContext ctx;
  private final java.util.function.IntPredicate isLabel;
  /**
   * The init block only (else null): a loop head → how often a path may visit it per entry of
   * the loop (see {@link #forInit}); the visit after that ends the path in a model-bound fault.
   */
  private final java.util.Map<Integer, Integer> unroll;
  /** The init block only: a loop's exit node → the loop heads whose visits it resets. */
  private final java.util.Map<Integer, List<Integer>> exits = new java.util.HashMap<>();
  /** The work produced by the unit of work running now, in order. */
  private List<Runnable> produced = new ArrayList<>();
  /** The paths of the step being formed, in the order they ended. */
  private List<Path> done;

  PathWalker(StepContext ctx, Labels labels) {
    this.ctx = ctx;
    this.isLabel = labels::isLabel;
    this.unroll = null;
  }

  private PathWalker(StepContext ctx, java.util.Map<Integer, Integer> unroll) {
    this.ctx = ctx;
    this.isLabel = n -> false;
    this.unroll = unroll;
    unroll.keySet().forEach(head -> {
      Instr in = ctx.cfg.node(head);
      int exit = in instanceof Instr.ForNext f ? f.exit() : ((Instr.Branch) in).orElse();
      exits.computeIfAbsent(exit, k -> new ArrayList<>()).add(head);
    });
  }

  /**
   * A walker for the init block (docs/semantics.md, "The init block"): no labels, so every path
   * runs from the entry to the end (or a fault) through every loop, unrolled. {@code unroll}
   * gives each loop head the most visits a path can make per entry of the loop: a `while`
   * with a bound N, N + 1 (its iteration counter faults at N + 1); a `for` over a set or list of
   * objects of a pool of B, B + 2 (B objects and null, then the exit); any other loop a fixed
   * limit. A path visiting a head once more ends in a model-bound fault there, so no behaviour
   * is dropped: where the limit is a true bound the fault path's guards are unsatisfiable.
   */
  static PathWalker forInit(StepContext ctx, java.util.Map<Integer, Integer> unroll) {
    return new PathWalker(ctx, unroll);
  }

  /** Every feasible path of the step starting at the label {@code node}: normal paths first, then fault paths. */
  List<Path> paths(int node) {
    return paths(node, ctx.newPath(node));
  }

  /** As {@link #paths(int)}, from the given path (the init block's, which starts on the blank state). */
  List<Path> paths(int node, Path start) {
    done = new ArrayList<>();
    Deque<Runnable> work = new ArrayDeque<>();
    work.push(() -> visit(node, start, false));
    while (!work.isEmpty()) {
      produced = new ArrayList<>();
      work.pop().run();
      for (int i = produced.size() - 1; i >= 0; i--) {
        work.push(produced.get(i));
      }
    }
    List<Path> paths = done;
    done = null;
    paths.sort(Comparator.comparingInt((Path x) -> x.fault == null ? 0 : 1));
    return paths;
  }

  @Override
  public void go(int next, Path p) {
    produced.add(() -> visit(next, p, true));
  }

  @Override
  public void end(Path p) {
    produced.add(() -> done.add(p));
  }

  @Override
  public void then(Runnable rest) {
    produced.add(rest);
  }

  /** Runs the instruction at {@code node} on {@code p}, unless {@code p} reached the next label there. */
  private void visit(int node, Path p, boolean started) {
    if (p.infeasible) {
      return;
    }
    if (started && isLabel.test(node)) {
      p.arrive(node);
      done.add(p);
      return;
    }
    Instr in = ctx.cfg.node(node);
    if (unroll != null && !unrolled(node, in, p)) {
      return;
    }
    boolean isShared = ctx.sharing.shared(in);
    if (in.accept(LISTED)) {
      p.ran(in.span());
      if (isShared || p.primary == null) {
        p.primary = in.span();
        p.primaryCallers = ctx.cfg.callersOf(node);
      }
    }
    if (p.primary == null) {
      p.primary = in.span();
      p.primaryCallers = ctx.cfg.callersOf(node);
    }
    in.accept(new Exec(ctx, this, node, p));
  }

  /** The init block: counts a loop-head visit; past the limit the path ends in a model-bound fault. */
  private boolean unrolled(int node, Instr in, Path p) {
    for (int head : exits.getOrDefault(node, List.of())) {
      p.visits.remove(head);
    }
    Integer limit = unroll.get(node);
    if (limit == null) {
      return true;
    }
    if (p.visits.merge(node, 1, Integer::sum) <= limit) {
      return true;
    }
    ctx.faults.bound(p, "loop " + limit, in, null, this);
    return false;
  }

  /**
   * Whether a path lists an instruction among the DSL statements it ran (the source map's
   * statements of an action): not the translator's bookkeeping (joins, resets of dead locals,
   * loop counters, loop heads, operation marks, a primitive's fixed price) nor the end.
   */
  static boolean listed(Instr in) {
    return in.accept(LISTED);
  }

  private static final Instr.Visitor<Boolean> LISTED = new Instr.Visitor<>() {
    public Boolean visitAssign(Instr.Assign i) { return true; }
    public Boolean visitAlloc(Instr.Alloc i) { return true; }
    public Boolean visitRefOp(Instr.RefOp i) { return true; }
    public Boolean visitFree(Instr.Free i) { return true; }
    public Boolean visitTouch(Instr.Touch i) { return true; }
    public Boolean visitBranch(Instr.Branch i) { return true; }
    public Boolean visitChoice(Instr.Choice i) { return true; }
    public Boolean visitAwait(Instr.Await i) { return true; }
    public Boolean visitLockOp(Instr.LockOp i) { return true; }
    public Boolean visitProc(Instr.Proc i) { return true; }
    public Boolean visitBind(Instr.Bind i) { return true; }
    public Boolean visitReset(Instr.Reset i) { return false; }
    public Boolean visitIter(Instr.Iter i) { return false; }
    public Boolean visitForInit(Instr.ForInit i) { return true; }
    public Boolean visitForNext(Instr.ForNext i) { return true; }
    public Boolean visitLoopHead(Instr.LoopHead i) { return false; }
    public Boolean visitRcu(Instr.Rcu i) { return true; }
    public Boolean visitTakeCallback(Instr.TakeCallback i) { return true; }
    public Boolean visitGetNotZero(Instr.GetNotZero i) { return true; }
    public Boolean visitExit(Instr.Exit i) { return false; }
    public Boolean visitCost(Instr.Cost c) { return c.amount() != null; }
    public Boolean visitOpMark(Instr.OpMark i) { return false; }
    public Boolean visitNop(Instr.Nop i) { return false; }
    public Boolean visitDone(Instr.Done i) { return false; }
  };
}

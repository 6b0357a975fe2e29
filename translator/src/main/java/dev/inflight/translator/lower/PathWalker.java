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
  private final Labels labels;
  /** The work produced by the unit of work running now, in order. */
  private List<Runnable> produced = new ArrayList<>();
  /** The paths of the step being formed, in the order they ended. */
  private List<Path> done;

  PathWalker(StepContext ctx, Labels labels) {
    this.ctx = ctx;
    this.labels = labels;
  }

  /** Every feasible path of the step starting at the label {@code node}: normal paths first, then fault paths. */
  List<Path> paths(int node) {
    done = new ArrayList<>();
    Deque<Runnable> work = new ArrayDeque<>();
    Path start = ctx.newPath();
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
    if (started && labels.isLabel(node)) {
      p.target = node;
      done.add(p);
      return;
    }
    Instr in = ctx.cfg.node(node);
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

  /**
   * Whether a path lists an instruction among the DSL statements it ran (the source map's
   * statements of an action): not the translator's bookkeeping (joins, resets of dead locals,
   * loop counters, loop heads, operation marks, a primitive's fixed price) nor the end.
   */
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

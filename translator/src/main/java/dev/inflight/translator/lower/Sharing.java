package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.List;

/**
 * Which instructions are shared and which are thread-local (docs/semantics.md, "Steps: where
 * threads interleave"), and the control-flow facts step formation needs: an instruction's
 * successors, and which thread-local instructions the label push-down may move past.
 *
 * <p>An instruction is shared when it reads or writes state another thread can see: any field
 * access, any global, `alloc`, `get`/`put`, `free`, `touch`, `lock`/`unlock`, `await`, RCU, and
 * assignments to globals or fields; and any that can end the run on thread-local values alone
 * (`assert`, a division by a non-constant). Everything else is local: it commutes with every
 * other thread's steps and cannot fault, which is what makes merging it into a neighbouring step
 * sound.
 */
final class Sharing {
  private final Program program;
  /** The `cost` statements that are steps of their own (CostCuts); every other one is local. */
  private final java.util.Set<Instr> costSteps;
  private final Instr.Visitor<Boolean> shared = new Shared();

  Sharing(Program program) {
    this(program, CostCuts.NONE);
  }

  Sharing(Program program, CostCuts cuts) {
    this.program = program;
    this.costSteps = cuts.steps();
  }

  /** Whether an instruction reads or writes state other threads can see. */
  boolean shared(Instr in) {
    return in.accept(shared);
  }

  /** Whether an expression reads state other threads can see (check/SharedReads). */
  boolean readsShared(Expr e) {
    return dev.inflight.translator.check.SharedReads.expr(program, e);
  }

  /**
   * Whether evaluating an expression is visible to other threads: it reads shared state, or it
   * can fault (a division by a non-constant, ExprGen#checkedDivision). A fault ends the run, so
   * like an `assert` it must not ride along in the step of an earlier shared write.
   */
  private boolean visible(Expr e) {
    return readsShared(e) || faults(e);
  }

  /** Whether an expression, or an expression function it calls, divides by a non-constant. */
  private boolean faults(Expr e) {
    boolean[] f = {false};
    dev.inflight.translator.check.AstWalk.exprs(e, x -> {
      if (x instanceof Expr.Binary b && ExprGen.checkedDivision(program, b)) {
        f[0] = true;
      } else if (x instanceof Expr.Call c && program.calls.containsKey(c) && program.calls.get(c).expression() != null
          && faults(program.calls.get(c).expression())) {
        f[0] = true;
      }
    });
    return f[0];
  }

  private final class Shared implements Instr.Visitor<Boolean> {
    public Boolean visitAssign(Instr.Assign a) {
      return visible(a.target()) || visible(a.value())
          || !(a.target() instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym);
    }
    public Boolean visitAlloc(Instr.Alloc i) { return true; }
    public Boolean visitRefOp(Instr.RefOp i) { return true; }
    public Boolean visitFree(Instr.Free i) { return true; }
    public Boolean visitTouch(Instr.Touch i) { return true; }
    public Boolean visitBranch(Instr.Branch b) { return visible(b.cond()); }
    public Boolean visitChoice(Instr.Choice i) { return false; }
    public Boolean visitAwait(Instr.Await i) { return true; }
    public Boolean visitLockOp(Instr.LockOp i) { return true; }
    /**
     * An `assert` counts as shared even on thread-local values: its failure ends the run, so it
     * must not ride along in the step of an earlier shared write (which other threads could
     * otherwise see, and act on, before the assertion fails). So does a division that can fault.
     */
    public Boolean visitProc(Instr.Proc p) {
      boolean args = p.call().args().stream().anyMatch(Sharing.this::visible);
      return args || (p.result() != null && visible(p.result())) || p.call().fn().text().equals("assert");
    }
    public Boolean visitBind(Instr.Bind b) { return visible(b.value()); }
    public Boolean visitReset(Instr.Reset i) { return false; }
    public Boolean visitIter(Instr.Iter i) { return false; }
    public Boolean visitForInit(Instr.ForInit f) { return visible(f.collection()); }
    public Boolean visitForNext(Instr.ForNext i) { return false; }
    public Boolean visitLoopHead(Instr.LoopHead i) { return false; }
    public Boolean visitRcu(Instr.Rcu i) { return true; }
    public Boolean visitTakeCallback(Instr.TakeCallback i) { return true; }
    public Boolean visitGetNotZero(Instr.GetNotZero i) { return true; }
    /** The end checks read the thread's locks and RCU nesting, and may fault: a step of its own. */
    public Boolean visitExit(Instr.Exit i) { return true; }
    /** Time other threads are charged, or read from shared state: see CostCuts. */
    public Boolean visitCost(Instr.Cost i) {
      return costSteps.contains(i) || i.amount() != null && faults(i.amount());
    }
    public Boolean visitOpMark(Instr.OpMark i) { return false; }
    public Boolean visitNop(Instr.Nop i) { return false; }
    public Boolean visitDone(Instr.Done i) { return false; }
  }

  /** Whether an instruction is a label whatever the push-down (Labels). */
  static boolean mustBeLabel(Instr in) {
    return in.accept(MUST_BE_LABEL);
  }

  /** Labels whatever the push-down: the end, `while` conditions, `for` element selection, `loop` heads. */
  private static final Instr.Visitor<Boolean> MUST_BE_LABEL = new Instr.Visitor<>() {
    public Boolean visitAssign(Instr.Assign i) { return false; }
    public Boolean visitAlloc(Instr.Alloc i) { return false; }
    public Boolean visitRefOp(Instr.RefOp i) { return false; }
    public Boolean visitFree(Instr.Free i) { return false; }
    public Boolean visitTouch(Instr.Touch i) { return false; }
    public Boolean visitBranch(Instr.Branch b) { return b.loopHead(); }
    public Boolean visitChoice(Instr.Choice i) { return false; }
    public Boolean visitAwait(Instr.Await i) { return false; }
    public Boolean visitLockOp(Instr.LockOp i) { return false; }
    public Boolean visitProc(Instr.Proc i) { return false; }
    public Boolean visitBind(Instr.Bind i) { return false; }
    public Boolean visitReset(Instr.Reset i) { return false; }
    public Boolean visitIter(Instr.Iter i) { return false; }
    public Boolean visitForInit(Instr.ForInit i) { return false; }
    public Boolean visitForNext(Instr.ForNext i) { return true; }
    public Boolean visitLoopHead(Instr.LoopHead i) { return true; }
    public Boolean visitRcu(Instr.Rcu i) { return false; }
    public Boolean visitTakeCallback(Instr.TakeCallback i) { return false; }
    public Boolean visitGetNotZero(Instr.GetNotZero i) { return false; }
    public Boolean visitExit(Instr.Exit i) { return false; }
    public Boolean visitCost(Instr.Cost i) { return false; }
    public Boolean visitOpMark(Instr.OpMark i) { return false; }
    public Boolean visitNop(Instr.Nop i) { return false; }
    public Boolean visitDone(Instr.Done i) { return true; }
  };

  /** How an instruction can block its thread. */
  enum Blocking {
    /** Never: in every state some path of it can run (its fault paths included). */
    NEVER,
    /** `await` (and flush_work) or taking a lock: waits for another thread's step. */
    WAIT,
    /** A grace period's or rcu_barrier's wait, or a callback thread waiting for work. */
    RCU
  }

  /**
   * Whether an instruction can leave its thread unable to move: it has a guard with no
   * alternative path (docs/semantics.md, "Commit points").
   */
  static boolean blocks(Instr in) {
    return blocking(in) != Blocking.NEVER;
  }

  static Blocking blocking(Instr in) {
    return in.accept(BLOCKING);
  }

  private static final Instr.Visitor<Blocking> BLOCKING = new Instr.Visitor<>() {
    public Blocking visitAssign(Instr.Assign i) { return Blocking.NEVER; }
    public Blocking visitAlloc(Instr.Alloc i) { return Blocking.NEVER; }
    public Blocking visitRefOp(Instr.RefOp i) { return Blocking.NEVER; }
    public Blocking visitFree(Instr.Free i) { return Blocking.NEVER; }
    public Blocking visitTouch(Instr.Touch i) { return Blocking.NEVER; }
    public Blocking visitBranch(Instr.Branch i) { return Blocking.NEVER; }
    public Blocking visitChoice(Instr.Choice i) { return Blocking.NEVER; }
    public Blocking visitAwait(Instr.Await i) { return Blocking.WAIT; }
    public Blocking visitLockOp(Instr.LockOp l) { return l.isLock() ? Blocking.WAIT : Blocking.NEVER; }
    public Blocking visitProc(Instr.Proc i) { return Blocking.NEVER; }
    public Blocking visitBind(Instr.Bind i) { return Blocking.NEVER; }
    public Blocking visitReset(Instr.Reset i) { return Blocking.NEVER; }
    public Blocking visitIter(Instr.Iter i) { return Blocking.NEVER; }
    public Blocking visitForInit(Instr.ForInit i) { return Blocking.NEVER; }
    public Blocking visitForNext(Instr.ForNext i) { return Blocking.NEVER; }
    public Blocking visitLoopHead(Instr.LoopHead i) { return Blocking.NEVER; }
    public Blocking visitRcu(Instr.Rcu r) {
      return r.op() == Instr.RcuOp.SYNC_WAIT || r.op() == Instr.RcuOp.BARRIER ? Blocking.RCU : Blocking.NEVER;
    }
    public Blocking visitTakeCallback(Instr.TakeCallback i) { return Blocking.RCU; }
    public Blocking visitGetNotZero(Instr.GetNotZero i) { return Blocking.NEVER; }
    public Blocking visitExit(Instr.Exit i) { return Blocking.NEVER; }
    public Blocking visitCost(Instr.Cost i) { return Blocking.NEVER; }
    public Blocking visitOpMark(Instr.OpMark i) { return Blocking.NEVER; }
    public Blocking visitNop(Instr.Nop i) { return Blocking.NEVER; }
    public Blocking visitDone(Instr.Done i) { return Blocking.NEVER; }
  };

  /**
   * Whether an instruction makes a nondeterministic choice of its own on thread-local state:
   * `either`, the next element of a `for` over a set, `pick` from a thread-local set. (A choice
   * that reads shared state is itself the step's shared instruction.)
   */
  boolean localChoice(Instr in) {
    if (in instanceof Instr.Choice) {
      return true;
    }
    if (in instanceof Instr.ForNext f) {
      return !f.ordered();
    }
    return in instanceof Instr.Proc p && !shared(p)
        && (p.call().fn().text().equals("pick") || p.call().fn().text().equals("rcu_pick"));
  }

  /** The nodes control can go to after an instruction (none after the end). */
  static List<Integer> successors(Instr in) {
    return in.accept(SUCCESSORS);
  }

  private static final Instr.Visitor<List<Integer>> SUCCESSORS = new Instr.Visitor<>() {
    public List<Integer> visitAssign(Instr.Assign x) { return List.of(x.next()); }
    public List<Integer> visitAlloc(Instr.Alloc x) { return List.of(x.next()); }
    public List<Integer> visitRefOp(Instr.RefOp x) {
      return x.release() >= 0 ? List.of(x.next(), x.release()) : List.of(x.next());
    }
    public List<Integer> visitFree(Instr.Free x) { return List.of(x.next()); }
    public List<Integer> visitTouch(Instr.Touch x) { return List.of(x.next()); }
    public List<Integer> visitBranch(Instr.Branch x) { return List.of(x.then(), x.orElse()); }
    public List<Integer> visitChoice(Instr.Choice x) { return x.targets(); }
    public List<Integer> visitAwait(Instr.Await x) { return List.of(x.next()); }
    public List<Integer> visitLockOp(Instr.LockOp x) { return List.of(x.next()); }
    public List<Integer> visitProc(Instr.Proc x) { return List.of(x.next()); }
    public List<Integer> visitBind(Instr.Bind x) { return List.of(x.next()); }
    public List<Integer> visitReset(Instr.Reset x) { return List.of(x.next()); }
    public List<Integer> visitIter(Instr.Iter x) { return List.of(x.next()); }
    public List<Integer> visitForInit(Instr.ForInit x) { return List.of(x.next()); }
    public List<Integer> visitForNext(Instr.ForNext x) { return List.of(x.body(), x.exit()); }
    public List<Integer> visitLoopHead(Instr.LoopHead x) { return List.of(x.body()); }
    public List<Integer> visitRcu(Instr.Rcu x) { return List.of(x.next()); }
    public List<Integer> visitTakeCallback(Instr.TakeCallback x) { return x.entries(); }
    public List<Integer> visitGetNotZero(Instr.GetNotZero x) { return List.of(x.taken(), x.zero()); }
    public List<Integer> visitExit(Instr.Exit x) { return List.of(x.next()); }
    public List<Integer> visitCost(Instr.Cost x) { return List.of(x.next()); }
    public List<Integer> visitOpMark(Instr.OpMark x) { return List.of(x.next()); }
    public List<Integer> visitNop(Instr.Nop x) { return List.of(x.next()); }
    public List<Integer> visitDone(Instr.Done x) { return List.of(); }
  };

  /**
   * Whether the label push-down may walk past an instruction: thread-local instructions with one
   * successor and no effect on control (straight-line local code), and branches and choices on
   * local state. Loop heads, shared instructions and built-in procedures stop it.
   */
  boolean localFlow(Instr in) {
    return in.accept(localFlow);
  }

  private final Instr.Visitor<Boolean> localFlow = new Instr.Visitor<>() {
    public Boolean visitAssign(Instr.Assign i) { return !shared(i); }
    public Boolean visitAlloc(Instr.Alloc i) { return false; }
    public Boolean visitRefOp(Instr.RefOp i) { return false; }
    public Boolean visitFree(Instr.Free i) { return false; }
    public Boolean visitTouch(Instr.Touch i) { return false; }
    public Boolean visitBranch(Instr.Branch b) { return !b.loopHead() && !shared(b); }
    public Boolean visitChoice(Instr.Choice i) { return true; }
    public Boolean visitAwait(Instr.Await i) { return false; }
    public Boolean visitLockOp(Instr.LockOp i) { return false; }
    public Boolean visitProc(Instr.Proc i) { return false; }
    public Boolean visitBind(Instr.Bind i) { return !shared(i); }
    public Boolean visitReset(Instr.Reset i) { return true; }
    public Boolean visitIter(Instr.Iter it) { return it.reset(); }
    public Boolean visitForInit(Instr.ForInit i) { return !shared(i); }
    public Boolean visitForNext(Instr.ForNext i) { return false; }
    public Boolean visitLoopHead(Instr.LoopHead i) { return false; }
    public Boolean visitRcu(Instr.Rcu i) { return false; }
    public Boolean visitTakeCallback(Instr.TakeCallback i) { return false; }
    public Boolean visitGetNotZero(Instr.GetNotZero i) { return false; }
    public Boolean visitExit(Instr.Exit i) { return false; }
    public Boolean visitCost(Instr.Cost i) { return !shared(i); }
    public Boolean visitOpMark(Instr.OpMark i) { return true; }
    public Boolean visitNop(Instr.Nop i) { return true; }
    public Boolean visitDone(Instr.Done i) { return false; }
  };
}

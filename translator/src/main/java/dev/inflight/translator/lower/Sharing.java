package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.check.AstWalk;
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
 * assignments to globals or fields. Everything else is local: it commutes with every other
 * thread's steps, which is what makes merging it into a neighbouring step sound.
 */
final class Sharing {
  private final Program program;
  private final Instr.Visitor<Boolean> shared = new Shared();

  Sharing(Program program) {
    this.program = program;
  }

  /** Whether an instruction reads or writes state other threads can see. */
  boolean shared(Instr in) {
    return in.accept(shared);
  }

  /** Whether an expression reads state other threads can see (a field, a global, live(), all_done()). */
  boolean readsShared(Expr e) {
    boolean[] s = {false};
    AstWalk.exprs(e, x -> {
      if (x instanceof Expr.Field || (x instanceof Expr.Call c && (c.fn().text().equals("live") || c.fn().text().equals("all_done")))) {
        s[0] = true;
      } else if (x instanceof Expr.Name n && program.names.get(n) instanceof Symbol.GlobalSym) {
        s[0] = true;
      }
    });
    return s[0];
  }

  private final class Shared implements Instr.Visitor<Boolean> {
    public Boolean visitAssign(Instr.Assign a) {
      return readsShared(a.target()) || readsShared(a.value())
          || !(a.target() instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym);
    }
    public Boolean visitAlloc(Instr.Alloc i) { return true; }
    public Boolean visitRefOp(Instr.RefOp i) { return true; }
    public Boolean visitFree(Instr.Free i) { return true; }
    public Boolean visitTouch(Instr.Touch i) { return true; }
    public Boolean visitBranch(Instr.Branch b) { return readsShared(b.cond()); }
    public Boolean visitChoice(Instr.Choice i) { return false; }
    public Boolean visitAwait(Instr.Await i) { return true; }
    public Boolean visitLockOp(Instr.LockOp i) { return true; }
    public Boolean visitProc(Instr.Proc p) {
      boolean args = p.call().args().stream().anyMatch(Sharing.this::readsShared);
      return args || (p.result() != null && readsShared(p.result()));
    }
    public Boolean visitBind(Instr.Bind b) { return readsShared(b.value()); }
    public Boolean visitReset(Instr.Reset i) { return false; }
    public Boolean visitIter(Instr.Iter i) { return false; }
    public Boolean visitForInit(Instr.ForInit f) { return readsShared(f.collection()); }
    public Boolean visitForNext(Instr.ForNext i) { return false; }
    public Boolean visitLoopHead(Instr.LoopHead i) { return false; }
    public Boolean visitRcu(Instr.Rcu i) { return true; }
    public Boolean visitCost(Instr.Cost i) { return false; }
    public Boolean visitOpMark(Instr.OpMark i) { return false; }
    public Boolean visitNop(Instr.Nop i) { return false; }
    public Boolean visitDone(Instr.Done i) { return false; }
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
    public Boolean visitCost(Instr.Cost i) { return true; }
    public Boolean visitOpMark(Instr.OpMark i) { return true; }
    public Boolean visitNop(Instr.Nop i) { return true; }
    public Boolean visitDone(Instr.Done i) { return false; }
  };
}

package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import java.util.List;

/**
 * One node of a thread's control-flow graph, after functions are inlined. Successors are node
 * indexes in the owning {@link Cfg}. {@code span} is the DSL statement it comes from;
 * {@code atomic} is the id of the enclosing `atomic` block, or -1.
 */
public sealed interface Instr {
  Span span();

  int atomic();

  /** Dispatches to the {@link Visitor} method of this instruction kind. */
  <R> R accept(Visitor<R> v);

  /** `target = value` */
  record Assign(Expr target, Expr value, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitAssign(this); }
  }

  /** `target = alloc S` */
  record Alloc(Expr target, StructSym struct, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitAlloc(this); }
  }

  /**
   * `get`/`put obj.ref`. For a put, {@code release} is the entry of the inlined release
   * function (run when the count drops to 0), or -1 when the object is simply freed.
   */
  record RefOp(boolean isGet, Expr.Field target, Span span, int atomic, int next, int release,
      Symbol.LocalSym releaseParam) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitRefOp(this); }
  }

  record Free(Expr target, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitFree(this); }
  }

  record Touch(Expr target, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitTouch(this); }
  }

  /** A two-way branch on {@code cond}; {@code loopHead} marks a `while` condition. */
  record Branch(Expr cond, Span span, int atomic, int then, int orElse, boolean loopHead) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitBranch(this); }
  }

  /** `either`: one successor per branch. */
  record Choice(Span span, int atomic, List<Integer> targets) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitChoice(this); }
  }

  record Await(Expr cond, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitAwait(this); }
  }

  record LockOp(boolean isLock, Expr target, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitLockOp(this); }
  }

  /** A built-in procedure: add, remove, push, pop, pick, assert; {@code result} may be null. */
  record Proc(Expr.Call call, Expr result, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitProc(this); }
  }

  /** Passes an argument: the parameter of an inlined function gets the value. */
  record Bind(Symbol.LocalSym param, Expr value, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitBind(this); }
  }

  /** Local variables going dead (function return, thread end) get their initial values back. */
  record Reset(List<Symbol.LocalSym> locals, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitReset(this); }
  }

  /** A loop counter: {@code reset} sets it to 0, otherwise it counts one iteration. */
  record Iter(String counter, boolean reset, int bound, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitIter(this); }
  }

  /**
   * `for x in c`: takes a snapshot of the collection into the hidden variable {@code rest}: a
   * set's elements, or (with {@code ordered}) a list's or queue's sequence, walked in order.
   */
  record ForInit(String rest, Expr collection, boolean ordered, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitForInit(this); }
  }

  /**
   * Next element of the snapshot into {@code var}, or exit when it is empty. Loop head. Of a set,
   * any element (every order is explored); of a sequence ({@code ordered}), its head.
   */
  record ForNext(String rest, Symbol.LocalSym var, boolean ordered, Span span, int atomic, int body, int exit) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitForNext(this); }
  }

  /** The head of a `loop { … }`: a label; where a daemon thread rests. */
  record LoopHead(Span span, int atomic, int body) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitLoopHead(this); }
  }

  /** The RCU operations (docs/semantics.md, "RCU"). */
  enum RcuOp { READ_LOCK, READ_UNLOCK, SYNC_START, SYNC_WAIT, CALL, BARRIER, DONE }

  /**
   * An RCU operation. {@code call} is the DSL call (null for a callback thread's DONE);
   * {@code callback} the callback function of a CALL.
   */
  record Rcu(RcuOp op, Expr.Call call, dev.inflight.translator.resolve.FnSym callback,
      Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitRcu(this); }
  }

  /**
   * An RCU callback thread takes a pending callback whose grace period has elapsed, any of them:
   * for each callback function {@code fns[i]}, the object goes into {@code params[i]} and the
   * thread goes on at {@code entries[i]}, that function's inlined body.
   */
  record TakeCallback(List<dev.inflight.translator.resolve.FnSym> fns, List<Symbol.LocalSym> params, List<Integer> entries,
      Span span, int atomic) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitTakeCallback(this); }
  }

  /**
   * `if get_not_zero(p.r)` / `x = get_not_zero(p.r)` (refcount_inc_not_zero): takes a reference
   * and goes on at {@code taken} unless the count is 0, then at {@code zero}.
   */
  record GetNotZero(Expr.Field target, Span span, int atomic, int taken, int zero) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitGetNotZero(this); }
  }

  /**
   * The thread is about to end: it must hold no lock and be outside every RCU read-side
   * section. Only in thread kinds that take locks or enter RCU sections.
   */
  record Exit(Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitExit(this); }
  }

  /**
   * Time for the cost model: {@code amount} (a `cost` statement's expression) or, when that is
   * null, {@code fixed} nanoseconds charged by a primitive (queue_work, …), not charged when
   * {@code unless} (if any) holds. Only when costs are tracked.
   */
  record Cost(Expr amount, long fixed, Expr unless, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitCost(this); }
  }

  /** Start ({@code begin}) or end of an operation: a call of an `op fn`. Only when costs are tracked. */
  record OpMark(boolean begin, dev.inflight.translator.resolve.FnSym op, Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitOpMark(this); }
  }

  /** Does nothing; joins control flow. */
  record Nop(Span span, int atomic, int next) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitNop(this); }
  }

  /** The end of the thread. */
  record Done(Span span, int atomic) implements Instr {
    public <R> R accept(Visitor<R> v) { return v.visitDone(this); }
  }

  /**
   * One method per instruction kind (Java 17 has no pattern-matching switch): an instruction kind
   * added here does not compile until every visitor in lower/ says what it means.
   */
  interface Visitor<R> {
    R visitAssign(Assign i);

    R visitAlloc(Alloc i);

    R visitRefOp(RefOp i);

    R visitFree(Free i);

    R visitTouch(Touch i);

    R visitBranch(Branch i);

    R visitChoice(Choice i);

    R visitAwait(Await i);

    R visitLockOp(LockOp i);

    R visitProc(Proc i);

    R visitBind(Bind i);

    R visitReset(Reset i);

    R visitIter(Iter i);

    R visitForInit(ForInit i);

    R visitForNext(ForNext i);

    R visitLoopHead(LoopHead i);

    R visitRcu(Rcu i);

    R visitTakeCallback(TakeCallback i);

    R visitGetNotZero(GetNotZero i);

    R visitExit(Exit i);

    R visitCost(Cost i);

    R visitOpMark(OpMark i);

    R visitNop(Nop i);

    R visitDone(Done i);
  }
}

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

  /** `target = value` */
  record Assign(Expr target, Expr value, Span span, int atomic, int next) implements Instr {}

  /** `target = alloc S` */
  record Alloc(Expr target, StructSym struct, Span span, int atomic, int next) implements Instr {}

  /**
   * `get`/`put obj.ref`. For a put, {@code release} is the entry of the inlined release
   * function (run when the count drops to 0), or -1 when the object is simply freed.
   */
  record RefOp(boolean isGet, Expr.Field target, Span span, int atomic, int next, int release,
      Symbol.LocalSym releaseParam) implements Instr {}

  record Free(Expr target, Span span, int atomic, int next) implements Instr {}

  record Touch(Expr target, Span span, int atomic, int next) implements Instr {}

  /** A two-way branch on {@code cond}; {@code loopHead} marks a `while` condition. */
  record Branch(Expr cond, Span span, int atomic, int then, int orElse, boolean loopHead) implements Instr {}

  /** `either`: one successor per branch. */
  record Choice(Span span, int atomic, List<Integer> targets) implements Instr {}

  record Await(Expr cond, Span span, int atomic, int next) implements Instr {}

  record LockOp(boolean isLock, Expr target, Span span, int atomic, int next) implements Instr {}

  /** A built-in procedure: add, remove, push, pop, pick, assert; {@code result} may be null. */
  record Proc(Expr.Call call, Expr result, Span span, int atomic, int next) implements Instr {}

  /** Passes an argument: the parameter of an inlined function gets the value. */
  record Bind(Symbol.LocalSym param, Expr value, Span span, int atomic, int next) implements Instr {}

  /** Local variables going dead (function return, thread end) get their initial values back. */
  record Reset(List<Symbol.LocalSym> locals, Span span, int atomic, int next) implements Instr {}

  /** A loop counter: {@code reset} sets it to 0, otherwise it counts one iteration. */
  record Iter(String counter, boolean reset, int bound, Span span, int atomic, int next) implements Instr {}

  /** `for x in set`: takes a snapshot of the set into the hidden variable {@code rest}. */
  record ForInit(String rest, Expr collection, Span span, int atomic, int next) implements Instr {}

  /** Next element of the snapshot into {@code var}, or exit when it is empty. Loop head. */
  record ForNext(String rest, Symbol.LocalSym var, Span span, int atomic, int body, int exit) implements Instr {}

  /** The head of a `loop { … }`: a label; where a daemon thread rests. */
  record LoopHead(Span span, int atomic, int body) implements Instr {}

  /** The RCU operations (docs/semantics.md, "RCU"). */
  enum RcuOp { READ_LOCK, READ_UNLOCK, SYNC_START, SYNC_WAIT, CALL, BARRIER, TAKE, DONE }

  /**
   * An RCU operation. {@code call} is the DSL call (null for the callback thread's own TAKE
   * and DONE); {@code callback} the callback function for CALL and TAKE; {@code param} the
   * callback's parameter, which TAKE sets to the object.
   */
  record Rcu(RcuOp op, Expr.Call call, dev.inflight.translator.resolve.FnSym callback, Symbol.LocalSym param,
      Span span, int atomic, int next) implements Instr {}

  /**
   * Time for the cost model: {@code amount} (a `cost` statement's expression) or, when that is
   * null, {@code fixed} nanoseconds charged by a primitive (queue_work, …), not charged when
   * {@code unless} (if any) holds. Only when costs are tracked.
   */
  record Cost(Expr amount, long fixed, Expr unless, Span span, int atomic, int next) implements Instr {}

  /** Start ({@code begin}) or end of an operation: a call of an `op fn`. Only when costs are tracked. */
  record OpMark(boolean begin, dev.inflight.translator.resolve.FnSym op, Span span, int atomic, int next) implements Instr {}

  /** Does nothing; joins control flow. */
  record Nop(Span span, int atomic, int next) implements Instr {}

  /** The end of the thread. */
  record Done(Span span, int atomic) implements Instr {}
}

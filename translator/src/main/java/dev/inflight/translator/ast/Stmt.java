package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;
import java.util.List;

/** Statements. Each is one atomic step unless grouped by `atomic` (see docs/semantics.md). */
public sealed interface Stmt extends Node {

  <R> R accept(Visitor<R> v);

  /** `target = value` (value may be a call of a fn). */
  record Assign(Expr target, Expr value, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitAssign(this); }
  }

  /** `target = alloc STRUCT` */
  record Alloc(Expr target, Ident struct, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitAlloc(this); }
  }

  /** `get obj.ref` / `put obj.ref` */
  record RefOp(boolean isGet, Expr target, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitRefOp(this); }
  }

  /** `free obj` */
  record Free(Expr target, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitFree(this); }
  }

  /** `touch obj`: a read of *obj. */
  record Touch(Expr target, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitTouch(this); }
  }

  /** `if cond { … } else { … }`; orElse may be null. */
  record If(Expr cond, Block then, Block orElse, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitIf(this); }
  }

  /** `while cond [bound N] { … }`; bound may be null (then it must be derivable). */
  record While(Expr cond, Expr bound, Block body, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitWhile(this); }
  }

  /** `for x in set { … }`: over a snapshot of the set taken when the loop starts. */
  record For(Ident var, Expr collection, Block body, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitFor(this); }
  }

  /** `either { … } or { … } …` */
  record Either(List<Block> branches, Span span) implements Stmt {
    public Either {
      branches = List.copyOf(branches);
    }
    public <R> R accept(Visitor<R> v) { return v.visitEither(this); }
  }

  /** `await cond` */
  record Await(Expr cond, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitAwait(this); }
  }

  /** `atomic { … }` */
  record Atomic(Block body, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitAtomic(this); }
  }

  /** `loop { … }`: forever (daemon threads only). Its head is where a daemon rests. */
  record Loop(Block body, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitLoop(this); }
  }

  /** `lock l` / `unlock l` */
  record LockOp(boolean isLock, Expr target, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitLockOp(this); }
  }

  /** `return [value]` */
  record Return(Expr value, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitReturn(this); }
  }

  /** A call standing alone: `f(x)` or a built-in procedure like `add(s, x)`. */
  record Call(Expr.Call call, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitCall(this); }
  }

  /** `cost AMOUNT`: the time (ns) this point of the code takes, for the cost model. */
  record Cost(Expr amount, Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitCost(this); }
  }

  /** A statement that failed to parse. */
  record Error(Span span) implements Stmt {
    public <R> R accept(Visitor<R> v) { return v.visitError(this); }
  }

  interface Visitor<R> {
    R visitAssign(Assign s);
    R visitAlloc(Alloc s);
    R visitRefOp(RefOp s);
    R visitFree(Free s);
    R visitTouch(Touch s);
    R visitIf(If s);
    R visitWhile(While s);
    R visitFor(For s);
    R visitEither(Either s);
    R visitAwait(Await s);
    R visitAtomic(Atomic s);
    R visitLoop(Loop s);
    R visitLockOp(LockOp s);
    R visitReturn(Return s);
    R visitCall(Call s);
    R visitCost(Cost s);
    R visitError(Error s);
  }
}

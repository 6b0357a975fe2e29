package dev.inflight.translator.check;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.resolve.Builtins;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Scope;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import java.util.List;

/**
 * Checks the statements of a thread or function body (or a property, with no scope): loop
 * bounds and where loops may stand, operands of lock, reference and object statements, return
 * types; expressions go to {@link ExprTyper}, built-in procedures to {@link Procedures}.
 */
final class BodyChecker implements Stmt.Visitor<Void> {
  private final CheckContext ctx;
  private final Scope scope;
  private final boolean inAtomic;
  /** Types the expressions of this body (same scope, same atomicity). */
  private final ExprTyper ex;
  private final Procedures procs;

  BodyChecker(CheckContext ctx, Scope scope, boolean inAtomic) {
    this.ctx = ctx;
    this.scope = scope;
    this.inAtomic = inAtomic;
    this.ex = new ExprTyper(ctx, scope, inAtomic);
    this.procs = new Procedures(ctx, ex);
  }

  void block(Block b) {
    if (b == null) {
      return;
    }
    for (Stmt s : b.stmts()) {
      s.accept(this);
    }
  }

  public Void visitAssign(Stmt.Assign s) {
    Type value;
    if (s.value() instanceof Expr.Call c && ctx.program.calls.containsKey(c)) {
      value = ex.call(c);
    } else if (s.value() instanceof Expr.Call c && Builtins.VALUED.contains(c.fn().text())) {
      value = procs.procedure(c);
    } else if (s.value() instanceof Expr.Call c && Builtins.PROCEDURES.containsKey(c.fn().text())) {
      procs.procedure(c);
      value = Type.VOID;
    } else {
      value = ex.expr(s.value());
    }
    ex.assign(s.target(), value, s.value().span());
    ex.narrow(s.value(), ctx.types.get(s.target()));
    return null;
  }

  public Void visitAlloc(Stmt.Alloc s) {
    StructSym st = s.struct() == null ? null : ctx.program.structs.get(s.struct().text());
    ex.assign(s.target(), st == null ? Type.ERROR : new Type.Obj(st), s.span());
    return null;
  }

  public Void visitRefOp(Stmt.RefOp s) {
    Type t = ex.expr(s.target());
    if (!(t instanceof Type.RefCount) && !(t instanceof Type.Error)) {
      ctx.report(() -> ctx.diags.notARefcount(s.target().span(), s.target().span().text()));
    }
    return null;
  }

  public Void visitFree(Stmt.Free s) {
    objectOperand(s.target());
    return null;
  }

  public Void visitTouch(Stmt.Touch s) {
    objectOperand(s.target());
    return null;
  }

  private void objectOperand(Expr e) {
    Type t = ex.expr(e);
    if (t instanceof Type.Error && ex.untyped(e)) {
      ex.untypedObject(e);
    } else if (!(t instanceof Type.Obj o && o.struct() != null) && !(t instanceof Type.Error)) {
      ctx.report(() -> ctx.diags.typeMismatch(e.span(), "an object", t.describe(), t.equals(Type.NULL) ? ex.noStruct(e, "`null` points to no object") : null));
    }
  }

  public Void visitIf(Stmt.If s) {
    Expr.Call gnz = Builtins.getNotZeroCond(s.cond());
    if (gnz != null) {
      procs.procedure(gnz);
      ctx.types.put(s.cond(), Type.BOOL);
    } else {
      ctx.expect(ex.expr(s.cond()), Type.BOOL, s.cond().span());
    }
    block(s.then());
    block(s.orElse());
    return null;
  }

  public Void visitWhile(Stmt.While s) {
    if (inAtomic) {
      ctx.report(() -> ctx.diags.loopInAtomic(s.span()));
    }
    ctx.expect(ex.expr(s.cond()), Type.BOOL, s.cond().span());
    if (s.bound() != null) {
      if (!ctx.quiet) {
        ctx.loopBounds.put(s, ctx.positiveConst(s.bound(), "a loop bound"));
      }
    } else if (!ctx.quiet) {
      if (LoopBounds.derivable(s, ctx.program)) {
        ctx.derivedLoops.add(s);
      } else if (SharedReads.loop(ctx.program, s)) {
        ctx.unboundedLoops.add(s); // waits for others or walks shared state: may run forever (no_hang)
      } else {
        ctx.diags.unboundedLoop(s.cond().span());
      }
    }
    block(s.body());
    return null;
  }

  public Void visitFor(Stmt.For s) {
    if (inAtomic) {
      ctx.report(() -> ctx.diags.loopInAtomic(s.span()));
    }
    Type c = ex.expr(s.collection());
    Type elem = Type.ERROR;
    if (c instanceof Type.SetT st) {
      elem = new Type.Obj(st.elem());
    } else if (c instanceof Type.QueueT q) {
      elem = new Type.Obj(q.elem());
    } else if (!(c instanceof Type.Error)) {
      ctx.report(() -> ctx.diags.typeMismatch(s.collection().span(), "a set or queue", c.describe()));
    }
    Symbol.LocalSym var = s.var() != null && scope != null ? scope.locals().get(s.var().text()) : null;
    if (var != null) {
      ctx.refine(var, elem);
    }
    block(s.body());
    if (var != null && var.type instanceof Type.Obj o && o.struct() != null) {
      ex.narrow(s.collection(), new Type.SetT(o.struct())); // the body says what the set holds
    }
    return null;
  }

  public Void visitEither(Stmt.Either s) {
    s.branches().forEach(this::block);
    return null;
  }

  public Void visitCost(Stmt.Cost s) {
    ctx.expect(ex.expr(s.amount()), Type.INT, s.amount().span());
    return null;
  }

  public Void visitAwait(Stmt.Await s) {
    ctx.expect(ex.expr(s.cond()), Type.BOOL, s.cond().span());
    return null;
  }

  public Void visitAtomic(Stmt.Atomic s) {
    new BodyChecker(ctx, scope, true).block(s.body());
    return null;
  }

  public Void visitLoop(Stmt.Loop s) {
    if (inAtomic) {
      ctx.report(() -> ctx.diags.loopInAtomic(s.span()));
    }
    if (scope instanceof ThreadSym t && !t.isDaemon() && t != ctx.program.init) {
      ctx.report(() -> ctx.diags.loopOutsideDaemon(s.span(), t.name()));
    }
    block(s.body());
    return null;
  }

  public Void visitLockOp(Stmt.LockOp s) {
    Type t = ex.expr(s.target());
    if (!(t instanceof Type.Lock) && !(t instanceof Type.Error)) {
      // `unlock sk` for `unlock sk.lock`: the object's lock fields
      List<String> locks = t instanceof Type.Obj o && o.struct() != null
          ? o.struct().fields().values().stream().filter(f -> f.type instanceof Type.Lock)
              .map(f -> s.target().span().text() + "." + f.name()).toList()
          : List.of();
      ctx.report(() -> ctx.diags.notALock(s.target().span(), t.describe(), locks));
    }
    return null;
  }

  public Void visitReturn(Stmt.Return s) {
    if (!(scope instanceof FnSym f)) {
      return null;
    }
    if (s.value() == null) {
      return null;
    }
    Type t = ex.expr(s.value());
    Type before = f.returnType;
    f.returnType = Type.refine(f.returnType, t);
    if (f.returnType != before) {
      ctx.inferred = true;
    } else {
      ctx.expect(t, f.returnType, s.value().span());
    }
    return null;
  }

  public Void visitCall(Stmt.Call s) {
    if (ctx.program.calls.containsKey(s.call())) {
      ex.call(s.call());
    } else if (Builtins.PROCEDURES.containsKey(s.call().fn().text())) {
      String fn = s.call().fn().text();
      if (fn.equals("pick") || fn.equals("rcu_pick")) {
        ctx.report(() -> ctx.diags.typeMismatch(s.span(), "`x = " + fn + "(…)`", "a bare `" + fn + "(…)`", "assign the picked object: `x = " + fn + "(set)`"));
      } else if (fn.equals("get_not_zero")) {
        ctx.report(() -> ctx.diags.typeMismatch(s.span(), "`ok = get_not_zero(…)` or `if get_not_zero(…) { … }`", "a bare `get_not_zero(…)`",
            "it may fail: use its result (for a reference that cannot fail, `get`)"));
      }
      procs.procedure(s.call());
    }
    return null;
  }

  public Void visitError(Stmt.Error s) {
    return null;
  }
}

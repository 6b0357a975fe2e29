package dev.inflight.translator.resolve;

import static dev.inflight.translator.resolve.Resolver.suggest;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;

/**
 * Binds the names in the statements of one body (a thread, `init` or a function, whose locals
 * are declared already): assignment targets, calls of functions and built-in procedures,
 * `alloc`'s struct; expressions go to {@link ExprResolver}.
 */
final class StmtResolver implements Stmt.Visitor<Void> {
  private final ResolveContext cx;
  private final Program program;
  private final Diagnostics diags;
  private final Scope scope;
  private final ExprResolver exprs;

  StmtResolver(ResolveContext cx, Scope scope) {
    this.cx = cx;
    this.program = cx.program;
    this.diags = cx.diags;
    this.scope = scope;
    this.exprs = new ExprResolver(cx, scope);
  }

  void block(Block b) {
    if (b == null) {
      return;
    }
    for (Stmt s : b.stmts()) {
      s.accept(this);
    }
  }

  private void target(Expr t) {
    if (t instanceof Expr.Name n) {
      Symbol.ConstSym c = program.consts.get(n.name().text());
      if (c != null) {
        diags.assignToConst(n.span(), n.name().text());
        return;
      }
      exprs.writing = true; // a write, not a read before assignment
    }
    exprs.expr(t);
    exprs.writing = false;
  }

  public Void visitAssign(Stmt.Assign s) {
    target(s.target());
    if (s.value() instanceof Expr.Call c && program.fns.containsKey(c.fn().text())) {
      exprs.userCall(c);
    } else if (s.value() instanceof Expr.Call c && Builtins.PROCEDURES.containsKey(c.fn().text())) {
      exprs.builtinArgs(c);
    } else {
      exprs.expr(s.value());
    }
    return null;
  }

  public Void visitAlloc(Stmt.Alloc s) {
    target(s.target());
    if (s.struct() != null && !program.structs.containsKey(s.struct().text())) {
      diags.unknownStruct(s.struct().span(), s.struct().text(), suggest(s.struct().text(), program.structs.keySet()));
    }
    return null;
  }

  public Void visitRefOp(Stmt.RefOp s) {
    exprs.expr(s.target());
    return null;
  }

  public Void visitFree(Stmt.Free s) {
    exprs.expr(s.target());
    return null;
  }

  public Void visitTouch(Stmt.Touch s) {
    exprs.expr(s.target());
    return null;
  }

  public Void visitIf(Stmt.If s) {
    Expr.Call gnz = Builtins.getNotZeroCond(s.cond());
    if (gnz != null) {
      exprs.builtinArgs(gnz);
    } else {
      exprs.expr(s.cond());
    }
    block(s.then());
    block(s.orElse());
    return null;
  }

  public Void visitWhile(Stmt.While s) {
    exprs.expr(s.cond());
    if (s.bound() != null) {
      new ExprResolver(cx, null).expr(s.bound());
    }
    block(s.body());
    return null;
  }

  public Void visitFor(Stmt.For s) {
    exprs.expr(s.collection());
    block(s.body());
    return null;
  }

  public Void visitEither(Stmt.Either s) {
    s.branches().forEach(this::block);
    return null;
  }

  public Void visitAwait(Stmt.Await s) {
    exprs.expr(s.cond());
    return null;
  }

  public Void visitCost(Stmt.Cost s) {
    exprs.costNames = true;
    exprs.expr(s.amount());
    exprs.costNames = false;
    return null;
  }

  public Void visitAtomic(Stmt.Atomic s) {
    block(s.body());
    return null;
  }

  public Void visitLockOp(Stmt.LockOp s) {
    exprs.lockTarget = true;
    try {
      exprs.expr(s.target());
    } finally {
      exprs.lockTarget = false;
    }
    return null;
  }

  public Void visitLoop(Stmt.Loop s) {
    block(s.body());
    return null;
  }

  public Void visitReturn(Stmt.Return s) {
    if (!(scope instanceof FnSym) && scope != program.init) {
      diags.returnOutsideFn(s.span());
    }
    if (s.value() != null) {
      exprs.expr(s.value());
    }
    return null;
  }

  public Void visitCall(Stmt.Call s) {
    Expr.Call c = s.call();
    if (program.fns.containsKey(c.fn().text())) {
      exprs.userCall(c);
    } else if (Builtins.PROCEDURES.containsKey(c.fn().text())) {
      exprs.builtinArgs(c);
    } else if (Builtins.FUNCTIONS.containsKey(c.fn().text())) {
      diags.notAStatement(c.span());
    } else {
      diags.unknownFunction(c.fn().span(), c.fn().text(), suggest(c.fn().text(), ExprResolver.callableNames(program)));
    }
    return null;
  }

  public Void visitError(Stmt.Error s) {
    return null;
  }
}

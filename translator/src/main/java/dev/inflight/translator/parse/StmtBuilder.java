package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightBaseVisitor;
import dev.inflight.grammar.InflightParser;
import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The statement part of {@link AstBuilder}: turns one statement's parse tree into a {@link Stmt}
 * record (an `if` with its `else if` chain included), reporting targets that cannot be assigned
 * and expressions that are not statements. Blocks and expressions go back to {@link AstBuilder}.
 */
final class StmtBuilder extends InflightBaseVisitor<Object> {
  private final AstBuilder ast;
  private final Diagnostics diags;

  /** Lines with a syntax error: the builder's own messages there would only be its echo. */
  private final Set<Integer> syntaxErrorLines;
  /** Lines with an expression that is not a statement, reported (the first on each line). */
  private final Set<Integer> notStatementLines = new java.util.HashSet<>();

  StmtBuilder(AstBuilder ast, Diagnostics diags, Set<Integer> syntaxErrorLines) {
    this.ast = ast;
    this.diags = diags;
    this.syntaxErrorLines = syntaxErrorLines;
  }

  @Override
  public Object visitAllocStmt(InflightParser.AllocStmtContext ctx) {
    return new Stmt.Alloc(assignable(ast.expr(ctx.target)), ast.ident(ctx.struct), ast.span(ctx));
  }

  @Override
  public Object visitAssignStmt(InflightParser.AssignStmtContext ctx) {
    return new Stmt.Assign(assignable(ast.expr(ctx.target)), ast.expr(ctx.value), ast.span(ctx));
  }

  private Expr assignable(Expr target) {
    if (target instanceof Expr.Name || target instanceof Expr.Field || target instanceof Expr.Error) {
      return target;
    }
    if (!syntaxErrorLines.contains(target.span().line())) {
      diags.notAssignable(target.span());
    }
    return new Expr.Error(target.span());
  }

  @Override
  public Object visitGetStmt(InflightParser.GetStmtContext ctx) {
    return new Stmt.RefOp(true, ast.expr(ctx.target), ast.span(ctx));
  }

  @Override
  public Object visitPutStmt(InflightParser.PutStmtContext ctx) {
    return new Stmt.RefOp(false, ast.expr(ctx.target), ast.span(ctx));
  }

  @Override
  public Object visitFreeStmt(InflightParser.FreeStmtContext ctx) {
    return new Stmt.Free(ast.expr(ctx.target), ast.span(ctx));
  }

  @Override
  public Object visitTouchStmt(InflightParser.TouchStmtContext ctx) {
    return new Stmt.Touch(ast.expr(ctx.target), ast.span(ctx));
  }

  @Override
  public Object visitIfStmt(InflightParser.IfStmtContext ctx) {
    return ifStatement(ctx.ifStatement());
  }

  private Stmt ifStatement(InflightParser.IfStatementContext ctx) {
    if (ast.broken(ctx) || !ast.enter(ctx)) {
      return new Stmt.Error(ast.span(ctx));
    }
    try {
      Block orElse = null;
      if (ctx.elseIf != null) {
        Stmt nested = ifStatement(ctx.elseIf);
        orElse = new Block(List.of(nested), nested.span());
      } else if (ctx.elseBlock != null) {
        orElse = ast.block(ctx.elseBlock);
      }
      return new Stmt.If(ast.expr(ctx.cond), ast.block(ctx.then), orElse, ast.span(ctx));
    } finally {
      ast.leave();
    }
  }

  @Override
  public Object visitWhileStmt(InflightParser.WhileStmtContext ctx) {
    return new Stmt.While(ast.expr(ctx.cond), ast.expr(ctx.bound), ast.block(ctx.body), ast.span(ctx));
  }

  @Override
  public Object visitForStmt(InflightParser.ForStmtContext ctx) {
    return new Stmt.For(ast.ident(ctx.var), ast.expr(ctx.coll), ast.block(ctx.body), ast.span(ctx));
  }

  @Override
  public Object visitEitherStmt(InflightParser.EitherStmtContext ctx) {
    List<Block> branches = new ArrayList<>();
    branches.add(ast.block(ctx.first));
    for (InflightParser.BlockContext b : ctx.rest) {
      branches.add(ast.block(b));
    }
    return new Stmt.Either(branches, ast.span(ctx));
  }

  @Override
  public Object visitCostStmt(InflightParser.CostStmtContext ctx) {
    return new Stmt.Cost(ast.expr(ctx.amount), ast.span(ctx));
  }

  @Override
  public Object visitAwaitStmt(InflightParser.AwaitStmtContext ctx) {
    return new Stmt.Await(ast.expr(ctx.cond), ast.span(ctx));
  }

  @Override
  public Object visitAtomicStmt(InflightParser.AtomicStmtContext ctx) {
    return new Stmt.Atomic(ast.block(ctx.body), ast.span(ctx));
  }

  @Override
  public Object visitLoopStmt(InflightParser.LoopStmtContext ctx) {
    return new Stmt.Loop(ast.block(ctx.body), ast.span(ctx));
  }

  @Override
  public Object visitLockStmt(InflightParser.LockStmtContext ctx) {
    return new Stmt.LockOp(true, ast.expr(ctx.target), ast.span(ctx));
  }

  @Override
  public Object visitUnlockStmt(InflightParser.UnlockStmtContext ctx) {
    return new Stmt.LockOp(false, ast.expr(ctx.target), ast.span(ctx));
  }

  @Override
  public Object visitReturnStmt(InflightParser.ReturnStmtContext ctx) {
    return new Stmt.Return(ast.expr(ctx.value), ast.span(ctx));
  }

  @Override
  public Object visitExprStmt(InflightParser.ExprStmtContext ctx) {
    Expr e = ast.expr(ctx.call);
    if (e instanceof Expr.Call c) {
      return new Stmt.Call(c, ast.span(ctx));
    }
    // `assert x > 0` parses as two expressions on one line: one mistake, one message (the first's)
    if (!(e instanceof Expr.Error) && !syntaxErrorLines.contains(e.span().line()) && notStatementLines.add(e.span().line())) {
      diags.notAStatement(e.span());
    }
    return new Stmt.Error(ast.span(ctx));
  }
}

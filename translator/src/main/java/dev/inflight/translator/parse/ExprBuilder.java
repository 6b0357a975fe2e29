package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightBaseVisitor;
import dev.inflight.grammar.InflightParser;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.diag.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.antlr.v4.runtime.ParserRuleContext;

/**
 * The expression part of {@link AstBuilder}: turns one expression's parse tree into an
 * {@link Expr} record, reporting integer literals that are too large. Subexpressions go back to
 * {@link AstBuilder}, which bounds the nesting depth.
 */
final class ExprBuilder extends InflightBaseVisitor<Object> {
  private final AstBuilder ast;
  private final Diagnostics diags;

  ExprBuilder(AstBuilder ast, Diagnostics diags) {
    this.ast = ast;
    this.diags = diags;
  }

  @Override
  public Object visitFieldExpr(InflightParser.FieldExprContext ctx) {
    return new Expr.Field(ast.expr(ctx.obj), ast.ident(ctx.field), ast.span(ctx));
  }

  @Override
  public Object visitUnaryExpr(InflightParser.UnaryExprContext ctx) {
    Expr.UnOp op = ctx.op.getText().equals("!") ? Expr.UnOp.NOT : Expr.UnOp.NEG;
    return new Expr.Unary(op, ast.expr(ctx.operand), ast.span(ctx));
  }

  private Expr binary(String op, InflightParser.ExprContext l, InflightParser.ExprContext r, ParserRuleContext ctx) {
    Expr.BinOp bop = null;
    for (Expr.BinOp b : Expr.BinOp.values()) {
      if (b.symbol.equals(op)) {
        bop = b;
      }
    }
    return new Expr.Binary(Objects.requireNonNull(bop, op), ast.expr(l), ast.expr(r), ast.span(ctx));
  }

  @Override
  public Object visitMulExpr(InflightParser.MulExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitAddExpr(InflightParser.AddExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitSetOpExpr(InflightParser.SetOpExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitInExpr(InflightParser.InExprContext ctx) {
    return binary(ctx.neg != null ? "not in" : "in", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitRelExpr(InflightParser.RelExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitEqExpr(InflightParser.EqExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitAndExpr(InflightParser.AndExprContext ctx) {
    return binary("&&", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitOrExpr(InflightParser.OrExprContext ctx) {
    return binary("||", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitImpliesExpr(InflightParser.ImpliesExprContext ctx) {
    return binary("=>", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitQuantExpr(InflightParser.QuantExprContext ctx) {
    return new Expr.Quant(ctx.q.getText().equals("forall"), ast.ident(ctx.var), ast.expr(ctx.set), ast.expr(ctx.body), ast.span(ctx));
  }

  @Override
  public Object visitClosureExpr(InflightParser.ClosureExprContext ctx) {
    return new Expr.Closure(ast.expr(ctx.roots), ast.ident(ctx.var), ast.expr(ctx.step), ast.span(ctx));
  }

  @Override
  public Object visitCallExpr(InflightParser.CallExprContext ctx) {
    List<Expr> args = new ArrayList<>();
    for (InflightParser.ExprContext a : ctx.args) {
      args.add(ast.expr(a));
    }
    return new Expr.Call(ast.ident(ctx.fn), args, ast.span(ctx));
  }

  @Override
  public Object visitSetCompExpr(InflightParser.SetCompExprContext ctx) {
    return new Expr.SetComp(ast.ident(ctx.var), ast.expr(ctx.set), ast.expr(ctx.pred), ast.span(ctx));
  }

  @Override
  public Object visitSetLitExpr(InflightParser.SetLitExprContext ctx) {
    List<Expr> elems = new ArrayList<>();
    for (InflightParser.ExprContext e : ctx.elems) {
      elems.add(ast.expr(e));
    }
    return new Expr.SetLit(elems, ast.span(ctx));
  }

  @Override
  public Object visitParenExpr(InflightParser.ParenExprContext ctx) {
    return ast.expr(ctx.inner);
  }

  @Override
  public Object visitIntExpr(InflightParser.IntExprContext ctx) {
    try {
      long v = Long.parseLong(ctx.value.getText());
      if (v > Integer.MAX_VALUE) {
        throw new NumberFormatException();
      }
      return new Expr.IntLit(v, ast.span(ctx));
    } catch (NumberFormatException e) {
      diags.integerTooLarge(ast.span(ctx));
      return new Expr.Error(ast.span(ctx));
    }
  }

  @Override
  public Object visitBoolExpr(InflightParser.BoolExprContext ctx) {
    return new Expr.BoolLit(ctx.value.getText().equals("true"), ast.span(ctx));
  }

  @Override
  public Object visitNullExpr(InflightParser.NullExprContext ctx) {
    return new Expr.NullLit(ast.span(ctx));
  }

  @Override
  public Object visitNameExpr(InflightParser.NameExprContext ctx) {
    return new Expr.Name(ast.ident(ctx.name), ast.span(ctx));
  }
}

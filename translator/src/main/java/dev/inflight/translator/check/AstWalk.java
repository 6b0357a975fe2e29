package dev.inflight.translator.check;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import java.util.function.Consumer;

/** Generic pre-order walks over statements and expressions. */
public final class AstWalk {
  private AstWalk() {}

  /** Every expression node in {@code e}, outermost first. */
  public static void exprs(Expr e, Consumer<Expr> f) {
    if (e == null) {
      return;
    }
    f.accept(e);
    if (e instanceof Expr.Field x) {
      exprs(x.obj(), f);
    } else if (e instanceof Expr.Call x) {
      x.args().forEach(a -> exprs(a, f));
    } else if (e instanceof Expr.Unary x) {
      exprs(x.operand(), f);
    } else if (e instanceof Expr.Binary x) {
      exprs(x.left(), f);
      exprs(x.right(), f);
    } else if (e instanceof Expr.SetLit x) {
      x.elems().forEach(a -> exprs(a, f));
    } else if (e instanceof Expr.SetComp x) {
      exprs(x.set(), f);
      exprs(x.pred(), f);
    } else if (e instanceof Expr.Quant x) {
      exprs(x.set(), f);
      exprs(x.body(), f);
    } else if (e instanceof Expr.Closure x) {
      exprs(x.roots(), f);
      exprs(x.step(), f);
    }
  }

  /** Every statement in {@code b}, nested ones included, outermost first. */
  public static void stmts(Block b, Consumer<Stmt> f) {
    if (b == null) {
      return;
    }
    for (Stmt s : b.stmts()) {
      f.accept(s);
      if (s instanceof Stmt.If x) {
        stmts(x.then(), f);
        stmts(x.orElse(), f);
      } else if (s instanceof Stmt.While x) {
        stmts(x.body(), f);
      } else if (s instanceof Stmt.For x) {
        stmts(x.body(), f);
      } else if (s instanceof Stmt.Either x) {
        x.branches().forEach(br -> stmts(br, f));
      } else if (s instanceof Stmt.Atomic x) {
        stmts(x.body(), f);
      } else if (s instanceof Stmt.Loop x) {
        stmts(x.body(), f);
      }
    }
  }
}

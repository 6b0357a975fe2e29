package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.List;

/**
 * Evaluates constant expressions (literals, consts, arithmetic, comparisons, logic). Integers
 * are TLC's (32-bit): a part whose value leaves them stops the arithmetic there (its value, out
 * of range, is the result), so nothing wraps; {@link #outOfRange} finds that part.
 */
public final class ConstEval {
  private final Program program;

  public ConstEval(Program program) {
    this.program = program;
  }

  /** A `latency` declaration's bound in ns: a constant integer, which the checker made sure of (Checker#checkCostModel). */
  public long bound(dev.inflight.translator.ast.Decl.Latency l) {
    return (Long) eval(l.bound());
  }

  static boolean outside(long v) {
    return v != (int) v;
  }

  /**
   * The innermost part of a constant expression whose value is an integer outside TLC's (its
   * parts are inside them), or null: where E0104 points.
   */
  public Expr outOfRange(Expr e) {
    if (e == null) {
      return null;
    }
    List<Expr> parts = e instanceof Expr.Binary b ? List.of(b.left(), b.right())
        : e instanceof Expr.Unary u ? List.of(u.operand()) : List.of();
    for (Expr p : parts) {
      Expr inner = outOfRange(p);
      if (inner != null) {
        return inner;
      }
    }
    return eval(e) instanceof Long v && outside(v) ? e : null;
  }

  /**
   * Reports that {@code e} is not a constant expression: E0303, naming the division when it is
   * a division by 0 (a remainder by a divisor below 1) of constant operands, which has no value.
   */
  public void notConstant(Expr e, dev.inflight.translator.diag.Diagnostics diags) {
    Expr.Binary bad = badDivision(e);
    if (bad != null) {
      diags.constantDivision(bad.span(), bad.op() == Expr.BinOp.MOD, (Long) eval(bad.right()));
    } else {
      diags.notConstant(e.span());
    }
  }

  private Expr.Binary badDivision(Expr e) {
    Expr.Binary[] found = new Expr.Binary[1];
    AstWalk.exprs(e, x -> {
      if (found[0] == null && x instanceof Expr.Binary b && (b.op() == Expr.BinOp.DIV || b.op() == Expr.BinOp.MOD)
          && eval(b.left()) instanceof Long && eval(b.right()) instanceof Long y && (b.op() == Expr.BinOp.DIV ? y == 0 : y <= 0)) {
        found[0] = b;
      }
    });
    return found[0];
  }

  /** Whether {@code e} reads a const whose value was an error (what follows from it stays silent). */
  public boolean poisoned(Expr e) {
    boolean[] found = new boolean[1];
    AstWalk.exprs(e, x -> found[0] |= x instanceof Expr.Name n && program.names.get(n) instanceof Symbol.ConstSym c && c.poisoned);
    return found[0];
  }

  /** The value (Long or Boolean), or null when the expression is not constant. */
  public Object eval(Expr e) {
    if (e instanceof Expr.IntLit i) {
      return i.value();
    }
    if (e instanceof Expr.BoolLit b) {
      return b.value();
    }
    if (e instanceof Expr.Name n) {
      Symbol s = program.names.get(n);
      return s instanceof Symbol.ConstSym c ? c.value : null;
    }
    if (e instanceof Expr.Unary u) {
      Object v = eval(u.operand());
      if (u.op() == Expr.UnOp.NEG && v instanceof Long l) {
        return outside(l) ? l : -l;
      }
      if (u.op() == Expr.UnOp.NOT && v instanceof Boolean b) {
        return !b;
      }
      return null;
    }
    if (e instanceof Expr.Binary b) {
      Object l = eval(b.left());
      Object r = eval(b.right());
      if (l instanceof Long x && r instanceof Long y) {
        if (outside(x) || outside(y)) {
          // Past TLC's integers the value is no longer TLC's: keep the first such part (its true
          // value: two ints never overflow a long), never a wrapped one. outOfRange finds it.
          return outside(x) ? x : y;
        }
        switch (b.op()) {
          case ADD: return x + y;
          case SUB: return x - y;
          case MUL: return x * y;
          case DIV: return y == 0 ? null : Math.floorDiv(x, y);
          case MOD: return y <= 0 ? null : Math.floorMod(x, y); // TLC's `%` needs a positive divisor
          case LT: return x < y;
          case LE: return x <= y;
          case GT: return x > y;
          case GE: return x >= y;
          case EQ: return x.equals(y);
          case NE: return !x.equals(y);
          default: return null;
        }
      }
      if (l instanceof Boolean x && r instanceof Boolean y) {
        switch (b.op()) {
          case AND: return x && y;
          case OR: return x || y;
          case IMPLIES: return !x || y;
          case EQ: return x.equals(y);
          case NE: return !x.equals(y);
          default: return null;
        }
      }
    }
    return null;
  }
}

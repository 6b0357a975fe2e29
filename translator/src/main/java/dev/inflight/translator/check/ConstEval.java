package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;

/** Evaluates constant expressions (literals, consts, arithmetic, comparisons, logic). */
public final class ConstEval {
  private final Program program;

  public ConstEval(Program program) {
    this.program = program;
  }

  /** A `latency` declaration's bound in ns: a constant integer, which the checker made sure of (Checker#checkCostModel). */
  public long bound(dev.inflight.translator.ast.Decl.Latency l) {
    return (Long) eval(l.bound());
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
        return -l;
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
        switch (b.op()) {
          case ADD: return x + y;
          case SUB: return x - y;
          case MUL: return x * y;
          case DIV: return y == 0 ? null : Math.floorDiv(x, y);
          case MOD: return y == 0 ? null : Math.floorMod(x, y);
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

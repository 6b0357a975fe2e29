package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.HashSet;
import java.util.Set;

/**
 * Which loops terminate by construction. A `while` has a derivable bound when its condition
 * compares a local integer counter against a constant (`i < N`, `i <= N`, `i != N`, or the
 * mirrored forms) and the loop body's top level increments that counter by a positive constant
 * (`i = i + 1`) and assigns it nowhere else. Any other `while` needs `bound N`.
 */
final class LoopBounds {
  private LoopBounds() {}

  static boolean derivable(Stmt.While w, Program program) {
    if (!(w.cond() instanceof Expr.Binary b)) {
      return false;
    }
    ConstEval consts = new ConstEval(program);
    Symbol.LocalSym counter = null;
    switch (b.op()) {
      case LT: case LE: case NE:
        if (consts.eval(b.right()) instanceof Long) {
          counter = local(b.left(), program);
        }
        break;
      case GT: case GE:
        if (consts.eval(b.left()) instanceof Long) {
          counter = local(b.right(), program);
        }
        break;
      default:
        return false;
    }
    if (counter == null) {
      return false;
    }
    Symbol.LocalSym c = counter;
    int increments = 0;
    for (Stmt s : w.body().stmts()) {
      if (s instanceof Stmt.Assign a && isIncrement(a, c, program, consts)) {
        increments++;
      }
    }
    int[] writes = {0};
    AstWalk.stmts(w.body(), s -> {
      if (s instanceof Stmt.Assign a && local(a.target(), program) == c) {
        writes[0]++;
      } else if (s instanceof Stmt.Alloc a && local(a.target(), program) == c) {
        writes[0]++;
      } else if (s instanceof Stmt.For f && f.var() != null && f.var().text().equals(c.name())) {
        writes[0]++;
      }
    });
    return increments == 1 && writes[0] == 1;
  }

  private static boolean isIncrement(Stmt.Assign a, Symbol.LocalSym c, Program program, ConstEval consts) {
    if (local(a.target(), program) != c || !(a.value() instanceof Expr.Binary v) || v.op() != Expr.BinOp.ADD) {
      return false;
    }
    Object k = consts.eval(v.right());
    return local(v.left(), program) == c && k instanceof Long l && l > 0;
  }

  private static Symbol.LocalSym local(Expr e, Program program) {
    return e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l ? l : null;
  }

  /** Whether a function (or anything it calls) contains a loop. */
  static boolean containsLoop(FnSym f, Program program) {
    return containsLoop(f, program, new HashSet<>());
  }

  private static boolean containsLoop(FnSym f, Program program, Set<FnSym> seen) {
    if (!seen.add(f)) {
      return false;
    }
    boolean[] found = {false};
    AstWalk.stmts(f.decl.body(), s -> {
      if (s instanceof Stmt.While || s instanceof Stmt.For || s instanceof Stmt.Loop) {
        found[0] = true;
      }
      Expr.Call call = s instanceof Stmt.Call c ? c.call() : s instanceof Stmt.Assign a && a.value() instanceof Expr.Call c2 ? c2 : null;
      if (call != null && program.calls.containsKey(call) && containsLoop(program.calls.get(call), program, seen)) {
        found[0] = true;
      }
    });
    return found[0];
  }
}

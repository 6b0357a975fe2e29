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

  /** Loops whose count {@link #iterations} derives are held to the limit of a declared `bound N`. */
  static final int MAX_DERIVED = 64;

  /**
   * How many times a derivable loop ({@link #derivable}) runs when its counter holds
   * {@code start} on entry: for `i < N` with step d, ceil((N - start) / d) (0 if start ≥ N); for
   * `i <= N`, floor((N - start) / d) + 1 (0 if start > N); for `i != N`, (N - start) / d when d
   * divides it and start ≤ N, else the loop never ends and nothing is derived. Null when that
   * cannot be said, or it exceeds {@link #MAX_DERIVED}.
   */
  static Integer iterations(Stmt.While w, Program program, java.util.Map<Symbol.LocalSym, Long> known) {
    if (!derivable(w, program) || !(w.cond() instanceof Expr.Binary b)) {
      return null;
    }
    ConstEval consts = new ConstEval(program);
    boolean counterLeft = b.op() == Expr.BinOp.LT || b.op() == Expr.BinOp.LE || b.op() == Expr.BinOp.NE;
    Symbol.LocalSym counter = local(counterLeft ? b.left() : b.right(), program);
    Object limit = consts.eval(counterLeft ? b.right() : b.left());
    Long start = known.get(counter);
    if (!(limit instanceof Long n) || start == null) {
      return null;
    }
    long step = 0;
    for (Stmt s : w.body().stmts()) {
      if (s instanceof Stmt.Assign a && isIncrement(a, counter, program, consts)) {
        step = (Long) consts.eval(((Expr.Binary) a.value()).right());
      }
    }
    long gap = n - start;
    long count;
    switch (b.op()) {
      case LT: case GT:
        count = gap <= 0 ? 0 : (gap + step - 1) / step;
        break;
      case LE: case GE:
        count = gap < 0 ? 0 : gap / step + 1;
        break;
      default: // NE
        if (gap < 0 || gap % step != 0) {
          return null;
        }
        count = gap / step;
        break;
    }
    return count <= MAX_DERIVED ? (int) count : null;
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

  /** The first loop a function (or anything it calls) runs, in source order; null if none. */
  static Stmt firstLoop(FnSym f, Program program) {
    return firstLoop(f, program, new HashSet<>());
  }

  private static Stmt firstLoop(FnSym f, Program program, Set<FnSym> seen) {
    if (!seen.add(f)) {
      return null;
    }
    Stmt[] found = {null};
    AstWalk.stmts(f.decl.body(), s -> {
      if (found[0] != null) {
        return;
      }
      if (s instanceof Stmt.While || s instanceof Stmt.For || s instanceof Stmt.Loop) {
        found[0] = s;
        return;
      }
      Expr.Call call = s instanceof Stmt.Call c ? c.call() : s instanceof Stmt.Assign a && a.value() instanceof Expr.Call c2 ? c2 : null;
      if (call != null && program.calls.containsKey(call)) {
        found[0] = firstLoop(program.calls.get(call), program, seen);
      }
    });
    return found[0];
  }
}

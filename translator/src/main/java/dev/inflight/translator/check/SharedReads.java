package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;

/**
 * What code reads of the state other threads can see: a field, a global, {@code live()},
 * {@code all_done()}, or an expression function's returned expression that does. Merging
 * (lower/Sharing) and the check of loops without a bound rest on it.
 */
public final class SharedReads {
  private SharedReads() {}

  /** Whether {@code e} reads state other threads can see. */
  public static boolean expr(Program program, Expr e) {
    boolean[] s = {false};
    AstWalk.exprs(e, x -> {
      if (x instanceof Expr.Field || (x instanceof Expr.Call c && (c.fn().text().equals("live") || c.fn().text().equals("all_done")))) {
        s[0] = true;
      } else if (x instanceof Expr.Name n && program.names.get(n) instanceof Symbol.GlobalSym) {
        s[0] = true;
      } else if (x instanceof Expr.Call c && program.calls.containsKey(c) && program.calls.get(c).expression() != null
          && expr(program, program.calls.get(c).expression())) {
        s[0] = true; // an expression function reads what its returned expression reads
      }
    });
    return s[0];
  }

  /**
   * Whether a loop can observe or change what other threads do: its condition or some
   * expression of its body reads shared state, or its body has a statement other than
   * assignments to locals, branches and choices (a call, an allocation, a lock, an await, …).
   * A loop that cannot is a computation of its own thread alone, whose bound must be derivable
   * or given; one that can may wait for another thread or walk the heap, and may run without a
   * bound (the `no_hang` check reports it if it never ends).
   */
  public static boolean loop(Program program, Stmt.While w) {
    if (expr(program, w.cond())) {
      return true;
    }
    boolean[] s = {false};
    AstWalk.stmts(w.body(), st -> s[0] |= shared(program, st));
    return s[0];
  }

  private static boolean shared(Program program, Stmt st) {
    if (st instanceof Stmt.Assign a) {
      return !(a.target() instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym)
          || a.value() instanceof Expr.Call c && program.calls.containsKey(c) && program.calls.get(c).expression() == null
          || expr(program, a.target()) || expr(program, a.value());
    }
    if (st instanceof Stmt.If i) {
      return expr(program, i.cond());
    }
    if (st instanceof Stmt.While w) {
      return expr(program, w.cond());
    }
    if (st instanceof Stmt.For f) {
      return expr(program, f.collection());
    }
    if (st instanceof Stmt.Return r) {
      return r.value() != null && expr(program, r.value());
    }
    // (the statements inside a choice or an atomic block are walked on their own)
    return !(st instanceof Stmt.Either) && !(st instanceof Stmt.Atomic) && !(st instanceof Stmt.Cost);
  }
}

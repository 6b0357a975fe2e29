package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Type;
import java.util.Map;
import java.util.Set;

/**
 * Result of the check phase: the resolved program plus the type of every expression and the
 * facts lowering needs (which `while` loops carry an iteration bound, and its value; which run
 * without one because they wait for other threads or walk shared state: SharedReads#loop).
 */
public record Checked(Program program, Map<Expr, Type> types, Map<Stmt.While, Integer> loopBounds,
    Set<Stmt.While> derivedLoops, Set<Stmt.While> unboundedLoops) {

  public Type typeOf(Expr e) {
    Type t = types.get(e);
    return t == null ? Type.ERROR : t;
  }
}

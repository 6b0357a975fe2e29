package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What the parts of the check phase share: the program and its diagnostics, the facts they
 * gather (expression types, loop bounds, queued work items) and the inference state (whether
 * messages are held back, whether a round learned something), with the small helpers that
 * report, expect and refine types.
 */
final class CheckContext {
  final Program program;
  final Diagnostics diags;
  final ConstEval consts;
  final Map<Expr, Type> types = new IdentityHashMap<>();
  final Map<Stmt.While, Integer> loopBounds = new IdentityHashMap<>();
  final Set<Stmt.While> derivedLoops = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  final Set<Stmt.While> unboundedLoops = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  /** While inferring local types, messages are not reported. */
  boolean quiet;
  /** The functions some thread runs (computed on first need, after resolution). */
  private Set<FnSym> reachable;

  Set<FnSym> reachable() {
    if (reachable == null) {
      reachable = Reachable.functions(program);
    }
    return reachable;
  }

  /** Work items some `queue_work` names (the others never run: W0006). */
  final Set<Symbol.WorkSym> queued = new HashSet<>();
  /** Functions being inferred (guards against recursion, which the resolver reports). */
  final Set<FnSym> inferring = new HashSet<>();
  /** Whether the current inference round changed the type of a local or parameter. */
  boolean inferred;

  CheckContext(Program program, Diagnostics diags) {
    this.program = program;
    this.diags = diags;
    this.consts = new ConstEval(program);
  }

  int positiveConst(Expr e, String what) {
    Object v = consts.eval(e);
    if (v instanceof Long l && l >= 1 && l <= 64) {
      return (int) (long) l;
    }
    if (e instanceof Expr.Error || consts.poisoned(e)) {
      return 1;
    }
    if (v == null) {
      consts.notConstant(e, diags);
    } else {
      diags.badBound(e.span(), what + " must be an integer from 1 to 64, not " + v);
    }
    return 1;
  }

  // ---------------------------------------------------------------- helpers

  void expect(Type found, Type want, Span at) {
    if (!fits(want, found)) {
      if (!quiet) {
        diags.typeMismatch(at, want.describe(), found.describe());
      }
    }
  }

  /** Whether a value of type {@code found} may go where {@code want} is expected (an unknown {@code want}: yes). */
  static boolean fits(Type want, Type found) {
    return want == null || want.accepts(found) || Type.isIntLike(want) && Type.isIntLike(found);
  }

  /** Refines what is known of a local's or parameter's type (see {@link Type#refine}). */
  void refine(Symbol.LocalSym l, Type seen) {
    Type t = Type.refine(l.type, seen);
    if (t != l.type) {
      l.type = t;
      inferred = true;
    }
  }

  void report(Runnable r) {
    if (!quiet) {
      r.run();
    }
  }

  /** The BoundSym a binder introduced, found through its uses in {@code body}; null if unused. */
  Symbol.BoundSym boundSym(dev.inflight.translator.ast.Ident var, Expr body) {
    if (body == null || var == null) {
      return null;
    }
    Symbol.BoundSym[] found = {null};
    AstWalk.exprs(body, x -> {
      if (x instanceof Expr.Name n && program.names.get(n) instanceof Symbol.BoundSym b && b.ident == var) {
        found[0] = b;
      }
    });
    return found[0];
  }
}

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A function: inlined at each call. */
public final class FnSym implements Scope {
  public final Decl.Fn decl;
  private final Map<String, Symbol.LocalSym> locals = Scope.Locals.create();
  public final List<Symbol.LocalSym> params = new ArrayList<>();
  public Type returnType; // null until a return with a value is seen
  public boolean checked;
  public boolean used;

  public FnSym(Decl.Fn decl) {
    this.decl = decl;
  }

  public String name() {
    return decl.name().text();
  }

  public Map<String, Symbol.LocalSym> locals() {
    return locals;
  }

  /**
   * The expression of a function whose body is one {@code return EXPR}: such a function may be
   * called inside any expression (a quantifier, a comprehension, an invariant), where it stands
   * for {@code EXPR} with the arguments in place of the parameters; null for any other body.
   */
  public dev.inflight.translator.ast.Expr expression() {
    var stmts = decl.body().stmts();
    return stmts.size() == 1 && stmts.get(0) instanceof dev.inflight.translator.ast.Stmt.Return r ? r.value() : null;
  }
}

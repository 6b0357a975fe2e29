package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.tla.TlaExpr;

/**
 * Translates a property's expression to a TLA+ state predicate over globals and object fields.
 * Dereferences in properties are plain reads (a property observes; it cannot fault).
 */
public final class StatePredicates {
  private final ExprGen gen;

  public StatePredicates(Checked checked, Layout layout) {
    this.gen = new ExprGen(checked, layout, null, null, new BoundNames(layout.namer));
  }

  public TlaExpr translate(Expr e) {
    return gen.gen(e, null);
  }
}

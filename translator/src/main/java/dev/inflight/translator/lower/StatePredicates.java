package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;

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

  /**
   * The predicate, false where it cannot be evaluated: where it reads a field of null or divides
   * by 0 (inside a quantifier: for some element), each under the condition it is read in (`p = NULL \/ p.v = 0`
   * needs nothing). For `eventually` predicates, whose evaluation errors TLC reports without a
   * state (docs/semantics.md, "Properties that cannot be evaluated").
   */
  public TlaExpr translateTotal(Expr e) {
    List<Obligation> obs = new ArrayList<>();
    TlaExpr body = gen.gen(e, obs);
    List<TlaExpr> conj = new ArrayList<>();
    for (Obligation o : obs) {
      TlaExpr ok;
      if (o instanceof Obligation.Pointer p && ExprGen.knownNonNull(p.context(), p.obj())) {
        continue;
      } else if (o instanceof Obligation.Pointer p) {
        ok = new TlaExpr.Infix(BinOp.NEQ, p.obj(), ExprGen.NULL);
      } else if (o instanceof Obligation.Divisor d) {
        ok = new TlaExpr.Infix(d.remainder() ? BinOp.GT : BinOp.NEQ, d.divisor(), new TlaExpr.Num(0));
      } else if (o instanceof Obligation.Live) {
        continue; // not made for properties: they may read a freed object's record
      } else if (o instanceof Obligation.Each each) {
        TlaExpr never = new TlaExpr.Prefix(dev.inflight.translator.tla.UnOp.NOT, each.fails());
        if (!conj.contains(never)) {
          conj.add(never);
        }
        continue;
      } else {
        throw new IllegalStateException("obligation " + o);
      }
      TlaExpr guard = o.context() == null ? ok : new TlaExpr.Infix(BinOp.IMPLIES, o.context(), ok);
      if (!conj.contains(guard)) {
        conj.add(guard);
      }
    }
    conj.add(body);
    return conj.size() == 1 ? body : new TlaExpr.And(conj);
  }
}

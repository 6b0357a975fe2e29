package dev.inflight.translator.emit;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;

/**
 * Makes a `forall` invariant name its witness: {@code \A s \in S : P} becomes
 * {@code \A s \in S : P \/ (PrintT(<<"inflight-witness", "NAME", s>>) /\ FALSE)}, which is the same
 * predicate (the added disjunct is false, and TLC evaluates `\/` from the left, so it prints only
 * for an element where P is false). TLC checks invariants state by state and stops at the first
 * violating one, so the line it prints names the object that broke the invariant there; the
 * checker reads it back ({@link #TAG}) and reports the object and the fields P reads.
 */
public final class Witness {
  /** The first element of each printed tuple. */
  public static final String TAG = "inflight-witness";

  private Witness() {}

  /** {@code cond} with its witness printed, if it is a `forall`; otherwise {@code cond} unchanged. */
  static TlaExpr wrap(String property, TlaExpr cond) {
    if (!(cond instanceof TlaExpr.Quant q) || q.q() != Quantifier.FORALL) {
      return cond;
    }
    List<TlaExpr> vars = q.bounds().stream().map(b -> (TlaExpr) new TlaExpr.Name(b.var())).toList();
    TlaExpr what = vars.size() == 1 ? vars.get(0) : new TlaExpr.Tuple(vars);
    TlaExpr print = new TlaExpr.Apply("PrintT", List.of(new TlaExpr.Tuple(List.of(new TlaExpr.Str(TAG), new TlaExpr.Str(property), what))));
    TlaExpr never = new TlaExpr.Infix(BinOp.AND, print, new TlaExpr.Bool(false));
    return new TlaExpr.Quant(q.q(), q.bounds(), new TlaExpr.Infix(BinOp.OR, q.body(), never));
  }
}

package dev.inflight.translator.emit;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a dereference's two fault paths as one disjunct (docs/semantics.md, "One action per
 * label", Dereferences). A dereference of {@code o} splits off a null path and a freed path
 * (lower/Faults#check), which end up as adjacent leaves of the fold (PathTree) with the same
 * conjuncts {@code P} before them:
 *
 * <pre>
 *   \/ P /\ o = NULL /\ Fault("null_deref", t, line)
 *   \/ P /\ o # NULL /\ h[o].st # "live" /\ FaultOn(k, t, line, o)
 * </pre>
 *
 * Such a pair is written {@code P /\ FaultDeref(k, t, line, o, h)}, with the module-level
 * {@code FaultDeref(k, t, line, o, h) == IF o = NULL THEN Fault("null_deref", t, line) ELSE /\
 * h[o].st # "live" /\ FaultOn(k, t, line, o)}. The same formula: {@code IF c THEN a ELSE b} is
 * {@code (c /\ a) \/ (~c /\ b)}, {@code ~(o = NULL)} is {@code o # NULL}, and an operator's
 * application is its body with the arguments substituted. TLC does less work on it: {@code P} and
 * {@code o = NULL} are evaluated once instead of twice, and {@code o}, which TLC passes unevaluated,
 * is evaluated first by the {@code IF} (emit/Strict counts it as strict). Only adjacent leaves are
 * joined, in place of the first, so the disjuncts keep their order.
 */
final class DerefFaults {
  private DerefFaults() {}

  /** The module-level operator. */
  static final String OP = "FaultDeref";
  /** Its argument that TLC certainly evaluates: {@code o}, first read by the IF's condition. */
  static final int STRICT_ARG = 3;

  /** The disjuncts {@code ds} with every dereference's pair of fault leaves written as one. */
  static List<TlaExpr> join(List<TlaExpr> ds) {
    List<TlaExpr> out = new ArrayList<>(ds.size());
    for (int i = 0; i < ds.size(); i++) {
      TlaExpr joined = i + 1 < ds.size() ? pair(ds.get(i), ds.get(i + 1)) : null;
      if (joined != null) {
        out.add(joined);
        i++;
      } else {
        out.add(ds.get(i));
      }
    }
    return out;
  }

  /** The two leaves as one, if they are a dereference's null and freed paths after the same conjuncts; else null. */
  static TlaExpr pair(TlaExpr first, TlaExpr second) {
    if (!(first instanceof TlaExpr.Sourced a && a.origin() instanceof PathTree.Leaf la && a.e() instanceof TlaExpr.And na)
        || !(second instanceof TlaExpr.Sourced b && b.origin() instanceof PathTree.Leaf lb && b.e() instanceof TlaExpr.And nb)) {
      return null;
    }
    List<TlaExpr> x = na.items();
    List<TlaExpr> y = nb.items();
    int p = x.size() - 2;
    if (p < 0 || y.size() != p + 3 || !x.subList(0, p).equals(y.subList(0, p))) {
      return null;
    }
    // first: o = NULL, Fault("null_deref", t, line)
    if (!(x.get(p) instanceof TlaExpr.Infix isNull && isNull.op() == BinOp.EQ && isNull.right().equals(NULL))
        || !(x.get(p + 1) instanceof TlaExpr.Apply nul && nul.op().equals("Fault") && nul.args().size() == 3
            && nul.args().get(0).equals(new TlaExpr.Str("null_deref")))) {
      return null;
    }
    TlaExpr o = isNull.left();
    TlaExpr t = nul.args().get(1);
    TlaExpr line = nul.args().get(2);
    // second: o # NULL, h[o].st # "live", FaultOn(k, t, line, o)
    if (!y.get(p).equals(new TlaExpr.Infix(BinOp.NEQ, o, NULL))
        || !(y.get(p + 1) instanceof TlaExpr.Infix notLive && notLive.op() == BinOp.NEQ && notLive.right().equals(new TlaExpr.Str("live"))
            && notLive.left() instanceof TlaExpr.Select st && st.field().equals("st")
            && st.rec() instanceof TlaExpr.FunApp slot && slot.fn() instanceof TlaExpr.Name heap && slot.args().equals(List.of(o)))
        || !(y.get(p + 2) instanceof TlaExpr.Apply on && on.op().equals("FaultOn") && on.args().size() == 4
            && on.args().get(0) instanceof TlaExpr.Str && on.args().subList(1, 4).equals(List.of(t, line, o)))) {
      return null;
    }
    List<TlaExpr> conj = new ArrayList<>(x.subList(0, p));
    conj.add(new TlaExpr.Apply(OP, List.of(on.args().get(0), t, line, o, heap)));
    List<String> paths = new ArrayList<>(la.actions());
    paths.addAll(lb.actions());
    return new TlaExpr.Sourced(conj.size() == 1 ? conj.get(0) : new TlaExpr.And(conj), new PathTree.Leaf(paths));
  }

  private static final TlaExpr NULL = new TlaExpr.Name("NULL");

  /** Whether {@code e} applies the operator. */
  static boolean uses(TlaExpr e) {
    boolean[] found = {false};
    dev.inflight.translator.tla.Rewrite.apply(e, x -> {
      if (x instanceof TlaExpr.Apply a && a.op().equals(OP)) {
        found[0] = true;
        return x;
      }
      return null;
    });
    return found[0];
  }

  /**
   * The operator's definition, written with the module's fault operators {@code Fault} and
   * {@code FaultOn} (both are defined wherever a pair was joined: its two paths use them).
   */
  static dev.inflight.translator.tla.TlaModule.OpDef definition(dev.inflight.translator.tla.Namer namer) {
    List<String> params = new ArrayList<>();
    for (String p : List.of("k", "t", "line", "o", "h")) {
      params.add(namer.bound(p, params::contains)); // no module-level name, and distinct
    }
    TlaExpr k = new TlaExpr.Name(params.get(0));
    TlaExpr t = new TlaExpr.Name(params.get(1));
    TlaExpr line = new TlaExpr.Name(params.get(2));
    TlaExpr o = new TlaExpr.Name(params.get(3));
    TlaExpr h = new TlaExpr.Name(params.get(4));
    TlaExpr body = new TlaExpr.If(new TlaExpr.Infix(BinOp.EQ, o, NULL),
        new TlaExpr.Apply("Fault", List.of(new TlaExpr.Str("null_deref"), t, line)),
        new TlaExpr.And(List.of(
            new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.Select(new TlaExpr.FunApp(h, List.of(o)), "st"), new TlaExpr.Str("live")),
            new TlaExpr.Apply("FaultOn", List.of(k, t, line, o)))));
    return new dev.inflight.translator.tla.TlaModule.OpDef(OP, params, body,
        List.of("a dereference of o (an object of heap h) at line: a null_deref if o is NULL, else a fault of kind k",
            "if o is not live (the two fault paths of one dereference, written as one)"), null);
  }
}

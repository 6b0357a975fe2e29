package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Top-down replacement of subexpressions: {@code rule} is asked about every node, outermost
 * first; a non-null answer replaces the node (and is not looked into), null descends into its
 * children. It does not track binders: a rule must only replace expressions whose meaning does
 * not depend on the variables bound around them (for instance ones that mention no bound name).
 * Every node kind is handled (a visitor), so a new one fails to compile here.
 */
public final class Rewrite implements TlaExpr.Visitor<TlaExpr> {
    private final Function<TlaExpr, TlaExpr> rule;

    private Rewrite(Function<TlaExpr, TlaExpr> rule) {
        this.rule = rule;
    }

    /** {@code e} with every outermost node {@code rule} answers for replaced by its answer. */
    public static TlaExpr apply(TlaExpr e, Function<TlaExpr, TlaExpr> rule) {
        return new Rewrite(rule).go(e);
    }

    private TlaExpr go(TlaExpr e) {
        if (e == null) {
            return null;
        }
        TlaExpr r = rule.apply(e);
        return r != null ? r : e.accept(this);
    }

    private List<TlaExpr> all(List<TlaExpr> es) {
        List<TlaExpr> out = new ArrayList<>(es.size());
        es.forEach(x -> out.add(go(x)));
        return out;
    }

    private List<TlaExpr.Bound> bounds(List<TlaExpr.Bound> bs) {
        List<TlaExpr.Bound> out = new ArrayList<>(bs.size());
        bs.forEach(b -> out.add(new TlaExpr.Bound(b.var(), go(b.set()))));
        return out;
    }

    private List<Map.Entry<String, TlaExpr>> fields(List<Map.Entry<String, TlaExpr>> fs) {
        List<Map.Entry<String, TlaExpr>> out = new ArrayList<>(fs.size());
        fs.forEach(f -> out.add(Map.entry(f.getKey(), go(f.getValue()))));
        return out;
    }

    @Override public TlaExpr visitName(TlaExpr.Name e) { return e; }
    @Override public TlaExpr visitNum(TlaExpr.Num e) { return e; }
    @Override public TlaExpr visitStr(TlaExpr.Str e) { return e; }
    @Override public TlaExpr visitBool(TlaExpr.Bool e) { return e; }
    @Override public TlaExpr visitAt(TlaExpr.At e) { return e; }
    @Override public TlaExpr visitApply(TlaExpr.Apply e) { return new TlaExpr.Apply(e.op(), all(e.args())); }
    @Override public TlaExpr visitInfix(TlaExpr.Infix e) { return new TlaExpr.Infix(e.op(), go(e.left()), go(e.right())); }
    @Override public TlaExpr visitPrefix(TlaExpr.Prefix e) { return new TlaExpr.Prefix(e.op(), go(e.arg())); }
    @Override public TlaExpr visitPrimed(TlaExpr.Primed e) { return new TlaExpr.Primed(go(e.e())); }
    @Override public TlaExpr visitAnd(TlaExpr.And e) { return new TlaExpr.And(all(e.items())); }
    @Override public TlaExpr visitOr(TlaExpr.Or e) { return new TlaExpr.Or(all(e.items())); }
    @Override public TlaExpr visitFunApp(TlaExpr.FunApp e) { return new TlaExpr.FunApp(go(e.fn()), all(e.args())); }

    @Override
    public TlaExpr visitExcept(TlaExpr.Except e) {
        List<TlaExpr.Update> ups = new ArrayList<>();
        for (TlaExpr.Update u : e.updates()) {
            List<TlaExpr.PathElem> path = new ArrayList<>();
            for (TlaExpr.PathElem p : u.path()) {
                path.add(p instanceof TlaExpr.Index i ? new TlaExpr.Index(go(i.key())) : p);
            }
            ups.add(new TlaExpr.Update(path, go(u.value())));
        }
        return new TlaExpr.Except(go(e.base()), ups);
    }

    @Override public TlaExpr visitRecord(TlaExpr.Record e) { return new TlaExpr.Record(fields(e.fields())); }
    @Override public TlaExpr visitRecordSet(TlaExpr.RecordSet e) { return new TlaExpr.RecordSet(fields(e.fields())); }
    @Override public TlaExpr visitSelect(TlaExpr.Select e) { return new TlaExpr.Select(go(e.rec()), e.field()); }
    @Override public TlaExpr visitFunCons(TlaExpr.FunCons e) { return new TlaExpr.FunCons(bounds(e.bounds()), go(e.body())); }
    @Override public TlaExpr visitFunSet(TlaExpr.FunSet e) { return new TlaExpr.FunSet(go(e.dom()), go(e.cod())); }
    @Override public TlaExpr visitSetOf(TlaExpr.SetOf e) { return new TlaExpr.SetOf(all(e.elems())); }

    @Override
    public TlaExpr visitSetFilter(TlaExpr.SetFilter e) {
        return new TlaExpr.SetFilter(bounds(List.of(e.bound())).get(0), go(e.pred()));
    }

    @Override public TlaExpr visitSetMap(TlaExpr.SetMap e) { return new TlaExpr.SetMap(go(e.e()), bounds(e.bounds())); }
    @Override public TlaExpr visitTuple(TlaExpr.Tuple e) { return new TlaExpr.Tuple(all(e.elems())); }
    @Override public TlaExpr visitQuant(TlaExpr.Quant e) { return new TlaExpr.Quant(e.q(), bounds(e.bounds()), go(e.body())); }

    @Override
    public TlaExpr visitChoose(TlaExpr.Choose e) {
        return new TlaExpr.Choose(bounds(List.of(e.bound())).get(0), go(e.pred()));
    }

    @Override public TlaExpr visitIf(TlaExpr.If e) { return new TlaExpr.If(go(e.c()), go(e.t()), go(e.e())); }

    @Override
    public TlaExpr visitCase(TlaExpr.Case e) {
        List<TlaExpr.Arm> arms = new ArrayList<>();
        e.arms().forEach(a -> arms.add(new TlaExpr.Arm(go(a.guard()), go(a.value()))));
        return new TlaExpr.Case(arms, go(e.other()));
    }

    @Override
    public TlaExpr visitLet(TlaExpr.Let e) {
        List<TlaModule.OpDef> defs = new ArrayList<>();
        for (TlaModule.OpDef d : e.defs()) {
            defs.add(new TlaModule.OpDef(d.name(), d.params(), go(d.body()), d.commentLines(), d.origin()));
        }
        return new TlaExpr.Let(defs, go(e.body()));
    }

    @Override public TlaExpr visitActionBox(TlaExpr.ActionBox e) { return new TlaExpr.ActionBox(go(e.action()), go(e.sub())); }
    @Override public TlaExpr visitActionAngle(TlaExpr.ActionAngle e) { return new TlaExpr.ActionAngle(go(e.action()), go(e.sub())); }
    @Override public TlaExpr visitFairness(TlaExpr.Fairness e) { return new TlaExpr.Fairness(e.strong(), go(e.sub()), go(e.action())); }
    @Override public TlaExpr visitSourced(TlaExpr.Sourced e) { return new TlaExpr.Sourced(go(e.e()), e.origin()); }
}

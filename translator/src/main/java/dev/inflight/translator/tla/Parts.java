package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A node taken apart: what it is apart from its subexpressions ({@code shape}: its kind, operator,
 * field names, literal value, the number and form of its parts), its subexpressions in order, the
 * variables it binds ({@code binds}: quantifier, comprehension and function-constructor variables,
 * LET definitions and their parameters; their scope is taken to be every subexpression), and how to
 * build the same node, with the same bound names, from new subexpressions. Two nodes with equal
 * shapes and binds lists of equal length differ only in their subexpressions and bound names.
 * A name is a leaf whose shape is its identifier; a {@code Sourced} node's shape names its origin.
 * Every node kind is handled (a visitor), so a new one fails to compile here.
 */
public record Parts(String shape, List<TlaExpr> kids, List<String> binds, Function<List<TlaExpr>, TlaExpr> rebuild) {

    public static Parts of(TlaExpr e) {
        return e.accept(TAKE);
    }

    private static Parts leaf(String shape, TlaExpr e) {
        return new Parts(shape, List.of(), List.of(), k -> e);
    }

    private static Parts node(String shape, List<TlaExpr> kids, Function<List<TlaExpr>, TlaExpr> rebuild) {
        return new Parts(shape, kids, List.of(), rebuild);
    }

    /** The sets of {@code bs} (null ones left out), and the shape part saying which are null. */
    private static String bounds(List<TlaExpr.Bound> bs, List<TlaExpr> kids, List<String> binds) {
        StringBuilder s = new StringBuilder();
        for (TlaExpr.Bound b : bs) {
            binds.add(b.var());
            if (b.set() != null) {
                kids.add(b.set());
            }
            s.append(b.set() == null ? '-' : '+');
        }
        return s.toString();
    }

    /** {@code bs} with their sets taken from {@code kids} from index {@code at[0]} on, which it advances. */
    private static List<TlaExpr.Bound> rebound(List<TlaExpr.Bound> bs, List<TlaExpr> kids, int[] at) {
        List<TlaExpr.Bound> out = new ArrayList<>(bs.size());
        for (TlaExpr.Bound b : bs) {
            out.add(new TlaExpr.Bound(b.var(), b.set() == null ? null : kids.get(at[0]++)));
        }
        return out;
    }

    private static List<Map.Entry<String, TlaExpr>> fields(List<Map.Entry<String, TlaExpr>> fs, List<TlaExpr> kids) {
        List<Map.Entry<String, TlaExpr>> out = new ArrayList<>(fs.size());
        for (int i = 0; i < fs.size(); i++) {
            out.add(Map.entry(fs.get(i).getKey(), kids.get(i)));
        }
        return out;
    }

    private static String names(List<Map.Entry<String, TlaExpr>> fs) {
        StringBuilder s = new StringBuilder();
        fs.forEach(f -> s.append(f.getKey()).append(','));
        return s.toString();
    }

    /** A binder over {@code body}: the bounds' sets, then the body. */
    private static Parts binder(String kind, List<TlaExpr.Bound> bs, TlaExpr body,
            java.util.function.BiFunction<List<TlaExpr.Bound>, TlaExpr, TlaExpr> make) {
        List<TlaExpr> kids = new ArrayList<>();
        List<String> binds = new ArrayList<>();
        String s = kind + bounds(bs, kids, binds);
        kids.add(body);
        return new Parts(s, kids, binds, k -> make.apply(rebound(bs, k, new int[1]), k.get(k.size() - 1)));
    }

    private static final TlaExpr.Visitor<Parts> TAKE = new TlaExpr.Visitor<>() {
        @Override public Parts visitName(TlaExpr.Name e) { return leaf("Name " + e.id(), e); }
        @Override public Parts visitNum(TlaExpr.Num e) { return leaf("Num " + e.v(), e); }
        @Override public Parts visitStr(TlaExpr.Str e) { return leaf("Str " + e.v(), e); }
        @Override public Parts visitBool(TlaExpr.Bool e) { return leaf("Bool " + e.v(), e); }
        @Override public Parts visitAt(TlaExpr.At e) { return leaf("At", e); }
        @Override public Parts visitApply(TlaExpr.Apply e) { return node("Apply " + e.op(), e.args(), k -> new TlaExpr.Apply(e.op(), k)); }
        @Override public Parts visitInfix(TlaExpr.Infix e) {
            return node("Infix " + e.op(), List.of(e.left(), e.right()), k -> new TlaExpr.Infix(e.op(), k.get(0), k.get(1)));
        }
        @Override public Parts visitPrefix(TlaExpr.Prefix e) { return node("Prefix " + e.op(), List.of(e.arg()), k -> new TlaExpr.Prefix(e.op(), k.get(0))); }
        @Override public Parts visitPrimed(TlaExpr.Primed e) { return node("Primed", List.of(e.e()), k -> new TlaExpr.Primed(k.get(0))); }
        @Override public Parts visitAnd(TlaExpr.And e) { return node("And", e.items(), TlaExpr.And::new); }
        @Override public Parts visitOr(TlaExpr.Or e) { return node("Or", e.items(), TlaExpr.Or::new); }
        @Override public Parts visitFunApp(TlaExpr.FunApp e) {
            List<TlaExpr> kids = new ArrayList<>(List.of(e.fn()));
            kids.addAll(e.args());
            return node("FunApp", kids, k -> new TlaExpr.FunApp(k.get(0), k.subList(1, k.size())));
        }

        @Override
        public Parts visitExcept(TlaExpr.Except e) {
            List<TlaExpr> kids = new ArrayList<>(List.of(e.base()));
            StringBuilder s = new StringBuilder("Except");
            for (TlaExpr.Update u : e.updates()) {
                s.append(" !");
                for (TlaExpr.PathElem p : u.path()) {
                    if (p instanceof TlaExpr.Index i) {
                        s.append("[]");
                        kids.add(i.key());
                    } else {
                        s.append('.').append(((TlaExpr.Field) p).name());
                    }
                }
                kids.add(u.value());
            }
            return node(s.toString(), kids, k -> {
                int at = 1;
                List<TlaExpr.Update> ups = new ArrayList<>();
                for (TlaExpr.Update u : e.updates()) {
                    List<TlaExpr.PathElem> path = new ArrayList<>();
                    for (TlaExpr.PathElem p : u.path()) {
                        path.add(p instanceof TlaExpr.Index ? new TlaExpr.Index(k.get(at++)) : p);
                    }
                    ups.add(new TlaExpr.Update(path, k.get(at++)));
                }
                return new TlaExpr.Except(k.get(0), ups);
            });
        }

        @Override public Parts visitRecord(TlaExpr.Record e) {
            return node("Record " + names(e.fields()), e.fields().stream().map(Map.Entry::getValue).toList(),
                k -> new TlaExpr.Record(fields(e.fields(), k)));
        }
        @Override public Parts visitRecordSet(TlaExpr.RecordSet e) {
            return node("RecordSet " + names(e.fields()), e.fields().stream().map(Map.Entry::getValue).toList(),
                k -> new TlaExpr.RecordSet(fields(e.fields(), k)));
        }
        @Override public Parts visitSelect(TlaExpr.Select e) { return node("Select " + e.field(), List.of(e.rec()), k -> new TlaExpr.Select(k.get(0), e.field())); }

        @Override
        public Parts visitFunCons(TlaExpr.FunCons e) {
            return binder("FunCons ", e.bounds(), e.body(), TlaExpr.FunCons::new);
        }

        @Override public Parts visitFunSet(TlaExpr.FunSet e) { return node("FunSet", List.of(e.dom(), e.cod()), k -> new TlaExpr.FunSet(k.get(0), k.get(1))); }
        @Override public Parts visitSetOf(TlaExpr.SetOf e) { return node("SetOf", e.elems(), TlaExpr.SetOf::new); }

        @Override
        public Parts visitSetFilter(TlaExpr.SetFilter e) {
            return binder("SetFilter ", List.of(e.bound()), e.pred(), (bs, p) -> new TlaExpr.SetFilter(bs.get(0), p));
        }

        @Override
        public Parts visitSetMap(TlaExpr.SetMap e) {
            List<TlaExpr> kids = new ArrayList<>(List.of(e.e()));
            List<String> binds = new ArrayList<>();
            String s = "SetMap " + bounds(e.bounds(), kids, binds);
            return new Parts(s, kids, binds, k -> new TlaExpr.SetMap(k.get(0), rebound(e.bounds(), k, new int[] {1})));
        }

        @Override public Parts visitTuple(TlaExpr.Tuple e) { return node("Tuple", e.elems(), TlaExpr.Tuple::new); }

        @Override
        public Parts visitQuant(TlaExpr.Quant e) {
            return binder("Quant " + e.q() + " ", e.bounds(), e.body(), (bs, b) -> new TlaExpr.Quant(e.q(), bs, b));
        }

        @Override
        public Parts visitChoose(TlaExpr.Choose e) {
            return binder("Choose ", List.of(e.bound()), e.pred(), (bs, p) -> new TlaExpr.Choose(bs.get(0), p));
        }

        @Override public Parts visitIf(TlaExpr.If e) { return node("If", List.of(e.c(), e.t(), e.e()), k -> new TlaExpr.If(k.get(0), k.get(1), k.get(2))); }

        @Override
        public Parts visitCase(TlaExpr.Case e) {
            List<TlaExpr> kids = new ArrayList<>();
            e.arms().forEach(a -> {
                kids.add(a.guard());
                kids.add(a.value());
            });
            if (e.other() != null) {
                kids.add(e.other());
            }
            return node("Case " + e.arms().size() + (e.other() != null ? " other" : ""), kids, k -> {
                List<TlaExpr.Arm> arms = new ArrayList<>();
                for (int i = 0; i < e.arms().size(); i++) {
                    arms.add(new TlaExpr.Arm(k.get(2 * i), k.get(2 * i + 1)));
                }
                return new TlaExpr.Case(arms, e.other() != null ? k.get(k.size() - 1) : null);
            });
        }

        @Override
        public Parts visitLet(TlaExpr.Let e) {
            List<TlaExpr> kids = new ArrayList<>();
            List<String> binds = new ArrayList<>();
            StringBuilder s = new StringBuilder("Let");
            for (TlaModule.OpDef d : e.defs()) {
                binds.add(d.name());
                binds.addAll(d.params());
                s.append(' ').append(d.params().size());
                kids.add(d.body());
            }
            kids.add(e.body());
            return new Parts(s.toString(), kids, binds, k -> {
                List<TlaModule.OpDef> defs = new ArrayList<>();
                for (int i = 0; i < e.defs().size(); i++) {
                    TlaModule.OpDef d = e.defs().get(i);
                    defs.add(new TlaModule.OpDef(d.name(), d.params(), k.get(i), d.commentLines(), d.origin()));
                }
                return new TlaExpr.Let(defs, k.get(k.size() - 1));
            });
        }

        @Override public Parts visitActionBox(TlaExpr.ActionBox e) { return node("ActionBox", List.of(e.action(), e.sub()), k -> new TlaExpr.ActionBox(k.get(0), k.get(1))); }
        @Override public Parts visitActionAngle(TlaExpr.ActionAngle e) { return node("ActionAngle", List.of(e.action(), e.sub()), k -> new TlaExpr.ActionAngle(k.get(0), k.get(1))); }
        @Override public Parts visitFairness(TlaExpr.Fairness e) {
            return node("Fairness " + e.strong(), List.of(e.sub(), e.action()), k -> new TlaExpr.Fairness(e.strong(), k.get(0), k.get(1)));
        }
        @Override public Parts visitSourced(TlaExpr.Sourced e) { return node("Sourced " + e.origin(), List.of(e.e()), k -> new TlaExpr.Sourced(k.get(0), e.origin())); }
    };
}

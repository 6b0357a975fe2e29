package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The names an expression binds and uses, and capture-avoiding renaming of its bound variables.
 *
 * <p>A generator that substitutes one expression into another (a value into a comprehension's
 * predicate, say) must not let a variable bound inside the substituted value meet a variable of
 * the same name bound around it: SANY rejects the redefinition, and a free occurrence would be
 * captured. {@link #names} tells which names to avoid when choosing a new bound variable;
 * {@link #renameBound} renames the variables a value binds before it is substituted.
 *
 * <p>Binders are the variables of {@code \A}, {@code \E}, {@code CHOOSE}, set filters and maps,
 * function constructors, and LET definitions with their parameters. Record field names are not
 * names in this sense: they live in their own namespace.
 */
public final class Binders {

    private Binders() {
    }

    /** Every identifier occurring in {@code es}, free or bound (record field names excepted). */
    public static Set<String> names(TlaExpr... es) {
        return collect(false, es);
    }

    /** Every variable bound somewhere inside {@code es} (LET definitions and their parameters included). */
    public static Set<String> bound(TlaExpr... es) {
        return collect(true, es);
    }

    private static Set<String> collect(boolean onlyBound, TlaExpr... es) {
        Set<String> out = new HashSet<>();
        Collect walk = new Collect(out, onlyBound);
        for (TlaExpr e : es) {
            walk.go(e);
        }
        return out;
    }

    /**
     * {@code e} with every variable it binds whose name {@code clashes} renamed to
     * {@code fresh.apply(name)}, and each occurrence bound by it renamed too: the same value,
     * safe to substitute under binders of the clashing names. {@code fresh} must give names that
     * do not occur in {@code e} (nor clash). Returns {@code e} itself when nothing clashes.
     */
    public static TlaExpr renameBound(TlaExpr e, Predicate<String> clashes, UnaryOperator<String> fresh) {
        if (bound(e).stream().noneMatch(clashes)) {
            return e;
        }
        return new Rename(clashes, fresh).map(e, Map.of());
    }

    /** One pass over an expression with the renamings in scope ({@code old name -> new name}). */
    private static final class Rename {
        private final Predicate<String> clashes;
        private final UnaryOperator<String> fresh;

        Rename(Predicate<String> clashes, UnaryOperator<String> fresh) {
            this.clashes = clashes;
            this.fresh = fresh;
        }

        private String use(String id, Map<String, String> scope) {
            return scope.getOrDefault(id, id);
        }

        /** Binds {@code var} in {@code scope}: renamed if it clashes, else shadowing any renaming. */
        private String bind(String var, Map<String, String> scope) {
            String to = clashes.test(var) ? fresh.apply(var) : var;
            if (!to.equals(var) || scope.containsKey(var)) {
                scope.put(var, to);
            }
            return to;
        }

        private List<TlaExpr> all(List<TlaExpr> es, Map<String, String> scope) {
            List<TlaExpr> out = new ArrayList<>(es.size());
            for (TlaExpr e : es) {
                out.add(map(e, scope));
            }
            return out;
        }

        /** The bounds of one binder list (sets evaluated outside it), their variables bound in {@code inner}. */
        private List<TlaExpr.Bound> bounds(List<TlaExpr.Bound> bs, Map<String, String> outer, Map<String, String> inner) {
            List<TlaExpr.Bound> out = new ArrayList<>(bs.size());
            for (TlaExpr.Bound b : bs) {
                TlaExpr set = b.set() == null ? null : map(b.set(), outer);
                out.add(new TlaExpr.Bound(bind(b.var(), inner), set));
            }
            return out;
        }

        private List<Map.Entry<String, TlaExpr>> fields(List<Map.Entry<String, TlaExpr>> fs, Map<String, String> scope) {
            List<Map.Entry<String, TlaExpr>> out = new ArrayList<>(fs.size());
            for (Map.Entry<String, TlaExpr> f : fs) {
                out.add(Map.entry(f.getKey(), map(f.getValue(), scope)));
            }
            return out;
        }

        TlaExpr map(TlaExpr e, Map<String, String> scope) {
            if (e instanceof TlaExpr.Name n) {
                return new TlaExpr.Name(use(n.id(), scope));
            }
            if (e instanceof TlaExpr.Num || e instanceof TlaExpr.Str || e instanceof TlaExpr.Bool || e instanceof TlaExpr.At) {
                return e;
            }
            if (e instanceof TlaExpr.Apply a) {
                return new TlaExpr.Apply(use(a.op(), scope), all(a.args(), scope));
            }
            if (e instanceof TlaExpr.Infix x) {
                return new TlaExpr.Infix(x.op(), map(x.left(), scope), map(x.right(), scope));
            }
            if (e instanceof TlaExpr.Prefix x) {
                return new TlaExpr.Prefix(x.op(), map(x.arg(), scope));
            }
            if (e instanceof TlaExpr.Primed x) {
                return new TlaExpr.Primed(map(x.e(), scope));
            }
            if (e instanceof TlaExpr.And x) {
                return new TlaExpr.And(all(x.items(), scope));
            }
            if (e instanceof TlaExpr.Or x) {
                return new TlaExpr.Or(all(x.items(), scope));
            }
            if (e instanceof TlaExpr.FunApp x) {
                return new TlaExpr.FunApp(map(x.fn(), scope), all(x.args(), scope));
            }
            if (e instanceof TlaExpr.Except x) {
                List<TlaExpr.Update> ups = new ArrayList<>();
                for (TlaExpr.Update u : x.updates()) {
                    List<TlaExpr.PathElem> path = new ArrayList<>();
                    for (TlaExpr.PathElem p : u.path()) {
                        path.add(p instanceof TlaExpr.Index i ? new TlaExpr.Index(map(i.key(), scope)) : p);
                    }
                    ups.add(new TlaExpr.Update(path, map(u.value(), scope)));
                }
                return new TlaExpr.Except(map(x.base(), scope), ups);
            }
            if (e instanceof TlaExpr.Record x) {
                return new TlaExpr.Record(fields(x.fields(), scope));
            }
            if (e instanceof TlaExpr.RecordSet x) {
                return new TlaExpr.RecordSet(fields(x.fields(), scope));
            }
            if (e instanceof TlaExpr.Select x) {
                return new TlaExpr.Select(map(x.rec(), scope), x.field());
            }
            if (e instanceof TlaExpr.FunCons x) {
                Map<String, String> inner = new HashMap<>(scope);
                List<TlaExpr.Bound> bs = bounds(x.bounds(), scope, inner);
                return new TlaExpr.FunCons(bs, map(x.body(), inner));
            }
            if (e instanceof TlaExpr.FunSet x) {
                return new TlaExpr.FunSet(map(x.dom(), scope), map(x.cod(), scope));
            }
            if (e instanceof TlaExpr.SetOf x) {
                return new TlaExpr.SetOf(all(x.elems(), scope));
            }
            if (e instanceof TlaExpr.SetFilter x) {
                Map<String, String> inner = new HashMap<>(scope);
                List<TlaExpr.Bound> bs = bounds(List.of(x.bound()), scope, inner);
                return new TlaExpr.SetFilter(bs.get(0), map(x.pred(), inner));
            }
            if (e instanceof TlaExpr.SetMap x) {
                Map<String, String> inner = new HashMap<>(scope);
                List<TlaExpr.Bound> bs = bounds(x.bounds(), scope, inner);
                return new TlaExpr.SetMap(map(x.e(), inner), bs);
            }
            if (e instanceof TlaExpr.Tuple x) {
                return new TlaExpr.Tuple(all(x.elems(), scope));
            }
            if (e instanceof TlaExpr.Quant x) {
                Map<String, String> inner = new HashMap<>(scope);
                List<TlaExpr.Bound> bs = bounds(x.bounds(), scope, inner);
                return new TlaExpr.Quant(x.q(), bs, map(x.body(), inner));
            }
            if (e instanceof TlaExpr.Choose x) {
                Map<String, String> inner = new HashMap<>(scope);
                List<TlaExpr.Bound> bs = bounds(List.of(x.bound()), scope, inner);
                return new TlaExpr.Choose(bs.get(0), map(x.pred(), inner));
            }
            if (e instanceof TlaExpr.If x) {
                return new TlaExpr.If(map(x.c(), scope), map(x.t(), scope), map(x.e(), scope));
            }
            if (e instanceof TlaExpr.Case x) {
                List<TlaExpr.Arm> arms = new ArrayList<>();
                for (TlaExpr.Arm a : x.arms()) {
                    arms.add(new TlaExpr.Arm(map(a.guard(), scope), map(a.value(), scope)));
                }
                return new TlaExpr.Case(arms, x.other() == null ? null : map(x.other(), scope));
            }
            if (e instanceof TlaExpr.Let x) {
                // Each definition is in scope of the ones after it and of the body.
                Map<String, String> after = new HashMap<>(scope);
                List<TlaModule.OpDef> defs = new ArrayList<>();
                for (TlaModule.OpDef d : x.defs()) {
                    Map<String, String> inDef = new HashMap<>(after);
                    List<String> params = new ArrayList<>();
                    for (String p : d.params()) {
                        int arity = p.indexOf('(');   // a higher-order parameter F(_, _)
                        params.add(arity < 0 ? bind(p, inDef) : bind(p.substring(0, arity), inDef) + p.substring(arity));
                    }
                    TlaExpr body = map(d.body(), inDef);
                    defs.add(new TlaModule.OpDef(bind(d.name(), after), params, body, d.commentLines(), d.origin()));
                }
                return new TlaExpr.Let(defs, map(x.body(), after));
            }
            if (e instanceof TlaExpr.ActionBox x) {
                return new TlaExpr.ActionBox(map(x.action(), scope), map(x.sub(), scope));
            }
            if (e instanceof TlaExpr.ActionAngle x) {
                return new TlaExpr.ActionAngle(map(x.action(), scope), map(x.sub(), scope));
            }
            if (e instanceof TlaExpr.Fairness x) {
                return new TlaExpr.Fairness(x.strong(), map(x.sub(), scope), map(x.action(), scope));
            }
            if (e instanceof TlaExpr.Sourced x) {
                return new TlaExpr.Sourced(map(x.e(), scope), x.origin());
            }
            throw new IllegalStateException("unknown TLA+ node " + e.getClass().getSimpleName());
        }
    }
    /**
     * The identifiers of an expression (only the variables it binds if {@code onlyBound}), in one
     * walk that builds nothing: label actions ask for the names of their paths once per form they
     * try. Every node kind is visited (a visitor), in the order Rename visits them.
     */
    private static final class Collect implements TlaExpr.Visitor<Void> {
        private final Set<String> out;
        private final boolean onlyBound;

        Collect(Set<String> out, boolean onlyBound) {
            this.out = out;
            this.onlyBound = onlyBound;
        }

        void go(TlaExpr e) {
            if (e != null) {
                e.accept(this);
            }
        }

        private Void all(List<TlaExpr> es) {
            es.forEach(this::go);
            return null;
        }

        private Void use(String id) {
            if (!onlyBound) {
                out.add(id);
            }
            return null;
        }

        private void bounds(List<TlaExpr.Bound> bs) {
            for (TlaExpr.Bound b : bs) {
                go(b.set());
                out.add(b.var());
            }
        }

        private Void fields(List<Map.Entry<String, TlaExpr>> fs) {
            fs.forEach(f -> go(f.getValue()));
            return null;
        }

        private Void each(TlaExpr... es) {
            for (TlaExpr e : es) {
                go(e);
            }
            return null;
        }

        @Override public Void visitName(TlaExpr.Name e) { return use(e.id()); }
        @Override public Void visitNum(TlaExpr.Num e) { return null; }
        @Override public Void visitStr(TlaExpr.Str e) { return null; }
        @Override public Void visitBool(TlaExpr.Bool e) { return null; }
        @Override public Void visitAt(TlaExpr.At e) { return null; }
        @Override public Void visitApply(TlaExpr.Apply e) { use(e.op()); return all(e.args()); }
        @Override public Void visitInfix(TlaExpr.Infix e) { return each(e.left(), e.right()); }
        @Override public Void visitPrefix(TlaExpr.Prefix e) { return each(e.arg()); }
        @Override public Void visitPrimed(TlaExpr.Primed e) { return each(e.e()); }
        @Override public Void visitAnd(TlaExpr.And e) { return all(e.items()); }
        @Override public Void visitOr(TlaExpr.Or e) { return all(e.items()); }
        @Override public Void visitFunApp(TlaExpr.FunApp e) { go(e.fn()); return all(e.args()); }
        @Override public Void visitRecord(TlaExpr.Record e) { return fields(e.fields()); }
        @Override public Void visitRecordSet(TlaExpr.RecordSet e) { return fields(e.fields()); }
        @Override public Void visitSelect(TlaExpr.Select e) { return each(e.rec()); }
        @Override public Void visitFunSet(TlaExpr.FunSet e) { return each(e.dom(), e.cod()); }
        @Override public Void visitSetOf(TlaExpr.SetOf e) { return all(e.elems()); }
        @Override public Void visitTuple(TlaExpr.Tuple e) { return all(e.elems()); }
        @Override public Void visitIf(TlaExpr.If e) { return each(e.c(), e.t(), e.e()); }
        @Override public Void visitActionBox(TlaExpr.ActionBox e) { return each(e.action(), e.sub()); }
        @Override public Void visitActionAngle(TlaExpr.ActionAngle e) { return each(e.action(), e.sub()); }
        @Override public Void visitFairness(TlaExpr.Fairness e) { return each(e.sub(), e.action()); }
        @Override public Void visitSourced(TlaExpr.Sourced e) { return each(e.e()); }

        @Override
        public Void visitExcept(TlaExpr.Except e) {
            for (TlaExpr.Update u : e.updates()) {
                for (TlaExpr.PathElem p : u.path()) {
                    if (p instanceof TlaExpr.Index i) {
                        go(i.key());
                    }
                }
                go(u.value());
            }
            return each(e.base());
        }

        @Override public Void visitFunCons(TlaExpr.FunCons e) { bounds(e.bounds()); return each(e.body()); }
        @Override public Void visitSetFilter(TlaExpr.SetFilter e) { bounds(List.of(e.bound())); return each(e.pred()); }
        @Override public Void visitSetMap(TlaExpr.SetMap e) { bounds(e.bounds()); return each(e.e()); }
        @Override public Void visitQuant(TlaExpr.Quant e) { bounds(e.bounds()); return each(e.body()); }
        @Override public Void visitChoose(TlaExpr.Choose e) { bounds(List.of(e.bound())); return each(e.pred()); }

        @Override
        public Void visitCase(TlaExpr.Case e) {
            for (TlaExpr.Arm a : e.arms()) {
                each(a.guard(), a.value());
            }
            return each(e.other());
        }

        @Override
        public Void visitLet(TlaExpr.Let e) {
            for (TlaModule.OpDef d : e.defs()) {
                for (String p : d.params()) {
                    int arity = p.indexOf('(');   // a higher-order parameter F(_, _)
                    out.add(arity < 0 ? p : p.substring(0, arity));
                }
                go(d.body());
                out.add(d.name());
            }
            return each(e.body());
        }
    }
}

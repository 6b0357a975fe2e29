package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.inflight.translator.tla.TlaExpr.ActionBox;
import dev.inflight.translator.tla.TlaExpr.And;
import dev.inflight.translator.tla.TlaExpr.Apply;
import dev.inflight.translator.tla.TlaExpr.Arm;
import dev.inflight.translator.tla.TlaExpr.At;
import dev.inflight.translator.tla.TlaExpr.Bool;
import dev.inflight.translator.tla.TlaExpr.Bound;
import dev.inflight.translator.tla.TlaExpr.Case;
import dev.inflight.translator.tla.TlaExpr.Choose;
import dev.inflight.translator.tla.TlaExpr.Except;
import dev.inflight.translator.tla.TlaExpr.Fairness;
import dev.inflight.translator.tla.TlaExpr.Field;
import dev.inflight.translator.tla.TlaExpr.FunApp;
import dev.inflight.translator.tla.TlaExpr.FunCons;
import dev.inflight.translator.tla.TlaExpr.FunSet;
import dev.inflight.translator.tla.TlaExpr.If;
import dev.inflight.translator.tla.TlaExpr.Index;
import dev.inflight.translator.tla.TlaExpr.Infix;
import dev.inflight.translator.tla.TlaExpr.Let;
import dev.inflight.translator.tla.TlaExpr.Name;
import dev.inflight.translator.tla.TlaExpr.Num;
import dev.inflight.translator.tla.TlaExpr.Or;
import dev.inflight.translator.tla.TlaExpr.PathElem;
import dev.inflight.translator.tla.TlaExpr.Prefix;
import dev.inflight.translator.tla.TlaExpr.Primed;
import dev.inflight.translator.tla.TlaExpr.Quant;
import dev.inflight.translator.tla.TlaExpr.Record;
import dev.inflight.translator.tla.TlaExpr.RecordSet;
import dev.inflight.translator.tla.TlaExpr.Select;
import dev.inflight.translator.tla.TlaExpr.SetFilter;
import dev.inflight.translator.tla.TlaExpr.SetMap;
import dev.inflight.translator.tla.TlaExpr.SetOf;
import dev.inflight.translator.tla.TlaExpr.Sourced;
import dev.inflight.translator.tla.TlaExpr.Str;
import dev.inflight.translator.tla.TlaExpr.Tuple;
import dev.inflight.translator.tla.TlaExpr.Update;

/**
 * Short static factories for the {@link TlaExpr} IR, so emitter code reads like the TLA+ it
 * produces: {@code and(eq(fnApp(name("pc"), t), str("L12")), unchanged("x", "y"))}.
 */
public final class Tla {

    private Tla() {
    }

    /** {@code TRUE}. */
    public static final TlaExpr TRUE = new Bool(true);
    /** {@code FALSE}. */
    public static final TlaExpr FALSE = new Bool(false);
    /** {@code @} (the old value inside an EXCEPT update). */
    public static final TlaExpr AT = new At();
    /** {@code BOOLEAN}. */
    public static final TlaExpr BOOLEAN = new Name("BOOLEAN");
    /** {@code STRING}. */
    public static final TlaExpr STRING = new Name("STRING");

    // ------------------------------------------------------------------ atoms

    /** A name reference. */
    public static TlaExpr name(String id) {
        return new Name(id);
    }

    /** An integer literal. */
    public static TlaExpr num(long v) {
        return new Num(v);
    }

    /** A string literal. */
    public static TlaExpr str(String v) {
        return new Str(v);
    }

    /** {@code TRUE} or {@code FALSE}. */
    public static TlaExpr bool(boolean v) {
        return v ? TRUE : FALSE;
    }

    /** Operator application {@code op(args)}, or {@code op} with no arguments. */
    public static TlaExpr apply(String op, TlaExpr... args) {
        return new Apply(op, List.of(args));
    }

    /** Operator application {@code op(args)}. */
    public static TlaExpr apply(String op, List<TlaExpr> args) {
        return new Apply(op, args);
    }

    // ------------------------------------------------------------------ infix

    /** {@code a op b}. */
    public static TlaExpr infix(BinOp op, TlaExpr a, TlaExpr b) {
        return new Infix(op, a, b);
    }

    /** {@code a = b}. */
    public static TlaExpr eq(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.EQ, a, b);
    }

    /** {@code a # b}. */
    public static TlaExpr neq(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.NEQ, a, b);
    }

    /** {@code a < b}. */
    public static TlaExpr lt(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.LT, a, b);
    }

    /** {@code a > b}. */
    public static TlaExpr gt(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.GT, a, b);
    }

    /** {@code a \leq b}. */
    public static TlaExpr leq(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.LEQ, a, b);
    }

    /** {@code a \geq b}. */
    public static TlaExpr geq(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.GEQ, a, b);
    }

    /** {@code a \in s}. */
    public static TlaExpr in(TlaExpr a, TlaExpr s) {
        return new Infix(BinOp.IN, a, s);
    }

    /** {@code a \notin s}. */
    public static TlaExpr notin(TlaExpr a, TlaExpr s) {
        return new Infix(BinOp.NOTIN, a, s);
    }

    /** {@code a \subseteq b}. */
    public static TlaExpr subseteq(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.SUBSETEQ, a, b);
    }

    /** {@code a \cup b}. */
    public static TlaExpr cup(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.CUP, a, b);
    }

    /** {@code a \cap b}. */
    public static TlaExpr cap(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.CAP, a, b);
    }

    /** {@code a \ b}. */
    public static TlaExpr setminus(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.SETMINUS, a, b);
    }

    /** {@code a..b}. */
    public static TlaExpr range(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.RANGE, a, b);
    }

    /** {@code a + b}. */
    public static TlaExpr plus(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.PLUS, a, b);
    }

    /** {@code a - b}. */
    public static TlaExpr minus(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.MINUS, a, b);
    }

    /** {@code a * b}. */
    public static TlaExpr mul(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.MUL, a, b);
    }

    /** {@code a => b}. */
    public static TlaExpr implies(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.IMPLIES, a, b);
    }

    /** {@code a <=> b}. */
    public static TlaExpr equiv(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.EQUIV, a, b);
    }

    /** {@code a ~> b}. */
    public static TlaExpr leadsTo(TlaExpr a, TlaExpr b) {
        return new Infix(BinOp.LEADS_TO, a, b);
    }

    /** {@code d :> e} (TLC). */
    public static TlaExpr mapsTo(TlaExpr d, TlaExpr e) {
        return new Infix(BinOp.MAPS_TO, d, e);
    }

    /** {@code f @@ g} (TLC). */
    public static TlaExpr merge(TlaExpr f, TlaExpr g) {
        return new Infix(BinOp.FUN_MERGE, f, g);
    }

    /** {@code s \o t}. */
    public static TlaExpr concat(TlaExpr s, TlaExpr t) {
        return new Infix(BinOp.CONCAT, s, t);
    }

    // ------------------------------------------------------------------ junctions

    /** A conjunction list ({@code TRUE} when empty). */
    public static TlaExpr and(TlaExpr... items) {
        return new And(List.of(items));
    }

    /** A conjunction list ({@code TRUE} when empty). */
    public static TlaExpr and(List<? extends TlaExpr> items) {
        return new And(List.copyOf(items));
    }

    /** A disjunction list ({@code FALSE} when empty). */
    public static TlaExpr or(TlaExpr... items) {
        return new Or(List.of(items));
    }

    /** A disjunction list ({@code FALSE} when empty). */
    public static TlaExpr or(List<? extends TlaExpr> items) {
        return new Or(List.copyOf(items));
    }

    // ------------------------------------------------------------------ prefix and postfix

    /** {@code ~a}. */
    public static TlaExpr not(TlaExpr a) {
        return new Prefix(UnOp.NOT, a);
    }

    /**
     * {@code ~a} with the negation pushed in where TLA+ defines it so: {@code ~~x} is {@code x},
     * {@code ~(x = y)} is {@code x # y} and {@code ~(x # y)} is {@code x = y}. Guards then say the
     * same thing the same way, so contradicting guards can be seen by comparing them.
     */
    public static TlaExpr negation(TlaExpr a) {
        if (a instanceof Prefix p && p.op() == UnOp.NOT) {
            return p.arg();
        }
        if (a instanceof Infix in && (in.op() == BinOp.EQ || in.op() == BinOp.NEQ)) {
            return new Infix(in.op() == BinOp.EQ ? BinOp.NEQ : BinOp.EQ, in.left(), in.right());
        }
        return new Prefix(UnOp.NOT, a);
    }

    /** Unary {@code -a}. */
    public static TlaExpr neg(TlaExpr a) {
        return new Prefix(UnOp.NEG, a);
    }

    /** {@code UNCHANGED v}. */
    public static TlaExpr unchanged(TlaExpr v) {
        return new Prefix(UnOp.UNCHANGED, v);
    }

    /** {@code UNCHANGED x} for one variable, {@code UNCHANGED <<x, y>>} for several. */
    public static TlaExpr unchanged(String... vars) {
        return unchanged(List.of(vars));
    }

    /** {@code UNCHANGED x} for one variable, {@code UNCHANGED <<x, y>>} for several. */
    public static TlaExpr unchanged(List<String> vars) {
        if (vars.isEmpty()) {
            throw new IllegalArgumentException("UNCHANGED of no variables");
        }
        return new Prefix(UnOp.UNCHANGED, vars.size() == 1 ? name(vars.get(0)) : tupleOfNames(vars));
    }

    /** {@code ENABLED a}. */
    public static TlaExpr enabled(TlaExpr a) {
        return new Prefix(UnOp.ENABLED, a);
    }

    /** {@code []a}. */
    public static TlaExpr always(TlaExpr a) {
        return new Prefix(UnOp.ALWAYS, a);
    }

    /** {@code <>a}. */
    public static TlaExpr eventually(TlaExpr a) {
        return new Prefix(UnOp.EVENTUALLY, a);
    }

    /** {@code DOMAIN f}. */
    public static TlaExpr domain(TlaExpr f) {
        return new Prefix(UnOp.DOMAIN, f);
    }

    /** {@code SUBSET s}. */
    public static TlaExpr powerset(TlaExpr s) {
        return new Prefix(UnOp.SUBSET, s);
    }

    /** {@code UNION s}. */
    public static TlaExpr union(TlaExpr s) {
        return new Prefix(UnOp.UNION, s);
    }

    /** {@code e'}. */
    public static TlaExpr prime(TlaExpr e) {
        return new Primed(e);
    }

    /** {@code x'} for the variable {@code x}. */
    public static TlaExpr prime(String var) {
        return new Primed(name(var));
    }

    // ------------------------------------------------------------------ functions and records

    /** {@code f[args]}. */
    public static TlaExpr fnApp(TlaExpr f, TlaExpr... args) {
        return new FunApp(f, List.of(args));
    }

    /** {@code [base EXCEPT updates]}. */
    public static TlaExpr except(TlaExpr base, Update... updates) {
        return new Except(base, List.of(updates));
    }

    /** {@code [base EXCEPT updates]}. */
    public static TlaExpr except(TlaExpr base, List<Update> updates) {
        return new Except(base, updates);
    }

    /** {@code [f EXCEPT ![key] = value]}. */
    public static TlaExpr exceptAt(TlaExpr f, TlaExpr key, TlaExpr value) {
        return new Except(f, List.of(new Update(List.of(new Index(key)), value)));
    }

    /** An EXCEPT clause {@code !path = value}. */
    public static Update update(TlaExpr value, PathElem... path) {
        return new Update(List.of(path), value);
    }

    /** EXCEPT path step {@code [key]}. */
    public static PathElem key(TlaExpr key) {
        return new Index(key);
    }

    /** EXCEPT path step {@code .name}. */
    public static PathElem field(String name) {
        return new Field(name);
    }

    /** A record or record-set field {@code name |-> value} / {@code name : set}. */
    public static Map.Entry<String, TlaExpr> entry(String name, TlaExpr value) {
        return Map.entry(name, value);
    }

    /** {@code [a |-> 1, ...]}. */
    @SafeVarargs
    public static TlaExpr record(Map.Entry<String, TlaExpr>... fields) {
        return new Record(List.of(fields));
    }

    /** {@code [a |-> 1, ...]}. */
    public static TlaExpr record(List<Map.Entry<String, TlaExpr>> fields) {
        return new Record(fields);
    }

    /** {@code [a : S, ...]}. */
    @SafeVarargs
    public static TlaExpr recordSet(Map.Entry<String, TlaExpr>... fields) {
        return new RecordSet(List.of(fields));
    }

    /** {@code r.field}. */
    public static TlaExpr select(TlaExpr r, String field) {
        return new Select(r, field);
    }

    /** {@code [var \in set |-> body]}. */
    public static TlaExpr funCons(String var, TlaExpr set, TlaExpr body) {
        return new FunCons(List.of(bound(var, set)), body);
    }

    /** {@code [S -> T]}. */
    public static TlaExpr funSet(TlaExpr dom, TlaExpr cod) {
        return new FunSet(dom, cod);
    }

    // ------------------------------------------------------------------ sets and tuples

    /** {@code {a, b}}. */
    public static TlaExpr setOf(TlaExpr... elems) {
        return new SetOf(List.of(elems));
    }

    /** {@code {a, b}}. */
    public static TlaExpr setOf(List<? extends TlaExpr> elems) {
        return new SetOf(List.copyOf(elems));
    }

    /** {@code {var \in set : pred}}. */
    public static TlaExpr setFilter(String var, TlaExpr set, TlaExpr pred) {
        return new SetFilter(bound(var, set), pred);
    }

    /** {@code {e : var \in set}}. */
    public static TlaExpr setMap(TlaExpr e, String var, TlaExpr set) {
        return new SetMap(e, List.of(bound(var, set)));
    }

    /** {@code <<a, b>>}. */
    public static TlaExpr tuple(TlaExpr... elems) {
        return new Tuple(List.of(elems));
    }

    /** {@code <<a, b>>}. */
    public static TlaExpr tuple(List<? extends TlaExpr> elems) {
        return new Tuple(List.copyOf(elems));
    }

    /** {@code <<x, y>>} of names (e.g. {@code vars}). */
    public static TlaExpr tupleOfNames(List<String> names) {
        List<TlaExpr> es = new ArrayList<>(names.size());
        names.forEach(n -> es.add(name(n)));
        return new Tuple(es);
    }

    // ------------------------------------------------------------------ binders and control

    /** A binder {@code var \in set}. */
    public static Bound bound(String var, TlaExpr set) {
        return new Bound(var, set);
    }

    /** {@code \A var \in set : body}. */
    public static TlaExpr forall(String var, TlaExpr set, TlaExpr body) {
        return new Quant(Quantifier.FORALL, List.of(bound(var, set)), body);
    }

    /** {@code \E var \in set : body}. */
    public static TlaExpr exists(String var, TlaExpr set, TlaExpr body) {
        return new Quant(Quantifier.EXISTS, List.of(bound(var, set)), body);
    }

    /** {@code CHOOSE var \in set : pred}. */
    public static TlaExpr choose(String var, TlaExpr set, TlaExpr pred) {
        return new Choose(bound(var, set), pred);
    }

    /** {@code IF c THEN t ELSE e}. */
    public static TlaExpr ite(TlaExpr c, TlaExpr t, TlaExpr e) {
        return new If(c, t, e);
    }

    /** A CASE arm {@code guard -> value}. */
    public static Arm arm(TlaExpr guard, TlaExpr value) {
        return new Arm(guard, value);
    }

    /** {@code CASE arms [] OTHER -> other}; {@code other} may be null. */
    public static TlaExpr caseOf(List<Arm> arms, TlaExpr other) {
        return new Case(arms, other);
    }

    /** {@code LET defs IN body}. */
    public static TlaExpr let(List<TlaModule.OpDef> defs, TlaExpr body) {
        return new Let(defs, body);
    }

    /** A definition {@code name == body}. */
    public static TlaModule.OpDef def(String name, TlaExpr body) {
        return new TlaModule.OpDef(name, body);
    }

    /** A definition {@code name(params) == body}. */
    public static TlaModule.OpDef def(String name, List<String> params, TlaExpr body) {
        return new TlaModule.OpDef(name, params, body);
    }

    // ------------------------------------------------------------------ temporal

    /** {@code [action]_sub}. */
    public static TlaExpr box(TlaExpr action, TlaExpr sub) {
        return new ActionBox(action, sub);
    }

    /** {@code WF_sub(action)}. */
    public static TlaExpr wf(TlaExpr sub, TlaExpr action) {
        return new Fairness(false, sub, action);
    }

    /** {@code SF_sub(action)}. */
    public static TlaExpr sf(TlaExpr sub, TlaExpr action) {
        return new Fairness(true, sub, action);
    }

    // ------------------------------------------------------------------ provenance

    /** {@code e}, remembering {@code origin} for the printed range. */
    public static TlaExpr sourced(TlaExpr e, Object origin) {
        return new Sourced(e, origin);
    }
}

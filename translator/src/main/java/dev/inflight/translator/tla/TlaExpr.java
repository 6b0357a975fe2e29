package dev.inflight.translator.tla;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A TLA+ expression: the immutable IR that the emitter builds and {@link TlaPrinter} lays out.
 *
 * <p>The IR carries no parentheses and no layout: precedence lives in {@link BinOp} and
 * {@link UnOp}, and the printer inserts parentheses where the TLA+ grammar needs them. Junction
 * lists ({@link And}, {@link Or}) are n-ary; the printer decides between an inline
 * {@code a /\ b} and an aligned bullet list. {@link Sourced} wraps any node with an opaque origin
 * (e.g. a DSL span) whose output line range the printer records.
 *
 * <p>Compact constructors copy lists ({@link List#copyOf}, so no nulls) and check the few
 * syntactic constraints TLA+ imposes (identifiers, non-empty record and binder lists, ...).
 * Use {@link Tla} for short factory calls and {@link Visitor} to dispatch on node kinds.
 */
public sealed interface TlaExpr {

    /** Dispatches to the {@link Visitor} method of this node kind. */
    <R> R accept(Visitor<R> visitor);

    // ---------------------------------------------------------------- atoms

    /** A reference to a variable, constant, parameter or zero-arity operator. */
    record Name(String id) implements TlaExpr {
        public Name {
            TlaNames.requireName(id);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitName(this);
        }
    }

    /** An integer literal; a negative value prints as unary minus ({@code EXTENDS Integers}). */
    record Num(long v) implements TlaExpr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitNum(this);
        }
    }

    /** A string literal; the printer escapes {@code "}, {@code \} and control characters. */
    record Str(String v) implements TlaExpr {
        public Str {
            Objects.requireNonNull(v, "v");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitStr(this);
        }
    }

    /** {@code TRUE} or {@code FALSE}. */
    record Bool(boolean v) implements TlaExpr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitBool(this);
        }
    }

    /** {@code @} inside an {@link Except} update value. */
    record At() implements TlaExpr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitAt(this);
        }
    }

    // ---------------------------------------------------------------- operators

    /**
     * Application of a user-defined (or standard-module) operator: {@code Op(a, b)}; with no
     * arguments it prints as {@code Op}. {@code op} may be qualified ({@code I!Op}).
     */
    record Apply(String op, List<TlaExpr> args) implements TlaExpr {
        public Apply {
            TlaNames.requireOperatorName(op);
            args = List.copyOf(args);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitApply(this);
        }
    }

    /** A binary infix operator application {@code left op right}. */
    record Infix(BinOp op, TlaExpr left, TlaExpr right) implements TlaExpr {
        public Infix {
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitInfix(this);
        }
    }

    /** A prefix operator application such as {@code ~a}, {@code UNCHANGED v}, {@code DOMAIN f}. */
    record Prefix(UnOp op, TlaExpr arg) implements TlaExpr {
        public Prefix {
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(arg, "arg");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitPrefix(this);
        }
    }

    /** {@code e'}; a non-atomic {@code e} is parenthesized. */
    record Primed(TlaExpr e) implements TlaExpr {
        public Primed {
            Objects.requireNonNull(e, "e");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitPrimed(this);
        }
    }

    /** A conjunction list; empty prints {@code TRUE}, a single element prints as itself. */
    record And(List<TlaExpr> items) implements TlaExpr {
        public And {
            items = List.copyOf(items);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitAnd(this);
        }
    }

    /** A disjunction list; empty prints {@code FALSE}, a single element prints as itself. */
    record Or(List<TlaExpr> items) implements TlaExpr {
        public Or {
            items = List.copyOf(items);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitOr(this);
        }
    }

    // ---------------------------------------------------------------- functions and records

    /** Function application {@code f[a]} (several arguments: {@code f[a, b]}). */
    record FunApp(TlaExpr fn, List<TlaExpr> args) implements TlaExpr {
        public FunApp {
            Objects.requireNonNull(fn, "fn");
            args = List.copyOf(args);
            if (args.isEmpty()) {
                throw new IllegalArgumentException("function application needs an argument");
            }
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitFunApp(this);
        }
    }

    /** {@code [base EXCEPT ![a].x = v, ![b] = w]}. */
    record Except(TlaExpr base, List<Update> updates) implements TlaExpr {
        public Except {
            Objects.requireNonNull(base, "base");
            updates = List.copyOf(updates);
            if (updates.isEmpty()) {
                throw new IllegalArgumentException("EXCEPT needs at least one update");
            }
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitExcept(this);
        }
    }

    /** One {@code !path = value} clause of an {@link Except}. */
    record Update(List<PathElem> path, TlaExpr value) {
        public Update {
            path = List.copyOf(path);
            Objects.requireNonNull(value, "value");
            if (path.isEmpty()) {
                throw new IllegalArgumentException("EXCEPT update needs a non-empty path");
            }
        }
    }

    /** A step of an EXCEPT path: {@code [e]} or {@code .field}. */
    sealed interface PathElem permits Index, Field {
    }

    /** Path step {@code [key]}. */
    record Index(TlaExpr key) implements PathElem {
        public Index {
            Objects.requireNonNull(key, "key");
        }
    }

    /** Path step {@code .name}. */
    record Field(String name) implements PathElem {
        public Field {
            TlaNames.requireIdentifier(name, "field");
        }
    }

    /** A record constructor {@code [a |-> 1, b |-> 2]} (at least one field). */
    record Record(List<Map.Entry<String, TlaExpr>> fields) implements TlaExpr {
        public Record {
            fields = checkFields(fields);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitRecord(this);
        }
    }

    /** A set of records {@code [a : S, b : T]} (at least one field). */
    record RecordSet(List<Map.Entry<String, TlaExpr>> fields) implements TlaExpr {
        public RecordSet {
            fields = checkFields(fields);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitRecordSet(this);
        }
    }

    /** Record field selection {@code r.f}. */
    record Select(TlaExpr rec, String field) implements TlaExpr {
        public Select {
            Objects.requireNonNull(rec, "rec");
            TlaNames.requireIdentifier(field, "field");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSelect(this);
        }
    }

    /** Function constructor {@code [x \in S, y \in T |-> body]}. */
    record FunCons(List<Bound> bounds, TlaExpr body) implements TlaExpr {
        public FunCons {
            bounds = checkBounds(bounds, true);
            Objects.requireNonNull(body, "body");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitFunCons(this);
        }
    }

    /** Function set {@code [S -> T]}. */
    record FunSet(TlaExpr dom, TlaExpr cod) implements TlaExpr {
        public FunSet {
            Objects.requireNonNull(dom, "dom");
            Objects.requireNonNull(cod, "cod");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitFunSet(this);
        }
    }

    // ---------------------------------------------------------------- sets and tuples

    /** Set enumeration {@code {a, b}}; empty prints {@code {}}. */
    record SetOf(List<TlaExpr> elems) implements TlaExpr {
        public SetOf {
            elems = List.copyOf(elems);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSetOf(this);
        }
    }

    /** Set filter {@code {x \in S : P}}. */
    record SetFilter(Bound bound, TlaExpr pred) implements TlaExpr {
        public SetFilter {
            Objects.requireNonNull(bound, "bound");
            if (bound.set() == null) {
                throw new IllegalArgumentException("set filter needs a bounded variable");
            }
            Objects.requireNonNull(pred, "pred");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSetFilter(this);
        }
    }

    /** Set image {@code {e : x \in S, y \in T}}. */
    record SetMap(TlaExpr e, List<Bound> bounds) implements TlaExpr {
        public SetMap {
            Objects.requireNonNull(e, "e");
            bounds = checkBounds(bounds, true);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSetMap(this);
        }
    }

    /** Tuple {@code <<a, b>>}; empty prints {@code <<>>}. */
    record Tuple(List<TlaExpr> elems) implements TlaExpr {
        public Tuple {
            elems = List.copyOf(elems);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitTuple(this);
        }
    }

    // ---------------------------------------------------------------- binders and control

    /** {@code \A x \in S : body} / {@code \E ...}; a bound with a null set is unbounded. */
    record Quant(Quantifier q, List<Bound> bounds, TlaExpr body) implements TlaExpr {
        public Quant {
            Objects.requireNonNull(q, "q");
            bounds = checkBounds(bounds, false);
            Objects.requireNonNull(body, "body");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitQuant(this);
        }
    }

    /** {@code CHOOSE x \in S : P}; a null set gives the unbounded {@code CHOOSE x : P}. */
    record Choose(Bound bound, TlaExpr pred) implements TlaExpr {
        public Choose {
            Objects.requireNonNull(bound, "bound");
            Objects.requireNonNull(pred, "pred");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitChoose(this);
        }
    }

    /** {@code IF c THEN t ELSE e}. */
    record If(TlaExpr c, TlaExpr t, TlaExpr e) implements TlaExpr {
        public If {
            Objects.requireNonNull(c, "c");
            Objects.requireNonNull(t, "t");
            Objects.requireNonNull(e, "e");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitIf(this);
        }
    }

    /** {@code CASE g1 -> v1 [] g2 -> v2 [] OTHER -> other}; {@code other} may be null. */
    record Case(List<Arm> arms, TlaExpr other) implements TlaExpr {
        public Case {
            arms = List.copyOf(arms);
            if (arms.isEmpty()) {
                throw new IllegalArgumentException("CASE needs at least one arm");
            }
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitCase(this);
        }
    }

    /** One {@code guard -> value} arm of a {@link Case}. */
    record Arm(TlaExpr guard, TlaExpr value) {
        public Arm {
            Objects.requireNonNull(guard, "guard");
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code LET d1 == ... d2 == ... IN body}. */
    record Let(List<TlaModule.OpDef> defs, TlaExpr body) implements TlaExpr {
        public Let {
            defs = List.copyOf(defs);
            if (defs.isEmpty()) {
                throw new IllegalArgumentException("LET needs at least one definition");
            }
            Objects.requireNonNull(body, "body");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitLet(this);
        }
    }

    // ---------------------------------------------------------------- temporal forms

    /** The action form {@code [A]_v} (as in {@code [][Next]_vars}). */
    record ActionBox(TlaExpr action, TlaExpr sub) implements TlaExpr {
        public ActionBox {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(sub, "sub");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitActionBox(this);
        }
    }

    /** The action form {@code <<A>>_v}: an {@code A} step that changes {@code v}. */
    record ActionAngle(TlaExpr action, TlaExpr sub) implements TlaExpr {
        public ActionAngle {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(sub, "sub");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitActionAngle(this);
        }
    }

    /** Fairness {@code WF_v(A)} or, when {@code strong}, {@code SF_v(A)}. */
    record Fairness(boolean strong, TlaExpr sub, TlaExpr action) implements TlaExpr {
        public Fairness {
            Objects.requireNonNull(sub, "sub");
            Objects.requireNonNull(action, "action");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitFairness(this);
        }
    }

    // ---------------------------------------------------------------- provenance

    /**
     * Transparent wrapper: prints exactly like {@code e}, and the printer records the output range
     * of {@code e} under {@code origin} (an opaque object such as a DSL span).
     */
    record Sourced(TlaExpr e, Object origin) implements TlaExpr {
        public Sourced {
            Objects.requireNonNull(e, "e");
            Objects.requireNonNull(origin, "origin");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSourced(this);
        }
    }

    /** A binder {@code var \in set}; {@code set} is null for an unbounded binder. */
    record Bound(String var, TlaExpr set) {
        public Bound {
            TlaNames.requireIdentifier(var, "bound variable");
        }
    }

    /** One method per node kind (Java 17 has no pattern-matching switch). */
    interface Visitor<R> {
        R visitName(Name e);

        R visitNum(Num e);

        R visitStr(Str e);

        R visitBool(Bool e);

        R visitAt(At e);

        R visitApply(Apply e);

        R visitInfix(Infix e);

        R visitPrefix(Prefix e);

        R visitPrimed(Primed e);

        R visitAnd(And e);

        R visitOr(Or e);

        R visitFunApp(FunApp e);

        R visitExcept(Except e);

        R visitRecord(Record e);

        R visitRecordSet(RecordSet e);

        R visitSelect(Select e);

        R visitFunCons(FunCons e);

        R visitFunSet(FunSet e);

        R visitSetOf(SetOf e);

        R visitSetFilter(SetFilter e);

        R visitSetMap(SetMap e);

        R visitTuple(Tuple e);

        R visitQuant(Quant e);

        R visitChoose(Choose e);

        R visitIf(If e);

        R visitCase(Case e);

        R visitLet(Let e);

        R visitActionBox(ActionBox e);

        R visitActionAngle(ActionAngle e);

        R visitFairness(Fairness e);

        R visitSourced(Sourced e);
    }

    private static List<Map.Entry<String, TlaExpr>> checkFields(List<Map.Entry<String, TlaExpr>> fields) {
        List<Map.Entry<String, TlaExpr>> copy = List.copyOf(fields);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("a record needs at least one field");
        }
        for (Map.Entry<String, TlaExpr> f : copy) {
            TlaNames.requireIdentifier(f.getKey(), "record field");
            Objects.requireNonNull(f.getValue(), "record field value");
        }
        return copy;
    }

    private static List<Bound> checkBounds(List<Bound> bounds, boolean setsRequired) {
        List<Bound> copy = List.copyOf(bounds);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("a binder list needs at least one variable");
        }
        boolean anyUnbounded = copy.stream().anyMatch(b -> b.set() == null);
        boolean anyBounded = copy.stream().anyMatch(b -> b.set() != null);
        if (anyUnbounded && (setsRequired || anyBounded)) {
            throw new IllegalArgumentException(setsRequired
                    ? "every variable here needs a set (x \\in S)"
                    : "cannot mix bounded and unbounded variables in one quantifier");
        }
        return copy;
    }
}

package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.ExprLayout.afterBracket;
import static dev.inflight.translator.tla.ExprLayout.bracket;
import static dev.inflight.translator.tla.ExprLayout.core;
import static dev.inflight.translator.tla.ExprLayout.expr;
import static dev.inflight.translator.tla.ExprLayout.junction;
import static dev.inflight.translator.tla.ExprLayout.parens;
import static dev.inflight.translator.tla.ExprLayout.selfBreaking;
import static dev.inflight.translator.tla.ExprLayout.startsWithMinus;
import static dev.inflight.translator.tla.Precedence.needsParens;
import static dev.inflight.translator.tla.Precedence.shape;
import static dev.inflight.translator.tla.TlaPrinter.definition;
import static dev.inflight.translator.tla.TlaPrinter.quote;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.inflight.translator.tla.Precedence.Pos;
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
 * Layout of one {@link TlaExpr} node kind at a position whose parenthesization is already decided
 * (by {@link ExprLayout#expr}, which also handles {@link Sourced} wrappers and junction lists):
 * names and literals, operator applications, records, functions, sets, tuples, {@code EXCEPT},
 * binders, {@code IF}, {@code CASE}, {@code LET} and the temporal forms. Subexpressions are laid
 * out through {@link ExprLayout#expr} at the position each one occupies.
 */
final class NodeLayout implements TlaExpr.Visitor<Doc> {

    /** Indentation of a continuation line inside an expression. */
    private static final int CONT_INDENT = 2;
    /** How far an EXCEPT's updates, each on a line of its own, sit right of the line it starts on. */
    private static final int EXCEPT_INDENT = 4;

    private final Pos pos;

    NodeLayout(Pos pos) {
        this.pos = pos;
    }

    @Override
    public Doc visitName(Name e) {
        return Doc.text(e.id());
    }

    @Override
    public Doc visitNum(Num e) {
        return Doc.text(Long.toString(e.v()));
    }

    @Override
    public Doc visitStr(Str e) {
        return Doc.text(quote(e.v()));
    }

    @Override
    public Doc visitBool(Bool e) {
        return Doc.text(e.v() ? "TRUE" : "FALSE");
    }

    @Override
    public Doc visitAt(At e) {
        return Doc.text("@");
    }

    @Override
    public Doc visitApply(Apply e) {
        if (e.args().isEmpty()) {
            return Doc.text(e.op());
        }
        return bracket(e.op() + "(", closedAll(e.args()), ")");
    }

    @Override
    public Doc visitInfix(Infix e) {
        BinOp op = e.op();
        Doc left = expr(e.left(), Pos.infixLeft(op));
        Doc right = expr(e.right(), Pos.infixRight(op, pos));
        if (op == BinOp.RANGE) {
            return Doc.cat(left, Doc.text(op.symbol()), right);
        }
        Doc broken = Doc.cat(left, Doc.text(" " + op.symbol()), Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, right)));
        if (selfBreaking(e.right()) && !arithmetic(op)) {
            // x' = [x EXCEPT ...]: keep the bracket on the operator's line if its first line fits
            // (not in a sum: `a + F(x,` then `y)` would break the operand, not the sum)
            Doc hang = Doc.cat(left, Doc.text(" " + op.symbol() + " "), right);
            return Doc.align(Doc.group(new Doc.Choice(hang, broken)));
        }
        return Doc.align(Doc.group(broken));
    }

    private static boolean arithmetic(BinOp op) {
        return op == BinOp.PLUS || op == BinOp.MINUS || op == BinOp.MUL || op == BinOp.DIV || op == BinOp.MOD || op == BinOp.POW;
    }

    @Override
    public Doc visitPrefix(Prefix e) {
        UnOp op = e.op();
        if (op == UnOp.UNCHANGED && e.arg() instanceof Tuple t && t.elems().size() > 1
                && t.elems().stream().allMatch(x -> x instanceof Name)) {
            // A long list of variable names fills its lines instead of taking one each.
            List<Doc> names = t.elems().stream().map(x -> (Doc) Doc.text(((Name) x).id())).toList();
            return Doc.cat(Doc.text("UNCHANGED <<"), Doc.align(Doc.fill(Doc.text(","), names)), Doc.text(">>"));
        }
        Pos argPos = Pos.prefixArg(op, pos);
        Doc arg = expr(e.arg(), argPos);
        // "- -x", never "--x" (the token --); "-(-x)" needs no space
        boolean space = op.isWord() || (op == UnOp.NEG && startsWithMinus(e.arg())
                && !needsParens(shape(core(e.arg())), argPos));
        return Doc.cat(Doc.text(space ? op.symbol() + " " : op.symbol()), arg);
    }

    @Override
    public Doc visitPrimed(Primed e) {
        return Doc.cat(expr(e.e(), Pos.POSTFIX_BASE), Doc.text("'"));
    }

    @Override
    public Doc visitAnd(And e) {
        return junction(e.items(), BinOp.AND, pos);
    }

    @Override
    public Doc visitOr(Or e) {
        return junction(e.items(), BinOp.OR, pos);
    }

    @Override
    public Doc visitFunApp(FunApp e) {
        List<Doc> args = new ArrayList<>(e.args().size());
        for (TlaExpr a : e.args()) {
            args.add(afterBracket(a, Pos.CLOSED));
        }
        return Doc.cat(expr(e.fn(), Pos.POSTFIX_BASE), bracket("[", args, "]"));
    }

    @Override
    public Doc visitExcept(Except e) {
        List<Doc> updates = new ArrayList<>();
        for (Update u : e.updates()) {
            List<Doc> parts = new ArrayList<>();
            parts.add(Doc.text("!"));
            for (PathElem p : u.path()) {
                if (p instanceof Index ix) {
                    parts.add(Doc.text("["));
                    parts.add(expr(ix.key(), Pos.CLOSED));
                    parts.add(Doc.text("]"));
                } else {
                    parts.add(Doc.text("." + ((Field) p).name()));
                }
            }
            updates.add(assignment(Doc.cat(parts), u.value()));
        }
        Doc base = afterBracket(e.base(), Pos.SEMI);
        Doc list = Doc.join(Doc.cat(Doc.text(","), Doc.LINE), updates);
        // One line when it fits. Else each update on a line of its own (one update too: after
        // `EXCEPT` its value, a record literal say, would sit far right), indented from the line
        // the EXCEPT is on (not from its bracket, which would push every update far right):
        //   /\ x' = [x EXCEPT
        //            ![self].a = 1,
        //            ![self].b = 2]
        Doc hang = Doc.align(Doc.cat(Doc.text("["), base, Doc.text(" EXCEPT "), Doc.align(list), Doc.text("]")));
        Doc broken = Doc.cat(Doc.text("["), base, Doc.text(" EXCEPT"),
                Doc.nest(EXCEPT_INDENT, Doc.cat(Doc.LINE, list)), Doc.text("]"));
        return Doc.group(new Doc.Alt(hang, broken));
    }

    /**
     * {@code lhs = value}, an EXCEPT update: on one line when it fits; else the value on the next
     * lines, indented from {@code lhs} (not aligned after its {@code =}, which would push a long
     * {@code IF} or junction list far right); a value that starts with a bracket stays on the
     * line of the {@code =} when its first line fits there, as in {@link #visitInfix}, and a name
     * or literal always does.
     */
    private static Doc assignment(Doc lhs, TlaExpr value) {
        Doc v = expr(value, Pos.CLOSED);
        TlaExpr c = core(value);
        if (c instanceof Name || c instanceof Num || c instanceof Str || c instanceof Bool || c instanceof At) {
            return Doc.cat(lhs, Doc.text(" = "), v); // nothing to gain below
        }
        Doc broken = Doc.cat(lhs, Doc.text(" ="), Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, v)));
        if (selfBreaking(value)) {
            return Doc.align(Doc.group(new Doc.Choice(Doc.cat(lhs, Doc.text(" = "), v), broken)));
        }
        return Doc.align(Doc.group(broken));
    }

    @Override
    public Doc visitRecord(Record e) {
        return bracket("[", fields(e.fields(), " |-> "), "]");
    }

    @Override
    public Doc visitRecordSet(RecordSet e) {
        return bracket("[", fields(e.fields(), " : "), "]");
    }

    @Override
    public Doc visitSelect(Select e) {
        return Doc.cat(expr(e.rec(), Pos.POSTFIX_BASE), Doc.text("." + e.field()));
    }

    @Override
    public Doc visitFunCons(FunCons e) {
        return Doc.align(Doc.group(Doc.cat(Doc.text("["), bounds(e.bounds()), Doc.text(" |->"),
                Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, expr(e.body(), Pos.CLOSED))), Doc.text("]"))));
    }

    @Override
    public Doc visitFunSet(FunSet e) {
        return Doc.align(Doc.group(Doc.cat(Doc.text("["), afterBracket(e.dom(), Pos.SEMI), Doc.text(" ->"),
                Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, expr(e.cod(), Pos.CLOSED))), Doc.text("]"))));
    }

    @Override
    public Doc visitSetOf(SetOf e) {
        if (e.elems().size() > 1 && e.elems().stream().allMatch(
                x -> x instanceof Str || x instanceof TlaExpr.Num || x instanceof Name)) {
            // A long set of literals or names (a label's pcs) fills its lines instead of taking one each.
            List<Doc> atoms = e.elems().stream().map(x -> expr(x, Pos.CLOSED)).toList();
            return Doc.cat(Doc.text("{"), Doc.align(Doc.fill(Doc.text(","), atoms)), Doc.text("}"));
        }
        List<Doc> elems = new ArrayList<>(e.elems().size());
        for (TlaExpr x : e.elems()) {
            elems.add(afterBracket(x, Pos.CLOSED)); // {a, b \in S} would read as a binder
        }
        return bracket("{", elems, "}");
    }

    @Override
    public Doc visitSetFilter(SetFilter e) {
        return Doc.align(Doc.group(Doc.cat(Doc.text("{"), bounds(List.of(e.bound())), Doc.text(" :"),
                Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, expr(e.pred(), Pos.CLOSED))), Doc.text("}"))));
    }

    @Override
    public Doc visitSetMap(SetMap e) {
        return Doc.align(Doc.group(Doc.cat(Doc.text("{"), afterBracket(e.e(), Pos.SEMI), Doc.text(" :"),
                Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, bounds(e.bounds()))), Doc.text("}"))));
    }

    @Override
    public Doc visitTuple(Tuple e) {
        return bracket("<<", closedAll(e.elems()), ">>");
    }

    @Override
    public Doc visitQuant(Quant e) {
        if (e.q() == Quantifier.EXISTS && e.bounds().size() == 1
                && e.bounds().get(0).set() instanceof TlaExpr.SetOf s && s.elems().size() == 1) {
            // \E x \in {v} : a value bound once (emit/BoundOnce): read as a definition, its scope
            // below it at its own column, so a chain of them does not drift right
            return Doc.align(Doc.group(Doc.cat(Doc.text("\\E "), bounds(e.bounds()), Doc.text(" :"),
                    Doc.LINE, expr(e.body(), pos.tail()))));
        }
        return binder(e.q().symbol() + " ", e.bounds(), e.body());
    }

    @Override
    public Doc visitChoose(Choose e) {
        return binder("CHOOSE ", List.of(e.bound()), e.pred());
    }

    private Doc binder(String keyword, List<Bound> bs, TlaExpr body) {
        return Doc.align(Doc.group(Doc.cat(Doc.text(keyword), bounds(bs), Doc.text(" :"),
                Doc.nest(CONT_INDENT, Doc.cat(Doc.LINE, expr(body, pos.tail()))))));
    }

    @Override
    public Doc visitIf(If e) {
        Doc c = expr(e.c(), new Pos(false, 0, null, 0, true, false));
        Doc t = expr(e.t(), pos.beforeKeyword());
        Doc f = expr(e.e(), pos.tail());
        return Doc.group(Doc.align(Doc.cat(
                Doc.text("IF "), Doc.align(c), Doc.LINE,
                Doc.text("THEN "), Doc.align(t), Doc.LINE,
                Doc.text("ELSE "), Doc.align(f))));
    }

    @Override
    public Doc visitCase(Case e) {
        List<Doc> parts = new ArrayList<>();
        parts.add(Doc.text("CASE "));
        int n = e.arms().size();
        for (int i = 0; i < n; i++) {
            Arm arm = e.arms().get(i);
            if (i > 0) {
                parts.add(Doc.nest(CONT_INDENT, Doc.LINE));
                parts.add(Doc.text("[] "));
            }
            boolean last = i == n - 1 && e.other() == null;
            parts.add(expr(arm.guard(), Pos.SEMI));
            parts.add(Doc.text(" -> "));
            parts.add(Doc.align(expr(arm.value(), last ? pos.tail() : pos.beforeKeyword())));
        }
        if (e.other() != null) {
            parts.add(Doc.nest(CONT_INDENT, Doc.LINE));
            parts.add(Doc.text("[] OTHER -> "));
            parts.add(Doc.align(expr(e.other(), pos.tail())));
        }
        return Doc.group(Doc.align(Doc.cat(parts)));
    }

    @Override
    public Doc visitLet(Let e) {
        Pos bodyPos = pos.statement() ? Pos.STATEMENT : Pos.CLOSED;
        List<Doc> defs = new ArrayList<>();
        for (TlaModule.OpDef d : e.defs()) {
            defs.add(definition(d, false, bodyPos));
        }
        Doc in = stacked(e.body())
                // a junction list or a chain of definitions that does not fit after IN starts below
                // it, at the LET's column, so that nested LETs do not drift right
                ? Doc.group(Doc.cat(Doc.text("IN"), Doc.LINE, expr(e.body(), pos.tail())))
                : Doc.cat(Doc.text("IN "), Doc.align(expr(e.body(), pos.tail())));
        return Doc.group(Doc.align(Doc.cat(
                Doc.text("LET "), Doc.align(Doc.join(Doc.HARD, defs)), Doc.LINE, in)));
    }

    /** A list of conjuncts or disjuncts, a LET, or a value bound once ({@code \E x \in {v} :}). */
    private static boolean stacked(TlaExpr e) {
        TlaExpr x = e instanceof Sourced s ? s.e() : e;
        return x instanceof TlaExpr.And || x instanceof TlaExpr.Or || x instanceof Let
                || x instanceof Quant q && q.q() == Quantifier.EXISTS && q.bounds().size() == 1
                    && q.bounds().get(0).set() instanceof TlaExpr.SetOf so && so.elems().size() == 1;
    }

    @Override
    public Doc visitActionBox(ActionBox e) {
        return Doc.cat(Doc.text("["), afterBracket(e.action(), Pos.CLOSED), Doc.text("]_"), subscript(e.sub()));
    }

    @Override
    public Doc visitActionAngle(TlaExpr.ActionAngle e) {
        return Doc.cat(Doc.text("<<"), afterBracket(e.action(), Pos.CLOSED), Doc.text(">>_"), subscript(e.sub()));
    }

    @Override
    public Doc visitFairness(Fairness e) {
        return Doc.cat(Doc.text(e.strong() ? "SF_" : "WF_"), subscript(e.sub()),
                bracket("(", List.of(expr(e.action(), Pos.CLOSED)), ")"));
    }

    @Override
    public Doc visitSourced(Sourced e) {
        // only reached through expr(), which unwraps Sourced; kept for completeness
        return expr(e, pos);
    }

    private Doc subscript(TlaExpr sub) {
        TlaExpr c = core(sub);
        Doc d = expr(sub, Pos.CLOSED);
        return c instanceof Name || c instanceof Tuple ? d : parens(d);
    }

    private List<Doc> closedAll(List<TlaExpr> es) {
        List<Doc> docs = new ArrayList<>(es.size());
        for (TlaExpr x : es) {
            docs.add(expr(x, Pos.CLOSED));
        }
        return docs;
    }

    private List<Doc> fields(List<Map.Entry<String, TlaExpr>> fs, String sep) {
        List<Doc> docs = new ArrayList<>(fs.size());
        for (Map.Entry<String, TlaExpr> f : fs) {
            docs.add(Doc.cat(Doc.text(f.getKey() + sep), Doc.align(expr(f.getValue(), Pos.CLOSED))));
        }
        return docs;
    }

    private Doc bounds(List<Bound> bs) {
        List<Doc> docs = new ArrayList<>(bs.size());
        for (Bound b : bs) {
            docs.add(b.set() == null ? Doc.text(b.var())
                    : Doc.cat(Doc.text(b.var() + " \\in "), expr(b.set(), Pos.SEMI)));
        }
        return Doc.align(Doc.join(Doc.cat(Doc.text(","), Doc.LINE), docs));
    }
}

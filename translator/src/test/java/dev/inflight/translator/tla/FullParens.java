package dev.inflight.translator.tla;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.inflight.translator.tla.TlaExpr.*;

/**
 * Test-only reference rendering: one line, every compound subexpression in parentheses. It is
 * deliberately naive (no precedence knowledge), so SANY's reading of it is the intended tree; the
 * property tests compare the real printer's output against it.
 */
final class FullParens implements TlaExpr.Visitor<String> {

    static String print(TlaExpr e) {
        return e.accept(new FullParens());
    }

    private String sub(TlaExpr e) {
        String s = e.accept(this);
        return isAtom(e) ? s : "(" + s + ")";
    }

    private static boolean isAtom(TlaExpr e) {
        while (e instanceof Sourced s) {
            e = s.e();
        }
        return e instanceof Name || (e instanceof Num n && n.v() >= 0) || e instanceof Str || e instanceof Bool
                || e instanceof At;
    }

    private String all(List<TlaExpr> es) {
        return es.stream().map(this::sub).collect(Collectors.joining(", "));
    }

    private String bounds(List<Bound> bs) {
        return bs.stream().map(b -> b.set() == null ? b.var() : b.var() + " \\in " + sub(b.set()))
                .collect(Collectors.joining(", "));
    }

    private String fields(List<Map.Entry<String, TlaExpr>> fs, String sep) {
        return fs.stream().map(f -> f.getKey() + sep + sub(f.getValue())).collect(Collectors.joining(", "));
    }

    @Override
    public String visitName(Name e) {
        return e.id();
    }

    @Override
    public String visitNum(Num e) {
        return Long.toString(e.v());
    }

    @Override
    public String visitStr(Str e) {
        return TlaPrinter.quote(e.v());
    }

    @Override
    public String visitBool(Bool e) {
        return e.v() ? "TRUE" : "FALSE";
    }

    @Override
    public String visitAt(At e) {
        return "@";
    }

    @Override
    public String visitApply(Apply e) {
        return e.args().isEmpty() ? e.op() : e.op() + "(" + all(e.args()) + ")";
    }

    @Override
    public String visitInfix(Infix e) {
        return sub(e.left()) + " " + e.op().symbol() + " " + sub(e.right());
    }

    @Override
    public String visitPrefix(Prefix e) {
        return e.op().symbol() + " " + sub(e.arg());
    }

    @Override
    public String visitPrimed(Primed e) {
        return sub(e.e()) + "'";
    }

    @Override
    public String visitAnd(And e) {
        if (e.items().isEmpty()) {
            return "TRUE";
        }
        return e.items().stream().map(this::sub).collect(Collectors.joining(" /\\ "));
    }

    @Override
    public String visitOr(Or e) {
        if (e.items().isEmpty()) {
            return "FALSE";
        }
        return e.items().stream().map(this::sub).collect(Collectors.joining(" \\/ "));
    }

    @Override
    public String visitFunApp(FunApp e) {
        return sub(e.fn()) + "[" + all(e.args()) + "]";
    }

    @Override
    public String visitExcept(Except e) {
        String ups = e.updates().stream().map(u -> "!" + u.path().stream()
                .map(p -> p instanceof Index ix ? "[" + sub(ix.key()) + "]" : "." + ((Field) p).name())
                .collect(Collectors.joining()) + " = " + sub(u.value())).collect(Collectors.joining(", "));
        return "[" + sub(e.base()) + " EXCEPT " + ups + "]";
    }

    @Override
    public String visitRecord(TlaExpr.Record e) {
        return "[" + fields(e.fields(), " |-> ") + "]";
    }

    @Override
    public String visitRecordSet(RecordSet e) {
        return "[" + fields(e.fields(), " : ") + "]";
    }

    @Override
    public String visitSelect(Select e) {
        return sub(e.rec()) + "." + e.field();
    }

    @Override
    public String visitFunCons(FunCons e) {
        return "[" + bounds(e.bounds()) + " |-> " + sub(e.body()) + "]";
    }

    @Override
    public String visitFunSet(FunSet e) {
        return "[" + sub(e.dom()) + " -> " + sub(e.cod()) + "]";
    }

    @Override
    public String visitSetOf(SetOf e) {
        return "{" + all(e.elems()) + "}";
    }

    @Override
    public String visitSetFilter(SetFilter e) {
        return "{" + bounds(List.of(e.bound())) + " : " + sub(e.pred()) + "}";
    }

    @Override
    public String visitSetMap(SetMap e) {
        return "{" + sub(e.e()) + " : " + bounds(e.bounds()) + "}";
    }

    @Override
    public String visitTuple(Tuple e) {
        return "<<" + all(e.elems()) + ">>";
    }

    @Override
    public String visitQuant(Quant e) {
        return e.q().symbol() + " " + bounds(e.bounds()) + " : " + sub(e.body());
    }

    @Override
    public String visitChoose(Choose e) {
        return "CHOOSE " + bounds(List.of(e.bound())) + " : " + sub(e.pred());
    }

    @Override
    public String visitIf(If e) {
        return "IF " + sub(e.c()) + " THEN " + sub(e.t()) + " ELSE " + sub(e.e());
    }

    @Override
    public String visitCase(Case e) {
        String arms = e.arms().stream().map(a -> sub(a.guard()) + " -> " + sub(a.value()))
                .collect(Collectors.joining(" [] "));
        return "CASE " + arms + (e.other() == null ? "" : " [] OTHER -> " + sub(e.other()));
    }

    @Override
    public String visitLet(Let e) {
        String defs = e.defs().stream().map(d -> d.name()
                + (d.params().isEmpty() ? "" : "(" + String.join(", ", d.params()) + ")") + " == " + sub(d.body()))
                .collect(Collectors.joining(" "));
        return "LET " + defs + " IN " + sub(e.body());
    }

    @Override
    public String visitActionBox(ActionBox e) {
        return "[" + sub(e.action()) + "]_" + e.sub().accept(this);
    }

    @Override
    public String visitActionAngle(TlaExpr.ActionAngle e) {
        return "<<" + sub(e.action()) + ">>_" + e.sub().accept(this);
    }

    @Override
    public String visitFairness(Fairness e) {
        return (e.strong() ? "SF_" : "WF_") + e.sub().accept(this) + "(" + sub(e.action()) + ")";
    }

    @Override
    public String visitSourced(Sourced e) {
        return e.e().accept(this);
    }
}

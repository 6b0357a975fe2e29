package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * Width-aware, precedence-aware pretty-printer from the {@link TlaExpr} / {@link TlaModule} IR to
 * TLA+ text.
 *
 * <p><b>Parentheses</b> come from the precedence data of {@link BinOp} and {@link UnOp} only: an
 * operand is parenthesized when its precedence range is not strictly above its operator's (except
 * a left-associative operator chained with itself on the left), when it is a prefix expression or
 * an open-ended construct ({@code \A}, {@code CHOOSE}, {@code IF}, {@code CASE}, {@code LET}) that
 * would swallow the text that follows it, and when it is the base of a postfix form
 * ({@code e'}, {@code f[a]}, {@code r.f}) and not atomic.
 *
 * <p><b>Junction lists</b> ({@link And}, {@link Or}) in <i>statement position</i> (a definition
 * body, an {@code ASSUME}, a bullet item, and the branches, bodies and arms of such statements)
 * are printed as column-aligned bullet lists; elsewhere they are printed inline when they fit in
 * the width, and as bullet lists otherwise (parenthesized where text could follow on the same
 * line). Every line of a bullet item is indented past its bullet, as TLA+ requires.
 *
 * <p><b>Provenance:</b> {@link TlaExpr.Sourced} nodes and definitions are recorded with their
 * output range in the {@link PrintedModule}.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class TlaPrinter {

    /** Default target width. */
    public static final int DEFAULT_WIDTH = 100;

    /** Indentation of a definition body that does not fit on the header line. */
    private static final int DEF_INDENT = 4;
    /** Indentation of a continuation line inside an expression. */
    private static final int CONT_INDENT = 2;
    /** How far an EXCEPT's updates, each on a line of its own, sit right of the line it starts on. */
    private static final int EXCEPT_INDENT = 4;
    /** Longest module header and footer line. */
    private static final int MAX_RULE = 80;

    private final int width;

    /** A printer with {@link #DEFAULT_WIDTH}. */
    public TlaPrinter() {
        this(DEFAULT_WIDTH);
    }

    /** A printer aiming at lines of at most {@code width} columns (longer tokens overflow). */
    public TlaPrinter(int width) {
        if (width < 10) {
            throw new IllegalArgumentException("width too small: " + width);
        }
        this.width = width;
    }

    /** The target width. */
    public int width() {
        return width;
    }

    /** Prints an expression on its own (not in statement position), without a trailing newline. */
    public String print(TlaExpr e) {
        return DocRenderer.render(expr(e, Pos.CLOSED), width).text();
    }

    /** Prints one definition (comments, header and body) as it would appear in a module. */
    public String print(TlaModule.OpDef def) {
        return DocRenderer.render(definition(def, true), width).text();
    }

    /** Prints a whole module, recording the output range of definitions and sourced nodes. */
    public PrintedModule print(TlaModule m) {
        String title = " MODULE " + m.name() + " ";
        int rule = Math.max(Math.min(width, MAX_RULE), title.length() + 8); // 4+ dashes each side
        List<Doc> parts = new ArrayList<>();
        int dashes = rule - title.length();
        parts.add(Doc.text("-".repeat(dashes / 2) + title + "-".repeat(dashes - dashes / 2)));
        parts.add(Doc.HARD);
        if (!m.extendsList().isEmpty()) {
            parts.add(Doc.group(Doc.cat(Doc.text("EXTENDS "), commaList(m.extendsList()))));
            parts.add(Doc.HARD);
        }
        Set<String> names = new HashSet<>();
        for (TlaModule.Unit u : m.units()) {
            parts.add(Doc.HARD);
            parts.add(unit(u, rule, names));
            parts.add(Doc.HARD);
        }
        parts.add(Doc.HARD);
        parts.add(Doc.text("=".repeat(rule)));
        parts.add(Doc.HARD);
        DocRenderer.Result r = DocRenderer.render(Doc.cat(parts), width);

        List<PrintedModule.DefinitionRange> defs = new ArrayList<>();
        List<PrintedModule.SourceRange> sources = new ArrayList<>();
        PrintedModule.DefinitionRange enclosing = null;
        for (DocRenderer.MarkRange mr : r.marks()) {
            if (mr.key() instanceof DefKey dk) {
                enclosing = new PrintedModule.DefinitionRange(dk.def().name(), dk.def().origin(), mr.range());
                defs.add(enclosing);
            } else {
                Object origin = ((SourceKey) mr.key()).origin();
                String def = enclosing != null && enclosing.range().encloses(mr.range()) ? enclosing.name() : null;
                sources.add(new PrintedModule.SourceRange(origin, mr.range(), def));
            }
        }
        return new PrintedModule(r.text(), defs, sources);
    }

    // ====================================================================== module units

    /** Mark key of a top-level definition. */
    private record DefKey(TlaModule.OpDef def) {
    }

    /** Mark key of a sourced node (or a LET definition with an origin). */
    private record SourceKey(Object origin) {
    }

    private Doc unit(TlaModule.Unit u, int rule, Set<String> names) {
        if (u instanceof TlaModule.Constants c) {
            return declaration(c.names().size() == 1 ? "CONSTANT " : "CONSTANTS ", c.names());
        } else if (u instanceof TlaModule.Variables v) {
            return declaration(v.names().size() == 1 ? "VARIABLE " : "VARIABLES ", v.names());
        } else if (u instanceof TlaModule.OpDef d) {
            if (!names.add(d.name())) {
                throw new IllegalArgumentException("definition printed twice: " + d.name());
            }
            return definition(d, true);
        } else if (u instanceof TlaModule.Comment c) {
            return comments(c.lines(), false);
        } else if (u instanceof TlaModule.Separator) {
            return Doc.text("-".repeat(rule));
        } else if (u instanceof TlaModule.Assume a) {
            return Doc.cat(Doc.text("ASSUME "), Doc.align(expr(a.expr(), Pos.STATEMENT)));
        }
        throw new IllegalStateException("unknown unit " + u);
    }

    private Doc declaration(String keyword, List<String> names) {
        return Doc.group(Doc.cat(Doc.text(keyword), commaList(names)));
    }

    private static Doc commaList(List<String> names) {
        List<Doc> docs = new ArrayList<>();
        names.forEach(n -> docs.add(Doc.text(n)));
        return Doc.align(Doc.join(Doc.cat(Doc.text(","), Doc.LINE), docs));
    }

    /** {@code \*} comment lines, each followed by a hard line unless {@code last} is suppressed. */
    private static Doc comments(List<String> lines, boolean trailingBreak) {
        List<Doc> docs = new ArrayList<>();
        List<String> split = new ArrayList<>();
        for (String l : lines) {
            split.addAll(List.of(l.split("\r\n|\r|\n", -1)));
        }
        for (int i = 0; i < split.size(); i++) {
            String l = split.get(i).stripTrailing();
            docs.add(Doc.text(l.isEmpty() ? "\\*" : "\\* " + l));
            if (trailingBreak || i < split.size() - 1) {
                docs.add(Doc.HARD);
            }
        }
        return Doc.cat(docs);
    }

    /**
     * {@code name(params) == body}: on one line when it fits, else the body on the next line,
     * indented. A top-level definition is marked with a {@link DefKey}; a LET definition with an
     * origin with a {@link SourceKey}.
     */
    private Doc definition(TlaModule.OpDef d, boolean topLevel) {
        return definition(d, topLevel, Pos.STATEMENT);
    }

    private Doc definition(TlaModule.OpDef d, boolean topLevel, Pos bodyPos) {
        StringBuilder header = new StringBuilder(d.name());
        if (!d.params().isEmpty()) {
            header.append('(').append(String.join(", ", d.params())).append(')');
        }
        header.append(" ==");
        Doc def = Doc.group(Doc.cat(Doc.text(header.toString()),
                Doc.nest(DEF_INDENT, Doc.cat(Doc.LINE, expr(d.body(), bodyPos)))));
        if (topLevel) {
            def = new Doc.Mark(new DefKey(d), def);
        } else if (d.origin() != null) {
            def = new Doc.Mark(new SourceKey(d.origin()), def);
        }
        if (d.commentLines().isEmpty()) {
            return def;
        }
        return Doc.cat(comments(d.commentLines(), true), def);
    }

    // ====================================================================== positions

    /**
     * The context an expression is printed in.
     *
     * @param statement   junction lists become bullet lists
     * @param minPrec     an operator expression needs a precedence range starting above this
     * @param assocOp     the parent operator when this is its left operand (left-assoc chains)
     * @param rightBound  what may follow on the right: -1 nothing that extends an expression (a
     *                    closing bracket, a comma, THEN/ELSE/IN, end of statement), 0 a
     *                    separator that open-ended constructs could swallow ({@code :},
     *                    {@code ->}, {@code []}, {@code EXCEPT}), else the precedence of the infix
     *                    operator that follows
     * @param bareBullets a bullet list needs no parentheses here
     * @param prefixArg   the operand of a prefix operator (prefix operators nest freely)
     */
    private record Pos(boolean statement, int minPrec, BinOp assocOp, int rightBound,
                       boolean bareBullets, boolean prefixArg) {

        static final Pos STATEMENT = new Pos(true, 0, null, -1, true, false);
        static final Pos CLOSED = new Pos(false, 0, null, -1, true, false);
        /** Followed by a separator on the same line: {@code :}, {@code ->}, {@code EXCEPT}. */
        static final Pos SEMI = new Pos(false, 0, null, 0, false, false);
        /** Base of {@code e'}, {@code f[a]}, {@code r.f}. */
        static final Pos POSTFIX_BASE = new Pos(false, 14, null, 16, false, false);

        static Pos infixLeft(BinOp op) {
            return new Pos(false, op.high(), op, op.high(), false, false);
        }

        static Pos infixRight(BinOp op, Pos parent) {
            return new Pos(false, op.high(), null, parent.rightBound, parent.rightBound < 0, false);
        }

        static Pos prefixArg(UnOp op, Pos parent) {
            return new Pos(false, op.high(), null, parent.rightBound, false, true);
        }

        /** The last, right-open part of a construct printed at this position. */
        Pos tail() {
            return new Pos(statement, 0, null, rightBound, statement || rightBound < 0, false);
        }

        /**
         * A part followed by a keyword or separator on a later line when the construct breaks
         * (THEN, ELSE, a CASE arm): open-ended constructs need parentheses, bullets do not.
         */
        Pos beforeKeyword() {
            return new Pos(statement, 0, null, 0, true, false);
        }
    }

    private enum Kind { ATOM, INFIX, PREFIX, OPEN }

    /** Precedence facts of an expression node ({@code op} only for infix shapes). */
    private record Shape(Kind kind, int low, BinOp op) {
    }

    private static final int ATOM_PREC = 100;

    private static Shape shape(TlaExpr e) {
        if (e instanceof Infix in) {
            return new Shape(Kind.INFIX, in.op().low(), in.op());
        } else if (e instanceof And) {
            return new Shape(Kind.INFIX, BinOp.AND.low(), BinOp.AND);
        } else if (e instanceof Or) {
            return new Shape(Kind.INFIX, BinOp.OR.low(), BinOp.OR);
        } else if (e instanceof Prefix p) {
            return new Shape(Kind.PREFIX, p.op().low(), null);
        } else if (e instanceof Num n && n.v() < 0) {
            return new Shape(Kind.PREFIX, UnOp.NEG.low(), null);
        } else if (e instanceof Quant || e instanceof TlaExpr.Choose || e instanceof If
                || e instanceof Case || e instanceof Let) {
            return new Shape(Kind.OPEN, 0, null);
        } else if (e instanceof Primed) {
            return new Shape(Kind.ATOM, 15, null);
        } else if (e instanceof FunApp) {
            return new Shape(Kind.ATOM, 16, null);
        } else if (e instanceof Select) {
            return new Shape(Kind.ATOM, 17, null);
        }
        return new Shape(Kind.ATOM, ATOM_PREC, null);
    }

    /**
     * Whether a node of shape {@code s} needs parentheses at {@code pos}: its precedence range is
     * not strictly above {@code minPrec} (left-associative chains excepted), or it is right-open
     * (prefix operator, binder, IF, CASE, LET) and something it would swallow follows.
     */
    private static boolean needsParens(Shape s, Pos pos) {
        switch (s.kind()) {
            case ATOM:
                return s.low() <= pos.minPrec();
            case INFIX:
                boolean chain = pos.assocOp() != null && s.op() == pos.assocOp() && s.op().isLeftAssociative();
                return !chain && s.low() <= pos.minPrec();
            case PREFIX:
                return pos.prefixArg() ? s.low() <= pos.rightBound() : s.low() <= pos.minPrec() || s.low() <= pos.rightBound();
            case OPEN:
                return pos.rightBound() >= 0 || pos.minPrec() >= Pos.POSTFIX_BASE.minPrec();
            default:
                throw new IllegalStateException();
        }
    }

    // ====================================================================== expressions

    /**
     * The node that determines how {@code e} prints: {@code Sourced} wrappers are transparent, an
     * empty junction list is {@code TRUE}/{@code FALSE} and a one-element list is its element.
     */
    private static TlaExpr core(TlaExpr e) {
        while (true) {
            if (e instanceof Sourced s) {
                e = s.e();
            } else if (e instanceof And a && a.items().size() <= 1) {
                e = a.items().isEmpty() ? new Bool(true) : a.items().get(0);
            } else if (e instanceof Or o && o.items().size() <= 1) {
                e = o.items().isEmpty() ? new Bool(false) : o.items().get(0);
            } else {
                return e;
            }
        }
    }

    /** Lays out {@code e} at {@code pos}, adding parentheses and provenance marks. */
    private Doc expr(TlaExpr e, Pos pos) {
        List<Object> origins = null;
        TlaExpr core = e;
        while (true) {
            if (core instanceof Sourced s) {
                if (origins == null) {
                    origins = new ArrayList<>(1);
                }
                origins.add(s.origin());
                core = s.e();
            } else if (core instanceof And a && a.items().size() <= 1) {
                core = a.items().isEmpty() ? new Bool(true) : a.items().get(0);
            } else if (core instanceof Or o && o.items().size() <= 1) {
                core = o.items().isEmpty() ? new Bool(false) : o.items().get(0);
            } else {
                break;
            }
        }
        Doc d;
        if (core instanceof And a) {
            d = junction(a.items(), BinOp.AND, pos);
        } else if (core instanceof Or o) {
            d = junction(o.items(), BinOp.OR, pos);
        } else if (needsParens(shape(core), pos)) {
            d = parens(core.accept(new Layout(Pos.CLOSED)));
        } else {
            d = core.accept(new Layout(pos));
        }
        if (origins != null) {
            for (int i = origins.size() - 1; i >= 0; i--) {
                d = new Doc.Mark(new SourceKey(origins.get(i)), d);
            }
        }
        return d;
    }

    /**
     * Lays out {@code e} right after an opening square bracket or brace (or as a set element):
     * there SANY reads a leading {@code x \in S} as a binder (function constructor, set filter),
     * so an expression whose leftmost operator is {@code \in} is parenthesized.
     */
    private Doc afterBracket(TlaExpr e, Pos pos) {
        return startsWithIn(e) ? parens(expr(e, Pos.CLOSED)) : expr(e, pos);
    }

    /** True if an {@code \in} occurs on the left spine of {@code e}'s operator tree. */
    private static boolean startsWithIn(TlaExpr e) {
        while (true) {
            e = core(e);
            if (e instanceof Infix in) {
                if (in.op() == BinOp.IN) {
                    return true;
                }
                e = in.left();
            } else if (e instanceof And a) {
                e = a.items().get(0);
            } else if (e instanceof Or o) {
                e = o.items().get(0);
            } else {
                return false;
            }
        }
    }

    private static Doc parens(Doc d) {
        return Doc.cat(Doc.text("("), d, Doc.text(")"));
    }

    /** A junction list of two or more items. */
    private Doc junction(List<TlaExpr> items, BinOp op, Pos pos) {
        Doc bullets = bullets(items, op, pos.statement() || pos.bareBullets() ? pos.rightBound() : -1);
        if (pos.statement()) {
            return bullets;
        }
        boolean inlineParens = needsParens(new Shape(Kind.INFIX, op.low(), op), pos);
        Pos inner = inlineParens ? Pos.CLOSED : pos;
        List<Doc> parts = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Pos p;
            if (i == 0) {
                p = Pos.infixLeft(op);
            } else if (i < items.size() - 1) {
                p = new Pos(false, op.high(), null, op.high(), false, false);
            } else {
                p = Pos.infixRight(op, inner);
            }
            if (i > 0) {
                parts.add(Doc.text(" " + op.symbol() + " "));
            }
            parts.add(expr(items.get(i), p));
        }
        Doc inline = Doc.cat(parts);
        if (inlineParens) {
            inline = parens(inline);
        }
        if (!pos.bareBullets()) {
            bullets = parens(bullets);
        }
        return Doc.group(new Doc.Alt(inline, bullets));
    }

    /**
     * A column-aligned bullet list; each item's lines are aligned past its bullet. The column
     * rule ends an item at the next bullet, but a CASE in the last item would still swallow a
     * following {@code []} on a later line, so the last item inherits {@code rightBound}.
     */
    private Doc bullets(List<TlaExpr> items, BinOp op, int rightBound) {
        Pos last = rightBound < 0 ? Pos.STATEMENT : Pos.STATEMENT.beforeKeyword();
        List<Doc> docs = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Pos p = i == items.size() - 1 ? last : Pos.STATEMENT;
            docs.add(Doc.cat(Doc.text(op.symbol() + " "), Doc.align(expr(items.get(i), p))));
        }
        return Doc.align(Doc.join(Doc.HARD, docs));
    }

    /** {@code open items close} with items separated by {@code ", "}, broken and aligned when long. */
    private static Doc bracket(String open, List<Doc> items, String close) {
        return Doc.group(Doc.cat(Doc.text(open), Doc.align(Doc.join(Doc.cat(Doc.text(","), Doc.LINE), items)),
                Doc.text(close)));
    }

    /** True for nodes that start with an opening bracket and break inside it. */
    private static boolean selfBreaking(TlaExpr e) {
        e = core(e);
        return e instanceof Except || e instanceof Record || e instanceof RecordSet || e instanceof FunCons
                || e instanceof FunSet || e instanceof SetFilter || e instanceof SetMap
                || (e instanceof SetOf so && !so.elems().isEmpty())
                || (e instanceof Tuple t && !t.elems().isEmpty())
                || (e instanceof Apply ap && !ap.args().isEmpty());
    }

    /** True if the (unparenthesized) text of {@code e} starts with {@code -}. */
    private static boolean startsWithMinus(TlaExpr e) {
        e = core(e);
        return (e instanceof Prefix p && p.op() == UnOp.NEG) || (e instanceof Num n && n.v() < 0);
    }

    /** Escapes a string literal. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                case '\f':
                    sb.append("\\f");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    /** Layout of one node kind at a position whose parenthesization is already decided. */
    private final class Layout implements TlaExpr.Visitor<Doc> {
        private final Pos pos;

        Layout(Pos pos) {
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
            if (selfBreaking(e.right())) {
                // x' = [x EXCEPT ...]: keep the bracket on the operator's line if its first line fits
                Doc hang = Doc.cat(left, Doc.text(" " + op.symbol() + " "), right);
                return Doc.align(Doc.group(new Doc.Choice(hang, broken)));
            }
            return Doc.align(Doc.group(broken));
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
                parts.add(Doc.text(" = "));
                parts.add(Doc.align(expr(u.value(), Pos.CLOSED)));
                updates.add(Doc.cat(parts));
            }
            Doc base = afterBracket(e.base(), Pos.SEMI);
            Doc list = Doc.join(Doc.cat(Doc.text(","), Doc.LINE), updates);
            // One line when it fits. Else one update: [f EXCEPT ![a] = 1] as far as its first
            // line fits, or the update on a line of its own; several updates: each on its own
            // line, indented from the line the EXCEPT is on (not from its bracket, which would
            // push every update far right):
            //   /\ x' = [x EXCEPT
            //            ![self].a = 1,
            //            ![self].b = 2]
            Doc hang = Doc.align(Doc.cat(Doc.text("["), base, Doc.text(" EXCEPT "), Doc.align(list), Doc.text("]")));
            Doc broken = Doc.cat(Doc.text("["), base, Doc.text(" EXCEPT"),
                    Doc.nest(EXCEPT_INDENT, Doc.cat(Doc.LINE, list)), Doc.text("]"));
            if (updates.size() == 1) {
                return Doc.group(new Doc.Choice(hang, broken));
            }
            return Doc.group(new Doc.Alt(hang, broken));
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
            return Doc.group(Doc.align(Doc.cat(
                    Doc.text("LET "), Doc.align(Doc.join(Doc.HARD, defs)), Doc.LINE,
                    Doc.text("IN "), Doc.align(expr(e.body(), pos.tail())))));
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
}

package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.Precedence.needsParens;
import static dev.inflight.translator.tla.Precedence.shape;

import java.util.ArrayList;
import java.util.List;

import dev.inflight.translator.tla.Precedence.Kind;
import dev.inflight.translator.tla.Precedence.Pos;
import dev.inflight.translator.tla.Precedence.Shape;
import dev.inflight.translator.tla.SourceMarks.SourceKey;
import dev.inflight.translator.tla.TlaExpr.And;
import dev.inflight.translator.tla.TlaExpr.Apply;
import dev.inflight.translator.tla.TlaExpr.Name;
import dev.inflight.translator.tla.TlaExpr.Bool;
import dev.inflight.translator.tla.TlaExpr.Except;
import dev.inflight.translator.tla.TlaExpr.FunCons;
import dev.inflight.translator.tla.TlaExpr.FunSet;
import dev.inflight.translator.tla.TlaExpr.Infix;
import dev.inflight.translator.tla.TlaExpr.Num;
import dev.inflight.translator.tla.TlaExpr.Or;
import dev.inflight.translator.tla.TlaExpr.Prefix;
import dev.inflight.translator.tla.TlaExpr.Record;
import dev.inflight.translator.tla.TlaExpr.RecordSet;
import dev.inflight.translator.tla.TlaExpr.SetFilter;
import dev.inflight.translator.tla.TlaExpr.SetMap;
import dev.inflight.translator.tla.TlaExpr.SetOf;
import dev.inflight.translator.tla.TlaExpr.Sourced;
import dev.inflight.translator.tla.TlaExpr.Tuple;

/**
 * Lays out a {@link TlaExpr} as a {@link Doc} at a {@link Pos}: unwraps {@link Sourced} nodes into
 * provenance marks, adds the parentheses {@link Precedence} asks for, and prints junction lists
 * ({@link And}, {@link Or}), which are either inline or column-aligned bullet lists. Every other
 * node kind is laid out by {@link NodeLayout}.
 *
 * <p>Junction lists in <i>statement position</i> (a definition body, an {@code ASSUME}, a bullet
 * item, and the branches, bodies and arms of such statements) are printed as bullet lists;
 * elsewhere they are printed inline when they fit in the width, and as bullet lists otherwise
 * (parenthesized where text could follow on the same line). Every line of a bullet item is
 * indented past its bullet, as TLA+ requires.
 *
 * <p>Also holds the small syntactic tests on expressions that the layout of several node kinds
 * shares ({@link #core}, {@link #selfBreaking}, {@link #startsWithMinus}).
 */
final class ExprLayout {

    /**
     * The node that determines how {@code e} prints: {@code Sourced} wrappers are transparent, an
     * empty junction list is {@code TRUE}/{@code FALSE} and a one-element list is its element.
     */
    static TlaExpr core(TlaExpr e) {
        return core(e, null);
    }

    /**
     * {@link #core(TlaExpr)}, adding the origin of every {@code Sourced} wrapper it passes,
     * outermost first, to {@code origins} (unless null).
     */
    private static TlaExpr core(TlaExpr e, List<Object> origins) {
        while (true) {
            if (e instanceof Sourced s) {
                if (origins != null) {
                    origins.add(s.origin());
                }
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
    static Doc expr(TlaExpr e, Pos pos) {
        List<Object> origins = new ArrayList<>();
        TlaExpr core = core(e, origins);
        Doc d;
        if (core instanceof And a) {
            d = junction(a.items(), BinOp.AND, pos);
        } else if (core instanceof Or o) {
            d = junction(o.items(), BinOp.OR, pos);
        } else if (needsParens(shape(core), pos)) {
            d = parens(core.accept(new NodeLayout(Pos.CLOSED)));
        } else {
            d = core.accept(new NodeLayout(pos));
        }
        return marked(d, origins);
    }

    /** {@code d} inside the source marks of the {@code Sourced} wrappers it was laid out from. */
    private static Doc marked(Doc d, List<Object> origins) {
        for (int i = origins.size() - 1; i >= 0; i--) {
            d = new Doc.Mark(new SourceKey(origins.get(i)), d);
        }
        return d;
    }

    /**
     * Lays out {@code e} right after an opening square bracket or brace (or as a set element):
     * there SANY reads a leading {@code x \in S} as a binder (function constructor, set filter),
     * so an expression whose leftmost operator is {@code \in} is parenthesized.
     */
    static Doc afterBracket(TlaExpr e, Pos pos) {
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

    static Doc parens(Doc d) {
        return Doc.cat(Doc.text("("), d, Doc.text(")"));
    }

    /** A junction list of two or more items. */
    static Doc junction(List<TlaExpr> items, BinOp op, Pos pos) {
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
    private static Doc bullets(List<TlaExpr> items, BinOp op, int rightBound) {
        Pos last = rightBound < 0 ? Pos.STATEMENT : Pos.STATEMENT.beforeKeyword();
        List<Doc> docs = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Pos p = i == items.size() - 1 ? last : Pos.STATEMENT;
            docs.add(Doc.cat(Doc.text(op.symbol() + " "), Doc.align(op == BinOp.OR ? disjunct(items.get(i), p) : expr(items.get(i), p))));
        }
        return Doc.align(Doc.join(Doc.HARD, docs));
    }

    /**
     * A disjunct in a bullet list: a named run of guards and one more conjunct (a fault path,
     * {@code ok3 /\ FaultOn(...)}) on one line where it fits, else as {@link #expr} writes it.
     */
    private static Doc disjunct(TlaExpr e, Pos pos) {
        List<Object> origins = new ArrayList<>();
        if (core(e, origins) instanceof And a && a.items().size() == 2 && core(a.items().get(0)) instanceof Name) {
            Doc inline = Doc.cat(expr(a.items().get(0), Pos.infixLeft(BinOp.AND)), Doc.text(" " + BinOp.AND.symbol() + " "),
                    expr(a.items().get(1), Pos.infixRight(BinOp.AND, pos)));
            return Doc.group(new Doc.Alt(marked(inline, origins), expr(e, pos)));
        }
        return expr(e, pos);
    }

    /** {@code open items close} with items separated by {@code ", "}, broken and aligned when long. */
    static Doc bracket(String open, List<Doc> items, String close) {
        return Doc.group(Doc.cat(Doc.text(open), Doc.align(Doc.join(Doc.cat(Doc.text(","), Doc.LINE), items)),
                Doc.text(close)));
    }

    /** True for nodes that start with an opening bracket and break inside it. */
    static boolean selfBreaking(TlaExpr e) {
        e = core(e);
        return e instanceof Except || e instanceof Record || e instanceof RecordSet || e instanceof FunCons
                || e instanceof FunSet || e instanceof SetFilter || e instanceof SetMap
                || (e instanceof SetOf so && !so.elems().isEmpty())
                || (e instanceof Tuple t && !t.elems().isEmpty())
                || (e instanceof Apply ap && !ap.args().isEmpty());
    }

    /** True if the (unparenthesized) text of {@code e} starts with {@code -}. */
    static boolean startsWithMinus(TlaExpr e) {
        e = core(e);
        return (e instanceof Prefix p && p.op() == UnOp.NEG) || (e instanceof Num n && n.v() < 0);
    }

    private ExprLayout() {
    }
}

package dev.inflight.translator.tla;

import dev.inflight.translator.tla.TlaExpr.And;
import dev.inflight.translator.tla.TlaExpr.Case;
import dev.inflight.translator.tla.TlaExpr.FunApp;
import dev.inflight.translator.tla.TlaExpr.If;
import dev.inflight.translator.tla.TlaExpr.Infix;
import dev.inflight.translator.tla.TlaExpr.Let;
import dev.inflight.translator.tla.TlaExpr.Num;
import dev.inflight.translator.tla.TlaExpr.Or;
import dev.inflight.translator.tla.TlaExpr.Prefix;
import dev.inflight.translator.tla.TlaExpr.Primed;
import dev.inflight.translator.tla.TlaExpr.Quant;
import dev.inflight.translator.tla.TlaExpr.Select;

/**
 * When {@link TlaPrinter} parenthesizes an operand: the context an expression is printed in
 * ({@link Pos}) and the precedence facts of a node ({@link Shape}), both taken from the
 * precedence data of {@link BinOp} and {@link UnOp} only.
 *
 * <p>An operand is parenthesized when its precedence range is not strictly above its operator's
 * (except a left-associative operator chained with itself on the left), when it is a prefix
 * expression or an open-ended construct ({@code \A}, {@code CHOOSE}, {@code IF}, {@code CASE},
 * {@code LET}) that would swallow the text that follows it, and when it is the base of a postfix
 * form ({@code e'}, {@code f[a]}, {@code r.f}) and not atomic.
 */
final class Precedence {

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
    record Pos(boolean statement, int minPrec, BinOp assocOp, int rightBound,
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

    enum Kind { ATOM, INFIX, PREFIX, OPEN }

    /** Precedence facts of an expression node ({@code op} only for infix shapes). */
    record Shape(Kind kind, int low, BinOp op) {
    }

    private static final int ATOM_PREC = 100;

    /** The precedence facts of {@code e}, a node as {@link ExprLayout#core} returns it. */
    static Shape shape(TlaExpr e) {
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
    static boolean needsParens(Shape s, Pos pos) {
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

    private Precedence() {
    }
}

package dev.inflight.translator.tla;

/**
 * Infix operators of the IR, with their TLA+ precedence as data.
 *
 * <p>Precedence ranges and associativity follow the operator table of <i>Specifying Systems</i>
 * (§15.2.1, table "Operators"), which is also SANY's built-in table (lowest 1, highest 15). Two
 * expressions {@code a op1 (b op2 c)} need parentheses unless op2's range lies strictly above
 * op1's; the only exception is a left-associative operator chained with itself on the left:
 * {@code (a + b) + c} prints as {@code a + b + c}. The printer derives all parenthesization from
 * these numbers.
 */
public enum BinOp {
    /** {@code =>}. */
    IMPLIES("=>", 1, 1, Assoc.NONE),
    /** {@code <=>} (same as {@code \equiv}). */
    EQUIV("<=>", 2, 2, Assoc.NONE),
    /** {@code ~>} (leads-to). */
    LEADS_TO("~>", 2, 2, Assoc.NONE),
    /** {@code /\} as a binary operator; prefer {@link TlaExpr.And} for lists. */
    AND("/\\", 3, 3, Assoc.LEFT),
    /** {@code \/} as a binary operator; prefer {@link TlaExpr.Or} for lists. */
    OR("\\/", 3, 3, Assoc.LEFT),
    /** {@code =}. */
    EQ("=", 5, 5, Assoc.NONE),
    /** {@code #}. */
    NEQ("#", 5, 5, Assoc.NONE),
    /** {@code <}. */
    LT("<", 5, 5, Assoc.NONE),
    /** {@code >}. */
    GT(">", 5, 5, Assoc.NONE),
    /** {@code \leq}. */
    LEQ("\\leq", 5, 5, Assoc.NONE),
    /** {@code \geq}. */
    GEQ("\\geq", 5, 5, Assoc.NONE),
    /** {@code \in}. */
    IN("\\in", 5, 5, Assoc.NONE),
    /** {@code \notin}. */
    NOTIN("\\notin", 5, 5, Assoc.NONE),
    /** {@code \subseteq}. */
    SUBSETEQ("\\subseteq", 5, 5, Assoc.NONE),
    /** {@code @@} (TLC module: function merge). */
    FUN_MERGE("@@", 6, 6, Assoc.LEFT),
    /** {@code :>} (TLC module: single-point function). */
    MAPS_TO(":>", 7, 7, Assoc.NONE),
    /** {@code \cup}. */
    CUP("\\cup", 8, 8, Assoc.LEFT),
    /** {@code \cap}. */
    CAP("\\cap", 8, 8, Assoc.LEFT),
    /** {@code \} (set difference). */
    SETMINUS("\\", 8, 8, Assoc.NONE),
    /** {@code ..} (integer interval); printed without surrounding spaces. */
    RANGE("..", 9, 9, Assoc.NONE),
    /** {@code +}. */
    PLUS("+", 10, 10, Assoc.LEFT),
    /** {@code %}. */
    MOD("%", 10, 11, Assoc.NONE),
    /** {@code -} (binary; 11-11 in the table, tighter than {@code +}). */
    MINUS("-", 11, 11, Assoc.LEFT),
    /**
     * {@code \X} (Cartesian product). It is n-ary in TLA+, {@code A \X B \X C} is a set of
     * triples, so the IR treats it as non-associative and parenthesizes nested products.
     */
    TIMES("\\X", 10, 13, Assoc.NONE),
    /** {@code *}. */
    MUL("*", 13, 13, Assoc.LEFT),
    /** {@code \div}. */
    DIV("\\div", 13, 13, Assoc.NONE),
    /** {@code \o} (sequence concatenation). */
    CONCAT("\\o", 13, 13, Assoc.LEFT),
    /** {@code ^}. */
    POW("^", 14, 14, Assoc.NONE);

    /** Associativity of an infix operator. */
    public enum Assoc {
        /** {@code a op b op c} means {@code (a op b) op c}. */
        LEFT,
        /** {@code a op b op c} is a precedence conflict. */
        NONE
    }

    private final String symbol;
    private final int low;
    private final int high;
    private final Assoc assoc;

    BinOp(String symbol, int low, int high, Assoc assoc) {
        this.symbol = symbol;
        this.low = low;
        this.high = high;
        this.assoc = assoc;
    }

    /** The ASCII symbol, e.g. {@code \cup}. */
    public String symbol() {
        return symbol;
    }

    /** Lower end of the precedence range. */
    public int low() {
        return low;
    }

    /** Upper end of the precedence range. */
    public int high() {
        return high;
    }

    /** Associativity. */
    public Assoc assoc() {
        return assoc;
    }

    /** True for left-associative operators. */
    public boolean isLeftAssociative() {
        return assoc == Assoc.LEFT;
    }
}

package dev.inflight.translator.tla;

/**
 * Prefix operators of the IR, with their TLA+ precedence ranges as data.
 *
 * <p>Ranges follow <i>Specifying Systems</i> §15.2.1. For {@code SUBSET}, {@code UNION} and
 * {@code DOMAIN} the book (8-8, 8-8, 9-9) and SANY's built-in table (10-13) disagree; the IR uses
 * the union of both ranges, so the printer's output parses the same under either reading.
 */
public enum UnOp {
    /** {@code ~} (logical negation). */
    NOT("~", 4, 4, false),
    /** Unary {@code -} (needs {@code EXTENDS Integers}). */
    NEG("-", 12, 12, false),
    /** {@code UNCHANGED}. */
    UNCHANGED("UNCHANGED", 4, 15, true),
    /** {@code ENABLED}. */
    ENABLED("ENABLED", 4, 15, true),
    /** {@code []} (always). */
    ALWAYS("[]", 4, 15, false),
    /** {@code <>} (eventually). */
    EVENTUALLY("<>", 4, 15, false),
    /** {@code SUBSET} (power set). */
    SUBSET("SUBSET", 8, 13, true),
    /** {@code UNION} (generalized union). */
    UNION("UNION", 8, 13, true),
    /** {@code DOMAIN}. */
    DOMAIN("DOMAIN", 9, 13, true);

    private final String symbol;
    private final int low;
    private final int high;
    private final boolean word;

    UnOp(String symbol, int low, int high, boolean word) {
        this.symbol = symbol;
        this.low = low;
        this.high = high;
        this.word = word;
    }

    /** The ASCII symbol or keyword. */
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

    /** True for keyword operators, which are separated from their operand by a space. */
    public boolean isWord() {
        return word;
    }
}

package dev.inflight.translator.tla;

/** The two bounded quantifiers. */
public enum Quantifier {
    /** {@code \A}. */
    FORALL("\\A"),
    /** {@code \E}. */
    EXISTS("\\E");

    private final String symbol;

    Quantifier(String symbol) {
        this.symbol = symbol;
    }

    /** {@code \A} or {@code \E}. */
    public String symbol() {
        return symbol;
    }
}

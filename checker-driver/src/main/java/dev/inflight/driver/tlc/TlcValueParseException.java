package dev.inflight.driver.tlc;

/** Thrown when text is not a TLC value; the message names the position and shows the offending line. */
public final class TlcValueParseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int offset;

    public TlcValueParseException(String message, int offset) {
        super(message);
        this.offset = offset;
    }

    /** Character offset into the parsed text where the problem was found. */
    public int offset() {
        return offset;
    }
}

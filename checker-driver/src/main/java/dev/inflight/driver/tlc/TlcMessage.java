package dev.inflight.driver.tlc;

import java.util.List;

/**
 * A framed TLC message: {@code @!@!@STARTMSG code:severity @!@!@}, body lines,
 * {@code @!@!@ENDMSG code @!@!@}. Codes are those of {@code tlc2.output.EC} (see {@link TlcCodes}).
 *
 * @param code     message code
 * @param severity {@link #INFO}, {@link #ERROR}, {@link #TLCBUG}, {@link #WARNING} or {@link #STATE}
 * @param body     body lines without the frame markers; trailing blank lines are dropped. A nested
 *                 frame's body lines are included (its markers are not).
 */
public record TlcMessage(int code, int severity, List<String> body) implements TlcEvent {

    /** Severity (message class) 0: information. */
    public static final int INFO = 0;
    /** Severity 1: an error in the spec or model. */
    public static final int ERROR = 1;
    /** Severity 2: a TLC bug. */
    public static final int TLCBUG = 2;
    /** Severity 3: a warning. */
    public static final int WARNING = 3;
    /** Severity 4: a state of a trace. */
    public static final int STATE = 4;

    public TlcMessage {
        body = List.copyOf(body);
    }

    /** The body joined with {@code \n}. */
    public String text() {
        return String.join("\n", body);
    }

    /** The first body line, or {@code ""} for an empty body. */
    public String firstLine() {
        return body.isEmpty() ? "" : body.get(0);
    }
}

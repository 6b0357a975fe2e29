package dev.inflight.driver.tlc;

/**
 * One item of TLC's {@code -tool} output: a framed {@link TlcMessage} or an unframed {@link TextLine}
 * (SANY output and errors, {@code Print}/{@code PrintT} output).
 */
public sealed interface TlcEvent permits TlcMessage, TlcEvent.TextLine {

    /** A line printed outside any {@code @!@!@STARTMSG} frame, verbatim. */
    record TextLine(String text) implements TlcEvent {
        public TextLine {
            java.util.Objects.requireNonNull(text, "text");
        }
    }
}

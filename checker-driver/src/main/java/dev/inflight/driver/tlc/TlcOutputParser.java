package dev.inflight.driver.tlc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits TLC {@code -tool} output into {@link TlcEvent}s, one line at a time.
 *
 * <p>Frames may nest (a 1000 message can contain a 5006 frame) and a start marker may follow other
 * text on the same line ({@code ": @!@!@STARTMSG 5006:0 @!@!@"}): text before a marker belongs to the
 * enclosing frame, or is an unframed line. A nested message is emitted when it ends, before its
 * parent; the parent's body also contains the nested body lines. Not thread-safe.
 */
public final class TlcOutputParser {

    private static final Pattern MARKER =
            Pattern.compile("@!@!@(?:STARTMSG (-?\\d+)(?::(-?\\d+))?|ENDMSG (-?\\d+)) @!@!@");

    private final Consumer<? super TlcEvent> sink;
    private final Deque<Frame> open = new ArrayDeque<>();

    private static final class Frame {
        final int code;
        final int severity;
        final List<String> body = new ArrayList<>();

        Frame(int code, int severity) {
            this.code = code;
            this.severity = severity;
        }
    }

    /** @param sink receives each event as soon as it is complete */
    public TlcOutputParser(Consumer<? super TlcEvent> sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Splits a whole output text (any line terminators) into events. */
    public static List<TlcEvent> parse(String text) {
        List<TlcEvent> events = new ArrayList<>();
        TlcOutputParser p = new TlcOutputParser(events::add);
        text.lines().forEach(p::accept);
        p.finish();
        return events;
    }

    /** Feeds one line (without its terminator). */
    public void accept(String line) {
        Matcher m = MARKER.matcher(line);
        int from = 0;
        boolean sawMarker = false;
        while (m.find()) {
            sawMarker = true;
            String before = line.substring(from, m.start());
            if (!before.isBlank()) {
                text(before);
            }
            if (m.group(1) != null) {
                int severity = m.group(2) == null ? TlcMessage.INFO : Integer.parseInt(m.group(2));
                open.push(new Frame(Integer.parseInt(m.group(1)), severity));
            } else {
                end(Integer.parseInt(m.group(3)), m.group());
            }
            from = m.end();
        }
        if (!sawMarker) {
            text(line);
        } else {
            String rest = line.substring(from);
            if (!rest.isBlank()) {
                text(rest);
            }
        }
    }

    /** Emits frames left open (e.g. TLC was killed mid-message) with the body read so far. */
    public void finish() {
        while (!open.isEmpty()) {
            close();
        }
    }

    /** True while inside an unfinished frame. */
    public boolean insideFrame() {
        return !open.isEmpty();
    }

    private void text(String s) {
        Frame f = open.peek();
        if (f == null) {
            sink.accept(new TlcEvent.TextLine(s));
        } else {
            f.body.add(s);
        }
    }

    private void end(int code, String marker) {
        boolean known = open.stream().anyMatch(f -> f.code == code);
        if (!known) {
            text(marker); // stray end marker: keep it as text rather than lose it
            return;
        }
        while (true) {
            Frame f = open.peek();
            close();
            if (f.code == code) {
                return;
            }
        }
    }

    private void close() {
        Frame f = open.pop();
        List<String> body = new ArrayList<>(f.body);
        while (!body.isEmpty() && body.get(body.size() - 1).isBlank()) {
            body.remove(body.size() - 1);
        }
        TlcMessage msg = new TlcMessage(f.code, f.severity, body);
        Frame parent = open.peek();
        if (parent != null) {
            parent.body.addAll(body);
        }
        sink.accept(msg);
    }
}

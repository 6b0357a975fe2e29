package dev.inflight.driver.tlc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A 2200 progress report: {@code Progress(6) at …: 20 states generated (1,530 s/min), 14 distinct states
 * found (1,071 ds/min), 2 states left on queue.} The rates are missing while liveness is checked;
 * they are then {@link TlcStatistics#UNKNOWN}.
 *
 * @param generated               states generated so far
 * @param distinct                distinct states found so far
 * @param queue                   states left on the queue
 * @param statesPerMinute         generation rate, or -1
 * @param distinctStatesPerMinute distinct-state rate, or -1
 * @param depth                   the BFS level reached ({@code Progress(N)}), or -1
 */
public record TlcProgress(long generated, long distinct, long queue, long statesPerMinute,
                          long distinctStatesPerMinute, long depth) {

    private static final Pattern PROGRESS = Pattern.compile(
            "Progress\\((-?\\d+)\\).*?: ([\\d,]+) states generated(?: \\(([\\d,]+) s/min\\))?, "
                    + "(-?[\\d,]+) distinct states found(?: \\(([\\d,]+) ds/min\\))?, (-?[\\d,]+) states left on queue");

    /** Parses a 2200 message body; {@code null} if it does not look like one. */
    public static TlcProgress parse(String text) {
        Matcher m = PROGRESS.matcher(text);
        if (!m.find()) {
            return null;
        }
        return new TlcProgress(num(m.group(2)), num(m.group(4)), num(m.group(6)), num(m.group(3)),
                num(m.group(5)), num(m.group(1)));
    }

    static long num(String s) {
        return s == null ? TlcStatistics.UNKNOWN : Long.parseLong(s.replace(",", ""));
    }
}

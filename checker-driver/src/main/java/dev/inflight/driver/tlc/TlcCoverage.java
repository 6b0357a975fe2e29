package dev.inflight.driver.tlc;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Per-action coverage of a run with {@code -coverage}: TLC's 2772 messages
 * ({@code <producer_L17 line 43, col 1 to line 43, col 18 of module m>: 1:4}, distinct:generated)
 * and 2773 for the initial predicate. An action TLC never took has 0 generated states; an action
 * TLC does not list at all (not part of Next) is unknown.
 *
 * @param actions action name → counts, in TLC's order
 */
public record TlcCoverage(Map<String, Counts> actions) {

    /** Coverage message for an action of Next. */
    public static final int ACTION = 2772;
    /** Coverage message for the initial predicate. */
    public static final int INIT = 2773;

    private static final Pattern LINE = Pattern.compile("^<(\\w+)(?:\\([^)]*\\))? line .*>: (\\d+):(\\d+)\\s*$");

    /**
     * @param distinct  new distinct states the action found
     * @param generated successor states it generated (0: it never fired)
     */
    public record Counts(long distinct, long generated) {
        /** True when the action produced at least one successor state. */
        public boolean fired() {
            return generated > 0;
        }
    }

    public TlcCoverage {
        actions = Collections.unmodifiableMap(new LinkedHashMap<>(actions));
    }

    /** The coverage in {@code messages}, or null when the run printed none (no -coverage, or it stopped early). */
    public static TlcCoverage of(List<TlcMessage> messages) {
        Map<String, Counts> out = new LinkedHashMap<>();
        boolean any = false;
        for (TlcMessage m : messages) {
            if (m.code() != ACTION && m.code() != INIT) {
                continue;
            }
            any = true;
            Matcher x = LINE.matcher(m.firstLine().strip());
            if (x.matches() && m.code() == ACTION) {
                // Counts are cumulative: a later (periodic or final) report supersedes an earlier one.
                out.put(x.group(1), new Counts(Long.parseLong(x.group(2)), Long.parseLong(x.group(3))));
            }
        }
        return any ? new TlcCoverage(out) : null;
    }

    /** True when TLC listed {@code action} and it generated at least one state. */
    public boolean fired(String action) {
        Counts c = actions.get(action);
        return c != null && c.fired();
    }

    /** True when TLC listed {@code action} (fired or not). */
    public boolean knows(String action) {
        return actions.containsKey(action);
    }
}

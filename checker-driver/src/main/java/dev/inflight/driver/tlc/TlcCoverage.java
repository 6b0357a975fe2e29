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
public record TlcCoverage(Map<String, Counts> actions, List<Expr> expressions) {

    /** Coverage starts (a later report supersedes an earlier one). */
    public static final int START = 2201;
    /** Coverage of one expression of an action: {@code   |line 46, col 8 to line 46, col 42 of module m: 2}. */
    public static final int EXPRESSION = 2221;

    private static final Pattern EXPR = Pattern.compile(
        "^\\s*(\\|*)line (\\d+), col (\\d+) to line (\\d+), col (\\d+) of module \\w+: (\\d+)\\s*$");

    /**
     * The count of one expression TLC evaluated while computing successors: how often it was
     * evaluated; {@code depth} is its nesting (the number of `|`).
     */
    public record Expr(int depth, int line, int col, int endLine, int endCol, long count) {}

    public TlcCoverage(Map<String, Counts> actions) {
        this(actions, List.of());
    }

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
        expressions = List.copyOf(expressions);
    }

    /** The coverage in {@code messages}, or null when the run printed none (no -coverage, or it stopped early). */
    public static TlcCoverage of(List<TlcMessage> messages) {
        Map<String, Counts> out = new LinkedHashMap<>();
        List<Expr> exprs = new java.util.ArrayList<>();
        boolean any = false;
        for (TlcMessage m : messages) {
            if (m.code() == START) {
                exprs.clear();
                continue;
            }
            if (m.code() == EXPRESSION) {
                Matcher e = EXPR.matcher(m.firstLine());
                if (e.matches()) {
                    exprs.add(new Expr(e.group(1).length(), Integer.parseInt(e.group(2)), Integer.parseInt(e.group(3)),
                        Integer.parseInt(e.group(4)), Integer.parseInt(e.group(5)), Long.parseLong(e.group(6))));
                }
                continue;
            }
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
        return any ? new TlcCoverage(out, exprs) : null;
    }

    /**
     * With the paths of label actions (docs/semantics.md, "One action per label") counted too, so
     * that {@link #fired} answers for a path as it did when each path was an action of its own.
     * A path's operator occupies lines {@code firstLine..lastLine} of the module (source map), and
     * its body is a conjunction whose last conjunct (the {@code UNCHANGED}, which ends the
     * definition) TLC evaluates only once every earlier conjunct held, i.e. once per successor
     * state the path generated. So a path generated states exactly when the expression that ends
     * on its last line and starts last there was evaluated. A path whose label action TLC did not
     * list stays unknown; one whose last conjunct TLC did not report gets its label's counts.
     *
     * @param paths path name → {first line, last line, label action name}
     */
    public TlcCoverage withPaths(Map<String, PathLines> paths) {
        Map<String, Counts> out = new LinkedHashMap<>(actions);
        for (Map.Entry<String, PathLines> e : paths.entrySet()) {
            PathLines p = e.getValue();
            Counts label = actions.get(p.labelAction());
            if (label == null || out.containsKey(e.getKey())) {
                continue;
            }
            Expr last = null;
            for (Expr x : expressions) {
                if (x.endLine() == p.lastLine() && x.line() >= p.firstLine()
                    && (last == null || x.line() > last.line() || (x.line() == last.line() && x.col() > last.col()))) {
                    last = x;
                }
            }
            out.put(e.getKey(), last == null ? label : new Counts(Math.min(last.count(), label.distinct()), last.count()));
        }
        return new TlcCoverage(out, expressions);
    }

    /** Where a path's operator is in the module, and the label action that runs it. */
    public record PathLines(int firstLine, int lastLine, String labelAction) {}

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

package dev.inflight.driver.tlc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses trace states and lasso markers out of message bodies.
 *
 * <p>State body: a header {@code N: <Initial predicate>} or
 * {@code N: <Name line L, col C to line L2, col C2 of module M>}, then {@code /\ var = value} lines.
 * Long values continue on indented lines; a new variable starts only at a line beginning with
 * {@code /\ }. A spec with one variable prints {@code x = value} without the {@code /\ }.
 */
public final class TlcStateParser {

    private static final Pattern HEADER = Pattern.compile("^\\s*(\\d+): <(.*)>\\s*$");
    private static final Pattern ACTION = Pattern.compile(
            "^([^\\s(]+)(?:\\(.*\\))?(?: line (\\d+), col (\\d+) to line (\\d+), col (\\d+) of module (\\S+))?$");
    private static final Pattern BACK_TO = Pattern.compile("^\\s*(\\d+): Back to state: <(.*)>\\s*$");
    private static final Pattern STUTTER = Pattern.compile("^\\s*(\\d+): Stuttering\\s*$");
    private static final Pattern CONJUNCT = Pattern.compile("^/\\\\ ([A-Za-z0-9_]+) = (.*)$");
    private static final Pattern SINGLE = Pattern.compile("^([A-Za-z0-9_]+) = (.*)$");
    private static final String INITIAL = "Initial predicate";

    private TlcStateParser() {
    }

    /** A parsed action header. {@code name} is {@code null} for the initial predicate. */
    public record ActionHeader(int index, String name, TlaLocation location) {
    }

    /**
     * Parses a 2217 body.
     *
     * @throws TlcValueParseException if the header or a value cannot be parsed
     */
    public static TlcState parseState(List<String> body) {
        if (body.isEmpty()) {
            throw new TlcValueParseException("Empty state message", 0);
        }
        ActionHeader h = parseHeader(body.get(0));
        return new TlcState(h.index(), h.name(), h.location(), parseVariables(body.subList(1, body.size())));
    }

    /**
     * Parses a state header line {@code N: <…>}.
     *
     * @throws TlcValueParseException if the line is not a header
     */
    public static ActionHeader parseHeader(String line) {
        Matcher m = HEADER.matcher(line);
        if (!m.matches()) {
            throw new TlcValueParseException("Not a trace state header: " + line, 0);
        }
        int index = Integer.parseInt(m.group(1));
        String inner = m.group(2);
        if (inner.equals(INITIAL)) {
            return new ActionHeader(index, null, null);
        }
        return action(index, inner, line);
    }

    /** Parses a 2122 body ({@code N: Back to state: <…>}); N is the state the loop returns to. */
    public static TlcLasso.BackToState parseBackToState(List<String> body) {
        String line = body.isEmpty() ? "" : body.get(0);
        Matcher m = BACK_TO.matcher(line);
        if (!m.matches()) {
            throw new TlcValueParseException("Not a back-to-state line: " + line, 0);
        }
        ActionHeader h = action(Integer.parseInt(m.group(1)), m.group(2), line);
        return new TlcLasso.BackToState(h.index(), h.name(), h.location());
    }

    /** Parses a 2218 body ({@code N: Stuttering}). */
    public static TlcLasso.Stuttering parseStuttering(List<String> body) {
        String line = body.isEmpty() ? "" : body.get(0);
        Matcher m = STUTTER.matcher(line);
        if (!m.matches()) {
            throw new TlcValueParseException("Not a stuttering line: " + line, 0);
        }
        return new TlcLasso.Stuttering(Integer.parseInt(m.group(1)));
    }

    /**
     * Parses variable lines ({@code /\ v = value} with continuation lines, or a single {@code v = value}).
     * Blank lines are ignored.
     *
     * @throws TlcValueParseException naming the variable if a value cannot be parsed
     */
    public static LinkedHashMap<String, TlcValue> parseVariables(List<String> lines) {
        LinkedHashMap<String, TlcValue> vars = new LinkedHashMap<>();
        String name = null;
        StringBuilder value = null;
        boolean single = false;
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            Matcher c = CONJUNCT.matcher(line);
            if (!single && c.matches()) {
                if (name != null) {
                    put(vars, name, value);
                }
                name = c.group(1);
                value = new StringBuilder(c.group(2));
                continue;
            }
            if (name == null) {
                Matcher s = SINGLE.matcher(line);
                if (!s.matches()) {
                    throw new TlcValueParseException("Expected '/\\ var = value' but found: " + line, 0);
                }
                single = true;
                name = s.group(1);
                value = new StringBuilder(s.group(2));
                continue;
            }
            value.append('\n').append(line);
        }
        if (name != null) {
            put(vars, name, value);
        }
        return vars;
    }

    private static void put(LinkedHashMap<String, TlcValue> vars, String name, StringBuilder text) {
        try {
            vars.put(name, TlcValueParser.parse(text.toString()));
        } catch (TlcValueParseException e) {
            throw new TlcValueParseException("Variable " + name + ": " + e.getMessage(), e.offset());
        }
    }

    private static ActionHeader action(int index, String inner, String line) {
        Matcher a = ACTION.matcher(inner);
        if (!a.matches()) {
            throw new TlcValueParseException("Cannot read the action in: " + line, 0);
        }
        TlaLocation loc = a.group(2) == null ? null
                : new TlaLocation(Integer.parseInt(a.group(2)), Integer.parseInt(a.group(3)),
                        Integer.parseInt(a.group(4)), Integer.parseInt(a.group(5)), a.group(6));
        return new ActionHeader(index, a.group(1), loc);
    }
}

package dev.inflight.driver.tlc;

import dev.inflight.driver.tlc.TlcValue.BoolV;
import dev.inflight.driver.tlc.TlcValue.FunV;
import dev.inflight.driver.tlc.TlcValue.IntV;
import dev.inflight.driver.tlc.TlcValue.ModelV;
import dev.inflight.driver.tlc.TlcValue.RecordV;
import dev.inflight.driver.tlc.TlcValue.SeqV;
import dev.inflight.driver.tlc.TlcValue.SetV;
import dev.inflight.driver.tlc.TlcValue.StrV;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses TLC's printed values: integers (also negative), {@code TRUE}/{@code FALSE}, escaped strings,
 * model values, sets, tuples, records, {@code :>}/{@code @@} functions and integer intervals
 * {@code a..b} (expanded to a set). Whitespace, including the line breaks and indentation of TLC's
 * wrapped output, is insignificant between tokens.
 */
public final class TlcValueParser {

    /** Intervals larger than this are refused rather than expanded. */
    static final long MAX_INTERVAL = 1_000_000;
    private static final int MAX_DEPTH = 2_000;

    private final String text;
    private int pos;
    private int depth;

    private TlcValueParser(String text) {
        this.text = text;
    }

    /**
     * Parses one complete value.
     *
     * @throws TlcValueParseException if {@code text} is not exactly one TLC value
     */
    public static TlcValue parse(String text) {
        TlcValueParser p = new TlcValueParser(text);
        p.skipSpace();
        TlcValue v = p.value();
        p.skipSpace();
        if (p.pos < text.length()) {
            throw p.error("unexpected text after the value");
        }
        return v;
    }

    private TlcValue value() {
        if (++depth > MAX_DEPTH) {
            throw error("values nested too deeply");
        }
        try {
            skipSpace();
            if (pos >= text.length()) {
                throw error("expected a value but the text ended");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                return new StrV(string());
            }
            if (c == '{') {
                pos++;
                return new SetV(list("}"));
            }
            if (startsWith("<<")) {
                pos += 2;
                return new SeqV(list(">>"));
            }
            if (c == '[') {
                return record();
            }
            if (c == '(') {
                return function();
            }
            if (c == '-' || isDigit(c)) {
                return numberOrInterval();
            }
            if (isIdentChar(c)) {
                String id = identifier();
                return switch (id) {
                    case "TRUE" -> new BoolV(true);
                    case "FALSE" -> new BoolV(false);
                    default -> new ModelV(id);
                };
            }
            throw error("expected a value");
        } finally {
            depth--;
        }
    }

    /** Elements up to the closing delimiter; the opening one is consumed already. */
    private List<TlcValue> list(String close) {
        List<TlcValue> out = new ArrayList<>();
        skipSpace();
        if (startsWith(close)) {
            pos += close.length();
            return out;
        }
        while (true) {
            out.add(value());
            skipSpace();
            if (peek() == ',') {
                pos++;
                continue;
            }
            if (startsWith(close)) {
                pos += close.length();
                return out;
            }
            throw error("expected ',' or '" + close + "'");
        }
    }

    private TlcValue record() {
        pos++; // [
        LinkedHashMap<String, TlcValue> fields = new LinkedHashMap<>();
        skipSpace();
        while (true) {
            skipSpace();
            if (pos >= text.length() || !isIdentChar(text.charAt(pos))) {
                throw error("expected a record field name");
            }
            int fieldPos = pos;
            String name = identifier();
            expect("|->");
            TlcValue v = value();
            if (fields.put(name, v) != null) {
                throw errorAt("duplicate record field '" + name + "'", fieldPos);
            }
            skipSpace();
            if (peek() == ',') {
                pos++;
                continue;
            }
            if (peek() == ']') {
                pos++;
                return new RecordV(fields);
            }
            throw error("expected ',' or ']' in a record");
        }
    }

    private TlcValue function() {
        pos++; // (
        List<Map.Entry<TlcValue, TlcValue>> entries = new ArrayList<>();
        while (true) {
            TlcValue k = value();
            expect(":>");
            TlcValue v = value();
            entries.add(Map.entry(k, v));
            skipSpace();
            if (startsWith("@@")) {
                pos += 2;
                continue;
            }
            if (peek() == ')') {
                pos++;
                return new FunV(entries);
            }
            throw error("expected '@@' or ')' in a function");
        }
    }

    private TlcValue numberOrInterval() {
        int start = pos;
        long lo = integer();
        if (pos < text.length() && isIdentChar(text.charAt(pos)) && text.charAt(start) != '-') {
            // An identifier that starts with digits, e.g. a model value named 1a.
            pos = start;
            return new ModelV(identifier());
        }
        int save = pos;
        skipSpace();
        if (!startsWith("..")) {
            pos = save;
            return new IntV(lo);
        }
        pos += 2;
        skipSpace();
        long hi = integer();
        if (hi >= lo && hi - lo >= MAX_INTERVAL) {
            throw errorAt("interval " + lo + ".." + hi + " is too large to expand", start);
        }
        List<TlcValue> elems = new ArrayList<>();
        for (long i = lo; i <= hi; i++) {
            elems.add(new IntV(i));
        }
        return new SetV(elems);
    }

    private long integer() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        int digits = pos;
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos == digits) {
            throw error("expected digits");
        }
        try {
            return Long.parseLong(text.substring(start, pos));
        } catch (NumberFormatException e) {
            throw errorAt("integer out of range", start);
        }
    }

    private String string() {
        int start = pos;
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\n' || c == '\r') {
                throw errorAt("line break inside a string", pos - 1);
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                break;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"' -> sb.append('"');
                case '\\' -> sb.append('\\');
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case 'f' -> sb.append('\f');
                default -> throw errorAt("unknown escape '\\" + e + "' in a string", pos - 2);
            }
        }
        throw errorAt("unterminated string", start);
    }

    private String identifier() {
        int start = pos;
        while (pos < text.length() && isIdentChar(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private void expect(String token) {
        skipSpace();
        if (!startsWith(token)) {
            throw error("expected '" + token + "'");
        }
        pos += token.length();
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private boolean startsWith(String s) {
        return text.startsWith(s, pos);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentChar(char c) {
        return c == '_' || isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private TlcValueParseException error(String what) {
        return errorAt(what, pos);
    }

    private TlcValueParseException errorAt(String what, int at) {
        int lineStart = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
        if (at == 0) {
            lineStart = 0;
        }
        int lineEnd = text.indexOf('\n', at);
        if (lineEnd < 0) {
            lineEnd = text.length();
        }
        int line = 1;
        for (int i = 0; i < lineStart; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        int col = at - lineStart + 1;
        String found = at >= text.length() ? "end of text" : "'" + text.charAt(at) + "'";
        String shown = text.substring(lineStart, lineEnd);
        int caret = col - 1;
        if (shown.length() > 120) {
            int from = Math.max(0, caret - 60);
            int to = Math.min(shown.length(), from + 120);
            shown = shown.substring(from, to);
            caret -= from;
        }
        String msg = "Cannot parse TLC value: " + what + " at line " + line + ", column " + col
                + " (found " + found + ")\n  " + shown + "\n  " + " ".repeat(Math.max(0, caret)) + "^";
        return new TlcValueParseException(msg, at);
    }
}

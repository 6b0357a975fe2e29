package dev.inflight.driver.tlc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A value as TLC prints it in states and messages.
 *
 * <p>TLC normalises most values before printing: a function with domain {@code 1..n} prints as a
 * tuple ({@link SeqV}), a function with a domain of strings as a record ({@link RecordV}), any other
 * function as {@code (a :> 1 @@ b :> 2)} ({@link FunV}), and sets of functions or {@code SUBSET}
 * as enumerated sets. {@link #render()} gives back TLA+ syntax in TLC's compact one-line form.
 */
public sealed interface TlcValue
        permits TlcValue.IntV, TlcValue.BoolV, TlcValue.StrV, TlcValue.ModelV, TlcValue.SetV, TlcValue.SeqV,
        TlcValue.RecordV, TlcValue.FunV {

    /** TLA+ syntax for this value, as TLC prints it on one line. */
    String render();

    /** An integer, e.g. {@code -5}. */
    record IntV(long value) implements TlcValue {
        @Override
        public String render() {
            return Long.toString(value);
        }
    }

    /** {@code TRUE} or {@code FALSE}. */
    record BoolV(boolean value) implements TlcValue {
        @Override
        public String render() {
            return value ? "TRUE" : "FALSE";
        }
    }

    /** A string; {@link #value()} is the decoded text, {@link #render()} quotes and escapes it. */
    record StrV(String value) implements TlcValue {
        public StrV {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String render() {
            return quote(value);
        }

        /** Quotes {@code s} as a TLA+ string literal ({@code \" \\ \n \t \r \f} escaped). */
        public static String quote(String s) {
            StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\t' -> sb.append("\\t");
                    case '\r' -> sb.append("\\r");
                    case '\f' -> sb.append("\\f");
                    default -> sb.append(c);
                }
            }
            return sb.append('"').toString();
        }
    }

    /** A model value such as {@code rx_1} or {@code NULL}, printed bare. */
    record ModelV(String name) implements TlcValue {
        public ModelV {
            Objects.requireNonNull(name, "name");
        }

        @Override
        public String render() {
            return name;
        }
    }

    /** An enumerated set {@code {a, b}}, elements in TLC's print order. */
    record SetV(List<TlcValue> elements) implements TlcValue {
        public SetV {
            elements = List.copyOf(elements);
        }

        @Override
        public String render() {
            return join("{", elements, "}");
        }
    }

    /** A tuple or sequence {@code <<a, b>>}, also any function with domain {@code 1..n}. */
    record SeqV(List<TlcValue> elements) implements TlcValue {
        public SeqV {
            elements = List.copyOf(elements);
        }

        /** The element at a 1-based index, as in TLA+. */
        public TlcValue get(int oneBasedIndex) {
            return elements.get(oneBasedIndex - 1);
        }

        @Override
        public String render() {
            return join("<<", elements, ">>");
        }
    }

    /**
     * A record {@code [a |-> 1, b |-> "x"]}. Fields keep TLC's print order, which is neither
     * declaration nor alphabetical order. The map is copied in and out; use {@link #get} to read.
     */
    record RecordV(LinkedHashMap<String, TlcValue> fields) implements TlcValue {
        public RecordV {
            fields = new LinkedHashMap<>(fields);
            fields.forEach((k, v) -> {
                Objects.requireNonNull(k, "field name");
                Objects.requireNonNull(v, "field value");
            });
        }

        @Override
        public LinkedHashMap<String, TlcValue> fields() {
            return new LinkedHashMap<>(fields);
        }

        /** The value of a field, or {@code null} if the record has no such field. */
        public TlcValue get(String field) {
            return fields.get(field);
        }

        @Override
        public String render() {
            StringBuilder sb = new StringBuilder("[");
            boolean first = true;
            for (Map.Entry<String, TlcValue> e : fields.entrySet()) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                sb.append(e.getKey()).append(" |-> ").append(e.getValue().render());
            }
            return sb.append(']').toString();
        }
    }

    /**
     * A function printed as {@code (k1 :> v1 @@ k2 :> v2)}, e.g. a program counter over thread model
     * values. An empty function renders as {@code <<>>}, which is how TLC prints it.
     */
    record FunV(List<Map.Entry<TlcValue, TlcValue>> entries) implements TlcValue {
        public FunV {
            List<Map.Entry<TlcValue, TlcValue>> copy = new ArrayList<>(entries.size());
            for (Map.Entry<TlcValue, TlcValue> e : entries) {
                copy.add(Map.entry(e.getKey(), e.getValue()));
            }
            entries = List.copyOf(copy);
        }

        /** The image of {@code key}, if it is in the domain. */
        public Optional<TlcValue> get(TlcValue key) {
            for (Map.Entry<TlcValue, TlcValue> e : entries) {
                if (e.getKey().equals(key)) {
                    return Optional.of(e.getValue());
                }
            }
            return Optional.empty();
        }

        /** The domain in print order. */
        public List<TlcValue> domain() {
            return entries.stream().map(Map.Entry::getKey).toList();
        }

        @Override
        public String render() {
            if (entries.isEmpty()) {
                return "<<>>";
            }
            StringBuilder sb = new StringBuilder("(");
            boolean first = true;
            for (Map.Entry<TlcValue, TlcValue> e : entries) {
                if (!first) {
                    sb.append(" @@ ");
                }
                first = false;
                sb.append(e.getKey().render()).append(" :> ").append(e.getValue().render());
            }
            return sb.append(')').toString();
        }
    }

    private static String join(String open, List<TlcValue> elements, String close) {
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(elements.get(i).render());
        }
        return sb.append(close).toString();
    }
}

package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Layout documents for {@link TlaPrinter}: a Wadler/Leijen-style algebra with alignment, rendered
 * by {@link DocRenderer}.
 *
 * <ul>
 *   <li>{@link Text}: literal text without newlines;</li>
 *   <li>{@link Line}: a soft break, printed as its {@code flat} text when the enclosing group is
 *       flat, else as a newline plus the current indentation;</li>
 *   <li>{@link HardLine}: always a newline (a group containing one never goes flat);</li>
 *   <li>{@link Nest}: adds to the indentation; {@link Align}: sets it to the current column, which
 *       is how TLA+ bullet lists stay column-aligned;</li>
 *   <li>{@link Group}: flat if the flat form fits in the remaining width, else broken;</li>
 *   <li>{@link Alt}: two alternative layouts, {@code flat} when the enclosing group is flat;</li>
 *   <li>{@link Choice}: two layouts with the same flat text; {@code first} unless its first line
 *       does not fit, then {@code second} (Wadler's {@code <|>});</li>
 *   <li>{@link Mark}: records the output range of its content under a key.</li>
 * </ul>
 */
sealed interface Doc {

    /** Literal text (no newlines). */
    record Text(String s) implements Doc {
        public Text {
            if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("text with a newline: " + s);
            }
        }
    }

    /** Soft line break; {@code flat} is printed instead when flat. */
    record Line(String flat) implements Doc {
    }

    /** Mandatory line break. */
    record HardLine() implements Doc {
    }

    /** Concatenation. */
    record Cat(List<Doc> parts) implements Doc {
        public Cat {
            parts = List.copyOf(parts);
        }
    }

    /** Increases the indentation of line breaks inside {@code doc} by {@code indent}. */
    record Nest(int indent, Doc doc) implements Doc {
    }

    /** Sets the indentation of line breaks inside {@code doc} to the column where it starts. */
    record Align(Doc doc) implements Doc {
    }

    /** Flat if it fits, else broken. */
    record Group(Doc doc) implements Doc {
    }

    /** {@code flat} in flat mode, {@code broken} in break mode. */
    record Alt(Doc flat, Doc broken) implements Doc {
    }

    /**
     * {@code first} if its first line fits in the remaining width, else {@code second}; both must
     * print the same text when flat.
     */
    record Choice(Doc first, Doc second) implements Doc {
    }

    /** Records the output range of {@code doc} under {@code key}. */
    record Mark(Object key, Doc doc) implements Doc {
        public Mark {
            Objects.requireNonNull(key, "key");
        }
    }

    Doc EMPTY = new Text("");
    Doc SPACE = new Text(" ");
    Doc LINE = new Line(" ");
    Doc SOFT = new Line("");
    Doc HARD = new HardLine();

    static Doc text(String s) {
        return new Text(s);
    }

    static Doc cat(Doc... parts) {
        return new Cat(List.of(parts));
    }

    static Doc cat(List<Doc> parts) {
        return new Cat(parts);
    }

    static Doc nest(int indent, Doc d) {
        return new Nest(indent, d);
    }

    static Doc align(Doc d) {
        return new Align(d);
    }

    static Doc group(Doc d) {
        return new Group(d);
    }

    /** {@code docs} separated by {@code sep}. */
    static Doc join(Doc sep, List<Doc> docs) {
        List<Doc> parts = new ArrayList<>(docs.size() * 2);
        for (int i = 0; i < docs.size(); i++) {
            if (i > 0) {
                parts.add(sep);
            }
            parts.add(docs.get(i));
        }
        return new Cat(parts);
    }

    /**
     * {@code docs} separated by {@code sep} and a soft break, filling each line: a break is taken
     * only where the next item would not fit (each separator is its own group).
     */
    static Doc fill(Doc sep, List<Doc> docs) {
        return join(new Group(cat(sep, LINE)), docs);
    }
}

package dev.inflight.translator.tla;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link Doc} to text within a target width (Wadler's "prettier" algorithm with
 * Leijen's {@code align}), and reports the output range of every {@link Doc.Mark}.
 *
 * <p>A group goes flat when its flat form plus the text that follows it up to the next possible
 * line break fits in the remaining width. Trailing spaces are stripped from every line.
 */
final class DocRenderer {

    /** A rendered mark: its key and range (ranges are listed in order of their start). */
    record MarkRange(Object key, TextRange range) {
    }

    /** Rendered text (lines joined by {@code \n}, no trailing newline) and mark ranges. */
    record Result(String text, List<MarkRange> marks) {
    }

    private static final int NO_FIT = -1;

    private final int width;
    private final Map<Doc, Integer> flatWidths = new IdentityHashMap<>();

    private final List<StringBuilder> lines = new ArrayList<>();
    private StringBuilder current;
    private int col;

    private final List<MarkState> marks = new ArrayList<>();
    private final List<MarkState> pending = new ArrayList<>();
    private int lastTextLine = 1;
    private int lastTextColumn = 1;

    private DocRenderer(int width) {
        this.width = width;
        this.current = new StringBuilder();
        this.lines.add(current);
    }

    static Result render(Doc doc, int width) {
        return new DocRenderer(width).run(doc);
    }

    private record Cmd(int indent, boolean flat, Doc doc) {
    }

    private static final class MarkState {
        final Object key;
        int firstLine;
        int firstColumn;
        int lastLine;
        int lastColumn;

        MarkState(Object key) {
            this.key = key;
        }
    }

    private record MarkEnd(MarkState state) {
    }

    private Result run(Doc root) {
        Deque<Object> stack = new ArrayDeque<>();
        stack.push(new Cmd(0, false, root));
        while (!stack.isEmpty()) {
            Object item = stack.pop();
            if (item instanceof MarkEnd end) {
                closeMark(end.state());
                continue;
            }
            Cmd c = (Cmd) item;
            Doc d = c.doc();
            if (d instanceof Doc.Text t) {
                emit(t.s());
            } else if (d instanceof Doc.Line l) {
                if (c.flat()) {
                    emit(l.flat());
                } else {
                    newline(c.indent());
                }
            } else if (d instanceof Doc.HardLine) {
                newline(c.indent());
            } else if (d instanceof Doc.Cat cat) {
                List<Doc> parts = cat.parts();
                for (int i = parts.size() - 1; i >= 0; i--) {
                    stack.push(new Cmd(c.indent(), c.flat(), parts.get(i)));
                }
            } else if (d instanceof Doc.Nest n) {
                stack.push(new Cmd(c.indent() + n.indent(), c.flat(), n.doc()));
            } else if (d instanceof Doc.Align a) {
                stack.push(new Cmd(col, c.flat(), a.doc()));
            } else if (d instanceof Doc.Group g) {
                boolean flat = c.flat() || fits(width - col, g.doc(), stack);
                stack.push(new Cmd(c.indent(), flat, g.doc()));
            } else if (d instanceof Doc.Alt alt) {
                stack.push(new Cmd(c.indent(), c.flat(), c.flat() ? alt.flat() : alt.broken()));
            } else if (d instanceof Doc.Choice ch) {
                boolean first = c.flat() || firstLineFits(width - col, ch.first(), stack);
                stack.push(new Cmd(c.indent(), c.flat(), first ? ch.first() : ch.second()));
            } else if (d instanceof Doc.Mark m) {
                MarkState st = new MarkState(m.key());
                marks.add(st);
                pending.add(st);
                stack.push(new MarkEnd(st));
                stack.push(new Cmd(c.indent(), c.flat(), m.doc()));
            } else {
                throw new IllegalStateException("unknown doc " + d);
            }
        }
        finishLine();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0) {
                out.append('\n');
            }
            out.append(lines.get(i));
        }
        List<MarkRange> ranges = new ArrayList<>(marks.size());
        for (MarkState st : marks) {
            ranges.add(new MarkRange(st.key,
                    new TextRange(st.firstLine, st.firstColumn, st.lastLine, st.lastColumn)));
        }
        return new Result(out.toString(), ranges);
    }

    // ------------------------------------------------------------------ output

    private void emit(String s) {
        if (s.isEmpty()) {
            return;
        }
        int first = 0;
        while (first < s.length() && s.charAt(first) == ' ') {
            first++;
        }
        if (first < s.length()) {
            int line = lines.size();
            if (!pending.isEmpty()) {
                for (MarkState st : pending) {
                    st.firstLine = line;
                    st.firstColumn = col + first + 1;
                }
                pending.clear();
            }
            int last = s.length() - 1;
            while (s.charAt(last) == ' ') {
                last--;
            }
            lastTextLine = line;
            lastTextColumn = col + last + 1;
        }
        current.append(s);
        col += s.length();
    }

    private void newline(int indent) {
        finishLine();
        current = new StringBuilder();
        lines.add(current);
        current.append(" ".repeat(indent));
        col = indent;
    }

    private void finishLine() {
        int end = current.length();
        while (end > 0 && current.charAt(end - 1) == ' ') {
            end--;
        }
        current.setLength(end);
    }

    private void closeMark(MarkState st) {
        if (pending.remove(st)) {
            // nothing printed inside the mark: an empty range at the current position
            st.firstLine = lines.size();
            st.firstColumn = col + 1;
            st.lastLine = st.firstLine;
            st.lastColumn = st.firstColumn;
        } else {
            st.lastLine = lastTextLine;
            st.lastColumn = lastTextColumn;
        }
    }

    // ------------------------------------------------------------------ measuring

    /**
     * True if {@code doc} printed flat, followed by the pending commands up to their first line
     * break, fits in {@code remaining} columns.
     */
    private boolean fits(int remaining, Doc doc, Deque<Object> rest) {
        int w = flatWidth(doc);
        if (w == NO_FIT || w > remaining) {
            return false;
        }
        int left = remaining - w;
        Iterator<Object> it = rest.iterator();
        while (it.hasNext()) {
            Object item = it.next();
            if (!(item instanceof Cmd c)) {
                continue;
            }
            left = measureUntilBreak(c.doc(), c.flat(), left);
            if (left == BROKE) {
                return true;
            }
            if (left < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True if {@code doc}, laid out broken, reaches its first possible line break (or the pending
     * commands do) within {@code remaining} columns.
     */
    private boolean firstLineFits(int remaining, Doc doc, Deque<Object> rest) {
        int left = measureUntilBreak(doc, false, remaining);
        if (left == BROKE) {
            return true;
        }
        if (left < 0) {
            return false;
        }
        Iterator<Object> it = rest.iterator();
        while (it.hasNext()) {
            Object item = it.next();
            if (!(item instanceof Cmd c)) {
                continue;
            }
            left = measureUntilBreak(c.doc(), c.flat(), left);
            if (left == BROKE) {
                return true;
            }
            if (left < 0) {
                return false;
            }
        }
        return true;
    }

    private static final int BROKE = Integer.MIN_VALUE;

    /**
     * Subtracts the width of {@code doc} up to its first line break from {@code left}; returns
     * {@link #BROKE} if a break was reached, a negative number if the width ran out first.
     * Undecided groups in the rest are assumed broken (their soft lines end the line).
     */
    private int measureUntilBreak(Doc doc, boolean flat, int left) {
        if (left < 0) {
            return left;
        }
        if (doc instanceof Doc.Text t) {
            return left - t.s().length();
        } else if (doc instanceof Doc.Line l) {
            return flat ? left - l.flat().length() : BROKE;
        } else if (doc instanceof Doc.HardLine) {
            return BROKE;
        } else if (doc instanceof Doc.Cat cat) {
            for (Doc p : cat.parts()) {
                left = measureUntilBreak(p, flat, left);
                if (left == BROKE || left < 0) {
                    return left;
                }
            }
            return left;
        } else if (doc instanceof Doc.Nest n) {
            return measureUntilBreak(n.doc(), flat, left);
        } else if (doc instanceof Doc.Align a) {
            return measureUntilBreak(a.doc(), flat, left);
        } else if (doc instanceof Doc.Group g) {
            return measureUntilBreak(g.doc(), flat, left);
        } else if (doc instanceof Doc.Alt alt) {
            return measureUntilBreak(flat ? alt.flat() : alt.broken(), flat, left);
        } else if (doc instanceof Doc.Choice ch) {
            // optimistic: the alternative with the shorter first line
            int first = measureUntilBreak(ch.first(), flat, left);
            int second = flat ? first : measureUntilBreak(ch.second(), flat, left);
            return first == BROKE || second == BROKE ? BROKE : Math.max(first, second);
        } else if (doc instanceof Doc.Mark m) {
            return measureUntilBreak(m.doc(), flat, left);
        }
        throw new IllegalStateException("unknown doc " + doc);
    }

    /** Width of {@code doc} printed flat, or {@link #NO_FIT} if it contains a hard line. */
    private int flatWidth(Doc doc) {
        Integer cached = flatWidths.get(doc);
        if (cached != null) {
            return cached;
        }
        int w;
        if (doc instanceof Doc.Text t) {
            w = t.s().length();
        } else if (doc instanceof Doc.Line l) {
            w = l.flat().length();
        } else if (doc instanceof Doc.HardLine) {
            w = NO_FIT;
        } else if (doc instanceof Doc.Cat cat) {
            w = 0;
            for (Doc p : cat.parts()) {
                int pw = flatWidth(p);
                if (pw == NO_FIT) {
                    w = NO_FIT;
                    break;
                }
                w = saturatingAdd(w, pw);
            }
        } else if (doc instanceof Doc.Nest n) {
            w = flatWidth(n.doc());
        } else if (doc instanceof Doc.Align a) {
            w = flatWidth(a.doc());
        } else if (doc instanceof Doc.Group g) {
            w = flatWidth(g.doc());
        } else if (doc instanceof Doc.Alt alt) {
            w = flatWidth(alt.flat());
        } else if (doc instanceof Doc.Choice ch) {
            w = flatWidth(ch.first());
        } else if (doc instanceof Doc.Mark m) {
            w = flatWidth(m.doc());
        } else {
            throw new IllegalStateException("unknown doc " + doc);
        }
        flatWidths.put(doc, w);
        return w;
    }

    private static int saturatingAdd(int a, int b) {
        long s = (long) a + b;
        return s > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE / 2 : (int) s;
    }
}

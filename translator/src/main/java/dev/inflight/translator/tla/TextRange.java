package dev.inflight.translator.tla;

/**
 * A range of printed text: 1-based lines and columns, both ends inclusive (the convention of
 * SANY and TLC locations such as {@code line 5, col 9 to line 5, col 28}).
 */
public record TextRange(int firstLine, int firstColumn, int lastLine, int lastColumn) {

    public TextRange {
        if (firstLine < 1 || firstColumn < 1 || lastLine < firstLine
                || (lastLine == firstLine && lastColumn < firstColumn)) {
            throw new IllegalArgumentException("bad range " + firstLine + ":" + firstColumn + "-"
                    + lastLine + ":" + lastColumn);
        }
    }

    /** True if {@code line} lies in {@code firstLine..lastLine}. */
    public boolean containsLine(int line) {
        return line >= firstLine && line <= lastLine;
    }

    /** True if the position lies inside this range. */
    public boolean contains(int line, int column) {
        if (line < firstLine || line > lastLine) {
            return false;
        }
        return (line != firstLine || column >= firstColumn) && (line != lastLine || column <= lastColumn);
    }

    /** True if {@code other} lies entirely inside this range. */
    public boolean encloses(TextRange other) {
        return contains(other.firstLine, other.firstColumn) && contains(other.lastLine, other.lastColumn);
    }

    @Override
    public String toString() {
        return firstLine + ":" + firstColumn + "-" + lastLine + ":" + lastColumn;
    }
}

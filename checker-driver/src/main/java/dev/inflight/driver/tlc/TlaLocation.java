package dev.inflight.driver.tlc;

import java.util.Objects;

/**
 * A source range in a TLA+ module as TLC reports it (1-based lines and columns, end inclusive).
 *
 * @param beginLine   first line
 * @param beginColumn first column
 * @param endLine     last line
 * @param endColumn   last column
 * @param module      module name, e.g. {@code UafRace}
 */
public record TlaLocation(int beginLine, int beginColumn, int endLine, int endColumn, String module) {

    public TlaLocation {
        Objects.requireNonNull(module, "module");
    }

    /** Renders the range the way TLC prints it in action headers. */
    public String render() {
        return "line " + beginLine + ", col " + beginColumn + " to line " + endLine + ", col " + endColumn
                + " of module " + module;
    }

    @Override
    public String toString() {
        return render();
    }
}

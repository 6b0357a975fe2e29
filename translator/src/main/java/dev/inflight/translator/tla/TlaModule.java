package dev.inflight.translator.tla;

import java.util.List;
import java.util.Objects;

/**
 * A TLA+ module: name, {@code EXTENDS} list and a sequence of top-level units, printed in order by
 * {@link TlaPrinter#print(TlaModule)}.
 */
public record TlaModule(String name, List<String> extendsList, List<Unit> units) {

    public TlaModule {
        TlaNames.requireIdentifier(name, "module name");
        extendsList = List.copyOf(extendsList);
        extendsList.forEach(m -> TlaNames.requireIdentifier(m, "extended module"));
        units = List.copyOf(units);
    }

    /** A top-level unit of a module. */
    public sealed interface Unit permits Constants, Variables, OpDef, Comment, Separator, Assume {
    }

    /** {@code CONSTANTS a, b} (printed {@code CONSTANT a} for one name). */
    public record Constants(List<String> names) implements Unit {
        public Constants {
            names = checkNames(names, "constant");
        }
    }

    /** {@code VARIABLES x, y} (printed {@code VARIABLE x} for one name). */
    public record Variables(List<String> names) implements Unit {
        public Variables {
            names = checkNames(names, "variable");
        }
    }

    /**
     * An operator definition {@code name(params) == body}, also used for {@code LET} definitions.
     *
     * @param name         the operator name
     * @param params       parameter names; a higher-order parameter is written {@code F(_, _)}
     * @param body         the definition body
     * @param commentLines printed as {@code \* line} comments just above the definition
     * @param origin       opaque provenance (e.g. a DSL span), recorded with the definition's
     *                     output range; may be null
     */
    public record OpDef(String name, List<String> params, TlaExpr body, List<String> commentLines,
                        Object origin) implements Unit {
        public OpDef {
            TlaNames.requireIdentifier(name, "definition name");
            params = List.copyOf(params);
            params.forEach(TlaNames::requireParameter);
            Objects.requireNonNull(body, "body");
            commentLines = List.copyOf(commentLines);
        }

        /** A definition without parameters, comments or origin. */
        public OpDef(String name, TlaExpr body) {
            this(name, List.of(), body, List.of(), null);
        }

        /** A definition with parameters, without comments or origin. */
        public OpDef(String name, List<String> params, TlaExpr body) {
            this(name, params, body, List.of(), null);
        }

        /** This definition with the given comment lines. */
        public OpDef withComment(String... lines) {
            return new OpDef(name, params, body, List.of(lines), origin);
        }

        /** This definition with the given origin. */
        public OpDef withOrigin(Object newOrigin) {
            return new OpDef(name, params, body, commentLines, newOrigin);
        }
    }

    /** Free-standing comment lines, printed as {@code \* line}. */
    public record Comment(List<String> lines) implements Unit {
        public Comment {
            lines = List.copyOf(lines);
        }
    }

    /** A horizontal {@code ----} separator line. */
    public record Separator() implements Unit {
    }

    /** {@code ASSUME expr}. */
    public record Assume(TlaExpr expr) implements Unit {
        public Assume {
            Objects.requireNonNull(expr, "expr");
        }
    }

    private static List<String> checkNames(List<String> names, String what) {
        List<String> copy = List.copyOf(names);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("a " + what + " declaration needs at least one name");
        }
        copy.forEach(n -> TlaNames.requireIdentifier(n, what));
        return copy;
    }
}

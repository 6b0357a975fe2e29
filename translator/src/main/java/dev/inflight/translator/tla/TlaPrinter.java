package dev.inflight.translator.tla;

import static dev.inflight.translator.tla.ExprLayout.expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.inflight.translator.tla.Precedence.Pos;
import dev.inflight.translator.tla.SourceMarks.DefKey;
import dev.inflight.translator.tla.SourceMarks.SourceKey;

/**
 * Width-aware, precedence-aware pretty-printer from the {@link TlaExpr} / {@link TlaModule} IR to
 * TLA+ text.
 *
 * <p>This class is the entry point and lays out the module-level units: the header and footer
 * rules, {@code EXTENDS}, declarations, {@code ASSUME}, comments and definitions (also used for
 * {@code LET} definitions). Expressions are laid out by {@link ExprLayout} (parentheses, provenance
 * marks, junction lists) and {@link NodeLayout} (every other node kind), with the parenthesization
 * rules in {@link Precedence}; {@link DocRenderer} fits the resulting {@link Doc} to the width.
 *
 * <p><b>Parentheses</b> come from the precedence data of {@link BinOp} and {@link UnOp} only
 * ({@link Precedence}). <b>Junction lists</b> in statement position are column-aligned bullet
 * lists, elsewhere inline when they fit ({@link ExprLayout}).
 *
 * <p><b>Provenance:</b> {@link TlaExpr.Sourced} nodes and definitions are recorded with their
 * output range in the {@link PrintedModule} ({@link SourceMarks}).
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class TlaPrinter {

    /** Default target width. */
    public static final int DEFAULT_WIDTH = 100;

    /** Indentation of a definition body that does not fit on the header line. */
    private static final int DEF_INDENT = 4;
    /** Longest module header and footer line. */
    private static final int MAX_RULE = 80;

    private final int width;

    /** A printer with {@link #DEFAULT_WIDTH}. */
    public TlaPrinter() {
        this(DEFAULT_WIDTH);
    }

    /** A printer aiming at lines of at most {@code width} columns (longer tokens overflow). */
    public TlaPrinter(int width) {
        if (width < 10) {
            throw new IllegalArgumentException("width too small: " + width);
        }
        this.width = width;
    }

    /** The target width. */
    public int width() {
        return width;
    }

    /** Prints an expression on its own (not in statement position), without a trailing newline. */
    public String print(TlaExpr e) {
        return DocRenderer.render(expr(e, Pos.CLOSED), width).text();
    }

    /** Prints one definition (comments, header and body) as it would appear in a module. */
    public String print(TlaModule.OpDef def) {
        return DocRenderer.render(definition(def, true), width).text();
    }

    /** Prints a whole module, recording the output range of definitions and sourced nodes. */
    public PrintedModule print(TlaModule m) {
        String title = " MODULE " + m.name() + " ";
        int rule = Math.max(Math.min(width, MAX_RULE), title.length() + 8); // 4+ dashes each side
        List<Doc> parts = new ArrayList<>();
        int dashes = rule - title.length();
        parts.add(Doc.text("-".repeat(dashes / 2) + title + "-".repeat(dashes - dashes / 2)));
        parts.add(Doc.HARD);
        if (!m.extendsList().isEmpty()) {
            parts.add(Doc.group(Doc.cat(Doc.text("EXTENDS "), commaList(m.extendsList()))));
            parts.add(Doc.HARD);
        }
        Set<String> names = new HashSet<>();
        for (TlaModule.Unit u : m.units()) {
            parts.add(Doc.HARD);
            parts.add(unit(u, rule, names));
            parts.add(Doc.HARD);
        }
        parts.add(Doc.HARD);
        parts.add(Doc.text("=".repeat(rule)));
        parts.add(Doc.HARD);
        DocRenderer.Result r = DocRenderer.render(Doc.cat(parts), width);
        return SourceMarks.printedModule(r);
    }

    // ====================================================================== module units

    private Doc unit(TlaModule.Unit u, int rule, Set<String> names) {
        if (u instanceof TlaModule.Constants c) {
            return declaration(c.names().size() == 1 ? "CONSTANT " : "CONSTANTS ", c.names());
        } else if (u instanceof TlaModule.Variables v) {
            return declaration(v.names().size() == 1 ? "VARIABLE " : "VARIABLES ", v.names());
        } else if (u instanceof TlaModule.OpDef d) {
            if (!names.add(d.name())) {
                throw new IllegalArgumentException("definition printed twice: " + d.name());
            }
            return definition(d, true);
        } else if (u instanceof TlaModule.Comment c) {
            return comments(c.lines(), false);
        } else if (u instanceof TlaModule.Separator) {
            return Doc.text("-".repeat(rule));
        } else if (u instanceof TlaModule.Assume a) {
            return Doc.cat(Doc.text("ASSUME "), Doc.align(expr(a.expr(), Pos.STATEMENT)));
        }
        throw new IllegalStateException("unknown unit " + u);
    }

    private Doc declaration(String keyword, List<String> names) {
        return Doc.group(Doc.cat(Doc.text(keyword), commaList(names)));
    }

    private static Doc commaList(List<String> names) {
        List<Doc> docs = new ArrayList<>();
        names.forEach(n -> docs.add(Doc.text(n)));
        return Doc.align(Doc.join(Doc.cat(Doc.text(","), Doc.LINE), docs));
    }

    /** {@code \*} comment lines separated by hard lines; the last one is followed by one too when {@code trailingBreak}. */
    private static Doc comments(List<String> lines, boolean trailingBreak) {
        List<Doc> docs = new ArrayList<>();
        List<String> split = new ArrayList<>();
        for (String l : lines) {
            split.addAll(List.of(l.split("\r\n|\r|\n", -1)));
        }
        for (int i = 0; i < split.size(); i++) {
            String l = split.get(i).stripTrailing();
            docs.add(Doc.text(l.isEmpty() ? "\\*" : "\\* " + l));
            if (trailingBreak || i < split.size() - 1) {
                docs.add(Doc.HARD);
            }
        }
        return Doc.cat(docs);
    }

    /**
     * {@code name(params) == body}: on one line when it fits, else the body on the next line,
     * indented. A top-level definition is marked with a {@link DefKey}; a LET definition with an
     * origin with a {@link SourceKey}.
     */
    private static Doc definition(TlaModule.OpDef d, boolean topLevel) {
        return definition(d, topLevel, Pos.STATEMENT);
    }

    /** A definition whose body is laid out at {@code bodyPos} (a LET definition's, by {@link NodeLayout}). */
    static Doc definition(TlaModule.OpDef d, boolean topLevel, Pos bodyPos) {
        StringBuilder header = new StringBuilder(d.name());
        if (!d.params().isEmpty()) {
            header.append('(').append(String.join(", ", d.params())).append(')');
        }
        header.append(" ==");
        Doc def = Doc.group(Doc.cat(Doc.text(header.toString()),
                Doc.nest(DEF_INDENT, Doc.cat(Doc.LINE, expr(d.body(), bodyPos)))));
        if (topLevel) {
            def = new Doc.Mark(new DefKey(d), def);
        } else if (d.origin() != null) {
            def = new Doc.Mark(new SourceKey(d.origin()), def);
        }
        if (d.commentLines().isEmpty()) {
            return def;
        }
        return Doc.cat(comments(d.commentLines(), true), def);
    }

    /** Escapes a string literal. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                case '\f':
                    sb.append("\\f");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}

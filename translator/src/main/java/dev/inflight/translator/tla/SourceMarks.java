package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;

/**
 * Provenance bookkeeping of {@link TlaPrinter}: the keys of the {@link Doc.Mark}s laid around
 * top-level definitions ({@link DefKey}) and around {@link TlaExpr.Sourced} nodes and {@code LET}
 * definitions with an origin ({@link SourceKey}), and the turning of the rendered marks into the
 * ranges of a {@link PrintedModule}.
 */
final class SourceMarks {

    /** Mark key of a top-level definition. */
    record DefKey(TlaModule.OpDef def) {
    }

    /** Mark key of a sourced node (or a LET definition with an origin). */
    record SourceKey(Object origin) {
    }

    /**
     * The printed module of a rendered module: its text, the range of every top-level definition
     * and the range of every sourced node, with the top-level definition enclosing it.
     */
    static PrintedModule printedModule(DocRenderer.Result r) {
        List<PrintedModule.DefinitionRange> defs = new ArrayList<>();
        List<PrintedModule.SourceRange> sources = new ArrayList<>();
        PrintedModule.DefinitionRange enclosing = null;
        for (DocRenderer.MarkRange mr : r.marks()) {
            if (mr.key() instanceof DefKey dk) {
                enclosing = new PrintedModule.DefinitionRange(dk.def().name(), dk.def().origin(), mr.range());
                defs.add(enclosing);
            } else {
                Object origin = ((SourceKey) mr.key()).origin();
                String def = enclosing != null && enclosing.range().encloses(mr.range()) ? enclosing.name() : null;
                sources.add(new PrintedModule.SourceRange(origin, mr.range(), def));
            }
        }
        return new PrintedModule(r.text(), defs, sources);
    }

    private SourceMarks() {
    }
}

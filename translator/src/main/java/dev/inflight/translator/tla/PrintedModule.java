package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A printed module: its text plus where each part landed, so that TLC locations can be mapped
 * back to definitions and to the DSL.
 *
 * @param text        the module text (ends with a newline)
 * @param definitions every top-level {@link TlaModule.OpDef}, in output order, with its range
 *                    (from the definition's name to the end of its body; the comment lines above
 *                    it are not included)
 * @param sources     every {@link TlaExpr.Sourced} node (and every {@code LET} definition with an
 *                    origin), in order of their start, with the top-level definition enclosing it
 */
public record PrintedModule(String text, List<DefinitionRange> definitions, List<SourceRange> sources) {

    public PrintedModule {
        Objects.requireNonNull(text, "text");
        definitions = List.copyOf(definitions);
        sources = List.copyOf(sources);
    }

    /** Output range of one top-level definition; {@code origin} is the OpDef's (may be null). */
    public record DefinitionRange(String name, Object origin, TextRange range) {
    }

    /**
     * Output range of one {@code Sourced} node; {@code definition} names the enclosing top-level
     * definition, or is null (e.g. inside an {@code ASSUME}).
     */
    public record SourceRange(Object origin, TextRange range, String definition) {
    }

    /** Definition name to range, in output order. */
    public Map<String, TextRange> definitionRanges() {
        Map<String, TextRange> m = new LinkedHashMap<>();
        definitions.forEach(d -> m.put(d.name(), d.range()));
        return Collections.unmodifiableMap(m);
    }

    /** The range of the top-level definition {@code name}. */
    public Optional<TextRange> definitionRange(String name) {
        return definitions.stream().filter(d -> d.name().equals(name)).map(DefinitionRange::range).findFirst();
    }

    /** The top-level definition whose range contains {@code line}. */
    public Optional<DefinitionRange> definitionAt(int line) {
        return definitions.stream().filter(d -> d.range().containsLine(line)).findFirst();
    }

    /** All ranges recorded for {@code origin} (compared with {@code equals}). */
    public List<TextRange> rangesOf(Object origin) {
        List<TextRange> out = new ArrayList<>();
        for (SourceRange s : sources) {
            if (s.origin().equals(origin)) {
                out.add(s.range());
            }
        }
        return out;
    }

    /** The sourced nodes whose range contains the position, innermost (last started) first. */
    public List<SourceRange> sourcesAt(int line, int column) {
        List<SourceRange> out = new ArrayList<>();
        for (SourceRange s : sources) {
            if (s.range().contains(line, column)) {
                out.add(0, s);
            }
        }
        return out;
    }

    /** The sourced nodes whose range lies inside {@code range}, outermost first. */
    public List<SourceRange> sourcesWithin(TextRange range) {
        List<SourceRange> out = new ArrayList<>();
        for (SourceRange s : sources) {
            if (range.encloses(s.range())) {
                out.add(s);
            }
        }
        return out;
    }

    /** The module text split into lines (line {@code n} is element {@code n - 1}). */
    public List<String> lines() {
        return List.of(text.split("\n", -1)).subList(0, (int) text.chars().filter(c -> c == '\n').count());
    }
}

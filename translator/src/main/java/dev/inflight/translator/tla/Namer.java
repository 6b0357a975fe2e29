package dev.inflight.translator.tla;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Hands out legal, unique TLA+ identifiers for one generated module.
 *
 * <p>The emitter first {@link #reserve reserves} the fixed names it generates itself
 * ({@code Init}, {@code Next}, {@code pc}, ...), then asks {@link #name} for every DSL entity. A
 * wanted name is kept when it is legal ({@link TlaNames#isLegal}) and free; otherwise the first
 * legal, free candidate of {@code wanted_}, {@code wanted_2}, {@code wanted_3}, ... is used.
 * Characters that cannot occur in an identifier become {@code _}; a name the lexer would read as
 * a fairness operator ({@code WF_x}, {@code SF_x}) gets a leading {@code _} first. Results depend
 * only on the sequence of calls, so generation is deterministic.
 *
 * <p>Not thread-safe; one instance per generated module.
 */
public final class Namer {

    private final Set<String> reserved = new HashSet<>();
    private final Set<String> used = new HashSet<>();
    private final Map<Object, String> byKey = new HashMap<>();

    /**
     * Claims a name the generator uses itself. Reserving the same name twice is harmless.
     *
     * @return {@code name}
     * @throws IllegalArgumentException if {@code name} is not legal in generated code
     * @throws IllegalStateException    if {@code name} was already given to a DSL entity
     */
    public String reserve(String name) {
        if (!TlaNames.isLegal(name)) {
            throw new IllegalArgumentException("cannot reserve illegal TLA+ name: " + name);
        }
        if (reserved.contains(name)) {
            return name;
        }
        if (used.contains(name)) {
            throw new IllegalStateException("name already given to a DSL entity: " + name);
        }
        reserved.add(name);
        used.add(name);
        return name;
    }

    /**
     * The identifier of the DSL entity {@code key} (compared with {@code equals}); the first call
     * for a key chooses it from {@code wanted}, later calls return the same identifier.
     */
    public String name(Object key, String wanted) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(wanted, "wanted");
        String known = byKey.get(key);
        if (known != null) {
            return known;
        }
        String base = sanitize(wanted);
        String chosen = base;
        if (!isFree(chosen)) {
            chosen = base + "_";
            for (int i = 2; !isFree(chosen); i++) {
                chosen = base + "_" + i;
            }
        }
        used.add(chosen);
        byKey.put(key, chosen);
        return chosen;
    }

    /** The identifier already chosen for {@code key}, or null. */
    public String lookup(Object key) {
        return byKey.get(key);
    }

    /** True if {@code name} is reserved or given to some entity. */
    public boolean isTaken(String name) {
        return used.contains(name);
    }

    private boolean isFree(String candidate) {
        return TlaNames.isLegal(candidate) && !used.contains(candidate);
    }

    /** Maps arbitrary text to something identifier-shaped (before the uniqueness loop). */
    static String sanitize(String wanted) {
        StringBuilder sb = new StringBuilder(wanted.length() + 1);
        for (int i = 0; i < wanted.length(); i++) {
            char c = wanted.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
            sb.append(ok ? c : '_');
        }
        String s = sb.toString();
        if (!TlaNames.isIdentifier(s)) {
            s = "v" + s; // no letter at all, e.g. "" or "_1"
        }
        if (TlaNames.hasFairnessPrefix(s)) {
            s = "_" + s;
        }
        return s;
    }
}

package dev.inflight.translator.tla;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

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
 * <p>Names bound inside a definition (quantifier, CHOOSE and comprehension variables, function
 * constructor variables, LET definitions, operator parameters) come from {@link #bound}: never a
 * name of the module, and no module-level name chosen afterwards takes one of them either.
 *
 * <p>Not thread-safe; one instance per generated module.
 */
public final class Namer {

    private final Set<String> reserved = new HashSet<>();
    private final Set<String> used = new HashSet<>();
    private final Map<Object, String> byKey = new HashMap<>();
    /** Every name {@link #bound} handed out. */
    private final Set<String> boundNames = new HashSet<>();

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

    /**
     * A name for a variable bound inside a definition: {@code wanted} (made identifier-shaped as
     * for {@link #name}) when it is legal, no module-level name (reserved or given to an entity)
     * and not {@code inScope}; otherwise the first such of {@code wanted2}, {@code wanted3}, ...
     * ({@code wanted_2}, ... when {@code wanted} ends in a digit). The same bound name may be
     * handed out again for a disjoint scope, so it is not an entity's; but {@link #name} never
     * gives one to a module-level entity later.
     *
     * @param inScope the names the new variable must not shadow or capture: the variables bound
     *                around it and the names occurring in the expressions it binds over
     */
    public String bound(String wanted, Predicate<String> inScope) {
        Objects.requireNonNull(wanted, "wanted");
        String base = sanitize(wanted);
        String sep = Character.isDigit(base.charAt(base.length() - 1)) ? "_" : "";
        String chosen = base;
        for (int i = 2; !TlaNames.isLegal(chosen) || used.contains(chosen) || inScope.test(chosen); i++) {
            chosen = base + sep + i;
        }
        boundNames.add(chosen);
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
        return TlaNames.isLegal(candidate) && !used.contains(candidate) && !boundNames.contains(candidate);
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

package dev.inflight.translator.tla;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * TLA+ lexical facts: identifier syntax, reserved words, and the operator names exported by the
 * standard modules that a generated module may extend.
 *
 * <p>A name is <em>legal for generated code</em> ({@link #isLegal}) when it is a syntactically
 * valid identifier, not a TLA+ keyword, not a standard-module operator, does not start with
 * {@code WF_} or {@code SF_}, and is not a keyword of TLC's {@code .cfg} language (model values
 * and constants are written into the {@code .cfg} file too).
 */
public final class TlaNames {

    private TlaNames() {
    }

    /** Letters, digits and {@code _}, with at least one letter (TLA+ identifier syntax). */
    static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*");

    /** An operator name possibly qualified by instance names: {@code I!J!Op}. */
    private static final Pattern OPERATOR_NAME =
            Pattern.compile("[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*(![A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*)*");

    /** A parameter of a definition: {@code x} or a higher-order {@code F(_, _)}. */
    private static final Pattern PARAMETER =
            Pattern.compile("[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*(\\(_(\\s*,\\s*_)*\\))?");

    /** Every reserved word of TLA+2 (including the proof language). */
    public static final Set<String> KEYWORDS = Collections.unmodifiableSet(new LinkedHashSet<>(List.of(
            "ACTION", "ASSUME", "ASSUMPTION", "AXIOM", "BOOLEAN", "BY", "CASE", "CHOOSE", "CONSTANT",
            "CONSTANTS", "COROLLARY", "DEF", "DEFINE", "DEFS", "DOMAIN", "ELSE", "ENABLED", "EXCEPT",
            "EXTENDS", "FALSE", "HAVE", "HIDE", "IF", "IN", "INSTANCE", "LAMBDA", "LEMMA", "LET",
            "LOCAL", "MODULE", "NEW", "OBVIOUS", "OMITTED", "ONLY", "OTHER", "PICK", "PROOF",
            "PROPOSITION", "PROVE", "QED", "RECURSIVE", "SF_", "STATE", "STRING", "SUBSET",
            "SUFFICES", "TAKE", "TEMPORAL", "THEN", "THEOREM", "TRUE", "UNCHANGED", "UNION", "USE",
            "VARIABLE", "VARIABLES", "WF_", "WITH", "WITNESS")));

    /**
     * Named operators exported by each standard module shipped with the tools (symbolic operators
     * such as {@code +} or {@code :>} cannot clash with identifiers and are not listed).
     */
    public static final Map<String, List<String>> STANDARD_MODULE_OPERATORS;

    static {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("Naturals", List.of("Nat"));
        m.put("Integers", List.of("Int"));
        m.put("Reals", List.of("Real", "Infinity"));
        m.put("Sequences", List.of("Seq", "Len", "Append", "Head", "Tail", "SubSeq", "SelectSeq"));
        m.put("FiniteSets", List.of("IsFiniteSet", "Cardinality"));
        m.put("Bags", List.of("IsABag", "BagToSet", "SetToBag", "BagIn", "EmptyBag", "BagUnion",
                "SubBag", "BagOfAll", "BagCardinality", "CopiesIn"));
        m.put("TLC", List.of("Print", "PrintT", "Assert", "JavaTime", "TLCGet", "TLCSet",
                "Permutations", "SortSeq", "RandomElement", "Any", "ToString", "TLCEval",
                "TLCModelValue"));
        m.put("RealTime", List.of("RTBound", "RTnow", "now"));
        m.put("Randomization", List.of("RandomSubset", "RandomSetOfSubsets", "RandomSubsetSet",
                "TestRandomSetOfSubsets"));
        m.put("Toolbox", List.of("_TETrace", "_TEPosition"));
        STANDARD_MODULE_OPERATORS = Collections.unmodifiableMap(m);
    }

    /** All names of {@link #STANDARD_MODULE_OPERATORS}, flattened. */
    public static final Set<String> STANDARD_OPERATORS;

    static {
        Set<String> s = new LinkedHashSet<>();
        STANDARD_MODULE_OPERATORS.values().forEach(s::addAll);
        STANDARD_OPERATORS = Collections.unmodifiableSet(s);
    }

    /** Keywords of TLC's model configuration ({@code .cfg}) language. */
    public static final Set<String> CFG_KEYWORDS = Collections.unmodifiableSet(new LinkedHashSet<>(List.of(
            "CONSTANT", "CONSTANTS", "CONSTRAINT", "CONSTRAINTS", "ACTION_CONSTRAINT",
            "ACTION_CONSTRAINTS", "INVARIANT", "INVARIANTS", "INIT", "NEXT", "VIEW", "SYMMETRY",
            "SPECIFICATION", "PROPERTY", "PROPERTIES", "TYPE", "TYPE_CONSTRAINT", "CHECK_DEADLOCK",
            "ALIAS", "POSTCONDITION")));

    /**
     * True if {@code s} is a syntactically valid TLA+ identifier (keywords not excluded): letters,
     * digits and underscores, at least one letter ({@link #IDENTIFIER}). Written as a loop: every
     * name the translator builds is checked here, and the regular expression was a sixth of a
     * library model's translation time.
     */
    public static boolean isIdentifier(String s) {
        if (s == null) {
            return false;
        }
        boolean letter = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean isLetter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (!isLetter && c != '_' && (c < '0' || c > '9')) {
                return false;
            }
            letter |= isLetter;
        }
        return letter;
    }

    /** True for TLA+ keywords. */
    public static boolean isKeyword(String s) {
        return KEYWORDS.contains(s);
    }

    /** True for names exported by a standard module. */
    public static boolean isStandardOperator(String s) {
        return STANDARD_OPERATORS.contains(s);
    }

    /** True for identifiers that the lexer reads as fairness operators ({@code WF_v}, {@code SF_v}). */
    public static boolean hasFairnessPrefix(String s) {
        return s.startsWith("WF_") || s.startsWith("SF_");
    }

    /**
     * True if {@code s} may name something a generated module declares or defines: see the class
     * comment for the rules.
     */
    public static boolean isLegal(String s) {
        return isIdentifier(s) && !isKeyword(s) && !isStandardOperator(s) && !hasFairnessPrefix(s)
                && !CFG_KEYWORDS.contains(s) && !isStandardModule(s);
    }

    /**
     * True for the name of a module the tools ship ({@code TLC}, {@code Naturals}, …): a model
     * called that would make a module that extends itself, so it is renamed like a keyword.
     */
    public static boolean isStandardModule(String s) {
        return STANDARD_MODULE_OPERATORS.containsKey(s);
    }

    static void requireIdentifier(String s, String what) {
        if (!isIdentifier(s) || isKeyword(s) || hasFairnessPrefix(s)) {
            throw new IllegalArgumentException("not a usable TLA+ identifier for a " + what + ": " + s);
        }
    }

    /** Like an identifier, but the built-in constant sets {@code BOOLEAN} and {@code STRING} are names too. */
    static void requireName(String s) {
        if (!"BOOLEAN".equals(s) && !"STRING".equals(s)) {
            requireIdentifier(s, "name");
        }
    }

    static void requireOperatorName(String s) {
        if (isIdentifier(s) && !isKeyword(s) && !hasFairnessPrefix(s)) { // the common case, without the pattern
            return;
        }
        if (s == null || !OPERATOR_NAME.matcher(s).matches()) {
            throw new IllegalArgumentException("not a TLA+ operator name: " + s);
        }
        for (String part : s.split("!")) {
            if (isKeyword(part) || hasFairnessPrefix(part)) {
                throw new IllegalArgumentException("not a TLA+ operator name: " + s);
            }
        }
    }

    static void requireParameter(String s) {
        if (isIdentifier(s) && !isKeyword(s) && !hasFairnessPrefix(s)) { // the common case, without the pattern
            return;
        }
        if (s == null || !PARAMETER.matcher(s).matches()) {
            throw new IllegalArgumentException("not a TLA+ parameter: " + s);
        }
        String id = s.contains("(") ? s.substring(0, s.indexOf('(')) : s;
        requireIdentifier(id, "parameter");
    }
}

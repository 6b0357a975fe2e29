package dev.inflight.driver.tlc;

import java.util.List;
import java.util.Objects;

/**
 * The verdict of a TLC run. Each case is a record; {@link #kind()} gives an enum to switch on.
 */
public sealed interface TlcOutcome {

    /** The case as an enum constant. */
    Kind kind();

    /** True for the outcomes that come with a counterexample trace (violations and deadlock). */
    default boolean isViolation() {
        return switch (kind()) {
            case INVARIANT_VIOLATED, INVARIANT_VIOLATED_INITIAL, DEADLOCK, LIVENESS_VIOLATED,
                    ACTION_PROPERTY_VIOLATED, ASSERTION_FAILED -> true;
            default -> false;
        };
    }

    /** The outcome cases. */
    enum Kind {
        SUCCESS, INVARIANT_VIOLATED, INVARIANT_VIOLATED_INITIAL, DEADLOCK, LIVENESS_VIOLATED,
        ACTION_PROPERTY_VIOLATED, ASSERTION_FAILED, EVALUATION_ERROR, PARSE_ERROR, CONFIG_ERROR, INCOMPLETE,
        TLC_FAILURE
    }

    /** Why a run did not finish the state space. */
    enum IncompleteReason {
        /** The driver's timeout expired and it killed TLC. */
        TIMEOUT,
        /** TLC refused a too large state space or too many successor states (2172, exit 152). */
        STATE_LIMIT,
        /** The TLC JVM ran out of memory. */
        OUT_OF_MEMORY,
        /** TLC's evaluation nested deeper than its thread stack (1005), as a huge module's long conjunctions do. */
        STACK_OVERFLOW,
        /** TLC reported success but states were left on the queue (e.g. {@code TLCSet("exit", TRUE)}). */
        LEFT_ON_QUEUE,
        /** TLC was interrupted or killed (shutdown, signal, interrupted caller). */
        KILLED
    }

    /** Model checking completed and found no error. */
    record Success() implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.SUCCESS;
        }
    }

    /** 2110: an invariant failed in a reachable state; the trace leads to it. */
    record InvariantViolated(String invariant) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.INVARIANT_VIOLATED;
        }
    }

    /** 2107: an invariant failed in an initial state; the trace is that one state. */
    record InvariantViolatedInitial(String invariant) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.INVARIANT_VIOLATED_INITIAL;
        }
    }

    /** 2114: a reachable state has no successor. */
    record Deadlock() implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.DEADLOCK;
        }
    }

    /** 2116 (or 2108): a temporal property fails; the trace ends with a {@link TlcLasso}. */
    record LivenessViolated() implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.LIVENESS_VIOLATED;
        }
    }

    /** 2112: an action property {@code [][A]_v} fails on the last step of the trace. */
    record ActionPropertyViolated(String property) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.ACTION_PROPERTY_VIOLATED;
        }
    }

    /**
     * 2132: {@code Assert} failed; {@code message} is its second argument (decoded if a string). Also used
     * for a false {@code ASSUME} (2104), with TLC's sentence as the message.
     */
    record AssertionFailed(String message) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.ASSERTION_FAILED;
        }
    }

    /** TLC could not evaluate an expression (1000, 2102, 2111, …); locations come from 2103, innermost last. */
    record EvaluationError(String message, List<TlaLocation> locations) implements TlcOutcome {
        public EvaluationError {
            Objects.requireNonNull(message, "message");
            locations = List.copyOf(locations);
        }

        @Override
        public Kind kind() {
            return Kind.EVALUATION_ERROR;
        }
    }

    /** SANY rejected the spec (3002); {@code text} is SANY's unframed error text. */
    record ParseError(String text) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.PARSE_ERROR;
        }
    }

    /** The configuration is wrong (2222…, 5001…); {@code text} is TLC's message. */
    record ConfigError(String text) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.CONFIG_ERROR;
        }
    }

    /** The run ended before the state space was exhausted. */
    record Incomplete(IncompleteReason reason) implements TlcOutcome {
        public Incomplete {
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public Kind kind() {
            return Kind.INCOMPLETE;
        }
    }

    /** Anything else: TLC crashed, printed no verdict, or failed to start. */
    record TlcFailure(String text) implements TlcOutcome {
        @Override
        public Kind kind() {
            return Kind.TLC_FAILURE;
        }
    }
}

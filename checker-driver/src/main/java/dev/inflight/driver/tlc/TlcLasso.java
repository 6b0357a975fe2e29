package dev.inflight.driver.tlc;

/** How a liveness counterexample ends: a loop back to an earlier state, or stuttering forever. */
public sealed interface TlcLasso permits TlcLasso.BackToState, TlcLasso.Stuttering {

    /**
     * 2122 {@code N: Back to state: <Action …>}: after the last state, {@code action} leads back to the
     * trace state with index {@code stateIndex}.
     */
    record BackToState(int stateIndex, String action, TlaLocation actionLocation) implements TlcLasso {

        /**
         * The step that closes the loop, as a state after {@code trace}'s last: index M+1, this
         * lasso's action, state N's values; null when N is not a state of {@code trace}.
         */
        public TlcState closing(java.util.List<TlcState> trace) {
            return stateIndex < 1 || stateIndex > trace.size() ? null
                : new TlcState(trace.size() + 1, action, actionLocation, trace.get(stateIndex - 1).vars());
        }
    }

    /** 2218 {@code N: Stuttering}: the behaviour stutters forever from the last state; N is the index. */
    record Stuttering(int index) implements TlcLasso {
    }
}

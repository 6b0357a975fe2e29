package dev.inflight.driver.tlc;

/** How a liveness counterexample ends: a loop back to an earlier state, or stuttering forever. */
public sealed interface TlcLasso permits TlcLasso.BackToState, TlcLasso.Stuttering {

    /**
     * 2122 {@code N: Back to state: <Action …>}: after the last state, {@code action} leads back to the
     * trace state with index {@code stateIndex}.
     */
    record BackToState(int stateIndex, String action, TlaLocation actionLocation) implements TlcLasso {
    }

    /** 2218 {@code N: Stuttering}: the behaviour stutters forever from the last state; N is the index. */
    record Stuttering(int index) implements TlcLasso {
    }
}

package dev.inflight.driver.tlc;

import java.util.LinkedHashMap;

/**
 * One state of a TLC trace (a 2217 message, or the state in a 2107 body).
 *
 * @param index          1-based position in the trace, as TLC numbers it
 * @param action         name of the action that produced the state, {@code null} for the initial state.
 *                       TLC prints the operator name without arguments: for {@code \E self \in S : A(self)}
 *                       the header is {@code <A line …>}; should a header carry arguments
 *                       ({@code <A(self) line …>}) they are dropped here
 * @param actionLocation where the action's body is, or {@code null} (initial state, or not printed)
 * @param vars           variable values in TLC's print order (not declaration order); copied in and out
 */
public record TlcState(int index, String action, TlaLocation actionLocation, LinkedHashMap<String, TlcValue> vars) {

    public TlcState {
        vars = new LinkedHashMap<>(vars);
    }

    @Override
    public LinkedHashMap<String, TlcValue> vars() {
        return new LinkedHashMap<>(vars);
    }

    /** The value of a variable, or {@code null} if the state does not print it. */
    public TlcValue get(String variable) {
        return vars.get(variable);
    }

    /** True for the state produced by the initial predicate. */
    public boolean isInitial() {
        return action == null;
    }
}

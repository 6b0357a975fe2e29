package dev.inflight.driver.tlc;

import java.util.List;
import java.util.Objects;

/**
 * The typed outcome of one TLC run.
 *
 * @param outcome        the verdict
 * @param trace          the counterexample (first one only), empty if none
 * @param lasso          how a liveness counterexample loops, or {@code null}
 * @param statistics     state counts, depth and duration
 * @param exitCode       TLC's process exit code (-1 if unknown, e.g. killed or parsed from text)
 * @param errorLocations the nested expression positions of 2103 (outermost first), also for Assert
 * @param warnings       class-3 (warning) messages
 * @param messages       every framed message, in order
 * @param unframedLines  lines printed outside frames (SANY output, Print/PrintT output)
 * @param stderrLines    the process's standard error
 * @param problems       things the driver could not interpret (e.g. an unparsable value); empty normally
 */
public record TlcResult(TlcOutcome outcome, List<TlcState> trace, TlcLasso lasso, TlcStatistics statistics,
                        int exitCode, List<TlaLocation> errorLocations, List<TlcMessage> warnings,
                        List<TlcMessage> messages, List<String> unframedLines, List<String> stderrLines,
                        List<String> problems) {

    public TlcResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(statistics, "statistics");
        trace = List.copyOf(trace);
        errorLocations = List.copyOf(errorLocations);
        warnings = List.copyOf(warnings);
        messages = List.copyOf(messages);
        unframedLines = List.copyOf(unframedLines);
        stderrLines = List.copyOf(stderrLines);
        problems = List.copyOf(problems);
    }

    /** Shorthand for {@code outcome().kind()}. */
    public TlcOutcome.Kind kind() {
        return outcome.kind();
    }

    /** True if TLC explored the whole state space and found nothing. */
    public boolean isSuccess() {
        return outcome.kind() == TlcOutcome.Kind.SUCCESS;
    }
}

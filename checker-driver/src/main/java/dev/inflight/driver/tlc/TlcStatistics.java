package dev.inflight.driver.tlc;

/**
 * Counts of a TLC run; each is {@link #UNKNOWN} ({@code -1}) when TLC did not print it.
 *
 * @param initialStates distinct initial states (2190)
 * @param generated     states generated (2199, else the last 2200)
 * @param distinct      distinct states found (2199, else the last 2200)
 * @param leftOnQueue   states left on the queue at the end (2199, else the last 2200)
 * @param depth         depth of the state graph search (2194, else the last 2200's level)
 * @param durationMs    wall time TLC reports (2186)
 */
public record TlcStatistics(long initialStates, long generated, long distinct, long leftOnQueue, long depth,
                            long durationMs) {

    /** Marks a count TLC did not report. */
    public static final long UNKNOWN = -1;

    /** Statistics with nothing known. */
    public static TlcStatistics unknown() {
        return new TlcStatistics(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN);
    }
}

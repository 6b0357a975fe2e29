package dev.inflight.driver.check;

/**
 * What `inflight cost` asks of a run: every distinct completion of an operation in the explored
 * state graph ({@code simulate == null}), or those met by {@code simulate} random behaviours
 * drawn with {@code seed} over that graph (from an initial state, a successor chosen uniformly
 * at each step, until none is left or {@code depth} steps).
 */
public record CostRequest(Integer simulate, long seed, int depth) {
  public static CostRequest exhaustive() {
    return new CostRequest(null, 0, 0);
  }

  public static CostRequest simulate(int behaviours, long seed, int depth) {
    return new CostRequest(behaviours, seed, depth);
  }

  /** Says what the samples are, for the report. */
  public String describe() {
    return simulate == null
        ? "each distinct completion of an operation in the explored state graph (an execution reached through different"
            + " interleavings that end in the same state counts once)"
        : simulate + " random behaviours over the explored state graph (seed " + seed + ", a successor chosen uniformly at"
            + " each step, at most " + depth + " steps); each completion counts once per behaviour that meets it";
  }
}

package dev.inflight.driver.check;

/**
 * What `inflight cost` asks of a run: every distinct completion of an operation in the explored
 * state graph ({@code simulate == null}), or those met by {@code simulate} random behaviours
 * drawn with {@code seed} over that graph (from an initial state, a successor chosen uniformly
 * at each step, until none is left or {@code depth} steps).
 */
public record CostRequest(Integer simulate, long seed, int depth, String workload, java.util.Map<String, Long> prices) {
  /** The model's first workload (if it declares one): what `inflight cost` and `diff` use by default. */
  public static final String FIRST_WORKLOAD = dev.inflight.translator.resolve.WorkloadResolver.FIRST;

  public CostRequest(Integer simulate, long seed, int depth) {
    this(simulate, seed, depth, FIRST_WORKLOAD, java.util.Map.of());
  }

  public static CostRequest exhaustive() {
    return new CostRequest(null, 0, 0);
  }

  public static CostRequest simulate(int behaviours, long seed, int depth) {
    return new CostRequest(behaviours, seed, depth);
  }

  /**
   * The same request for workload {@code name} ({@link #FIRST_WORKLOAD}: the model's first; null:
   * none) with profile entries replaced by {@code priceOverrides} (`--price KEY=NS`).
   */
  public CostRequest withWorkload(String name, java.util.Map<String, Long> priceOverrides) {
    return new CostRequest(simulate, seed, depth, name, java.util.Map.copyOf(priceOverrides));
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

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cost model's part of a program (docs/cost-model.md): whether costs are tracked at all,
 * the machine profile (nanoseconds per primitive, after the model's own `cost { }` entries),
 * the operations (`op fn`) and the latency properties. When costs are not tracked the module
 * has no cost state, so a plain check explores exactly the states it would without the model.
 */
public final class CostModel {
  /** Costs are tracked: the model has a latency property or a cost report was asked for. */
  public boolean tracked;
  /** Where the profile came from, for messages and reports ("specs/profiles/xeon-2011.cost"). */
  public String profileName;
  /** Entry → nanoseconds (or count, for `cpus`). */
  public final Map<String, Long> profile = new LinkedHashMap<>();
  /** The operations (`op fn`), by name, each with its functions. */
  public final Map<String, List<FnSym>> ops = new LinkedHashMap<>();
  public final List<Decl.Latency> latencies = new ArrayList<>();

  /** The number of CPUs of the profile (1 when it does not say). */
  public int cpus() {
    return (int) Math.max(1, profile.getOrDefault("cpus", 1L));
  }

  /** A primitive's cost: {@code specific} if the profile has it, else {@code general}, else 0. */
  public long price(String specific, String general) {
    if (specific != null && profile.containsKey(specific)) {
      return profile.get(specific);
    }
    return profile.getOrDefault(general, 0L);
  }
}

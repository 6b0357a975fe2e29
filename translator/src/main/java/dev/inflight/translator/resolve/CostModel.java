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
  /**
   * Every operation's end is recorded in op_end (a cost report samples them). Otherwise (a check
   * of latency bounds) op_end records only an end that breaks a bound, so that ends within their
   * bounds do not split states (docs/cost-model.md, "Checking a latency bound").
   */
  public boolean sampled;
  /** Where the profile came from, for messages and reports ("specs/profiles/xeon-2011.cost"). */
  public String profileName;
  /** Entry → nanoseconds (or count, for `cpus`). */
  public final Map<String, Long> profile = new LinkedHashMap<>();
  /** The operations (`op fn`), by name, each with its functions. */
  public final Map<String, List<FnSym>> ops = new LinkedHashMap<>();
  public final List<Decl.Latency> latencies = new ArrayList<>();
  /** Every `workload` the model and its includes declare, in source order. */
  public final List<Decl.Workload> declaredWorkloads = new ArrayList<>();
  /** The workload the costs are for (`--workload`, or the first declared), or null: none. */
  public Workload workload;

  /**
   * A resolved workload (docs/cost-model.md, "Workloads"): how many CPUs its operations keep
   * busy, how often each operation runs in all, the structs of which one object is used by every
   * CPU (their cache lines are priced by the queueing model, not by the explored ownership), and
   * the consts it sets.
   */
  public record Workload(String name, int cpus, Map<String, Long> runs, List<StructSym> shared, Map<String, String> consts) {}

  /** The structs whose lines the workload shares among all its CPUs (none without a workload). */
  public List<StructSym> shared() {
    return workload == null ? List.of() : workload.shared();
  }

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

package dev.inflight.driver.cli;

import dev.inflight.driver.check.CostRequest;
import picocli.CommandLine.Option;

/** Options of the commands that price a model: `cost` and `diff`. */
final class CostOptions {
  enum Format { text, json }

  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--profile", paramLabel = "P",
      description = "Machine profile: a name in specs/profiles/ (xeon-2011, manycore-2023, single-cpu) or a .cost file; default: the model's `profile`.")
  String profile;

  @Option(names = "--simulate", paramLabel = "N", description = "Sample N random behaviours instead of counting every distinct completion.")
  Integer simulate;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Random seed of --simulate (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--depth", paramLabel = "D", defaultValue = "1000", description = "Longest behaviour of --simulate, in steps (default: ${DEFAULT-VALUE}).")
  int depth;

  @Option(names = "--workload", paramLabel = "NAME",
      description = "The workload to total (a `workload NAME { … }` of the model); `none` for the model alone. Default: the model's first workload, if any.")
  String workload;

  @Option(names = "--price", paramLabel = "KEY=NS",
      description = "Replace one entry of the machine profile (repeatable), e.g. --price cache_miss_remote=32: the same machine with one number changed.")
  java.util.Map<String, Long> prices = new java.util.LinkedHashMap<>();

  /** What to count. */
  CostRequest request() {
    CostRequest r = simulate == null ? CostRequest.exhaustive() : CostRequest.simulate(simulate, seed, depth);
    String w = workload == null ? CostRequest.FIRST_WORKLOAD : workload.equals("none") ? null : workload;
    return r.withWorkload(w, prices);
  }

  /** A message for option values out of range, or null. */
  String invalid() {
    if (simulate != null && simulate < 1) {
      return "--simulate must be at least 1";
    }
    if (prices.values().stream().anyMatch(v -> v < 0)) {
      return "--price takes a non-negative number of nanoseconds";
    }
    return depth < 1 ? "--depth must be at least 1" : null;
  }
}

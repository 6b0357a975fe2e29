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

  /** What to count. */
  CostRequest request() {
    return simulate == null ? CostRequest.exhaustive() : CostRequest.simulate(simulate, seed, depth);
  }

  /** A message for option values out of range, or null. */
  String invalid() {
    if (simulate != null && simulate < 1) {
      return "--simulate must be at least 1";
    }
    return depth < 1 ? "--depth must be at least 1" : null;
  }
}

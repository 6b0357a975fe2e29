package dev.inflight.driver.check;

import dev.inflight.translator.emit.SourceMap;
import java.util.Set;
import java.util.stream.Collectors;

/** The TLC configuration of a cost run, derived from the model's own. */
final class CostRuns {
  private CostRuns() {}

  /** The model's .cfg without its latency invariants: they are judged on the samples. */
  static String config(String cfg, SourceMap map) {
    Set<String> latency = map.properties().stream().filter(p -> p.kind().equals("latency"))
        .map(p -> "  " + p.tla()).collect(Collectors.toSet());
    StringBuilder out = new StringBuilder();
    for (String line : cfg.split("\n")) {
      if (!latency.contains(line)) {
        out.append(line).append('\n');
      }
    }
    return out.toString().replace("INVARIANTS\nCHECK", "CHECK");
  }
}

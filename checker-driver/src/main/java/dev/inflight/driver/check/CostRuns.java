package dev.inflight.driver.check;

import dev.inflight.translator.emit.SourceMap;
import java.util.Set;
import java.util.stream.Collectors;

/** The TLC configuration of a cost run, derived from the model's own. */
final class CostRuns {
  private CostRuns() {}

  /**
   * The model's .cfg without its latency invariants (they are judged on the samples, so TLC
   * explores every behaviour instead of stopping at a slow one); with {@code probe}, CostProbe
   * added to the invariants, which prints each distinct completion.
   */
  static String config(String cfg, SourceMap map, boolean probe) {
    Set<String> latency = map.properties().stream().filter(p -> p.kind().equals("latency"))
        .map(p -> "  " + p.tla()).collect(Collectors.toSet());
    StringBuilder out = new StringBuilder();
    boolean probed = !probe;
    boolean temporal = false;
    for (String line : cfg.split("\n")) {
      // A cost run samples states; temporal properties (no_hang, `eventually`) are a plain check's.
      if (line.equals("PROPERTIES")) {
        temporal = true;
        continue;
      }
      if (temporal && line.startsWith(" ")) {
        continue;
      }
      temporal = false;
      // Costs are statistics over every explored behaviour: no state is merged with a permuted one.
      if (latency.contains(line) || line.startsWith("SYMMETRY ")) {
        continue;
      }
      out.append(line).append('\n');
      if (!probed && line.equals("INVARIANTS")) {
        out.append("  CostProbe\n");
        probed = true;
      }
    }
    String s = out.toString().replace("INVARIANTS\nCHECK", "CHECK");
    return probed ? s : s.replace("SPECIFICATION Spec\n", "SPECIFICATION Spec\nINVARIANTS\n  CostProbe\n");
  }
}

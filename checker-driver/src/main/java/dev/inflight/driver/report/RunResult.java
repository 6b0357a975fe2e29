package dev.inflight.driver.report;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import java.util.List;

/**
 * What one `inflight check` invocation produced: a report per model checked, in the order the
 * models were given, and the models not checked because `--fail-fast` stopped the run.
 */
public record RunResult(List<CheckReport> reports, List<String> skipped) {
  public RunResult {
    reports = List.copyOf(reports);
    skipped = List.copyOf(skipped);
  }

  /** The worst verdict over all models ({@link Verdict#HOLDS} for none). */
  public Verdict worst() {
    Verdict w = Verdict.HOLDS;
    for (CheckReport r : reports) {
      w = w.worst(r.verdict());
    }
    return w;
  }

  /** The process exit code: the worst verdict's. */
  public int exitCode() {
    return worst().exitCode;
  }
}

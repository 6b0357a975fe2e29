package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.CostSamples;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.cli.DiffCommand.FailOn;
import dev.inflight.driver.report.CostReport;
import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.translator.emit.SourceMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** `inflight diff`'s exit code: by the AFTER model unless --fail-on says otherwise (a table of cases). */
class DiffExitTest {
  static final SourceMap.Latency BOUND = new SourceMap.Latency("latency_op", "op", 400, null, null);

  /** A cost report: a safety verdict (a violated property, or none), the op's mean and max, and the bound. */
  static CostReport report(Verdict safety, String violated, double mean, long max) {
    SourceMap.Property p = violated == null ? null : new SourceMap.Property(violated, violated, "builtin", null, null, violated);
    CheckReport check = CheckReport.of("m.ifl", CheckReport.INFLIGHT, "m", safety, null, List.of(), List.of(), p, null,
        TlcStatistics.unknown(), List.of(), List.of(), 0, 0);
    CostSamples samples = new CostSamples("p", Map.of(), Map.of(), "exhaustive", Map.of());
    return new CostReport(check, samples, List.of(new CostReport.OpStats("op", 3, 100, mean, max, "t", new long[64])),
        List.of(new CostReport.Bound(BOUND, 3, max, "t")), null);
  }

  static final CostReport SAFE_FAST = report(Verdict.HOLDS, null, 100, 200);
  static final CostReport SAFE_SLOW = report(Verdict.HOLDS, null, 300, 390);
  static final CostReport UAF = report(Verdict.VIOLATED, "no_use_after_free", 100, 200);
  static final CostReport TOO_SLOW = report(Verdict.HOLDS, null, 450, 500); // latency_op violated
  static final CostReport BROKEN = report(Verdict.BAD_INPUT, null, 0, 0);

  @Test
  void table() {
    Object[][] cases = {
        // before, after, --fail-on, exit
        {UAF, SAFE_FAST, FailOn.after, 0},           // the patch fixes a bug: CI passes
        {SAFE_FAST, UAF, FailOn.after, 1},
        {UAF, UAF, FailOn.after, 1},
        {UAF, SAFE_FAST, FailOn.any, 1},             // the old behaviour
        {SAFE_FAST, SAFE_FAST, FailOn.any, 0},
        {UAF, UAF, FailOn.regression, 0},            // violated before and after: nothing new
        {SAFE_FAST, UAF, FailOn.regression, 1},      // newly violated
        {SAFE_FAST, TOO_SLOW, FailOn.regression, 1}, // a latency bound newly violated
        {SAFE_FAST, SAFE_SLOW, FailOn.regression, 1},// slower on average
        {SAFE_SLOW, SAFE_FAST, FailOn.regression, 0},// faster
        {BROKEN, SAFE_FAST, FailOn.after, 2},        // bad input anywhere wins
        {SAFE_FAST, BROKEN, FailOn.regression, 2},
    };
    for (Object[] c : cases) {
      assertThat(DiffCommand.exitCode((FailOn) c[2], (CostReport) c[0], (CostReport) c[1])).as(java.util.Arrays.toString(c)).isEqualTo(c[3]);
    }
  }
}

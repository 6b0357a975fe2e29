package dev.inflight.driver.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.check.Violation;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.emit.SourceMap;
import dev.inflight.driver.tlc.TlcStatistics;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {
  private static CheckReport report(String file, String model, Verdict v, long distinct, long ms) {
    return CheckReport.of(file, CheckReport.INFLIGHT, model, v, null, List.of(), List.of(), null, null,
        new TlcStatistics(1, distinct, distinct, 0, 3, ms), List.of(), List.of(), 0, ms);
  }

  @Test
  void twoFilesDeclaringTheSameModelAreToldApartByFile() {
    RunResult run = new RunResult(List.of(
        report("seeds/rfc.ifl", "packet_rfc", Verdict.HOLDS, 5_470, 1_200),
        report("seeds/rfc_sklist.ifl", "packet_rfc", Verdict.HOLDS, 2_651, 900),
        report("other.ifl", "other", Verdict.INCOMPLETE, 12_345_678, 61_000)), List.of("last.ifl"));

    assertThat(SummaryTable.render(run)).isEqualTo("""
        model           property  verdict     distinct states    time
        rfc.ifl         all 0     holds                 5,470   1.2 s
        rfc_sklist.ifl  all 0     holds                 2,651   0.9 s
        other           -         INCOMPLETE       12,345,678  61.0 s
        last.ifl        -         skipped                   -       -
        4 models: 2 holds, 1 incomplete, 1 skipped; exit 3
        """);
  }

  @Test
  void aModelWithSeveralViolationsListsThemAll() {
    SourceMap.Property uaf = new SourceMap.Property("no_use_after_free", "NoUseAfterFree", "builtin", "use_after_free", null, "");
    SourceMap.Property leak = new SourceMap.Property("no_leak", "NoLeak", "builtin", null, null, "");
    DslTrace t = new DslTrace(uaf, "s", List.of(), null, false, List.of());
    CheckReport r = new CheckReport("m.ifl", CheckReport.INFLIGHT, "m", Verdict.VIOLATED, null, List.of(), List.of(uaf, leak),
        List.of(new Violation(uaf, t), new Violation(leak, t)), java.util.Map.of(), new TlcStatistics(1, 9, 9, 0, 3, 10),
        List.of(), List.of(), 0, 1_000);

    assertThat(SummaryTable.render(new RunResult(List.of(r), List.of("n.ifl")))).startsWith("""
        model  property                    verdict   distinct states   time
        m      no_use_after_free, no_leak  VIOLATED                9  1.0 s
        """);
  }
}

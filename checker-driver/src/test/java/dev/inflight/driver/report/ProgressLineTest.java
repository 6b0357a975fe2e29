package dev.inflight.driver.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.tlc.TlcMain;
import dev.inflight.driver.tlc.TlcProgress;
import dev.inflight.driver.tlc.TlcStatistics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

  @Test
  void redrawsInPlaceThenLeavesOneFinalLine() {
    StringWriter sw = new StringWriter();
    AtomicLong now = new AtomicLong(10_000);
    ProgressLine line = new ProgressLine(new PrintWriter(sw), 1, now::get);

    now.set(11_000);
    line.update("slow", 10_000, new TlcProgress(5_000, 2_000, 300, -1, -1, 7));
    now.set(12_000);
    line.update("slow", 10_000, new TlcProgress(12_000, 6_000, 250, -1, -1, 9));
    now.set(17_500);
    line.finish("slow", report(Verdict.HOLDS, 7_654_321, 45, 7_500));

    String[] frames = sw.toString().split("\r", -1);
    assertThat(frames[0]).isEmpty();
    assertThat(frames[1]).isEqualTo("slow: 2,000 distinct states (2,000/s), queue 300, depth 7, 0:01\033[K");
    assertThat(frames[2]).isEqualTo("slow: 6,000 distinct states (3,000/s), queue 250, depth 9, 0:02\033[K");
    assertThat(frames[3]).isEqualTo("slow: holds, 7,654,321 distinct states, depth 45, 0:07\033[K\n");
  }

  @Test
  void severalModelsAreCounted() {
    StringWriter sw = new StringWriter();
    ProgressLine line = new ProgressLine(new PrintWriter(sw), 3, () -> 0);

    line.finish("a", report(Verdict.VIOLATED, 11, 8, 1_200));
    line.update("b", 0, new TlcProgress(1, 1, 1, -1, -1, 1));

    assertThat(sw.toString()).startsWith("[1/3] a: VIOLATED, 11 distinct states, depth 8, 0:01\n\r[2/3] b: 1 distinct states");
  }

  @Test
  void printingAboveTheLineClearsItAndDrawsItAgain() {
    StringWriter sw = new StringWriter();
    PrintWriter err = new PrintWriter(sw);
    ProgressLine line = new ProgressLine(err, 2, () -> 0);
    line.update("b", 0, new TlcProgress(10, 5, 2, -1, -1, 3));

    line.above(() -> err.print("model a ...\n"));

    assertThat(sw.toString()).isEqualTo("\r[1/2] b: 5 distinct states, queue 2, depth 3, 0:00\033[K"
        + "\r\033[Kmodel a ...\n[1/2] b: 5 distinct states, queue 2, depth 3, 0:00\033[K");
  }

  @Test
  void tlcMainProgressLinesParse() {
    assertThat(TlcMain.parse("@inflight-progress 120 50 7 4")).isEqualTo(new TlcProgress(120, 50, 7, -1, -1, 4));
    assertThat(TlcMain.parse("Exception in thread main")).isNull();
    assertThat(TlcMain.parse("@inflight-progress 1 2")).isNull();
  }

  @Test
  void elapsedIsMinutesAndSeconds() {
    assertThat(ProgressLine.elapsed(59_999)).isEqualTo("0:59");
    assertThat(ProgressLine.elapsed(61_000)).isEqualTo("1:01");
    assertThat(ProgressLine.elapsed(3_726_000)).isEqualTo("1:02:06");
  }

  static CheckReport report(Verdict v, long distinct, long depth, long tlcMs) {
    return CheckReport.of("m.ifl", CheckReport.INFLIGHT, "m", v, null, List.of(), List.of(), null, null,
        new TlcStatistics(1, distinct * 2, distinct, 0, depth, tlcMs), List.of(), List.of(), 0, tlcMs);
  }
}

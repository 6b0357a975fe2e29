package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.report.CostReport;
import dev.inflight.translator.emit.SourceMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Samples read from what TLC printed through CostProbe, and from a state graph in TLC's
 * `-dump dot,actionlabels` format (a recorded file: two threads whose `bump` completes in two of
 * four states; one value spans lines, one state stutters); the statistics and the
 * funclatency-style histogram made of them.
 */
class CostSamplesTest {
  private static final Path GRAPH = Path.of("src/test/resources/cost/graph.dot");

  private static final SourceMap.Cost COST = new SourceMap.Cost("specs/profiles/x.cost", Map.of("cpus", 2L),
      Map.of("a", 0, "b", 1), List.of("bump"),
      List.of(new SourceMap.Latency("latency_bump", "bump", 400, null, null),
          new SourceMap.Latency("latency_bump_2", "bump", 100, "when2", "n == 1")));

  private static final SourceMap MAP = new SourceMap(1, "m", "m", List.of("m.ifl"), List.of(), List.of(), List.of(),
      List.of(), List.of(), COST);

  private static final Function<String, String> NAMES = id -> id.equals("a") ? "writer" : "reader";

  @Test
  void theGraphKeepsEachStatesOpEndAndItsSuccessors() throws Exception {
    StateGraph g = StateGraph.read(GRAPH);

    assertThat(g.nodes()).hasSize(4);
    assertThat(g.initial()).extracting(StateGraph.Node::id).containsExactly("101");
    assertThat(g.nodes().get("101").next()).containsExactly("102", "103");
    assertThat(g.nodes().get("104").next()).isEmpty(); // the stuttering self-loop is no successor
    assertThat(g.nodes().get("102").value()).isEqualTo("[op |-> \"bump\", thread |-> a, ns |-> 120, when2 |-> TRUE]");
    assertThat(g.nodes().get("103").value()).isEqualTo("[ op |-> \"bump\",   thread |-> b,   ns |-> 500,   when2 |-> FALSE ]");
  }

  @Test
  void exhaustiveSamplingCountsEachCompletionStateOnce() throws Exception {
    CostSamples s = CostSamples.fromGraph(StateGraph.read(GRAPH), CostRequest.exhaustive(), MAP, NAMES);

    assertThat(s.ops().get("bump")).containsExactly(
        new CostSamples.Sample("writer", 120, Map.of("when2", true)),
        new CostSamples.Sample("reader", 500, Map.of("when2", false)));
    assertThat(s.cpus()).containsEntry("writer", 0).containsEntry("reader", 1);
  }

  @Test
  void completionsPrintedByTlcAreReadOncePerLineGroup() {
    // CostProbe's PrintT output as TLC writes it: short values on one line, long ones continued.
    List<String> lines = List.of(
        "<<\"inflight-cost\", [op |-> \"bump\", thread |-> a, ns |-> 120, when2 |-> TRUE]>>",
        "Progress(3) at 2026-11-30 07:40:00: 12 states generated",
        "<< \"inflight-cost\",",
        "   [ op |-> \"bump\",",
        "     thread |-> b,",
        "     ns |-> 500,",
        "     when2 |-> FALSE ] >>");

    CostSamples s = CostSamples.fromPrints(lines, MAP, NAMES, CostRequest.exhaustive().describe());

    assertThat(s.ops().get("bump")).containsExactly(
        new CostSamples.Sample("writer", 120, Map.of("when2", true)),
        new CostSamples.Sample("reader", 500, Map.of("when2", false)));
  }

  @Test
  void randomWalksCountACompletionOncePerBehaviourThatMeetsIt() throws Exception {
    CostSamples s = CostSamples.fromGraph(StateGraph.read(GRAPH), CostRequest.simulate(10, 3, 100), MAP, NAMES);

    // Every walk goes 101 -> (102 | 103) -> 104: one completion each.
    assertThat(s.ops().get("bump")).hasSize(10);
    assertThat(s.ops().get("bump")).allMatch(x -> x.ns() == 120 || x.ns() == 500);
    assertThat(CostSamples.fromGraph(StateGraph.read(GRAPH), CostRequest.simulate(10, 3, 100), MAP, NAMES))
        .as("the same seed draws the same walks").isEqualTo(s);
  }

  @Test
  void statisticsBoundsAndHistogram() throws Exception {
    CostSamples s = CostSamples.fromGraph(StateGraph.read(GRAPH), CostRequest.exhaustive(), MAP, NAMES);
    CheckReport check = CheckReport.of("m.ifl", CheckReport.INFLIGHT, "m", Verdict.HOLDS, null, List.of(), List.of(), null, null,
        dev.inflight.driver.tlc.TlcStatistics.unknown(), List.of(), List.of(), 0, 0);

    CostReport r = CostReport.of(check, s, COST);

    CostReport.OpStats bump = r.op("bump");
    assertThat(bump.count()).isEqualTo(2);
    assertThat(bump.min()).isEqualTo(120);
    assertThat(bump.max()).isEqualTo(500);
    assertThat(bump.mean()).isEqualTo(310.0);
    assertThat(bump.worstThread()).isEqualTo("reader");
    assertThat(r.bounds().get(0).holds()).isFalse();            // 500 > 400
    assertThat(r.bounds().get(1).covered()).isEqualTo(1);        // only the writer's has when2
    assertThat(r.bounds().get(1).holds()).isFalse();            // 120 > 100
    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(CostReport.histogram(bump)).isEqualTo(""
        + "     nsecs               : count     distribution\n"
        + "        64 -> 127        : 1        |****************************************|\n"
        + "       128 -> 255        : 0        |                                        |\n"
        + "       256 -> 511        : 1        |****************************************|\n");
  }
}

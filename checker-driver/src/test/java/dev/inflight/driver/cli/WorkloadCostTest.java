package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inflight.driver.cli.Cli.Run;
import dev.inflight.driver.check.Contention;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workload totals and shared-line contention (docs/cost-model.md, "Workloads", "Contention"),
 * on a model small enough to compute by hand. `bump` costs syscall 100 + two local atomics of 10
 * = 120 ns and touches its object's line 3 times (get, touch, put). Under `two` (2 CPUs, 1000
 * bumps, the struct shared) an access finds the line on the other CPU with P = 1/2 and then
 * needs the transfer S = 40 ns: demand D = 1/2 * 3 * 40 = 60 ns per bump, think time Z = 120 ns.
 * Mean value analysis: with 1 customer R = 60, X = 1/180, Q = 1/3; with 2, an access finds
 * Q = 1/3 ahead, R = 60 * 4/3 = 80, X = 2/200. So a bump takes 120 + 80 = 200 ns, the line is
 * busy X * D = 60% of the time, each access waits 40/3 = 13 ns in the queue, and 1000 bumps take
 * 1000 / X = 100 us.
 */
class WorkloadCostTest {

  static final String BEFORE = """
      model before
      cost { cpus = 4  syscall = 100  atomic_local = 10  atomic_remote = 50  cache_miss_remote = 40 }
      struct cnt {
        ref c = 1
      }
      op fn bump(x: cnt) {
        cost syscall
        get x.c
        touch x
        put x.c
      }
      thread a {
        x = alloc cnt
        bump(x)
      }
      workload two {
        cpus = 2
        bump: 1000
        shared cnt
      }
      """;

  /** The same operation without the shared line: 100 ns, so 1000 of them on 2 CPUs take 50 us. */
  static final String AFTER = BEFORE.replace("model before", "model after").replace("  get x.c\n  touch x\n  put x.c\n", "");

  static Path write(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void mvaByHand() {
    Contention.Mva m = Contention.Mva.solve(2, 120, new double[] {60});
    assertThat(m.throughput()).isCloseTo(0.01, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(m.queueSeen()[0]).isCloseTo(1.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
    // No shared line: N customers each thinking Z.
    assertThat(Contention.Mva.solve(4, 100, new double[0]).throughput()).isEqualTo(0.04);
  }

  @Test
  void costReportsTheWorkloadTotalAndTheContendedLatency(@TempDir Path dir) throws IOException {
    Run r = Cli.run("cost", write(dir, "before.ifl", BEFORE).toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(0);
    assertThat(r.out()).contains("workload two: 2 CPUs; bump x 1,000\n")
        .contains("  shared cnt: 3.00 accesses per operation, 50% from another CPU: transfer 40 ns + queue 13 ns; line busy 60% of the time\n")
        .contains("  total: 100 µs (1,000 operations on 2 CPUs; latencies below include the shared lines' contention)\n")
        .contains("bump: 1 completion; min 200 ns, mean 200 ns, max 200 ns (a)");
  }

  @Test
  void withoutTheWorkloadTheModelIsPricedAlone(@TempDir Path dir) throws IOException {
    Run r = Cli.run("cost", write(dir, "before.ifl", BEFORE).toString(), "--workload", "none");

    assertThat(r.out()).contains("workload: none (the model alone)")
        .contains("bump: 1 completion; min 120 ns, mean 120 ns, max 120 ns (a)");
  }

  @Test
  void priceChangesOneProfileEntry(@TempDir Path dir) throws IOException {
    // S = 80: D = 120, R1 = 120, X1 = 1/240, Q1 = 1/2; R2 = 180, X2 = 2/300; a bump 120 + 180 = 300 ns.
    Run r = Cli.run("cost", write(dir, "before.ifl", BEFORE).toString(), "--price", "cache_miss_remote=80");

    assertThat(r.out()).contains("transfer 80 ns + queue 40 ns; line busy 80% of the time")
        .contains("total: 150 µs").contains("mean 300 ns");
  }

  @Test
  void jsonHasTheWorkloadAndThePrices(@TempDir Path dir) throws IOException {
    Run r = Cli.run("cost", write(dir, "before.ifl", BEFORE).toString(), "--format", "json");

    JsonNode m = new ObjectMapper().readTree(r.out()).get("models").get(0);
    assertThat(m.get("prices").get("cache_miss_remote").asLong()).isEqualTo(40);
    JsonNode w = m.get("workload");
    assertThat(w.get("name").asText()).isEqualTo("two");
    assertThat(w.get("cpus").asInt()).isEqualTo(2);
    assertThat(w.get("runs").get("bump").asLong()).isEqualTo(1000);
    assertThat(w.get("remoteShare").asDouble()).isEqualTo(0.5);
    assertThat(w.get("sharedLines").get(0).get("utilisation").asDouble()).isEqualTo(0.6);
    assertThat(w.get("totalNs").asLong()).isEqualTo(100_000);
  }

  @Test
  void diffPrintsTheProfileTheWorkloadAndTheTotals(@TempDir Path dir) throws IOException {
    Run r = Cli.run("diff", write(dir, "before.ifl", BEFORE).toString(), write(dir, "after.ifl", AFTER).toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(0);
    assertThat(r.out()).containsPattern("profile +the model's cost block +the model's cost block")
        .containsPattern("workload +two \\(2 CPUs\\) +two \\(2 CPUs\\)")
        .containsPattern("bump +200 ns +200 ns +100 ns +100 ns +0\\.500x +0\\.500x")
        .containsPattern("workload total +100 µs +50\\.0 µs +0\\.500x")
        .contains("on the model's cost block, workload two: after: every property and latency bound holds;"
            + " the workload takes 2.00x less time (100 µs -> 50.0 µs), bump 2.00x faster on average, 2.00x faster at worst\n");
  }

  @Test
  void aWorkloadWhoseOperationNeverCompletesHasNoTotal(@TempDir Path dir) throws IOException {
    String stuck = BEFORE.replace("  bump(x)\n", "  await false\n  bump(x)\n");
    Run r = Cli.run("cost", write(dir, "stuck.ifl", stuck).toString());

    assertThat(r.out()).contains("total: unknown: no explored behaviour completes bump");
  }

  @Test
  void anUnknownWorkloadIsBadInput(@TempDir Path dir) throws IOException {
    Run r = Cli.run("cost", write(dir, "before.ifl", BEFORE).toString(), "--workload", "three");

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("error[E0506]: the model declares no workload `three`").doesNotContain("Exception");
  }
}

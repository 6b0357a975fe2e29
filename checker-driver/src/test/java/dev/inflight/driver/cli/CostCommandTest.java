package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.cli.Cli.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost model end to end: `inflight cost`, `diff`, `--sweep`, latency bounds in `check` with
 * a priced counterexample, and no cost state (nor extra states) when nothing asks for costs.
 * The numbers follow from refcount_cost.ifl's toy machine: syscall 100, atomics 10 local /
 * 200 remote; b's bump is 100 + 200 + 200 = 500 ns at worst, a's first bump 100 + 10 + 10.
 */
class CostCommandTest {
  private static final Path SHARED = Cli.example("tutorial/refcount_cost.ifl");
  private static final Path PERCPU = Cli.example("tutorial/refcount_cost_percpu.ifl");

  @TempDir
  Path tmp;

  @Test
  void costReportsEachOperationsLatenciesAndJudgesTheBound() {
    Run r = Cli.run("cost", SHARED.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("counted: each distinct completion of an operation in the explored state graph")
        .contains("threads: a on CPU 0, b on CPU 1")
        .containsPattern("bump: \\d+ completions; min 120 ns, mean \\d+ ns, max 500 ns \\(b\\)")
        .contains("     nsecs               : count     distribution")
        .containsPattern("        64 -> 127        : \\d+ +\\|\\*+ *\\|")
        .containsPattern("       256 -> 511        : \\d+ +\\|\\*+ *\\|")
        .containsPattern("VIOLATED  latency bump <= 400: max 500 ns \\(b\\), \\d+ completions")
        .contains("safety: all properties hold");
  }

  @Test
  void onOneCpuEveryAtomicIsLocal() {
    Run r = Cli.run("cost", SHARED.toString(), "--profile", "single-cpu");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.out()).contains("on specs/profiles/single-cpu.cost").contains("threads: a on CPU 0, b on CPU 0")
        .containsPattern("holds     latency bump <= 400: max \\d+ ns");
    // single-cpu prices a syscall at 100 ns and a local atomic at 8 ns: 100 + 8 + 8.
    assertThat(r.out()).containsPattern("bump: \\d+ completions; min 116 ns, mean 116 ns, max 116 ns");
  }

  @Test
  void jsonGivesTheSameFigures() throws Exception {
    Run r = Cli.run("cost", SHARED.toString(), "--format", "json");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertThat(root.get("schema").asText()).isEqualTo("inflight-cost");
    JsonNode m = root.get("models").get(0);
    assertThat(m.get("verdict").asText()).isEqualTo("violated");
    assertThat(m.get("safety").asText()).isEqualTo("holds");
    JsonNode bump = m.get("operations").get(0);
    assertThat(bump.get("op").asText()).isEqualTo("bump");
    assertThat(bump.get("minNs").asLong()).isEqualTo(120);
    assertThat(bump.get("maxNs").asLong()).isEqualTo(500);
    long inBuckets = 0;
    for (JsonNode b : bump.get("histogram")) {
      inBuckets += b.get("count").asLong();
    }
    assertThat(inBuckets).isEqualTo(bump.get("count").asLong());
    JsonNode bound = m.get("latencies").get(0);
    assertThat(bound.get("name").asText()).isEqualTo("latency_bump");
    assertThat(bound.get("holds").asBoolean()).isFalse();
    assertThat(bound.get("maxNs").asLong()).isEqualTo(500);
  }

  @Test
  void simulationSaysWhatItCounted() {
    Run r = Cli.run("cost", SHARED.toString(), "--simulate", "30", "--seed", "7");

    assertThat(r.exit()).as(r.describe()).isIn(ExitCodes.VIOLATED, ExitCodes.HOLDS);
    assertThat(r.out()).contains("counted: 30 random behaviours over the explored state graph (seed 7, a successor chosen uniformly")
        .containsPattern("bump: \\d+ completions; min 120 ns");
    // Three bumps per behaviour, each counted once.
    assertThat(r.out()).containsPattern("bump: 90 completions");
  }

  @Test
  void sweepPrintsARowPerValue() {
    Run r = Cli.run("cost", SHARED.toString(), "--sweep", "SYSCALLS=1..3");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    List<String> lines = r.outLines();
    assertThat(lines.get(0)).startsWith("SYSCALLS  verdict").contains("bump mean").contains("bump max");
    assertThat(lines.get(1)).startsWith("1         violated").contains("500 ns");
    assertThat(lines.get(2)).startsWith("2         violated").contains("600 ns");
    assertThat(lines.get(3)).startsWith("3         violated").contains("700 ns");
  }

  @Test
  void checkSweepsToo() {
    Run r = Cli.run("check", PERCPU.toString(), "--sweep", "SYSCALLS=3,4");

    // 300 + 10 + 10 fits in 400 ns; 400 + 20 does not.
    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    List<String> lines = r.outLines();
    assertThat(lines.get(0)).startsWith("SYSCALLS  verdict").contains("distinct states");
    assertThat(lines.get(1)).startsWith("3         holds");
    assertThat(lines.get(2)).startsWith("4         violated (latency_bump)");
  }

  @Test
  void sweepOfAnUnknownConstIsBadInput() {
    Run r = Cli.run("cost", SHARED.toString(), "--sweep", "NOPE=1..2");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("NOPE");
  }

  @Test
  void diffShowsVerdictsAndRatios() {
    Run r = Cli.run("diff", SHARED.toString(), PERCPU.toString());

    // the patch fixes the violated latency bound: exit by the AFTER model (DiffExitTest has the rest)
    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.out()).containsPattern("verdict +violated \\(latency_bump\\) +holds")
        .containsPattern("bump +\\d+ ns +500 ns +120 ns +120 ns +0\\.\\d+x +0\\.240x")
        .containsPattern("after: every property and latency bound holds; bump \\d\\.\\d\\dx faster on average, 4\\.17x faster at worst")
        .doesNotContain("sum ");
    Run summed = Cli.run("diff", SHARED.toString(), PERCPU.toString(), "--sum");
    assertThat(summed.out()).containsPattern("sum +\\d+ ns +500 ns +120 ns +120 ns");
  }

  @Test
  void aViolatedBoundIsAPricedCounterexample() {
    int put = Cli.lineOf(SHARED, "put x.count");

    Run r = Cli.run("check", SHARED.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("VIOLATED: latency_bump (every bump takes at most 400 ns)")
        .contains("cost: +100 ns; b's operation so far 100 ns")
        .contains("cost: +200 ns; b's operation so far 300 ns");
    String last = r.outLines().stream().filter(l -> l.contains("b's bump took")).findFirst().orElseThrow();
    assertThat(last).contains("cost: +200 ns; b's bump took 500 ns in all");
    assertThat(r.out()).contains("refcount_cost.ifl:" + put + "  put x.count");
  }

  @Test
  void anOperationChargedWithoutEndIsCheckedAndItsTraceTellsTheTotalsExactly() throws Exception {
    // a waits for the lock while b takes it again and again, 30 ns each time: a's total has no
    // end, so only totals stopped past the bound (LatCap == 101) make the state space finite;
    // the trace recomputes them without the cap
    Path model = tmp.resolve("spin.ifl");
    Files.writeString(model, """
        model spin
        cost { cpus = 1 }
        latency take <= 100
        var g = 0
        lock l
        op fn take() {
          lock l
          unlock l
        }
        thread a { take() }
        thread b {
          while g == 0 {
            lock l
            cost 30
            unlock l
          }
        }
        thread c { g = 1 }
        """);

    Run r = Cli.run("check", model.toString(), "--timeout", "120");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("VIOLATED: latency_take (every take takes at most 100 ns)")
        .contains("cost: +30 ns waiting on b; a's operation so far 90 ns")
        .contains("cost: +30 ns waiting on b; a's operation so far 120 ns")
        .contains("a's take took 120 ns in all").doesNotContain("more than");
  }

  @Test
  void withoutALatencyBoundAModelHasNoCostStateAndTheSameStates() throws Exception {
    // The same model with its bound taken out, and with its cost annotations too.
    String src = Files.readString(SHARED, StandardCharsets.UTF_8).replace("latency bump <= 400", "");
    Path plain = tmp.resolve("plain.ifl");
    Files.writeString(plain, src);
    Path bare = tmp.resolve("bare.ifl");
    Files.writeString(bare, src.replace("op fn bump", "fn bump").replace("  cost syscall * SYSCALLS\n", "")
        .replace(" on cpu 0", "").replace(" on cpu 1", ""));

    Run t = Cli.run("translate", plain.toString(), "-o", tmp.resolve("out").toString());
    assertThat(t.exit()).as(t.describe()).isEqualTo(0);
    String tla = Files.readString(tmp.resolve("out/refcount_cost.tla"));
    assertThat(tla).doesNotContain("op_end").doesNotContain("CpuOf").doesNotContain("Cost_");

    CheckReport withAnnotations = new ModelChecker(CheckOptions.defaults()).check(plain);
    CheckReport without = new ModelChecker(CheckOptions.defaults()).check(bare);
    assertThat(withAnnotations.verdict()).isEqualTo(Verdict.HOLDS);
    assertThat(without.verdict()).isEqualTo(Verdict.HOLDS);
    assertThat(withAnnotations.statistics().distinct()).isEqualTo(without.statistics().distinct());
  }
}

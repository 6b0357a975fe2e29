package dev.inflight.driver.bench;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CostRequest;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.report.CostReport;
import dev.inflight.driver.report.WorkloadText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `bench/run --validate [--record]`: the cost model's validation against the three seeds
 * (docs/cost-model.md, "Validation"). For each seed pair it runs `inflight cost` on the before
 * and after model with their workloads and profiles, compares the predicted speedup (before
 * total / after total) with the measured one, and reruns both with each deciding profile
 * constant halved and doubled (`--price`). The measured numbers are only ever compared with:
 * nothing here feeds them back into a constant. With --record the tables replace the marked
 * sections of bench/RESULTS.md and docs/cost-model.md.
 */
public final class Validation {
  private Validation() {}

  /**
   * One seed: its models, what the seed measured (before and after, in ns, for the workload's
   * whole run), where that number is from, how close the prediction must be, and the profile
   * constants whose halving and doubling the table shows.
   */
  record Seed(String id, String name, Path before, Path after, double measuredBefore, double measuredAfter, String source,
      double tolerance, boolean factor, List<String> deciding, String otherProfile) {
    double measured() {
      return measuredBefore / measuredAfter;
    }

    /** Within ±tolerance (a relative error), or within a factor (tolerance = 2). */
    boolean within(double predicted) {
      double q = predicted / measured();
      return factor ? q >= 1 / tolerance && q <= tolerance : Math.abs(q - 1) <= tolerance;
    }

    String band() {
      return factor ? String.format(Locale.ROOT, "within %.0fx", tolerance) : String.format(Locale.ROOT, "within ±%.0f%%", 100 * tolerance);
    }
  }

  static final List<Seed> SEEDS = List.of(
      new Seed("000", "SCM_CREDENTIALS by default (hackbench)", Path.of("examples/seeds/hackbench/before.ifl"),
          Path.of("examples/seeds/hackbench/after.ifl"), 9.102e9, 4.224e9,
          "`hackbench 20 thread 2000`, 16 hardware threads: 9.102 s -> 4.224 s", 0.25, false,
          List.of("cache_miss_remote", "context_switch", "wakeup"), null),
      new Seed("001", "unix GC async (funclatency)", Path.of("examples/seeds/unix_gc/sync_wait.ifl"),
          Path.of("examples/seeds/unix_gc/async_wait.ifl"), 4096 * 1_825_567.0, 4096 * 410.0,
          "4096 sendmsg() with 32K in flight, funclatency avg: 1,825,567 ns -> 410 ns", 2, true,
          List.of("gc_scan_sock", "queue_work", "syscall"), null),
      new Seed("003", "synchronize_net -> call_rcu on close", Path.of("examples/seeds/packet_release/synchronize_net.ifl"),
          Path.of("examples/seeds/packet_release/call_rcu_always.ifl"), 72.89e9, 64.41e9,
          "50M closes: 72.89 s -> 64.41 s (1M: 1.28 -> 1.22 s; 5M: 7.3 -> 6.25 s)", 0.25, false,
          List.of("sk_release", "call_rcu", "syscall"), "xeon-2011"));

  /** The two cost runs of a pair under the same price overrides. */
  record Pair(CostReport before, CostReport after) {
    double speedup() {
      return total(before) / total(after);
    }

    static double total(CostReport r) {
      return r.workload() == null ? Double.NaN : r.workload().totalNs();
    }
  }

  static Pair run(Seed s, Map<String, Long> prices) {
    return run(s, prices, null);
  }

  /** Both models on {@code profile} (null: their own) with {@code prices} replacing profile entries. */
  static Pair run(Seed s, Map<String, Long> prices, String profile) {
    return new Pair(cost(s.before(), prices, profile), cost(s.after(), prices, profile));
  }

  private static CostReport cost(Path model, Map<String, Long> prices, String profile) {
    CostRequest req = CostRequest.exhaustive().withWorkload(CostRequest.FIRST_WORKLOAD, prices);
    ModelChecker.Run r = new ModelChecker(CheckOptions.defaults().withVacuity(false).withProfile(profile).withCost(req)).run(model);
    return CostReport.of(r.report(), r.costs(), r.costModel());
  }

  public static void main(String[] args) throws IOException {
    boolean record = List.of(args).contains("--record");
    StringBuilder main = new StringBuilder();
    StringBuilder sens = new StringBuilder();
    main.append("| seed | measured speedup | predicted speedup | | profile, workload | before: predicted / measured | after: predicted / measured |\n");
    main.append("|---|---:|---:|---|---|---:|---:|\n");
    sens.append("| seed | constant | value (ns) | speedup, halved | speedup, doubled |\n");
    sens.append("|---|---|---:|---:|---:|\n");
    for (Seed s : SEEDS) {
      Pair base = run(s, Map.of());
      row(main, s, s.id() + " " + s.name(), base);
      if (s.otherProfile() != null) {
        row(main, s, s.id() + " on `" + s.otherProfile() + "` instead (not the seed's machine class)", run(s, Map.of(), s.otherProfile()));
      }
      Map<String, Long> entries = base.before().samples() == null ? Map.of() : profileEntries(base.before());
      for (String k : s.deciding()) {
        long v = entries.getOrDefault(k, 0L);
        double half = run(s, Map.of(k, v / 2)).speedup();
        double twice = run(s, Map.of(k, v * 2)).speedup();
        sens.append(String.format(Locale.ROOT, "| %s | `%s` | %,d | %s | %s |%n", s.id(), k, v, mark(s, half), mark(s, twice)));
      }
      System.err.println("validated seed " + s.id());
    }
    String tables = "Measured: seed 000 " + SEEDS.get(0).source() + "; seed 001 " + SEEDS.get(1).source() + "; seed 003 "
        + SEEDS.get(2).source() + ". Speedup = before / after, of the workload's total time.\n\n"
        + main + "\nSensitivity: the predicted speedup with one profile constant halved or doubled (both models rerun;"
        + " **bold**: inside the seed's band).\n\n" + sens;
    System.out.print(tables);
    if (record) {
      for (Path f : List.of(Path.of("bench/RESULTS.md"), Path.of("docs/cost-model.md"))) {
        replaceSection(f, tables);
      }
    }
  }

  private static void row(StringBuilder out, Seed s, String label, Pair pair) {
    double p = pair.speedup();
    String profile = pair.before().samples() == null ? "-" : Path.of(pair.before().samples().profile()).getFileName().toString().replace(".cost", "");
    String workload = pair.before().workload() == null ? "-" : pair.before().workload().name();
    out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s, %s | %s, %s | %s / %s | %s / %s |%n", label,
        WorkloadText.factor(s.measured()), WorkloadText.factor(p), s.within(p) ? "**" + s.band() + "**" : "**miss** (not " + s.band() + ")",
        percent(p / s.measured()), profile, workload,
        WorkloadText.human(Pair.total(pair.before())), WorkloadText.human(s.measuredBefore()),
        WorkloadText.human(Pair.total(pair.after())), WorkloadText.human(s.measuredAfter())));
  }

  private static Map<String, Long> profileEntries(CostReport r) {
    return r.samples().prices();
  }

  private static String mark(Seed s, double speedup) {
    return s.within(speedup) ? "**" + WorkloadText.factor(speedup) + "**" : WorkloadText.factor(speedup);
  }


  /** How far the prediction is from the measurement: `+49%`, or `5,082x` when far off. */
  private static String percent(double q) {
    return q >= 10 || q <= 0.1 ? WorkloadText.factor(q) + " the measured" : String.format(Locale.ROOT, "%+.0f%%", 100 * (q - 1));
  }

  static final String BEGIN = "<!-- validation:begin (bench/run --validate --record) -->";
  static final String END = "<!-- validation:end -->";

  /** Replaces the text between the markers (which must exist) with {@code body}. */
  static void replaceSection(Path f, String body) throws IOException {
    String text = Files.readString(f);
    int b = text.indexOf(BEGIN);
    int e = text.indexOf(END);
    if (b < 0 || e < b) {
      throw new IOException(f + " has no validation section (" + BEGIN + " ... " + END + ")");
    }
    Files.writeString(f, text.substring(0, b + BEGIN.length()) + "\n" + body + text.substring(e));
  }

}

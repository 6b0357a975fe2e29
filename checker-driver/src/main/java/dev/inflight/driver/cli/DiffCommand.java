package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.report.CostReport;
import dev.inflight.driver.report.Numbers;
import dev.inflight.driver.report.TextReport;
import dev.inflight.driver.report.WorkloadText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight diff A B`: verdicts side by side and each operation's latency ratio, on one profile. */
@Command(name = "diff", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Compare two models (before and after a patch) on one machine profile: their verdicts side by side"
        + " and each operation's mean and worst latency, with the after/before ratios, and the totals of the models' workload."
        + " Did the patch make it faster without making it unsafe?",
    footer = {"", "The exit code follows the AFTER model (--fail-on after): a patch that fixes a violation exits 0.",
        "--fail-on regression: 1 only if AFTER violates a property or latency bound BEFORE did not, or an operation",
        "  is slower on average; --fail-on any: 1 if either model violates something.",
        "Bad input, an incomplete run or an internal error in either model gives 2, 3 or 4 whatever --fail-on says."})
final class DiffCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(index = "0", paramLabel = "BEFORE", description = "The model before the patch (.ifl).")
  Path before;

  @Parameters(index = "1", paramLabel = "AFTER", description = "The model after the patch (.ifl).")
  Path after;

  @Mixin
  CostOptions costs;

  @Mixin
  RunOptions run;

  /** When `diff` fails a CI job. */
  enum FailOn { after, regression, any }

  @Option(names = "--fail-on", paramLabel = "WHEN", defaultValue = "after",
      description = "after (default): exit by the AFTER model's verdict; regression: only when AFTER is worse than BEFORE; any: when either is violated.")
  FailOn failOn;

  @Option(names = "--sum", description = "Add a row with the sums of the operations' means and maxima: the cost of a unit of work that runs each operation once (a message: one write, one read).")
  boolean sum;


  @Override
  public Integer call() {
    if (costs.invalid() != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), costs.invalid());
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int missing = MissingFiles.report(List.of(before, after), err);
    if (missing != 0) {
      return missing; // before running anything: neither model's messages hide that a file is missing
    }
    CheckOptions base = run.apply(CheckOptions.defaults());
    CostReport a = CostCommand.run(base, before, common.overrides, costs.profile, costs.request());
    CostReport b = CostCommand.run(base, after, common.overrides, costs.profile, costs.request());
    for (CostReport r : List.of(a, b)) {
      if (r.check().verdict() == Verdict.BAD_INPUT || r.samples() == null) {
        TextReport.print(r.check(), new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose());
      }
    }
    if (costs.format == CostOptions.Format.json) {
      Map<String, Object> extra = new LinkedHashMap<>();
      extra.put("ratios", ratios(a, b));
      Double total = totalRatio(a, b);
      if (total != null) {
        extra.put("workloadTotalRatio", total);
      }
      out.print(CostReport.renderJson(List.of(a, b), extra));
    } else {
      out.print(render(a, b, sum));
    }
    out.flush();
    return exitCode(failOn, a, b);
  }

  /**
   * The exit code: 2, 3 or 4 when either model could not be judged (the worse); otherwise by
   * {@code failOn}: the AFTER model's verdict, a regression (AFTER violates what BEFORE did not,
   * or an operation's mean latency grew), or either model's violation.
   */
  static int exitCode(FailOn failOn, CostReport a, CostReport b) {
    int broken = Math.max(a.verdict().exitCode, b.verdict().exitCode);
    if (broken > Verdict.VIOLATED.exitCode) {
      return broken;
    }
    return switch (failOn) {
      case after -> b.verdict().exitCode;
      case any -> broken;
      case regression -> {
        Set<String> was = violations(a);
        boolean worse = violations(b).stream().anyMatch(v -> !was.contains(v))
            || ratios(a, b).values().stream().anyMatch(q -> q.get("mean") > 1.0);
        yield worse ? Verdict.VIOLATED.exitCode : Verdict.HOLDS.exitCode;
      }
    };
  }

  /** The names of what a model violates: properties and latency bounds. */
  private static Set<String> violations(CostReport r) {
    Set<String> out = new LinkedHashSet<>();
    if (r.check().verdict() == Verdict.VIOLATED && r.check().violated() != null) {
      out.add(r.check().violated().name());
    }
    r.bounds().stream().filter(x -> !x.holds()).forEach(x -> out.add(x.latency().name()));
    return out;
  }

  /** after/before of each operation's mean and max, for operations both completed. */
  static Map<String, Map<String, Double>> ratios(CostReport a, CostReport b) {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    for (String op : ops(a, b)) {
      CostReport.OpStats x = a.op(op);
      CostReport.OpStats y = b.op(op);
      if (x != null && y != null && x.count() > 0 && y.count() > 0 && x.mean() > 0 && x.max() > 0) {
        out.put(op, Map.of("mean", y.mean() / x.mean(), "max", (double) y.max() / x.max()));
      }
    }
    return out;
  }

  /** The operations either model completed (library operations a model never calls are left out). */
  private static Set<String> ops(CostReport a, CostReport b) {
    Set<String> ops = new LinkedHashSet<>();
    a.ops().stream().filter(o -> o.count() > 0).forEach(o -> ops.add(o.op()));
    b.ops().stream().filter(o -> o.count() > 0).forEach(o -> ops.add(o.op()));
    return ops;
  }

  static String render(CostReport a, CostReport b, boolean sum) {
    StringBuilder s = new StringBuilder();
    List<String[]> head = new ArrayList<>();
    head.add(new String[] {"", "before", "after"});
    head.add(new String[] {"model", a.check().file(), b.check().file()});
    head.add(new String[] {"profile", profile(a), profile(b)});
    head.add(new String[] {"workload", workload(a), workload(b)});
    head.add(new String[] {"verdict", verdict(a), verdict(b)});
    head.add(new String[] {"distinct states", Numbers.count(a.check().statistics().distinct()), Numbers.count(b.check().statistics().distinct())});
    s.append(plain(head)).append('\n');
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"operation", "before mean", "before max", "after mean", "after max", "after/before mean", "after/before max"});
    Map<String, Map<String, Double>> r = ratios(a, b);
    for (String op : ops(a, b)) {
      CostReport.OpStats x = a.op(op);
      CostReport.OpStats y = b.op(op);
      Map<String, Double> q = r.get(op);
      rows.add(new String[] {op, mean(x), max(x), mean(y), max(y), q == null ? "-" : ratio(q.get("mean")), q == null ? "-" : ratio(q.get("max"))});
    }
    if (sum && !r.isEmpty() && r.size() == ops(a, b).size()) {
      // When one unit of work runs each operation once (a message: one write, one read), the
      // sums are its cost.
      double am = 0, ax = 0, bm = 0, bx = 0;
      for (String op : r.keySet()) {
        am += a.op(op).mean();
        ax += a.op(op).max();
        bm += b.op(op).mean();
        bx += b.op(op).max();
      }
      rows.add(new String[] {"sum", String.format(Locale.ROOT, "%,.0f ns", am), String.format(Locale.ROOT, "%,.0f ns", ax),
          String.format(Locale.ROOT, "%,.0f ns", bm), String.format(Locale.ROOT, "%,.0f ns", bx), ratio(bm / am), ratio(bx / ax)});
    }
    if (a.workload() != null || b.workload() != null) {
      Double t = totalRatio(a, b);
      rows.add(new String[] {"workload total", total(a), "", total(b), "", t == null ? "-" : ratio(t), ""});
    }
    s.append(SweepTable.table(rows));
    s.append('\n').append(conclusion(a, b, r));
    return s.toString();
  }

  /** after/before of the workloads' totals, when both models have one and it is known. */
  static Double totalRatio(CostReport a, CostReport b) {
    if (a.workload() == null || b.workload() == null || a.workload().totalNs() <= 0 || b.workload().totalNs() < 0) {
      return null;
    }
    return b.workload().totalNs() / a.workload().totalNs();
  }

  private static String total(CostReport r) {
    return r.workload() == null || r.workload().totalNs() < 0 ? "-" : WorkloadText.human(r.workload().totalNs());
  }

  private static String workload(CostReport r) {
    return r.samples() == null ? "-" : r.workload() == null ? "none (the model alone)"
        : r.workload().name() + " (" + r.workload().cpus() + (r.workload().cpus() == 1 ? " CPU)" : " CPUs)");
  }

  private static String conclusion(CostReport a, CostReport b, Map<String, Map<String, Double>> r) {
    boolean safe = b.verdict() == Verdict.HOLDS;
    List<String> parts = new ArrayList<>();
    Double t = totalRatio(a, b);
    if (t != null) {
      String how = t < 1 ? "takes " + WorkloadText.factor(1 / t) + " less time" : t > 1 ? "takes " + WorkloadText.factor(t) + " more time" : "takes as long";
      parts.add("the workload " + how + " (" + total(a) + " -> " + total(b) + ")");
    }
    r.forEach((op, q) -> parts.add(op + " " + change(q.get("mean")) + " on average, " + change(q.get("max")) + " at worst"));
    StringBuilder out = new StringBuilder("on ").append(profile(b));
    out.append(b.workload() == null ? ", no workload" : ", workload " + b.workload().name()).append(": ");
    out.append(safe ? "after: every property and latency bound holds" : "after: does not hold (" + verdict(b) + ")")
        .append(parts.isEmpty() ? "" : "; " + String.join(", ", parts)).append('\n');
    if (a.workload() != null && b.workload() != null && !a.workload().name().equals(b.workload().name())) {
      out.append("note: the two models run different workloads (").append(a.workload().name()).append(", ")
          .append(b.workload().name()).append("): the totals measure different things\n");
    }
    return out.toString();
  }

  /** An after/before ratio in words: `2.19x faster`, `1.06x slower`, `unchanged`. */
  private static String change(double ratio) {
    return ratio < 1 ? WorkloadText.factor(1 / ratio) + " faster" : ratio > 1 ? WorkloadText.factor(ratio) + " slower" : "unchanged";
  }

  private static String profile(CostReport r) {
    return r.samples() == null ? "-" : r.samples().profile() == null ? "the model's cost block" : r.samples().profile();
  }

  private static String verdict(CostReport r) {
    String v = r.verdict().name().toLowerCase(Locale.ROOT);
    if (r.check().violated() != null) {
      return v + " (" + r.check().violated().name() + ")";
    }
    List<String> slow = r.bounds().stream().filter(x -> !x.holds()).map(x -> x.latency().name()).toList();
    return slow.isEmpty() ? v : v + " (" + String.join(", ", slow) + ")";
  }

  private static String mean(CostReport.OpStats s) {
    return s == null || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%,.0f ns", s.mean());
  }

  private static String max(CostReport.OpStats s) {
    return s == null || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%,d ns", s.max());
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, "%.3gx", v);
  }

  /** Two or three left-aligned columns. */
  private static String plain(List<String[]> rows) {
    int w0 = rows.stream().mapToInt(x -> x[0].length()).max().orElse(0);
    int w1 = rows.stream().mapToInt(x -> x[1].length()).max().orElse(0);
    StringBuilder b = new StringBuilder();
    for (String[] x : rows) {
      b.append(Numbers.format("%-" + w0 + "s  %-" + w1 + "s  %s", x[0], x[1], x[2]).stripTrailing()).append('\n');
    }
    return b.toString();
  }
}

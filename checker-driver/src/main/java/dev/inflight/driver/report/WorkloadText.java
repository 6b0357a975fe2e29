package dev.inflight.driver.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inflight.driver.check.Contention;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How `inflight cost` and `diff` show a workload (docs/cost-model.md, "Workloads"). */
public final class WorkloadText {
  private WorkloadText() {}

  /** A duration for people: `410 ns`, `2.79 µs`, `1.83 ms`, `9.10 s`. */
  public static String human(double ns) {
    if (ns < 0) {
      return "-";
    }
    if (ns < 1e3) {
      return String.format(Locale.ROOT, "%,.0f ns", ns);
    }
    if (ns >= 1e12) {
      return String.format(Locale.ROOT, "%,.0f s", ns / 1e9);
    }
    String[] units = {"µs", "ms", "s"};
    int u = ns < 1e6 ? 0 : ns < 1e9 ? 1 : 2;
    double v = ns / Math.pow(1e3, u + 1);
    return String.format(Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
  }

  /** A factor: `2.19x`, `3,222x` (`-` for none). */
  public static String factor(double f) {
    return Double.isNaN(f) ? "-" : String.format(Locale.ROOT, f >= 100 ? "%,.0fx" : "%.2fx", f);
  }

  /** `hb_write x 16,000,000, hb_read x 16,000,000` */
  public static String runs(Map<String, Long> runs) {
    List<String> parts = new ArrayList<>();
    runs.forEach((op, n) -> parts.add(op + " x " + String.format(Locale.ROOT, "%,d", n)));
    return String.join(", ", parts);
  }

  /** One line naming the workload: name, CPUs, runs, the consts it sets. */
  public static String summary(Contention.Result w) {
    StringBuilder b = new StringBuilder("workload ").append(w.name()).append(": ").append(w.cpus())
        .append(w.cpus() == 1 ? " CPU; " : " CPUs; ").append(runs(w.runs()));
    if (!w.consts().isEmpty()) {
      List<String> set = new ArrayList<>();
      w.consts().forEach((k, v) -> set.add(k + " = " + v));
      b.append("; ").append(String.join(", ", set));
    }
    return b.toString();
  }

  /** The workload section of `inflight cost`. */
  public static String render(Contention.Result w) {
    StringBuilder b = new StringBuilder(summary(w)).append('\n');
    for (Contention.Line l : w.lines()) {
      b.append(String.format(Locale.ROOT, "  shared %s: %.2f accesses per operation, %.0f%% from another CPU: transfer %s + queue %s; line busy %.0f%% of the time%n",
          l.struct(), l.visitsPerOp(), 100 * w.remote(), human(l.transferNs()), human(l.waitNs()), 100 * Math.min(1, l.utilisation())));
    }
    b.append("  total: ").append(total(w)).append('\n');
    return b.toString();
  }

  /** The workload's total, or why there is none. */
  public static String total(Contention.Result w) {
    if (w.totalNs() < 0) {
      return "unknown: no explored behaviour completes " + String.join(", ", w.missing());
    }
    long ops = w.runs().values().stream().mapToLong(Long::longValue).sum();
    return human(w.totalNs()) + String.format(Locale.ROOT, " (%,d operations on %d CPU%s%s)", ops, w.cpus(), w.cpus() == 1 ? "" : "s",
        w.lines().isEmpty() ? "" : "; latencies below include the shared lines' contention");
  }

  /** The workload in a cost report's JSON. */
  public static void json(ObjectNode m, Contention.Result w) {
    ObjectNode o = m.putObject("workload");
    o.put("name", w.name());
    o.put("cpus", w.cpus());
    ObjectNode runs = o.putObject("runs");
    w.runs().forEach(runs::put);
    ObjectNode consts = o.putObject("consts");
    w.consts().forEach(consts::put);
    o.put("remoteShare", Math.round(w.remote() * 1e4) / 1e4);
    var lines = o.putArray("sharedLines");
    for (Contention.Line l : w.lines()) {
      ObjectNode x = lines.addObject();
      x.put("struct", l.struct());
      x.put("accessesPerOp", Math.round(l.visitsPerOp() * 1e3) / 1e3);
      x.put("transferNs", l.transferNs());
      x.put("queueNs", Math.round(l.waitNs() * 10) / 10.0);
      x.put("utilisation", Math.round(l.utilisation() * 1e4) / 1e4);
    }
    if (w.totalNs() >= 0) {
      o.put("totalNs", Math.round(w.totalNs()));
    } else {
      o.putNull("totalNs");
      var miss = o.putArray("neverCompleted");
      w.missing().forEach(miss::add);
    }
  }
}

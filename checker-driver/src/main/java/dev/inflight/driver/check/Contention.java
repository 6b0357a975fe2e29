package dev.inflight.driver.check;

import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload's total and its shared cache lines under contention (docs/cost-model.md,
 * "Workloads" and "Contention").
 *
 * <p>The workload's {@code cpus} CPUs each run its operations in a loop, in the proportions of
 * their counts: a closed system of N customers. One cycle is one average operation. Its time
 * outside shared lines, Z, is the operations' mean explored latency (which prices a shared-line
 * atomic as a local one). Each access to a shared struct's line finds the line last written by
 * another CPU with probability P = (N - 1) / N (the N CPUs' accesses interleave at random) and
 * then waits for the transfer, S = the profile's {@code cache_miss_remote}, behind the transfers
 * queued before it. Each line is a queueing centre visited V_l = P * (mean accesses per cycle)
 * times, with demand D_l = V_l * S. Exact mean value analysis (Reiser and Lavenberg, 1980) of
 * that network gives the throughput X(N) and the mean queue Q_l(N - 1) an arriving access finds,
 * so each access costs P * S * (1 + Q_l(N - 1)) on average, and the workload takes (number of
 * operations) / X(N). No constant of this model is fitted: N, the runs and the shared structs are
 * the workload's, the access counts and Z come from the explored behaviour, S from the profile.
 */
public final class Contention {
  private Contention() {}

  /** One shared struct's line under the workload. */
  public record Line(String struct, double visitsPerOp, double transferNs, double waitNs, double utilisation) {
    /** What one access costs on average: the transfer when the line is elsewhere, and the queue ahead. */
    public double perAccessNs(double remote) {
      return remote * (transferNs + waitNs);
    }
  }

  /**
   * The result for one model.
   *
   * @param name the workload's name
   * @param cpus its CPUs (N)
   * @param runs how often each operation runs
   * @param consts the model consts it set
   * @param remote P: the probability that an access to a shared line finds it on another CPU
   * @param lines each shared struct's line
   * @param totalNs the workload's wall time, or -1 when an operation it runs never completed
   * @param missing operations the workload runs that no explored behaviour completed
   */
  public record Result(String name, int cpus, Map<String, Long> runs, Map<String, String> consts, double remote,
      List<Line> lines, double totalNs, List<String> missing) {
    /** The contended latency of one completion that made {@code acc} accesses to the shared lines. */
    public double contended(long ns, Map<String, Long> acc, Map<String, String> fieldOf) {
      double out = ns;
      for (Line l : lines) {
        out += acc.getOrDefault(fieldOf.get(l.struct()), 0L) * l.perAccessNs(remote);
      }
      return out;
    }
  }

  /** The workload result of a cost run, or null when the run had no workload. */
  public static Result of(SourceMap.Cost cost, CostSamples samples) {
    if (cost == null || cost.workload() == null || samples == null) {
      return null;
    }
    SourceMap.Workload w = cost.workload();
    long transfer = cost.entries().getOrDefault("cache_miss_remote", 0L);
    List<String> missing = new ArrayList<>();
    double k = 0;
    double think = 0;
    Map<String, Double> visits = new LinkedHashMap<>();
    w.shared().keySet().forEach(s -> visits.put(s, 0.0));
    for (Map.Entry<String, Long> run : w.runs().entrySet()) {
      List<CostSamples.Sample> got = samples.ops().getOrDefault(run.getKey(), List.of());
      if (got.isEmpty()) {
        if (run.getValue() > 0) {
          missing.add(run.getKey());
        }
        continue;
      }
      double n = run.getValue();
      k += n;
      think += n * got.stream().mapToLong(CostSamples.Sample::ns).average().orElse(0);
      for (Map.Entry<String, String> s : w.shared().entrySet()) {
        double mean = got.stream().mapToLong(x -> x.acc().getOrDefault(s.getValue(), 0L)).average().orElse(0);
        visits.merge(s.getKey(), n * mean, Double::sum);
      }
    }
    int cpus = Math.max(1, w.cpus());
    double remote = (cpus - 1) / (double) cpus;
    if (k == 0) {
      return new Result(w.name(), cpus, w.runs(), w.consts(), remote, List.of(), missing.isEmpty() ? 0 : -1, missing);
    }
    double z = think / k;
    List<String> names = new ArrayList<>(visits.keySet());
    double[] perOp = new double[names.size()];
    double[] demand = new double[names.size()];
    for (int i = 0; i < names.size(); i++) {
      perOp[i] = visits.get(names.get(i)) / k;
      demand[i] = remote * perOp[i] * transfer;
    }
    Mva m = Mva.solve(cpus, z, demand);
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      lines.add(new Line(names.get(i), perOp[i], transfer, transfer * m.queueSeen()[i], m.throughput() * demand[i]));
    }
    double total = missing.isEmpty() ? k / m.throughput() : -1;
    return new Result(w.name(), cpus, w.runs(), w.consts(), remote, List.copyOf(lines), total, List.copyOf(missing));
  }

  /**
   * Exact single-class mean value analysis of N customers, a delay centre of time Z per cycle
   * and queueing centres of the given demands per cycle.
   *
   * @param throughput cycles per nanosecond at N customers
   * @param queueSeen the mean queue at each centre an arriving customer finds (the queue at N - 1)
   */
  public record Mva(double throughput, double[] queueSeen) {
    public static Mva solve(int customers, double think, double[] demand) {
      double[] q = new double[demand.length];
      double[] seen = new double[demand.length];
      double x = 0;
      for (int n = 1; n <= customers; n++) {
        double[] r = new double[demand.length];
        double cycle = think;
        for (int i = 0; i < demand.length; i++) {
          seen[i] = q[i];
          r[i] = demand[i] * (1 + q[i]);
          cycle += r[i];
        }
        x = cycle <= 0 ? Double.POSITIVE_INFINITY : n / cycle;
        for (int i = 0; i < demand.length; i++) {
          q[i] = x * r[i];
        }
      }
      return new Mva(x, seen);
    }
  }
}

package dev.inflight.driver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Contention;
import dev.inflight.driver.check.CostSamples;
import dev.inflight.driver.check.Verdict;
import dev.inflight.translator.emit.SourceMap;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What `inflight cost` reports for one model: each operation's latency (min / mean / max and a
 * log2 histogram in the style of bcc's funclatency), each latency bound judged on the samples,
 * and the model's safety verdict from the same TLC run. JSON schema `inflight-cost` version
 * {@value #VERSION} (docs/output-formats.md).
 */
public record CostReport(CheckReport check, CostSamples samples, List<OpStats> ops, List<Bound> bounds, Contention.Result workload) {
  public static final String SCHEMA = "inflight-cost";
  public static final int VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** One operation's latencies: how many completions, min, mean, max, and log2 buckets. */
  public record OpStats(String op, int count, long min, double mean, long max, String worstThread, long[] buckets) {
    /** Latencies in nanoseconds; bucket i counts values in [2^i, 2^(i+1)) (bucket 0 also holds 0). */
    static OpStats of(String op, List<CostSamples.Sample> samples) {
      long[] buckets = new long[64];
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      double sum = 0;
      String worst = null;
      for (CostSamples.Sample s : samples) {
        min = Math.min(min, s.ns());
        if (s.ns() > max) {
          max = s.ns();
          worst = s.thread();
        }
        sum += s.ns();
        buckets[bucket(s.ns())]++;
      }
      int n = samples.size();
      return n == 0 ? new OpStats(op, 0, 0, 0, 0, null, buckets) : new OpStats(op, n, min, sum / n, max, worst, buckets);
    }

    static int bucket(long ns) {
      return ns <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(ns);
    }
  }

  /** A `latency` bound judged on the samples it covers (those whose `when` held). */
  public record Bound(SourceMap.Latency latency, int covered, long max, String worstThread) {
    public boolean holds() {
      return max <= latency.bound();
    }
  }

  public static CostReport of(CheckReport check, CostSamples samples, SourceMap.Cost cost) {
    List<OpStats> ops = new ArrayList<>();
    List<Bound> bounds = new ArrayList<>();
    Contention.Result workload = Contention.of(cost, samples);
    if (workload != null && !workload.lines().isEmpty()) {
      samples = contended(samples, workload, cost.workload().shared());
    }
    if (samples != null) {
      samples.ops().forEach((op, list) -> ops.add(OpStats.of(op, list)));
      if (cost != null) {
        for (SourceMap.Latency l : cost.latencies()) {
          long max = 0;
          int covered = 0;
          String worst = null;
          for (CostSamples.Sample s : samples.ops().getOrDefault(l.op(), List.of())) {
            if (l.whenField() != null && !Boolean.TRUE.equals(s.when().get(l.whenField()))) {
              continue;
            }
            covered++;
            if (worst == null || s.ns() > max) {
              max = s.ns();
              worst = s.thread();
            }
          }
          bounds.add(new Bound(l, covered, max, worst));
        }
      }
    }
    return new CostReport(check, samples, ops, bounds, workload);
  }

  /** Each completion with the workload's contention on the shared lines it accessed added. */
  private static CostSamples contended(CostSamples samples, Contention.Result w, Map<String, String> fieldOf) {
    Map<String, List<CostSamples.Sample>> out = new LinkedHashMap<>();
    samples.ops().forEach((op, list) -> out.put(op, list.stream()
        .map(x -> new CostSamples.Sample(x.thread(), Math.round(w.contended(x.ns(), x.acc(), fieldOf)), x.when(), x.acc())).toList()));
    return new CostSamples(samples.profile(), samples.cpus(), out, samples.method(), samples.prices());
  }

  /** The verdict over safety (from TLC) and the latency bounds (from the samples). */
  public Verdict verdict() {
    Verdict v = check.verdict();
    if (v == Verdict.HOLDS && bounds.stream().anyMatch(b -> !b.holds())) {
      return Verdict.VIOLATED;
    }
    if (v == Verdict.HOLDS && samples == null) {
      return Verdict.INTERNAL_ERROR;
    }
    return v;
  }

  public OpStats op(String name) {
    return ops.stream().filter(o -> o.op().equals(name)).findFirst().orElse(null);
  }

  // ---------------------------------------------------------------- text

  static String ns(double v) {
    return String.format(Locale.ROOT, "%,.0f ns", v);
  }

  /** The histogram of one operation, as funclatency prints it. */
  public static String histogram(OpStats s) {
    StringBuilder b = new StringBuilder();
    int lo = -1;
    int hi = -1;
    long peak = 0;
    for (int i = 0; i < s.buckets().length; i++) {
      if (s.buckets()[i] > 0) {
        lo = lo < 0 ? i : lo;
        hi = i;
        peak = Math.max(peak, s.buckets()[i]);
      }
    }
    if (lo < 0) {
      return "";
    }
    b.append("     nsecs               : count     distribution\n");
    for (int i = lo; i <= hi; i++) {
      long from = i == 0 ? 0 : 1L << i;
      long to = (1L << (i + 1)) - 1;
      long c = s.buckets()[i];
      int stars = (int) (c * 40 / peak);
      b.append(String.format(Locale.ROOT, "%10d -> %-10d : %-8d |%-40s|%n", from, to, c, "*".repeat(stars)));
    }
    return b.toString();
  }

  public String renderText() {
    StringBuilder b = new StringBuilder();
    b.append("cost of ").append(check.file());
    if (samples != null) {
      b.append(" on ").append(samples.profile() == null ? "the model's cost block" : samples.profile());
    }
    b.append('\n');
    if (samples == null) {
      b.append("no costs: ").append(check.message() == null ? check.verdict().meaning : check.message()).append('\n');
      return b.toString();
    }
    b.append("counted: ").append(samples.method()).append('\n');
    if (!samples.cpus().isEmpty()) {
      List<String> placed = new ArrayList<>();
      samples.cpus().forEach((t, c) -> placed.add(t + " on CPU " + c));
      b.append("threads: ").append(String.join(", ", placed)).append('\n');
    }
    b.append(workload == null ? "workload: none (the model alone)\n" : WorkloadText.render(workload));
    List<String> idle = new ArrayList<>();
    for (OpStats s : ops) {
      if (s.count() == 0) {
        idle.add(s.op());
        continue;
      }
      b.append('\n');
      b.append(s.op()).append(": ").append(s.count()).append(s.count() == 1 ? " completion" : " completions")
          .append("; min ").append(ns(s.min())).append(", mean ").append(ns(s.mean())).append(", max ").append(ns(s.max()))
          .append(" (").append(s.worstThread()).append(")\n");
      b.append(histogram(s));
    }
    if (!idle.isEmpty()) {
      b.append('\n').append(idle.size() == ops.size() ? "no operation completed: " : "never completed: ")
          .append(String.join(", ", idle)).append('\n');
    }
    if (!bounds.isEmpty()) {
      b.append('\n');
      for (Bound bd : bounds) {
        SourceMap.Latency l = bd.latency();
        b.append(bd.holds() ? "holds     " : "VIOLATED  ").append("latency ").append(l.op()).append(" <= ").append(l.bound())
            .append(l.when() == null ? "" : " when " + l.when()).append(": ");
        if (bd.covered() == 0) {
          b.append("no completion it covers\n");
        } else {
          b.append("max ").append(ns(bd.max())).append(" (").append(bd.worstThread()).append("), ")
              .append(bd.covered()).append(bd.covered() == 1 ? " completion\n" : " completions\n");
        }
      }
    }
    b.append('\n').append("safety: ").append(check.verdict() == Verdict.HOLDS ? "all properties hold" : check.verdict().meaning);
    if (check.violated() != null) {
      b.append(": ").append(check.violated().name()).append(" (run `inflight check` for the counterexample)");
    }
    long distinct = check.statistics().distinct();
    if (distinct >= 0) {
      b.append("; ").append(distinct).append(" distinct states");
    }
    b.append('\n');
    return b.toString();
  }

  // ---------------------------------------------------------------- json

  public ObjectNode tree() {
    ObjectNode m = MAPPER.createObjectNode();
    m.put("file", check.file());
    m.put("model", check.model());
    m.put("verdict", verdict().name().toLowerCase(Locale.ROOT));
    m.put("safety", check.verdict().name().toLowerCase(Locale.ROOT));
    if (check.violated() != null) {
      m.put("violated", check.violated().name());
    }
    m.put("distinctStates", check.statistics().distinct());
    if (samples != null) {
      m.put("profile", samples.profile());
      m.put("counted", samples.method());
      ObjectNode cpus = m.putObject("cpus");
      samples.cpus().forEach(cpus::put);
    }
    if (samples != null) {
      ObjectNode prices = m.putObject("prices");
      new java.util.TreeMap<>(samples.prices()).forEach(prices::put);
    }
    if (workload != null) {
      WorkloadText.json(m, workload);
    }
    ArrayNode opsNode = m.putArray("operations");
    for (OpStats s : ops) {
      ObjectNode o = opsNode.addObject();
      o.put("op", s.op());
      o.put("count", s.count());
      if (s.count() > 0) {
        o.put("minNs", s.min());
        o.put("meanNs", Math.round(s.mean() * 10) / 10.0);
        o.put("maxNs", s.max());
        o.put("worstThread", s.worstThread());
        ArrayNode h = o.putArray("histogram");
        for (int i = 0; i < s.buckets().length; i++) {
          if (s.buckets()[i] > 0) {
            ObjectNode bucket = h.addObject();
            bucket.put("fromNs", i == 0 ? 0 : 1L << i);
            bucket.put("toNs", (1L << (i + 1)) - 1);
            bucket.put("count", s.buckets()[i]);
          }
        }
      }
    }
    ArrayNode bs = m.putArray("latencies");
    for (Bound bd : bounds) {
      ObjectNode o = bs.addObject();
      o.put("name", bd.latency().name());
      o.put("op", bd.latency().op());
      o.put("boundNs", bd.latency().bound());
      if (bd.latency().when() != null) {
        o.put("when", bd.latency().when());
      }
      o.put("holds", bd.holds());
      o.put("covered", bd.covered());
      if (bd.covered() > 0) {
        o.put("maxNs", bd.max());
        o.put("worstThread", bd.worstThread());
      }
    }
    return m;
  }

  /** The JSON document of several cost reports. */
  public static String renderJson(List<CostReport> reports, Map<String, Object> extra) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("version", VERSION);
    root.put("tool", "inflight " + ToolInfo.version());
    extra.forEach((k, v) -> root.putPOJO(k, v));
    ArrayNode models = root.putArray("models");
    reports.forEach(r -> models.add(r.tree()));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Map<String, Object> none() {
    return new LinkedHashMap<>();
  }
}

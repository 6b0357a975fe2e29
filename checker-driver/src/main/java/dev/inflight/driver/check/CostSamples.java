package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.driver.tlc.TlcValueParseException;
import dev.inflight.driver.tlc.TlcValueParser;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The operation latencies a cost run collected: for each operation (`op fn`), one sample per
 * completion (see {@link CostRequest#describe()}), read from the `op_end` variable of the states
 * of the graph TLC explored.
 *
 * @param profile the machine profile's file, or null when the model's own cost block
 * @param cpus CPU of each thread (DSL display name)
 * @param ops every operation of the model, with its samples (possibly none), in declaration order
 * @param prices the profile's entries (nanoseconds; `cpus` a count) after the model's and `--price`'s
 */
public record CostSamples(String profile, Map<String, Integer> cpus, Map<String, List<Sample>> ops, String method,
    Map<String, Long> prices) {

  /**
   * One completion: the thread (DSL name), the latency, each `when` condition's value by name
   * (when1, …), and under a workload with shared structs its accesses to each (by op_end's acc
   * field, see SourceMap.Workload#shared).
   */
  public record Sample(String thread, long ns, Map<String, Boolean> when, Map<String, Long> acc) {
    public Sample(String thread, long ns, Map<String, Boolean> when) {
      this(thread, ns, when, Map.of());
    }
  }

  /**
   * The samples of a cost run from the state graph TLC explored: every state whose op_end names
   * an operation (exhaustive), or the completions met by random walks over the graph.
   */
  public static CostSamples fromGraph(StateGraph graph, CostRequest request, SourceMap map, Function<String, String> display) {
    Builder b = new Builder(map, display, request.describe());
    if (request.simulate() == null) {
      graph.nodes().values().forEach(n -> b.add(n.value()));
      return b.build();
    }
    java.util.Random random = new java.util.Random(request.seed());
    List<StateGraph.Node> starts = graph.initial();
    for (int i = 0; i < request.simulate() && !starts.isEmpty(); i++) {
      StateGraph.Node at = starts.get(random.nextInt(starts.size()));
      for (int step = 0; step < request.depth() && !at.next().isEmpty(); step++) {
        StateGraph.Node next = graph.nodes().get(at.next().get(random.nextInt(at.next().size())));
        if (next == null) {
          break;
        }
        b.add(next.value());
        at = next;
      }
    }
    return b.build();
  }

  /**
   * The completions TLC printed through CostProbe, once per distinct state: lines
   * {@code <<"inflight-cost", [op |-> …]>>}, a long value continued over several lines.
   */
  public static CostSamples fromPrints(List<String> lines, SourceMap map, Function<String, String> display, String method) {
    Builder b = new Builder(map, display, method);
    for (String all : PrintedTuples.of(lines, "inflight-cost")) {
      int from = all.indexOf('[');
      int to = all.lastIndexOf(']');
      if (from >= 0 && to > from) {
        b.add(all.substring(from, to + 1));
      }
    }
    return b.build();
  }

  private static final class Builder {
    private final Map<String, List<Sample>> ops = new LinkedHashMap<>();
    private final Function<String, String> display;
    private final SourceMap map;
    private final String method;

    Builder(SourceMap map, Function<String, String> display, String method) {
      this.map = map;
      this.display = display;
      this.method = method;
      if (map.cost() != null) {
        map.cost().ops().forEach(op -> ops.put(op, new ArrayList<>()));
      }
    }

    void add(String text) {
      if (text == null) {
        return;
      }
      TlcValue v;
      try {
        v = TlcValueParser.parse(text);
      } catch (TlcValueParseException e) {
        return;
      }
      if (!(v instanceof TlcValue.RecordV r) || !(r.get("op") instanceof TlcValue.StrV op) || op.value().equals("none")) {
        return;
      }
      long ns = r.get("ns") instanceof TlcValue.IntV i ? i.value() : 0;
      String thread = r.get("thread") instanceof TlcValue.ModelV m ? display.apply(m.name()) : String.valueOf(r.get("thread"));
      Map<String, Boolean> when = new LinkedHashMap<>();
      r.fields().forEach((k, x) -> {
        if (k.startsWith("when") && x instanceof TlcValue.BoolV bv) {
          when.put(k, bv.value());
        }
      });
      Map<String, Long> acc = new LinkedHashMap<>();
      if (r.get(dev.inflight.translator.lower.SharedLines.VAR) instanceof TlcValue.RecordV a) {
        a.fields().forEach((k, x) -> acc.put(k, x instanceof TlcValue.IntV n ? n.value() : 0L));
      }
      ops.computeIfAbsent(op.value(), k -> new ArrayList<>()).add(new Sample(thread, ns, when, acc));
    }

    CostSamples build() {
      Map<String, Integer> cpus = new LinkedHashMap<>();
      if (map.cost() != null) {
        map.cost().cpus().forEach((id, c) -> cpus.put(display.apply(id), c));
      }
      Map<String, List<Sample>> frozen = new LinkedHashMap<>();
      ops.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
      return new CostSamples(map.cost() == null ? null : map.cost().profile(), cpus, frozen, method,
          map.cost() == null ? Map.of() : Map.copyOf(map.cost().entries()));
    }
  }
}

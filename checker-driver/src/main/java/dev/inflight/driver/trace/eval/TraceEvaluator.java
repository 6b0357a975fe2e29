package dev.inflight.driver.trace.eval;

import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.driver.trace.PathAttribution;
import dev.inflight.driver.trace.eval.Values.EvalException;
import dev.inflight.driver.trace.eval.Values.Model;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Attributes a step of a label action to its path by evaluating the paths' bodies (the
 * translator's IR of the same translation) on the states before and after the step: a path
 * matches when, for some thread of the kind at that label, its guards hold in the state before
 * and its primed equations give the state after. Exactly one path should match (the paths of a
 * step are exclusive, or differ in the state they produce); when none or several do, or one
 * cannot be evaluated, the result has no path.
 */
public final class TraceEvaluator implements PathAttribution {
  private final Map<String, TlaModule.OpDef> defs = new HashMap<>();
  private final Map<String, Object> constants = new HashMap<>();
  private final Map<String, Integer> modelOrder = new HashMap<>();
  /** Label action → {thread kind, label}. */
  private final Map<String, SourceMap.Thread> kindOf = new HashMap<>();
  private final Map<String, String> labelOf = new HashMap<>();
  /** Thread kind + label → its path actions, in the module's order. */
  private final Map<String, List<String>> paths = new HashMap<>();

  public TraceEvaluator(Emitted emitted) {
    this(emitted.module(), emitted.sourceMap());
    // In the label form the paths are folded into their labels' actions, so each path's own
    // operator is not in the module: evaluate the path as the translator formed it.
    for (dev.inflight.translator.lower.ThreadCode tc : emitted.lowered().threads()) {
      for (dev.inflight.translator.lower.Action a : tc.actions()) {
        defs.putIfAbsent(a.name(), new TlaModule.OpDef(a.name(), List.of("self"), a.body()));
      }
    }
  }

  public TraceEvaluator(TlaModule module, SourceMap map) {
    for (TlaModule.Unit u : module.units()) {
      if (u instanceof TlaModule.OpDef d) {
        defs.put(d.name(), d);
      }
    }
    // The .cfg's order of model values (NULL, the threads, the pools): TLC's order for CHOOSE.
    modelOrder.put("NULL", 0);
    constants.put("NULL", new Model("NULL"));
    for (SourceMap.Thread t : map.threads()) {
      List<Object> ids = new ArrayList<>();
      for (SourceMap.Instance i : t.instances()) {
        modelOrder.putIfAbsent(i.tla(), modelOrder.size());
        constants.put(i.tla(), new Model(i.tla()));
        ids.add(new Model(i.tla()));
      }
      constants.put(t.tlaSet(), Values.set(ids));
      for (SourceMap.Label l : t.labels()) {
        if (l.action() != null) {
          kindOf.put(l.action(), t);
          labelOf.put(l.action(), l.name());
        }
      }
    }
    for (SourceMap.Struct s : map.structs()) {
      List<Object> objs = new ArrayList<>();
      for (SourceMap.Instance o : s.objects()) {
        modelOrder.putIfAbsent(o.tla(), modelOrder.size());
        constants.put(o.tla(), new Model(o.tla()));
        objs.add(new Model(o.tla()));
      }
      constants.put(s.pool(), Values.set(objs));
    }
    for (SourceMap.Action a : map.actions()) {
      paths.computeIfAbsent(a.thread() + "\u0000" + a.from(), k -> new ArrayList<>()).add(a.name());
    }
  }

  @Override
  public Result attribute(String labelAction, TlcState before, TlcState after) {
    SourceMap.Thread kind = kindOf.get(labelAction);
    if (kind == null) {
      return new Result(null, "not a label action: " + labelAction);
    }
    String label = labelOf.get(labelAction);
    List<String> failed = new ArrayList<>();
    Set<String> matched = new LinkedHashSet<>();
    matches(kind, label, before, after, failed).forEach(m -> matched.add(m.path()));
    if (matched.size() == 1 && failed.isEmpty()) {
      return new Result(matched.iterator().next(), null);
    }
    String why = matched.isEmpty() ? "no path of " + label + " matches the step"
        : "paths " + String.join(", ", matched) + " of " + label + " all match the step";
    if (!failed.isEmpty()) {
      why += "; not evaluated: " + String.join(", ", failed);
    }
    return new Result(null, why);
  }

  /** A path of a label that takes one state to the next, for the thread {@code self}. */
  private record Match(String path, Model self) {}

  /**
   * The paths of {@code label} (of thread kind {@code kind}) and the threads for which they take
   * {@code before} to {@code after}; a path that could not be evaluated goes to {@code failed}.
   */
  private Set<Match> matches(SourceMap.Thread kind, String label, TlcState before, TlcState after,
      List<String> failed) {
    Map<String, Object> s0 = state(before);
    Map<String, Object> s1 = state(after);
    Set<Match> out = new LinkedHashSet<>();
    for (SourceMap.Instance i : kind.instances()) {
      Model self = new Model(i.tla());
      Object pc = s0.get("pc");
      if (!(pc instanceof Values.Fn f) || !label.equals(f.map().get(self))) {
        continue;
      }
      for (String p : paths.getOrDefault(kind.name() + "\u0000" + label, List.of())) {
        try {
          if (new Evaluator(defs, constants, modelOrder, s0, s1).holds(p, List.of(self))) {
            out.add(new Match(p, self));
          }
        } catch (EvalException | ArithmeticException | ClassCastException e) {
          failed.add(p + " (" + e.getMessage() + ")");
        }
      }
    }
    return out;
  }

  /**
   * Totals capped (SourceMap.Cost#latCap; docs/semantics.md, "Costs: totals capped"): the trace
   * with each state's {@code lat} and {@code op_end} as the module without the cap has them.
   * Each step is the one path that takes its state to the next (as {@link #attribute} finds
   * it), evaluated again from the recomputed state before it with {@code Capped} the identity:
   * the other variables do not depend on the totals, so that path's step is the uncapped
   * module's. Empty when some step has no single path, or one that cannot be evaluated.
   */
  @Override
  public java.util.Optional<List<TlcState>> uncapped(List<TlcState> trace) {
    Map<String, TlaModule.OpDef> plain = new HashMap<>(defs);
    TlaModule.OpDef capped = defs.get("Capped");
    if (capped == null || trace.isEmpty()) {
      return java.util.Optional.empty();
    }
    String x = capped.params().get(0);
    plain.put("Capped", new TlaModule.OpDef("Capped", List.of(x), new dev.inflight.translator.tla.TlaExpr.Name(x)));
    List<TlcState> out = new ArrayList<>(List.of(trace.get(0)));
    for (int i = 1; i < trace.size(); i++) {
      TlcState cur = trace.get(i);
      SourceMap.Thread kind = kindOf.get(cur.action());
      List<String> failed = new ArrayList<>();
      Set<Match> found = kind == null ? Set.of() : matches(kind, labelOf.get(cur.action()), trace.get(i - 1), cur, failed);
      if (found.size() != 1 || !failed.isEmpty()) {
        return java.util.Optional.empty();
      }
      Match m = found.iterator().next();
      Evaluator ev = new Evaluator(plain, constants, modelOrder, state(out.get(i - 1)), state(cur)).solving(Set.of("lat", "op_end"));
      LinkedHashMap<String, TlcValue> vars = cur.vars();
      try {
        if (!ev.holds(m.path(), List.of(m.self()))) {
          return java.util.Optional.empty();
        }
        for (Map.Entry<String, Object> e : ev.solved().entrySet()) {
          vars.put(e.getKey(), Values.like(cur.get(e.getKey()), e.getValue()));
        }
      } catch (EvalException | ArithmeticException | ClassCastException e) {
        return java.util.Optional.empty();
      }
      out.add(new TlcState(cur.index(), cur.action(), cur.actionLocation(), vars));
    }
    return java.util.Optional.of(out);
  }

  private static Map<String, Object> state(TlcState s) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, TlcValue> e : s.vars().entrySet()) {
      out.put(e.getKey(), Values.of(e.getValue()));
    }
    return out;
  }
}

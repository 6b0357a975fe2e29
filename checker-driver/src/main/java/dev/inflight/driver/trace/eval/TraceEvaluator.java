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
    Map<String, Object> s0 = state(before);
    Map<String, Object> s1 = state(after);
    Set<String> matched = new LinkedHashSet<>();
    List<String> failed = new ArrayList<>();
    Evaluator ev = new Evaluator(defs, constants, modelOrder, s0, s1);
    for (SourceMap.Instance i : kind.instances()) {
      Model self = new Model(i.tla());
      Object pc = s0.get("pc");
      if (!(pc instanceof Values.Fn f) || !label.equals(f.map().get(self))) {
        continue;
      }
      for (String p : paths.getOrDefault(kind.name() + "\u0000" + label, List.of())) {
        try {
          if (ev.holds(p, List.of(self))) {
            matched.add(p);
          }
        } catch (EvalException | ArithmeticException | ClassCastException e) {
          failed.add(p + " (" + e.getMessage() + ")");
        }
      }
    }
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

  private static Map<String, Object> state(TlcState s) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, TlcValue> e : s.vars().entrySet()) {
      out.put(e.getKey(), Values.of(e.getValue()));
    }
    return out;
  }
}

package dev.inflight.translator.lower;

import static dev.inflight.translator.lower.StepContext.n;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the paths of each step into actions (docs/semantics.md, "One action per label"): one
 * TLA+ operator per path, named for the thread and the label ({@code T_L12}; {@code T_L12_1},
 * {@code T_L12_2}, … when the step has several normal paths, numbered in the order they were
 * formed; fault paths {@code T_L12_uaf}, {@code T_L12_uaf2}, …), whose body is the path's guards,
 * its writes as primed equations, the new pc, and {@code UNCHANGED} for everything else, inside
 * the path's LET and \E definitions. A fault path changes only `fault`.
 */
final class Actions {
  private final StepContext ctx;
  private final StateVars vars;
  private final Labels labels;
  private final List<Action> actions = new ArrayList<>();
  /** How often each wanted action name was asked for (the Namer keeps them apart). */
  private final Map<String, Integer> actionNames = new HashMap<>();

  Actions(StepContext ctx, StateVars vars, Labels labels) {
    this.ctx = ctx;
    this.vars = vars;
    this.labels = labels;
  }

  List<Action> all() {
    return actions;
  }

  /** Adds the actions of the step at {@code label}: its paths, normal ones first. */
  void add(String label, List<Path> paths) {
    long normal = paths.stream().filter(x -> x.fault == null).count();
    int n = 0;
    Map<String, Integer> faultCount = new HashMap<>();
    for (Path p : paths) {
      String base = ctx.thread.name() + "_" + label;
      String wanted;
      if (p.fault != null) {
        String suffix = Faults.suffix(p.fault);
        int c = faultCount.merge(suffix, 1, Integer::sum);
        wanted = base + "_" + suffix + (c > 1 ? c : "");
      } else {
        n++;
        wanted = normal == 1 ? base : base + "_" + n;
      }
      String name = ctx.layout.namer.name(List.of("action", ctx.thread, wanted, actionNames.merge(wanted, 1, Integer::sum)), wanted);
      String to = p.fault != null ? null : labels.name(p.target);
      List<TlaExpr> effect = effect(p);
      actions.add(new Action(name, ctx.thread, label, to, p.fault, List.copyOf(p.spans), p.primary, p.primaryCallers,
          body(label, p, effect), parts(p), effect));
    }
  }

  private TlaExpr unchanged(List<String> changed) {
    List<TlaExpr> rest = new ArrayList<>();
    for (String unit : vars.unchangedUnits(new HashSet<>(changed))) {
      rest.add(new TlaExpr.Name(unit));
    }
    return new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(rest));
  }

  /**
   * The end of a fault path: {@code Fault(kind, self, line)}, or {@code FaultOn(kind, self, line,
   * obj)} when the fault names an object; the emitter defines them as the fault record primed
   * and {@code UNCHANGED} for every other variable, once for the module.
   */
  private TlaExpr faultCall(TlaExpr.Record rec) {
    List<TlaExpr> args = rec.fields().stream().map(Map.Entry::getValue).toList();
    List<String> fields = rec.fields().stream().map(Map.Entry::getKey).toList();
    String op = Layout.faultOp(fields);
    ctx.layout.faultOps.put(op, fields);
    return new TlaExpr.Apply(op, args);
  }

  /** The path's effect: its writes primed, the new pc and UNCHANGED, or its fault. */
  private List<TlaExpr> effect(Path p) {
    List<TlaExpr> out = new ArrayList<>();
    if (p.fault != null) {
      out.add(faultCall(p.faultRecord));
      return out;
    }
    ctx.costs.closeStep(p);
    LinkedHashMap<String, TlaExpr> changes = p.store.changes();
    for (Map.Entry<String, TlaExpr> c : changes.entrySet()) {
      out.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name(c.getKey())), c.getValue()));
    }
    String to = labels.name(p.target);
    out.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(n("pc")),
        new TlaExpr.Except(n("pc"), List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(ExprGen.SELF)), new TlaExpr.Str(to))))));
    List<String> changed = new ArrayList<>(changes.keySet());
    changed.add("pc");
    out.add(unchanged(changed));
    return out;
  }

  /** The path's guards and definitions in the order it made them (see Path.Binding#at); also init's paths (InitBuilder). */
  static List<Action.Part> parts(Path p) {
    List<Action.Part> out = new ArrayList<>();
    int b = 0;
    for (int g = 0; g <= p.guards.size(); g++) {
      for (; b < p.bindings.size() && p.bindings.get(b).at() <= g; b++) {
        Path.Binding x = p.bindings.get(b);
        out.add(x.exists() ? new Action.Part.Exists(x.name(), x.value()) : new Action.Part.Let(x.name(), x.value()));
      }
      if (g < p.guards.size()) {
        out.add(new Action.Part.Guard(p.guards.get(g)));
      }
    }
    return out;
  }

  /** The per-path operator's body: the label's pc test, then the guards and effect inside every definition. */
  private static TlaExpr body(String label, Path p, List<TlaExpr> effect) {
    List<TlaExpr> inner = new ArrayList<>(p.guards);
    inner.addAll(effect);
    TlaExpr body = new TlaExpr.And(inner);
    for (int i = p.bindings.size() - 1; i >= 0; i--) {
      Path.Binding b = p.bindings.get(i);
      if (b.exists()) {
        body = new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(b.name(), b.value())), body);
      } else {
        body = new TlaExpr.Let(List.of(new TlaModule.OpDef(b.name(), b.value())), body);
      }
    }
    TlaExpr at = new TlaExpr.Infix(BinOp.EQ, new TlaExpr.FunApp(n("pc"), List.of(ExprGen.SELF)), new TlaExpr.Str(label));
    if (p.bindings.isEmpty()) {
      List<TlaExpr> all = new ArrayList<>();
      all.add(at);
      all.addAll(inner);
      return new TlaExpr.And(all);
    }
    return new TlaExpr.And(List.of(at, body));
  }
}

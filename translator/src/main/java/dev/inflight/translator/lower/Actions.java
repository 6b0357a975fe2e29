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
      actions.add(new Action(name, ctx.thread, label, to, p.fault, List.copyOf(p.spans), p.primary, p.primaryCallers, body(label, p)));
    }
  }

  private TlaExpr unchanged(List<String> changed) {
    List<TlaExpr> rest = new ArrayList<>();
    for (String unit : vars.unchangedUnits(new HashSet<>(changed))) {
      rest.add(new TlaExpr.Name(unit));
    }
    return new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(rest));
  }

  private TlaExpr body(String label, Path p) {
    List<TlaExpr> inner = new ArrayList<>(p.guards);
    if (p.fault != null) {
      inner.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name("fault")), p.faultRecord));
      inner.add(unchanged(List.of("fault")));
    } else {
      ctx.costs.closeStep(p);
      LinkedHashMap<String, TlaExpr> changes = p.store.changes();
      for (Map.Entry<String, TlaExpr> c : changes.entrySet()) {
        inner.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name(c.getKey())), c.getValue()));
      }
      String to = labels.name(p.target);
      inner.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(n("pc")),
          new TlaExpr.Except(n("pc"), List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(ExprGen.SELF)), new TlaExpr.Str(to))))));
      List<String> changed = new ArrayList<>(changes.keySet());
      changed.add("pc");
      inner.add(unchanged(changed));
    }
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

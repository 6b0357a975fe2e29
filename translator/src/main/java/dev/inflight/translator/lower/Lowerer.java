package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.ArrayList;
import java.util.List;

/** The lower phase: control-flow graphs, then steps and actions, for every thread kind. */
public final class Lowerer {
  private Lowerer() {}

  public static Lowered lower(Checked checked, Diagnostics diags) {
    Layout layout = new Layout(checked.program());
    List<Cfg> cfgs = new ArrayList<>();
    for (ThreadSym t : checked.program().threads) {
      cfgs.add(new CfgBuilder(checked, t, diags).build());
    }
    if (diags.hasErrors()) {
      return new Lowered(checked, layout, List.of());
    }
    List<String> vars = stateVariables(layout, checked, cfgs);
    List<ThreadCode> threads = new ArrayList<>();
    for (Cfg cfg : cfgs) {
      threads.add(new StepBuilder(checked, layout, cfg, vars).build());
    }
    return new Lowered(checked, layout, threads);
  }

  /** The RCU state, present when a model uses RCU (see StepBuilder.rcu). */
  public static final List<String> RCU_VARIABLES = List.of("rcu_depth", "rcu_gp", "rcu_cbs", "rcu_running");

  /** Every state variable, in the order the module declares them. */
  public static List<String> stateVariables(Layout layout, Checked checked, List<Cfg> cfgs) {
    List<String> vars = new ArrayList<>();
    vars.add("pc");
    vars.add("fault");
    for (StructSym s : checked.program().structs.values()) {
      vars.add(layout.heapVar.get(s));
    }
    for (Symbol.GlobalSym g : checked.program().globals.values()) {
      vars.add(layout.globalVar.get(g));
    }
    if (checked.program().usesRcu) {
      vars.addAll(RCU_VARIABLES);
    }
    for (Cfg cfg : cfgs) {
      for (Symbol.LocalSym l : cfg.locals()) {
        vars.add(layout.local(cfg.thread(), l));
      }
      cfg.hidden().keySet().forEach(h -> vars.add(layout.local(cfg.thread(), h, h)));
    }
    return vars;
  }
}

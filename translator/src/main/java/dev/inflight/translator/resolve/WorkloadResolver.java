package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.WorkloadItem;
import dev.inflight.translator.check.ConstEval;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks every `workload` declaration and picks the one the costs are for (docs/cost-model.md,
 * "Workloads"). Numbers in a workload are integer literals or arithmetic on them; the consts it
 * sets take literal values, applied like `--set` (which still wins).
 */
public final class WorkloadResolver {
  /** Translator option: the model's first workload, if it declares any. */
  public static final String FIRST = "(first)";

  private final Program program;
  private final Diagnostics diags;
  private final ConstEval literals;

  private WorkloadResolver(Program program, Diagnostics diags) {
    this.program = program;
    this.diags = diags;
    this.literals = new ConstEval(program);
  }

  /**
   * Checks the declared workloads and sets {@code program.cost.workload}: {@code choice} null
   * means none, {@link #FIRST} the first declared (or none), anything else that workload.
   */
  public static void resolve(Program program, String choice, Diagnostics diags) {
    WorkloadResolver r = new WorkloadResolver(program, diags);
    Map<String, CostModel.Workload> all = new LinkedHashMap<>();
    Map<String, Span> seen = new HashMap<>();
    for (Decl.Workload w : program.cost.declaredWorkloads) {
      if (w.name() == null) {
        continue;
      }
      Span prev = seen.putIfAbsent(w.name().text(), w.name().span());
      if (prev != null) {
        diags.duplicate(w.name().span(), "workload", w.name().text(), prev);
        continue;
      }
      all.put(w.name().text(), r.workload(w));
    }
    if (choice == null) {
      return;
    }
    if (choice.equals(FIRST)) {
      program.cost.workload = all.values().stream().findFirst().orElse(null);
    } else if (all.containsKey(choice)) {
      program.cost.workload = all.get(choice);
    } else {
      diags.costs().unknownWorkload(program.modelSpan, choice, String.join(", ", all.keySet()));
    }
  }

  /** The `--set` overrides with the chosen workload's consts under them (`--set` wins). */
  public static Map<String, String> overrides(Program program, Map<String, String> given) {
    if (program.cost.workload == null || program.cost.workload.consts().isEmpty()) {
      return given;
    }
    Map<String, String> out = new LinkedHashMap<>(program.cost.workload.consts());
    out.putAll(given);
    return out;
  }

  /**
   * `--price KEY=NS`: replaces profile entries after the profile is loaded (for sensitivity
   * runs: the same machine with one number halved or doubled). Costs must be tracked.
   */
  public static void reprice(Program program, Map<String, Long> prices, Diagnostics diags) {
    if (prices.isEmpty() || !program.cost.tracked) {
      return;
    }
    for (Map.Entry<String, Long> e : prices.entrySet()) {
      if (!program.cost.profile.containsKey(e.getKey())) {
        diags.costs().unknownPrice(e.getKey(), program.cost.profileName == null ? "of this model" : "`" + program.cost.profileName + "`",
            Resolver.suggest(e.getKey(), program.cost.profile.keySet()));
        continue;
      }
      program.cost.profile.put(e.getKey(), e.getValue());
    }
    // `cost` statements resolved their profile names before: give them the new values.
    program.names.replaceAll((k, v) -> v instanceof Symbol.CostSym c && prices.containsKey(c.key) && program.cost.profile.containsKey(c.key)
        ? new Symbol.CostSym(c.key, program.cost.profile.get(c.key)) : v);
  }

  private CostModel.Workload workload(Decl.Workload w) {
    int cpus = 1;
    Map<String, Long> runs = new LinkedHashMap<>();
    List<StructSym> shared = new ArrayList<>();
    Map<String, String> consts = new LinkedHashMap<>();
    Map<String, Span> seen = new HashMap<>();
    for (WorkloadItem item : w.items()) {
      if (item instanceof WorkloadItem.Cpus c) {
        if (once("cpus", "`cpus`", item.span(), seen)) {
          cpus = (int) Math.min(4096, number(c.value(), 1, "`cpus` must be an integer from 1 to 4096"));
        }
      } else if (item instanceof WorkloadItem.Run run && run.op() != null) {
        String op = run.op().text();
        if (!program.cost.ops.containsKey(op)) {
          diags.costs().workloadUnknownOp(run.op().span(), op, String.join(", ", program.cost.ops.keySet()));
        } else if (once("run:" + op, "a count for operation", run.op().span(), seen)) {
          runs.put(op, number(run.count(), 0, "the count of `" + op + "` must be a non-negative integer"));
        }
      } else if (item instanceof WorkloadItem.Shared sh) {
        for (Ident s : sh.structs()) {
          StructSym sym = program.structs.get(s.text());
          if (sym == null) {
            diags.unknownStruct(s.span(), s.text(), Resolver.suggest(s.text(), program.structs.keySet()));
          } else if (!shared.contains(sym)) {
            shared.add(sym);
          }
        }
      } else if (item instanceof WorkloadItem.Const c && c.name() != null) {
        String name = c.name().text();
        Object v = literals.eval(c.value());
        if (!program.consts.containsKey(name)) {
          diags.costs().workloadUnknownConst(c.name().span(), name, Resolver.suggest(name, program.consts.keySet()));
        } else if (v == null) {
          diags.costs().badWorkloadValue(c.value().span(), "the value of `" + name + "` must be an integer or a boolean");
        } else if (once("const:" + name, "a value for const", c.name().span(), seen)) {
          consts.put(name, String.valueOf(v));
        }
      }
    }
    if (runs.isEmpty() && !w.items().stream().anyMatch(i -> i instanceof WorkloadItem.Run)) {
      diags.costs().emptyWorkload(w.name().span(), w.name().text());
    }
    return new CostModel.Workload(w.name().text(), cpus, runs, List.copyOf(shared), consts);
  }

  /** True the first time {@code key} is seen in this workload; else reports a duplicate. */
  private boolean once(String key, String what, Span at, Map<String, Span> seen) {
    Span prev = seen.putIfAbsent(key, at);
    if (prev != null) {
      diags.duplicate(at, what, key.contains(":") ? key.substring(key.indexOf(':') + 1) : key, prev);
      return false;
    }
    return true;
  }

  /** A literal integer of at least {@code min}, else the message (and {@code min}). */
  private long number(Expr e, long min, String message) {
    Object v = e == null || e instanceof Expr.Error ? null : literals.eval(e);
    if (v instanceof Long l && l >= min) {
      return l;
    }
    if (e != null && !(e instanceof Expr.Error)) {
      diags.costs().badWorkloadValue(e.span(), message);
    }
    return min;
  }
}

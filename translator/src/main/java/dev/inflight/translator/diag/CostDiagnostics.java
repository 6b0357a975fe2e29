package dev.inflight.translator.diag;

import java.util.List;

/**
 * The cost model's diagnostics (E05xx: machine profiles, prices, `latency`, workloads), one
 * factory method each, as {@link Diagnostics} has for the rest; reached by
 * {@link Diagnostics#costs()}.
 */
public final class CostDiagnostics {
  private final Diagnostics d;

  CostDiagnostics(Diagnostics d) {
    this.d = d;
  }


  public void noProfile(Span at) {
    d.error(Code.NO_PROFILE, at, "costs are tracked but no machine profile is given",
        "add `profile \"xeon-2011\"` (see specs/profiles/) or a `cost { ... }` block, or pass --profile");
  }

  public void profileNotFound(Span at, String name, String known) {
    d.error(Code.PROFILE_NOT_FOUND, at, "cannot find machine profile `" + name + "`",
        "profiles are looked up as a path, next to the model, then in specs/profiles/" + (known.isEmpty() ? "" : " (known: " + known + ")"));
  }

  public void unknownCost(Span at, String name, String profile, String suggestion) {
    d.error(Code.UNKNOWN_COST, at, "unknown cost `" + name + "`: the machine profile " + profile + " has no such entry",
        (suggestion == null ? "" : "did you mean `" + suggestion + "`? ") + "or define it in the model: `cost { " + name + " = N }`");
  }

  public void unknownOp(Span at, String name, String known) {
    d.error(Code.UNKNOWN_OP, at, "`latency` names `" + name + "`, which is not an operation",
        "mark the function `op fn " + name + "(...)`" + (known.isEmpty() ? "" : "; operations: " + known));
  }

  public void whenOnSharedOp(Span at, String op, List<String> fns) {
    d.error(Code.WHEN_ON_SHARED_OP, at, "`when` on operation `" + op + "`, which is several functions (" + String.join(", ", fns) + ")",
        "`when` reads one function's parameters: bound each function's operation apart (`op " + op + "_x fn …`), or drop `when`");
  }

  public void unknownWorkload(Span at, String name, String known) {
    d.error(Code.UNKNOWN_WORKLOAD, at, "the model declares no workload `" + name + "`",
        known.isEmpty() ? "declare one with `workload " + name + " { cpus = 1  OP: COUNT }` (docs/cost-model.md)" : "its workloads: " + known);
  }

  public void unknownWorkloadEntry(Span at, String word, String like) {
    d.error(Code.UNKNOWN_WORKLOAD_ENTRY, at, "a workload has no entry `" + word + "`",
        "a workload holds `cpus = N`, `OP: COUNT`, `shared STRUCT, …` and `const NAME = VALUE`; did you mean `" + like + "`?");
  }

  public void badWorkloadValue(Span at, String what) {
    d.error(Code.BAD_WORKLOAD_VALUE, at, what, "write an integer literal or arithmetic on literals, like `20 * 20 * 20 * 2000`");
  }

  public void workloadUnknownOp(Span at, String name, String known) {
    d.error(Code.WORKLOAD_UNKNOWN_OP, at, "the workload runs `" + name + "`, which is not an operation",
        known.isEmpty() ? "mark the function with `op fn " + name + "(…)`" : "operations of this model: " + known);
  }

  public void workloadUnknownConst(Span at, String name, String suggestion) {
    d.error(Code.WORKLOAD_UNKNOWN_CONST, at, "the workload sets `" + name + "`, which is not a const of the model",
        suggestion == null ? "declare it with `const " + name + " = …`; a workload only sets the model's consts" : "did you mean `" + suggestion + "`?");
  }

  public void emptyWorkload(Span at, String name) {
    d.error(Code.EMPTY_WORKLOAD, at, "workload `" + name + "` runs no operation", "add a line `OP: COUNT` for each operation the benchmark runs");
  }

  public void unknownPrice(String name, String profile, String suggestion) {
    d.error(Code.UNKNOWN_PRICE, null, "bad override `--price " + name + "=…`: the machine profile " + profile + " has no entry `" + name + "`",
        suggestion == null ? "`--price` replaces an entry the profile has; `inflight cost --format json` lists them under `prices`" : "did you mean `" + suggestion + "`?");
  }

  public void badCostValue(Span at, String name) {
    d.error(Code.BAD_COST_VALUE, at, "cost `" + name + "` must be a non-negative integer (nanoseconds; `cpus`: a count of at least 1)", null);
  }
}

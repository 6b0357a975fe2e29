package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.and;
import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.str;

import dev.inflight.translator.lower.Layout;
import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.lower.ThreadCode;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cost model's definitions in the module (docs/cost-model.md): prices, CpuOf, NoOpEnd, CostProbe, WaitsFor. */
final class CostDefs {
  private static final TlaExpr TRUE = new TlaExpr.Bool(true);
  private static final TlaExpr FALSE = new TlaExpr.Bool(false);

  private CostDefs() {}

  /**
   * Thread id → CPU: `on cpu N` places a kind (its threads on N, N+1, …); the others take the
   * free CPUs in declaration order (when none is left, they share, in turn).
   */
  static Map<String, Integer> cpus(Program program, Layout layout) {
    Map<String, Integer> out = new LinkedHashMap<>();
    int cpus = program.cost.cpus();
    java.util.Set<Integer> placed = new java.util.HashSet<>();
    for (ThreadSym t : program.threads) {
      for (int i = 0; t.cpu >= 0 && i < t.count; i++) {
        placed.add((t.cpu + i) % cpus);
      }
    }
    int next = 0;
    int shared = 0;
    for (ThreadSym t : program.threads) {
      List<String> ids = layout.threadIds.get(t);
      for (int i = 0; i < ids.size(); i++) {
        int c;
        if (t.cpu >= 0) {
          c = (t.cpu + i) % cpus;
        } else {
          while (next < cpus && placed.contains(next)) {
            next++;
          }
          c = next < cpus ? next++ : shared++ % cpus;
        }
        out.put(ids.get(i), c);
      }
    }
    return out;
  }

  /** Costs tracked: the profile's prices, CpuOf, NoOpEnd (docs/cost-model.md); {@code t} is CpuOf's parameter. */
  static void definitions(Lowered lowered, List<TlaModule.Unit> units, String t) {
    Program program = lowered.checked().program();
    Layout layout = lowered.layout();
    if (!program.cost.tracked) {
      return;
    }
    units.add(new TlaModule.Separator());
    units.add(new TlaModule.Comment(List.of("Cost model: machine profile " + (program.cost.profileName == null ? "of the model" : program.cost.profileName)
        + ", " + program.cost.cpus() + " CPU(s); nanoseconds.")));
    layout.costNames().forEach((key, tla) -> units.add(new TlaModule.OpDef(tla, new TlaExpr.Num(program.cost.profile.getOrDefault(key, 0L)))));
    Map<String, Integer> cpus = cpus(program, layout);
    TlaExpr cpuOf;
    if (new java.util.HashSet<>(cpus.values()).size() <= 1) {
      cpuOf = new TlaExpr.Num(cpus.values().stream().findFirst().orElse(0));
    } else {
      List<TlaExpr.Arm> arms = new ArrayList<>();
      cpus.forEach((id, c) -> arms.add(new TlaExpr.Arm(eq(name(t), name(id)), new TlaExpr.Num(c))));
      // The init block runs on no CPU: CpuOf(NULL) (its `self`, see InitForm) owns no cache line.
      cpuOf = new TlaExpr.Case(arms, lowered.init() == null ? null : new TlaExpr.Num(-1));
    }
    units.add(new TlaModule.OpDef("CpuOf", List.of(t), cpuOf, List.of("the CPU each thread runs on"), null));
    units.add(new TlaModule.OpDef("NoOpEnd", List.of(), new TlaExpr.Record(List.of(Map.entry("op", str("none")))),
        List.of("op_end when the last step completed no operation"), null));
    // For `inflight cost`: TLC checks an invariant once per distinct state, so this prints each
    // distinct completion once (cheaper than dumping every state).
    units.add(new TlaModule.OpDef("CostProbe", List.of(), new TlaExpr.Or(List.of(
        eq(new TlaExpr.Select(name("op_end"), "op"), str("none")),
        new TlaExpr.Apply("PrintT", List.of(new TlaExpr.Tuple(List.of(str("inflight-cost"), name("op_end"))))))),
        List.of("cost report: prints each distinct state in which an operation completed"), null));
    // an access priced by the CPU that took the cache line last (-1: no CPU yet, a lock never
    // taken, which costs a local take); Costs#lineCost
    layout.lineCosts().forEach((op, prices) -> {
      String c = layout.namer.bound("c", x -> x.equals(t));
      TlaExpr mine = eq(name(c), new TlaExpr.Apply("CpuOf", List.of(name(t))));
      TlaExpr local = op.equals("LockCost") ? new TlaExpr.Or(List.of(mine, eq(name(c), new TlaExpr.Num(-1)))) : mine;
      units.add(new TlaModule.OpDef(op, List.of(c, t),
          new TlaExpr.If(local, prices.get(0), prices.get(1)),
          List.of(op.equals("LockCost") ? "a lock taken by thread t, last taken on CPU c (-1: never)"
              : "an atomic by thread t on a cache line CPU c wrote last"), null));
    });
    if (layout.latCap != null) {
      String ns = layout.namer.bound("ns", x -> false);
      units.add(new TlaModule.OpDef("LatCap", List.of(), new TlaExpr.Num(layout.latCap),
          List.of("the largest latency bound + 1: a running total stops here (no charge is negative)"), null));
      units.add(new TlaModule.OpDef("Capped", List.of(ns),
          new TlaExpr.If(new TlaExpr.Infix(BinOp.LT, name(ns), name("LatCap")), name(ns), name("LatCap")),
          List.of("a running total as kept: past every bound, how far past no property reads"), null));
    }
  }

  /**
   * Costs tracked: WaitsFor(self, waker) holds when thread self is blocked inside an operation
   * on what a step of thread waker does, so that step's time is added to self's latency.
   */
  static void waitsFor(Lowered lowered, List<TlaModule.Unit> units) {
    Program program = lowered.checked().program();
    Layout layout = lowered.layout();
    if (!program.cost.tracked) {
      return;
    }
    List<TlaExpr> any = new ArrayList<>();
    for (ThreadCode tc : lowered.threads()) {
      for (ThreadCode.WaitSite w : tc.waits()) {
        List<TlaExpr> site = new ArrayList<>(List.of(new TlaExpr.Infix(BinOp.IN, name("self"), name(layout.threadConst.get(tc.thread()))),
            eq(new TlaExpr.FunApp(name("pc"), List.of(name("self"))), str(w.label()))));
        if (w.stuck()) { // an atomic block that waits inside: blocked while its step cannot move
          TlaExpr moves = Enabled.canMove(tc.actions().stream().filter(a -> a.from().equals(w.label())).toList());
          if (moves.equals(TRUE)) {
            continue;
          }
          if (!moves.equals(FALSE)) {
            site.add(dev.inflight.translator.tla.Tla.negation(moves));
          }
        }
        if (!w.waker().equals(TRUE)) {
          site.add(w.waker());
        }
        any.add(and(site));
      }
    }
    units.add(new TlaModule.OpDef("WaitsFor", List.of("self", layout.waker()), any.isEmpty() ? new TlaExpr.Bool(false) : new TlaExpr.Or(any),
        List.of("thread self is blocked in an operation on what thread waker's steps do (it accrues their time)"), null));
  }
}

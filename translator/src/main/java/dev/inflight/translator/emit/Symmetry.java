package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Layout;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The sets of model values a TLC run may declare SYMMETRY (docs/semantics.md, "Symmetry"): the
 * copies of a thread array (`thread rx[N]`, the RCU callback threads) and the slots of an object
 * pool, each of at least two elements. The module's actions never name one element of such a
 * set: threads are bound by {@code \E self \in Thread_T}, objects reached through pointers taken
 * from `alloc`. Of the CHOOSEs, an `alloc`'s picks among free slots, which are interchangeable,
 * and a use-after-free's inside a quantifier (lower/Faults#each) names one freed object in the
 * `fault` record of a state with no successor, of which the module reads only the kind: two
 * permuted states lead to fault states that differ in that name alone, with the same verdicts.
 * A thread array is left out when costs are tracked, since {@code CpuOf} may place its copies on
 * different CPUs, and any set one of whose elements the module names is left out.
 *
 * <p>The symmetry is the union of each set's permutations (the TLC idiom), not the group they
 * generate: TLC canonicalises a state over the listed permutations only, so a state may keep a
 * few more representatives, never fewer; the per-state cost is the sum of the sets' factorials,
 * not their product.
 */
final class Symmetry {
  private Symmetry() {}

  /** The symmetric sets of the module {@code units}, in declaration order (threads, then pools). */
  static List<SourceMap.SymmetricSet> sets(Program program, Layout layout, List<TlaModule.Unit> units) {
    Set<String> named = new HashSet<>();
    for (TlaModule.Unit u : units) {
      if (u instanceof TlaModule.OpDef d) {
        named.addAll(Binders.names(d.body()));
      }
    }
    List<SourceMap.SymmetricSet> out = new ArrayList<>();
    if (!program.cost.tracked) {
      for (ThreadSym t : program.threads) {
        List<String> ids = layout.threadIds.get(t);
        if (ids.size() >= 2 && ids.stream().noneMatch(named::contains)) {
          out.add(new SourceMap.SymmetricSet(layout.threadConst.get(t), "thread", t.name(), ids.size()));
        }
      }
    }
    for (StructSym s : program.structs.values()) {
      List<String> ids = layout.objects.get(s);
      if (ids.size() >= 2 && ids.stream().noneMatch(named::contains)) {
        out.add(new SourceMap.SymmetricSet(layout.poolConst.get(s), "pool", s.name(), ids.size()));
      }
    }
    return out;
  }

  /** {@code Permutations(A) \cup Permutations(B) \cup ...} over the sets. */
  static TlaExpr definition(List<SourceMap.SymmetricSet> sets) {
    TlaExpr e = null;
    for (SourceMap.SymmetricSet s : sets) {
      TlaExpr p = new TlaExpr.Apply("Permutations", List.of(new TlaExpr.Name(s.tla())));
      e = e == null ? p : new TlaExpr.Infix(BinOp.CUP, e, p);
    }
    return e;
  }
}

package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code UNCHANGED} every normal path of a label has in common, written once for the label
 * (docs/semantics.md, "One action per label"): {@code U /\\ (P1 \\/ P2)} is
 * {@code (U /\\ P1) \\/ (U /\\ P2)}, so the label action with the shared {@code UNCHANGED <<…>>}
 * before its paths, and each path's own list without those names, is the same action. A fault
 * path keeps its {@code Fault(…)}, which sets {@code fault} and leaves every other variable
 * unchanged: it agrees with the shared list as long as that never names {@code fault}, which
 * every normal path leaves unchanged and which is therefore kept out of it.
 * Without this, the per-path lists were over a third of a large module's text.
 */
record SharedUnchanged(TlaExpr unchanged, List<Action> paths) {

  /** The units every normal path of {@code paths} leaves unchanged, in order; empty when none. */
  static Set<TlaExpr> common(List<Action> paths) {
    Set<TlaExpr> common = null;
    for (Action a : paths) {
      if (a.fault() != null) {
        continue;
      }
      Set<TlaExpr> own = new LinkedHashSet<>(units(a));
      if (common == null) {
        common = own;
      } else {
        common.retainAll(own);
      }
    }
    if (common == null) {
      return Set.of();
    }
    // A fault path sets `fault`, which every normal path leaves unchanged: shared, it would
    // disable every fault path (fault' bound to fault before Fault(…) sets it).
    common.remove(FAULT);
    return common;
  }

  private static final TlaExpr FAULT = new TlaExpr.Name("fault");

  /**
   * The label's shared {@code UNCHANGED} and its paths without it. {@code untouched} names the
   * tuple of {@code threadCommon}, the units no normal path of the thread changes (a module-level
   * definition), or is null; the label's list then names it instead of those units.
   */
  static SharedUnchanged of(List<Action> paths, Set<TlaExpr> threadCommon, TlaExpr untouched) {
    Set<TlaExpr> common = common(paths);
    if (common.isEmpty() || paths.size() < 2 && untouched == null) {
      return new SharedUnchanged(null, paths);
    }
    List<Action> out = new ArrayList<>(paths.size());
    for (Action a : paths) {
      out.add(a.fault() != null ? a : without(a, common));
    }
    List<TlaExpr> names = new ArrayList<>();
    if (untouched != null && common.containsAll(threadCommon)) {
      names.add(untouched);
      common.stream().filter(x -> !threadCommon.contains(x)).forEach(names::add);
    } else {
      names.addAll(common);
    }
    return new SharedUnchanged(new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(names)), out);
  }

  /** The names the path's {@code UNCHANGED <<…>>} lists. */
  private static List<TlaExpr> units(Action a) {
    for (TlaExpr e : a.effect()) {
      if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.UNCHANGED && p.arg() instanceof TlaExpr.Tuple t) {
        return t.elems();
      }
    }
    return List.of();
  }

  private static Action without(Action a, Set<TlaExpr> common) {
    List<TlaExpr> effect = new ArrayList<>();
    for (TlaExpr e : a.effect()) {
      if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.UNCHANGED && p.arg() instanceof TlaExpr.Tuple t) {
        List<TlaExpr> rest = t.elems().stream().filter(x -> !common.contains(x)).toList();
        if (!rest.isEmpty()) {
          effect.add(new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(rest)));
        }
      } else {
        effect.add(e);
      }
    }
    return new Action(a.name(), a.thread(), a.from(), a.to(), a.fault(), a.statements(), a.primary(), a.calledFrom(), a.body(),
        a.parts(), effect);
  }
}

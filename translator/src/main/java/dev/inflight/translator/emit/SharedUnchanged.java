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
   * A module-level tuple of units, {@code name}: a label whose paths all leave {@code units}
   * unchanged names it in its {@code UNCHANGED} instead of them ({@code UNCHANGED <<<<a, b>>, c>>}
   * is {@code a' = a /\ b' = b /\ c' = c}).
   */
  record Frame(TlaExpr name, Set<TlaExpr> units) {}

  /**
   * The label's shared {@code UNCHANGED} and its paths without it; the list names the first of
   * {@code frames} (the largest first) whose units all the label's paths leave unchanged.
   */
  static SharedUnchanged of(List<Action> paths, List<Frame> frames) {
    Set<TlaExpr> common = common(paths);
    if (common.isEmpty() || paths.size() < 2 && frames.isEmpty()) {
      return new SharedUnchanged(null, paths);
    }
    List<Action> out = new ArrayList<>(paths.size());
    for (Action a : paths) {
      out.add(a.fault() != null ? a : without(a, common));
    }
    List<TlaExpr> names = new ArrayList<>();
    Frame f = frames.stream().filter(x -> common.containsAll(x.units())).findFirst().orElse(null);
    if (f != null) {
      names.add(f.name());
      common.stream().filter(x -> !f.units().contains(x)).forEach(names::add);
    } else {
      names.addAll(common);
    }
    return new SharedUnchanged(new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(names)), out);
  }

  /**
   * The units of a second frame over {@code base} (the thread's untouched units, named
   * {@code baseName}, or none): of the sets the labels' paths leave unchanged
   * ({@code labels}), and their pairwise intersections, the one that names most text away when
   * each label that leaves all of it unchanged names it ({@code name} long); null when none
   * saves the text of its own definition or fewer than three labels would name it.
   */
  static Set<TlaExpr> mostly(List<Set<TlaExpr>> labels, Set<TlaExpr> base, String baseName, String name) {
    Set<Set<TlaExpr>> candidates = new java.util.LinkedHashSet<>();
    for (int i = 0; i < labels.size(); i++) {
      candidates.add(labels.get(i));
      for (int j = i + 1; j < labels.size(); j++) {
        Set<TlaExpr> both = new LinkedHashSet<>(labels.get(i));
        both.retainAll(labels.get(j));
        candidates.add(both);
      }
    }
    Set<TlaExpr> best = null;
    int bestSaving = 0;
    for (Set<TlaExpr> c : candidates) {
      if (!c.containsAll(base) || c.size() - base.size() < 3) {
        continue;
      }
      int extra = c.stream().filter(x -> !base.contains(x)).mapToInt(x -> printed(x) + 2).sum();
      long uses = labels.stream().filter(l -> l.containsAll(c)).count();
      int perUse = extra + (baseName != null ? baseName.length() + 2 : 0) - (name.length() + 2);
      int saving = (int) uses * perUse - (extra + name.length() + 80);
      if (uses >= 3 && saving > bestSaving) {
        best = c;
        bestSaving = saving;
      }
    }
    return best;
  }

  private static int printed(TlaExpr unit) {
    return unit instanceof TlaExpr.Name n ? n.id().length() : 20;
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

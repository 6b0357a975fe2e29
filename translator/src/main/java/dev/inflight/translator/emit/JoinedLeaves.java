package dev.inflight.translator.emit;

import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes once what several paths of a label do alike after a join (docs/semantics.md, "One
 * action per label", Joins). A step's paths are formed by copying a path where it splits, so the
 * code after a join is in every path that reaches it: the same fault raised after either arm of an
 * `if`, say. Leaves (PathTree) that differ only in their first conjunct (the name of the last split
 * they passed) are written as one disjunct, {@code (h1 \/ … \/ hk) /\ R}, at the first one's place.
 *
 * <p>It is an equivalence, {@code (h1 /\ R) \/ (h2 /\ R) = (h1 \/ h2) /\ R}, and TLC does the same
 * work on it: it branches on each {@code hi} that holds and evaluates {@code R} after it, as it did
 * for each leaf, so {@code R} is evaluated only where it was before. A path's {@code Ran(k)} mark
 * (emit/RanHook) is in its {@code R}, so paths with marks are never written together. (Joining
 * leaves whose effects differ as well, {@code (h1 \/ h2) /\ P /\ C /\ ((h1 /\ D1) \/ (h2 /\ D2))},
 * made the modules 4% smaller, but each head is then evaluated twice and raw TLC was no faster:
 * bench/RESULTS.md, "Joins".)
 */
final class JoinedLeaves {
  private JoinedLeaves() {}

  /** Disjuncts with the same conjuncts after their first ({@code rest}; null: not a leaf), by index. */
  private record Group(List<TlaExpr> rest, List<Integer> members) {}

  /** The disjuncts {@code ds} with the leaves that differ only in their first conjunct joined. */
  static List<TlaExpr> join(List<TlaExpr> ds) {
    Map<Object, Group> byRest = new LinkedHashMap<>(); // a leaf's rest, or (not a leaf) its index
    for (int i = 0; i < ds.size(); i++) {
      List<TlaExpr> rest = rest(ds.get(i));
      byRest.computeIfAbsent(rest == null ? Integer.valueOf(i) : rest, k -> new Group(rest, new ArrayList<>())).members().add(i);
    }
    if (byRest.size() == ds.size()) {
      return ds;
    }
    List<TlaExpr> out = new ArrayList<>();
    for (Group g : byRest.values()) {
      List<Integer> members = g.members();
      if (members.size() == 1) {
        out.add(ds.get(members.get(0)));
        continue;
      }
      List<TlaExpr> heads = new ArrayList<>();
      List<String> paths = new ArrayList<>();
      for (int i : members) {
        TlaExpr.Sourced s = (TlaExpr.Sourced) ds.get(i);
        TlaExpr head = ((TlaExpr.And) s.e()).items().get(0);
        if (!heads.contains(head)) {
          heads.add(head);
        }
        paths.addAll(((PathTree.Leaf) s.origin()).actions());
      }
      List<TlaExpr> conj = new ArrayList<>();
      conj.add(heads.size() == 1 ? heads.get(0) : new TlaExpr.Or(heads));
      conj.addAll(g.rest());
      out.add(new TlaExpr.Sourced(new TlaExpr.And(conj), new PathTree.Leaf(paths)));
    }
    return out;
  }

  /** A leaf's conjuncts after its first, or null if {@code d} is not a leaf of two or more. */
  private static List<TlaExpr> rest(TlaExpr d) {
    if (d instanceof TlaExpr.Sourced s && s.origin() instanceof PathTree.Leaf && s.e() instanceof TlaExpr.And a
        && a.items().size() > 1) {
      return a.items().subList(1, a.items().size());
    }
    return null;
  }
}

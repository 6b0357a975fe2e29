package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A label's paths folded into one expression (docs/semantics.md, "One action per label"). The
 * paths of a step are formed by copying a path where it splits, so a fault path shares every guard
 * and definition made before its check, and the paths after a branch share everything made
 * before it. Each such shared run is written once, as a LET definition naming the conjunction of
 * the guards from the label to the split ({@code ok3 == ok1 /\ g /\ h}); each path is then one
 * disjunct: the name of the last split it passed, its own guards, and its effect. A LET
 * definition a path makes (an `alloc`'s CHOOSE) joins the same LET where the paths that make it
 * agree on it; below an {@code \E} (pick, for over a set, an RCU callback) or where paths give a
 * name different values, the paths are nested instead: the definition around their disjunction.
 *
 * <p>This changes the text, not the action: each disjunct is its path's conjunction with the
 * shared guards written by name (a LET definition of arity 0 is its body), and moving a
 * definition out of the disjuncts that all begin with it, {@code (\E x \in S : b) \/ (\E x \in S :
 * c) = \E x \in S : (b \/ c)}, is an equivalence; a definition stays after the guards made before
 * it. Each path's disjunct, a leaf, is recorded ({@link Leaf}) with its lines, which the source
 * map gives as the path's lines (coverage per path: TlcCoverage#withPaths).
 */
final class PathTree {
  /**
   * The origin of a leaf in the printed module: the paths it is the disjunct of (several when
   * their disjuncts differ only in their first conjunct, {@link JoinedLeaves}).
   */
  record Leaf(List<String> actions) {
    Leaf {
      actions = List.copyOf(actions);
    }
  }

  private final Namer namer;
  /** The path's `Ran(k)` mark, or null (emit/RanHook). */
  private final java.util.function.Function<Action, TlaExpr> mark;
  private final Set<String> names = new HashSet<>();
  /** LET names kept out of the shared LET: given several values, or made below an \E. */
  private final Set<String> nestedOnly = new HashSet<>();
  private final Set<String> avoid = new HashSet<>();
  private final List<TlaModule.OpDef> defs = new ArrayList<>();
  private final Map<String, TlaExpr> defined = new HashMap<>();
  private final List<TlaExpr> disjuncts = new ArrayList<>();
  /** LET names the last pass left nested. */
  private final Set<String> nestedNames = new HashSet<>();

  private PathTree(Namer namer, List<Action> paths, java.util.function.Function<Action, TlaExpr> mark) {
    this.namer = namer;
    this.mark = mark;
    Map<String, TlaExpr> values = new HashMap<>();
    for (Action a : paths) {
      for (Action.Part p : a.parts()) {
        names.addAll(Binders.names(p.before(List.of(new TlaExpr.Bool(true))).toArray(TlaExpr[]::new)));
        if (p instanceof Action.Part.Let l && values.putIfAbsent(l.name(), l.value()) != null && !values.get(l.name()).equals(l.value())) {
          nestedOnly.add(l.name());
        }
      }
      names.addAll(Binders.names(a.effect().toArray(TlaExpr[]::new)));
    }
  }

  /**
   * The label's paths, in order, as one expression (without the label's pc test); each path's
   * disjunct ends with {@code mark}'s conjunct for it, if any.
   */
  static TlaExpr fold(List<Action> paths, Namer namer, java.util.function.Function<Action, TlaExpr> mark) {
    if (paths.size() == 1) {
      return leaf(paths.get(0), 0, List.of(), mark);
    }
    PathTree t = new PathTree(namer, paths, mark);
    // A LET name must not be defined twice in one scope: one the shared LET took and a nested
    // region also defines is kept nested, and the paths are folded again (names only move out).
    while (true) {
      t.defs.clear();
      t.defined.clear();
      t.disjuncts.clear();
      t.nestedNames.clear();
      t.avoid.clear();
      t.avoid.addAll(t.names);
      t.walk(paths, 0, List.of());
      Set<String> clash = new HashSet<>(t.nestedNames);
      clash.retainAll(t.defined.keySet());
      if (clash.isEmpty()) {
        break;
      }
      t.nestedOnly.addAll(clash);
    }
    List<TlaExpr> ds = DerefFaults.join(JoinedLeaves.join(t.disjuncts));
    TlaExpr body = ds.size() == 1 ? ds.get(0) : new TlaExpr.Or(ds);
    return t.defs.isEmpty() ? body : new TlaExpr.Let(t.defs, body);
  }

  private static Action.Part partAt(Action a, int i) {
    return i < a.parts().size() ? a.parts().get(i) : null;
  }

  /** The part every path of {@code ps} has at {@code d}, or null. */
  private static Action.Part shared(List<Action> ps, int d) {
    Action.Part x = partAt(ps.get(0), d);
    return x != null && ps.stream().allMatch(a -> x.equals(partAt(a, d))) ? x : null;
  }

  /** Where the paths part ways at {@code d}: those with the same next part together, in order (one with none left alone). */
  private static java.util.Collection<List<Action>> groups(List<Action> ps, int d) {
    Map<Object, List<Action>> groups = new LinkedHashMap<>();
    for (Action a : ps) {
      Action.Part x = partAt(a, d);
      groups.computeIfAbsent(x == null ? new Leaf(List.of(a.name())) : x, key -> new ArrayList<>()).add(a);
    }
    return groups.values();
  }

  /**
   * The disjuncts of the paths {@code ps}, which share their first {@code from} parts; those
   * parts' guards since the last named split are {@code pending} (the name of that split first).
   */
  private void walk(List<Action> ps, int from, List<TlaExpr> pending) {
    if (ps.size() == 1) {
      Action a = ps.get(0);
      a.parts().subList(Math.min(from, a.parts().size()), a.parts().size()).forEach(p -> {
        if (p instanceof Action.Part.Let l) {
          nestedNames.add(l.name());
        }
      });
      disjuncts.add(leaf(a, from, pending, mark));
      return;
    }
    List<TlaExpr> guards = new ArrayList<>(pending);
    int d = from;
    for (Action.Part x; (x = shared(ps, d)) != null; d++) {
      if (x instanceof Action.Part.Guard g) {
        guards.add(g.e());
      } else if (x instanceof Action.Part.Let l && !nestedOnly.contains(l.name())) {
        if (defined.putIfAbsent(l.name(), l.value()) == null) {
          defs.add(new TlaModule.OpDef(l.name(), l.value()));
        }
      } else {
        // An \E, or a name kept nested: these paths nest under it.
        for (Action a : ps) {
          a.parts().subList(d, a.parts().size()).forEach(p -> {
            if (p instanceof Action.Part.Let l) {
              nestedNames.add(l.name());
            }
          });
        }
        List<TlaExpr> conj = new ArrayList<>(guards);
        conj.add(nested(ps, d, mark));
        disjuncts.add(conj.size() == 1 ? conj.get(0) : new TlaExpr.And(conj));
        return;
      }
    }
    List<TlaExpr> next = guards;
    if (guards.size() > 1 || (guards.size() == 1 && !(guards.get(0) instanceof TlaExpr.Name))) {
      String ok = namer.bound("ok", avoid::contains);
      avoid.add(ok);
      defs.add(new TlaModule.OpDef(ok, guards.size() == 1 ? guards.get(0) : new TlaExpr.And(guards)));
      next = List.of(new TlaExpr.Name(ok));
    }
    for (List<Action> g : groups(ps, d)) {
      walk(g, d, next);
    }
  }

  /**
   * A path's own disjunct: the guards before it, its remaining parts and its effect, then its mark
   * (last, so that TLC evaluates it once per successor state the path generates).
   */
  private static TlaExpr leaf(Action a, int from, List<TlaExpr> before, java.util.function.Function<Action, TlaExpr> mark) {
    List<TlaExpr> conj = new ArrayList<>(a.effect());
    TlaExpr m = mark.apply(a);
    if (m != null) {
      conj.add(m);
    }
    List<Action.Part> rest = a.parts().subList(Math.min(from, a.parts().size()), a.parts().size());
    for (int i = rest.size() - 1; i >= 0; i--) {
      conj = rest.get(i).before(conj);
    }
    List<TlaExpr> all = new ArrayList<>(before);
    all.addAll(conj);
    return new TlaExpr.Sourced(all.size() == 1 ? all.get(0) : new TlaExpr.And(all), new Leaf(List.of(a.name())));
  }

  /** Paths sharing their first {@code from} parts, nested: each definition around what follows it. */
  private static TlaExpr nested(List<Action> ps, int from, java.util.function.Function<Action, TlaExpr> mark) {
    if (ps.size() == 1) {
      return leaf(ps.get(0), from, List.of(), mark);
    }
    int d = from;
    while (shared(ps, d) != null) {
      d++;
    }
    List<TlaExpr> alternatives = new ArrayList<>();
    for (List<Action> g : groups(ps, d)) {
      alternatives.add(nested(g, d, mark));
    }
    alternatives = DerefFaults.join(JoinedLeaves.join(alternatives));
    List<TlaExpr> conj = List.of(alternatives.size() == 1 ? alternatives.get(0) : new TlaExpr.Or(alternatives));
    List<Action.Part> shared = ps.get(0).parts().subList(from, d);
    for (int i = shared.size() - 1; i >= 0; i--) {
      conj = shared.get(i).before(conj);
    }
    return conj.size() == 1 ? conj.get(0) : new TlaExpr.And(conj);
  }
}

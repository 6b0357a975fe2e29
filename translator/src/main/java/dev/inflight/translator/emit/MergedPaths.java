package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Exclusive;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.Points;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The arms of a branch inside one step written as one disjunct (docs/semantics.md, "One action
 * per label", Branches joined). Paths are formed by copying a path where it splits, so a step with
 * k independent {@code if}s has up to 2^k paths, each spelling out its whole effect. Two groups of
 * a label's fault-free paths that share their parts up to a guard {@code c} in one and a guard
 * that excludes it in the other (tla/Exclusive: its negation, or {@code x = 1} against
 * {@code x > 1}), each group itself one path or two such groups, and below it only guards and LET
 * definitions, are written as one path:
 *
 * <pre>
 *   P /\ LET br == c  (the arms' definitions) IN
 *        /\ IF br THEN G1 ELSE G2                  (the arms' other guards; omitted if none)
 *        /\ v' = IF br THEN e1 ELSE e2             (for each variable the arms change unalike)
 *        /\ IF br THEN Ran(k1) ELSE Ran(k2)        (the paths' marks, when the check wants them)
 * </pre>
 *
 * The same action: if {@code c} holds the conjunction is the first path's (the second's are not
 * enabled: each tests a guard that excludes {@code c}), else the second's, as {@code IF} chooses,
 * the second arm's guard among its G2 unless it is {@code c}'s negation; every path's effect gives every variable one value (an equation or
 * {@code UNCHANGED}), so the equations of the two agree on what they leave alone. TLC evaluates
 * {@code c} where the paths did (after {@code P}), and what only one arm evaluated only in its
 * {@code IF} branch; a LET definition is evaluated only where read, so the arms' definitions
 * may stand before the IF. A definition two arms give different values, an {@code \E} below the
 * split, or effects that name different {@code UNCHANGED} groups leave the paths apart. Fault
 * paths are never joined: each keeps its disjunct. The paths keep their names: the source map
 * gives each the joined disjunct's lines.
 */
final class MergedPaths {
  /**
   * The label's paths with joined ones replaced by one path each (named as its first member),
   * the members of each joined path, and each joined path's mark.
   */
  record Result(List<Action> paths, Map<String, List<String>> members, Map<String, TlaExpr> marks) {}

  /** A group of paths written as one: its parts from where the group starts, its effect's values, its mark, its paths. */
  private record Merged(List<Action.Part> parts, LinkedHashMap<String, TlaExpr> values, TlaExpr mark, List<String> names) {}

  private final Function<Action, TlaExpr> mark;
  private final Namer namer;
  private final Set<String> taken = new HashSet<>();
  private final Map<String, List<String>> members = new LinkedHashMap<>();
  private final Map<String, TlaExpr> marks = new LinkedHashMap<>();
  private final Map<TlaExpr, String> conditions = new java.util.HashMap<>();
  /** The label's fault paths, which are never joined. */
  private final List<Action> faults;
  private final Reach reach;

  private MergedPaths(Function<Action, TlaExpr> mark, Namer namer, Reach reach, List<Action> faults) {
    this.mark = mark;
    this.namer = namer;
    this.reach = reach;
    this.faults = faults;
  }

  /** Which arms may be joined. */
  enum Reach {
    /** Arms whose guards are each other's negation. */
    NEGATED,
    /** Arms whose guards exclude each other (tla/Exclusive). */
    EXCLUSIVE,
    /** As {@link #EXCLUSIVE}, but not where a fault path goes on past the split with an arm ({@link #faultBelow}). */
    EXCLUSIVE_APART_FROM_FAULTS
  }

  static Result of(List<Action> paths, Function<Action, TlaExpr> mark, Namer namer, Reach reach) {
    MergedPaths m = new MergedPaths(mark, namer, reach, paths.stream().filter(a -> a.fault() != null).toList());
    List<Action> normal = paths.stream().filter(a -> a.fault() == null).toList();
    if (normal.size() < 2) {
      return new Result(paths, Map.of(), Map.of());
    }
    for (Action a : paths) {
      for (Action.Part p : a.parts()) {
        m.taken.addAll(Binders.names(p.before(List.of(new TlaExpr.Bool(true))).toArray(TlaExpr[]::new)));
      }
      m.taken.addAll(Binders.names(a.effect().toArray(TlaExpr[]::new)));
    }
    List<Action> out = new ArrayList<>();
    m.top(normal, 0, out);
    paths.stream().filter(a -> a.fault() != null).forEach(out::add);
    return new Result(out, m.members, m.marks);
  }

  /** Appends the paths {@code ps} (which share their first {@code d} parts), joined where they can be. */
  private void top(List<Action> ps, int d, List<Action> out) {
    if (ps.size() == 1) {
      out.add(ps.get(0));
      return;
    }
    conditions.clear(); // a condition's name is shared within one joined path only: another may read names defined otherwise
    Merged m = group(ps, d);
    if (m != null) {
      Action first = ps.get(0);
      List<Action.Part> parts = new ArrayList<>(first.parts().subList(0, d));
      parts.addAll(m.parts());
      out.add(new Action(first.name(), first.thread(), first.from(), first.to(), null, first.statements(), first.primary(),
          first.calledFrom(), first.body(), parts, effect(m.values())));
      members.put(first.name(), m.names());
      marks.put(first.name(), m.mark());
      return;
    }
    while (shared(ps, d) != null) {
      d++;
    }
    Map<Object, List<Action>> groups = new LinkedHashMap<>();
    for (Action a : ps) {
      Object key = d < a.parts().size() ? a.parts().get(d) : a.name();
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(a);
    }
    for (List<Action> g : groups.values()) {
      top(g, g.size() == 1 ? d : d + 1, out);
    }
  }

  private static Action.Part shared(List<Action> ps, int d) {
    Action.Part x = d < ps.get(0).parts().size() ? ps.get(0).parts().get(d) : null;
    return x != null && ps.stream().allMatch(a -> d < a.parts().size() && x.equals(a.parts().get(d))) ? x : null;
  }

  /** The paths {@code ps} from part {@code d} on, as one path; null if they cannot be joined. */
  private Merged group(List<Action> ps, int d) {
    if (ps.size() == 1) {
      Action a = ps.get(0);
      List<Action.Part> rest = a.parts().subList(Math.min(d, a.parts().size()), a.parts().size());
      LinkedHashMap<String, TlaExpr> values = values(a.effect());
      if (values == null || rest.stream().anyMatch(p -> p instanceof Action.Part.Exists)) {
        return null;
      }
      return new Merged(List.copyOf(rest), values, mark.apply(a), List.of(a.name()));
    }
    List<Action.Part> common = new ArrayList<>();
    for (Action.Part x; (x = shared(ps, d)) != null; d++) {
      common.add(x);
    }
    int at = d;
    if (ps.stream().anyMatch(a -> at >= a.parts().size())) {
      return null;
    }
    Action.Part split = ps.get(0).parts().get(at);
    if (!(split instanceof Action.Part.Guard g) || reach == Reach.EXCLUSIVE_APART_FROM_FAULTS && faultBelow(ps, at)) {
      return null;
    }
    List<Action> yes = new ArrayList<>();
    List<Action> no = new ArrayList<>();
    boolean negated = true; // every other arm's guard is c's negation, which IF's ELSE implies
    for (Action a : ps) {
      Action.Part p = a.parts().get(at);
      if (p.equals(split)) {
        yes.add(a);
      } else if (p instanceof Action.Part.Guard h
          && (reach == Reach.NEGATED ? Exclusive.negates(g.e(), h.e()) : Exclusive.of(g.e(), h.e()))) {
        no.add(a);
        negated &= Exclusive.negates(g.e(), h.e());
      } else {
        return null;
      }
    }
    if (no.isEmpty()) {
      return null;
    }
    Merged m1 = group(yes, at + 1);
    // an arm whose guard only excludes c keeps it: IF's ELSE branch tests it
    Merged m2 = m1 == null ? null : group(no, negated ? at + 1 : at);
    if (m2 == null) {
      return null;
    }
    return join(common, g.e(), m1, m2);
  }

  /**
   * Whether a fault path goes on past the split at {@code at} with one of the arms: it shares
   * their guards up to there and the guard of one arm. Joined, that arm's later guards would be
   * spelled inside the {@code IF} while the fault path still tests them on its own, so TLC would
   * evaluate them twice, where the fold names the shared run once (emit/PathTree); and the
   * shared run, now read by fault paths only and not at their head, may no longer be bound once
   * (emit/BoundOnce). ThreadActions keeps the shortest of the label's forms.
   */
  private boolean faultBelow(List<Action> ps, int at) {
    for (Action f : faults) {
      if (f.parts().size() <= at) {
        continue;
      }
      for (Action p : ps) {
        if (f.parts().subList(0, at + 1).equals(p.parts().subList(0, at + 1))) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code common}, then the arm {@code m1} where {@code c} holds and {@code m2} where it does not. */
  private Merged join(List<Action.Part> common, TlaExpr c, Merged m1, Merged m2) {
    Map<String, TlaExpr> d1 = new LinkedHashMap<>();
    Map<String, TlaExpr> d2 = new LinkedHashMap<>();
    List<TlaExpr> g1 = new ArrayList<>();
    List<TlaExpr> g2 = new ArrayList<>();
    if (!split(m1.parts(), d1, g1) || !split(m2.parts(), d2, g2) || !m1.values().keySet().equals(m2.values().keySet())) {
      return null;
    }
    String br = conditions.get(c); // one name per condition: arms alike below equal conditions then print alike
    if (br == null) {
      br = namer.bound("br", taken::contains);
      taken.add(br);
      conditions.put(c, br);
    }
    TlaExpr b = new TlaExpr.Name(br);
    List<Action.Part> parts = new ArrayList<>(common);
    if (d1.containsKey(br) || d2.containsKey(br)) {
      return null; // an arm tests the same condition again (it cannot hold there)
    }
    parts.add(new Action.Part.Let(br, c));
    // a name both arms define, with different values: IF br THEN the first's ELSE the second's
    Map<String, TlaExpr> defs = new LinkedHashMap<>(d1);
    d2.forEach((n, v) -> defs.merge(n, v, (v1, v2) -> choose(b, v1, v2)));
    ordered(defs).forEach((n, v) -> parts.add(new Action.Part.Let(n, v)));
    if (!g1.isEmpty() || !g2.isEmpty()) {
      parts.add(new Action.Part.Guard(choose(b, and(g1), and(g2))));
    }
    LinkedHashMap<String, TlaExpr> values = new LinkedHashMap<>();
    m1.values().forEach((k, v1) -> values.put(k, choose(b, v1, m2.values().get(k))));
    TlaExpr mark = m1.mark() == null && m2.mark() == null ? null
        : choose(b, m1.mark() == null ? TRUE : m1.mark(), m2.mark() == null ? TRUE : m2.mark());
    List<String> names = new ArrayList<>(m1.names());
    names.addAll(m2.names());
    return new Merged(parts, values, mark, names);
  }

  /**
   * The definitions in an order where each comes after those it reads (the arms' orders agree on
   * a name both define, but a choice between two values may read a name only the second arm
   * defines, after the first's names); the given order where it already is so.
   */
  private static Map<String, TlaExpr> ordered(Map<String, TlaExpr> defs) {
    Map<String, TlaExpr> out = new LinkedHashMap<>();
    Map<String, TlaExpr> left = new LinkedHashMap<>(defs);
    while (!left.isEmpty()) {
      String next = left.keySet().stream()
          .filter(n -> Binders.names(left.get(n)).stream().noneMatch(m -> !m.equals(n) && left.containsKey(m)))
          .findFirst().orElse(left.keySet().iterator().next());
      out.put(next, left.remove(next));
    }
    return out;
  }

  /** Sorts an arm's parts into its definitions (one value per name) and its guards; false if it cannot. */
  private static boolean split(List<Action.Part> parts, Map<String, TlaExpr> defs, List<TlaExpr> guards) {
    for (Action.Part p : parts) {
      if (p instanceof Action.Part.Guard g) {
        guards.add(g.e());
      } else if (p instanceof Action.Part.Let l) {
        TlaExpr before = defs.putIfAbsent(l.name(), l.value());
        if (before != null && !before.equals(l.value())) {
          return false;
        }
      } else {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code IF b THEN x ELSE y}, or what it is when the two agree. Two EXCEPTs of one base are one
   * EXCEPT: their updates in order (those of both in the same order), each value {@code IF b THEN
   * x's ELSE y's}, with {@code @} (the value there, as the earlier updates left it) for a side
   * that does not update that point. The same function either way: an update to {@code @} changes
   * nothing, at a point outside the domain too.
   */
  private static TlaExpr choose(TlaExpr b, TlaExpr x, TlaExpr y) {
    if (x.equals(y)) {
      return x;
    }
    // Nested choices with a value in common are one choice. Each rewrite tests the same conditions
    // in the same order as the nesting does (c only where b has said which way), so TLC evaluates
    // the same expressions: IF b THEN x ELSE IF c THEN x ELSE z is IF b \/ c THEN x ELSE z, and so on.
    if (y instanceof TlaExpr.If i && i.t().equals(x)) {
      return new TlaExpr.If(chain(BinOp.OR, b, i.c()), x, i.e());
    }
    if (y instanceof TlaExpr.If i && i.e().equals(x)) { // IF b THEN x ELSE IF c THEN z ELSE x
      return new TlaExpr.If(chain(BinOp.AND, Tla.negation(b), i.c()), i.t(), x);
    }
    if (x instanceof TlaExpr.If i && i.e().equals(y)) { // IF b THEN (IF c THEN z ELSE y) ELSE y
      return new TlaExpr.If(chain(BinOp.AND, b, i.c()), i.t(), y);
    }
    if (x instanceof TlaExpr.If i && i.t().equals(y)) { // IF b THEN (IF c THEN y ELSE z) ELSE y
      return new TlaExpr.If(chain(BinOp.AND, b, Tla.negation(i.c())), i.e(), y);
    }
    if (x instanceof TlaExpr.Except ex && y instanceof TlaExpr.Except ey && ex.base().equals(ey.base())) {
      List<TlaExpr.Update> ups = aligned(b, ex.updates(), ey.updates());
      if (ups != null) {
        return new TlaExpr.Except(ex.base(), ups);
      }
    }
    return new TlaExpr.If(b, x, y);
  }

  /** {@code a op c} for an associative {@code op}, nested to the left so that it prints without parentheses. */
  private static TlaExpr chain(BinOp op, TlaExpr a, TlaExpr c) {
    return c instanceof TlaExpr.Infix in && in.op() == op ? new TlaExpr.Infix(op, chain(op, a, in.left()), in.right())
        : new TlaExpr.Infix(op, a, c);
  }

  /** The updates of both, merged in order, or null when their common points are not in the same order (or a value reads {@code @}). */
  private static List<TlaExpr.Update> aligned(TlaExpr b, List<TlaExpr.Update> xs, List<TlaExpr.Update> ys) {
    List<List<TlaExpr.PathElem>> px = xs.stream().map(TlaExpr.Update::path).toList();
    List<List<TlaExpr.PathElem>> py = ys.stream().map(TlaExpr.Update::path).toList();
    if (new HashSet<>(px).size() != px.size() || new HashSet<>(py).size() != py.size()) {
      return null;
    }
    Set<List<TlaExpr.PathElem>> all = new HashSet<>(px);
    all.addAll(py);
    if (Points.apart(all)) {
      return unordered(b, xs, ys, all);
    }
    List<TlaExpr.Update> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < xs.size() || j < ys.size()) {
      if (i < xs.size() && j < ys.size() && px.get(i).equals(py.get(j))) {
        out.add(new TlaExpr.Update(px.get(i), choose(b, xs.get(i).value(), ys.get(j).value())));
        i++;
        j++;
      } else if (i < xs.size() && !py.subList(j, py.size()).contains(px.get(i)) && oneSided(px.get(i), all, py)) {
        out.add(new TlaExpr.Update(px.get(i), choose(b, xs.get(i).value(), AT)));
        i++;
      } else if (j < ys.size() && !px.subList(i, px.size()).contains(py.get(j)) && oneSided(py.get(j), all, px)) {
        out.add(new TlaExpr.Update(py.get(j), choose(b, AT, ys.get(j).value())));
        j++;
      } else {
        return null; // a point both update, in another order
      }
    }
    return out;
  }

  /**
   * The updates of both when their points are pairwise apart ({@link Points#apart}): such updates
   * commute, and each one's {@code @} is the state's value there whatever the others do, so their
   * order does not matter; x's points in x's order, then y's own. Null if an update only one arm
   * makes may not stand in both ({@link #oneSided}).
   */
  private static List<TlaExpr.Update> unordered(TlaExpr b, List<TlaExpr.Update> xs, List<TlaExpr.Update> ys,
      Set<List<TlaExpr.PathElem>> all) {
    Map<List<TlaExpr.PathElem>, TlaExpr> yv = new LinkedHashMap<>();
    ys.forEach(u -> yv.put(u.path(), u.value()));
    List<List<TlaExpr.PathElem>> px = xs.stream().map(TlaExpr.Update::path).toList();
    List<List<TlaExpr.PathElem>> py = List.copyOf(yv.keySet());
    List<TlaExpr.Update> out = new ArrayList<>();
    for (TlaExpr.Update x : xs) {
      TlaExpr y = yv.remove(x.path());
      if (y == null && !oneSided(x.path(), all, py)) {
        return null;
      }
      out.add(new TlaExpr.Update(x.path(), choose(b, x.value(), y == null ? AT : y)));
    }
    for (Map.Entry<List<TlaExpr.PathElem>, TlaExpr> y : yv.entrySet()) {
      if (!oneSided(y.getKey(), all, px)) {
        return null;
      }
      out.add(new TlaExpr.Update(y.getKey(), choose(b, AT, y.getValue())));
    }
    return out;
  }

  /**
   * Whether an update only one arm makes may stand in both (as {@code @} in the other): TLC
   * evaluates its keys whichever arm is taken, so each key must be {@code self}, or a key the
   * other arm's EXCEPT evaluates too, on the same way in ({@code other} has a point that begins
   * with this one's steps up to and including the key: a `put`'s `![k].count` in one arm, its
   * `![k].st` in the arm that frees; a key such as an allocated slot may be defined in one arm
   * only); and no other point updated is a proper prefix of it (so the value it goes through is
   * the state's, a record in both arms).
   */
  private static boolean oneSided(List<TlaExpr.PathElem> path, Set<List<TlaExpr.PathElem>> all,
      List<List<TlaExpr.PathElem>> other) {
    for (int k = 0; k < path.size(); k++) {
      List<TlaExpr.PathElem> way = path.subList(0, k + 1);
      if (path.get(k) instanceof TlaExpr.Index i && !i.key().equals(SELF)
          && other.stream().noneMatch(q -> q.size() >= way.size() && q.subList(0, way.size()).equals(way))) {
        return false;
      }
    }
    for (int k = 1; k < path.size(); k++) {
      if (all.contains(path.subList(0, k))) {
        return false;
      }
    }
    return true;
  }

  private static final TlaExpr SELF = new TlaExpr.Name("self");

  private static final TlaExpr AT = new TlaExpr.At();

  private static TlaExpr and(List<TlaExpr> items) {
    return items.isEmpty() ? TRUE : items.size() == 1 ? items.get(0) : new TlaExpr.And(items);
  }

  /** An effect as the value it gives each variable or UNCHANGED group (a name: unchanged), in order; null for anything else. */
  private static LinkedHashMap<String, TlaExpr> values(List<TlaExpr> effect) {
    LinkedHashMap<String, TlaExpr> out = new LinkedHashMap<>();
    for (TlaExpr e : effect) {
      if (e instanceof TlaExpr.Infix in && in.op() == BinOp.EQ && in.left() instanceof TlaExpr.Primed p
          && p.e() instanceof TlaExpr.Name n) {
        out.put(n.id(), in.right());
      } else if (e instanceof TlaExpr.Prefix u && u.op() == UnOp.UNCHANGED && u.arg() instanceof TlaExpr.Tuple t
          && t.elems().stream().allMatch(x -> x instanceof TlaExpr.Name)) {
        t.elems().forEach(x -> out.put(((TlaExpr.Name) x).id(), x));
      } else {
        return null;
      }
    }
    return out;
  }

  /** The effect that gives these values: an equation for each changed one, then one UNCHANGED. */
  private static List<TlaExpr> effect(Map<String, TlaExpr> values) {
    List<TlaExpr> out = new ArrayList<>();
    List<TlaExpr> same = new ArrayList<>();
    values.forEach((k, v) -> {
      if (v.equals(new TlaExpr.Name(k))) {
        same.add(v);
      } else {
        out.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name(k)), v));
      }
    });
    if (!same.isEmpty()) {
      out.add(new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(same)));
    }
    return out;
  }

  private static final TlaExpr TRUE = new TlaExpr.Bool(true);

  /** {@code e} with each joined path's leaf naming all its members (the source map's lines). */
  static TlaExpr expandLeaves(TlaExpr e, Map<String, List<String>> members) {
    if (members.isEmpty()) {
      return e;
    }
    return dev.inflight.translator.tla.Rewrite.apply(e, x -> {
      if (x instanceof TlaExpr.Sourced s && s.origin() instanceof PathTree.Leaf l) {
        List<String> names = new ArrayList<>();
        l.actions().forEach(n -> names.addAll(members.getOrDefault(n, List.of(n))));
        return new TlaExpr.Sourced(expandLeaves(s.e(), members), new PathTree.Leaf(names));
      }
      return null;
    });
  }
}

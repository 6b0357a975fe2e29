package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ENABLED <<step(self)>>_vars} of one kind of thread, written out as a state predicate
 * (docs/semantics.md, "Fairness without ENABLED"). Weak fairness is
 * {@code []<>~ENABLED <<A>>_v \/ []<><<A>>_v}; TLC computes ENABLED by generating a successor
 * in every state, which was most of the time of a check with a liveness property. A thread's
 * step is the disjunction of its paths, and a path is its guards (with the definitions and
 * {@code \E} they sit in) and then primed equations, which always have a solution; so the step
 * can move from a state exactly when some path's guards hold there and its successor differs
 * from the state. A path that leaves its label, or ends in a fault (the fault record changes
 * from "none"), always changes the state; a path back to its own label changes it exactly when
 * one of its primed equations gives its variable a new value. The predicate is those
 * conditions, the paths of a label written as the tree of their shared parts.
 */
final class Enabled {
  private static final TlaExpr TRUE = new TlaExpr.Bool(true);
  private static final TlaExpr FALSE = new TlaExpr.Bool(false);

  private Enabled() {}

  /**
   * The predicate's body (parameter {@code self}) for a thread whose paths are {@code actions}:
   * no fault yet, and the thread at a label one of whose paths can change the state.
   */
  static TlaExpr of(List<Action> actions, TlaExpr noFault) {
    Map<String, List<Action>> byLabel = new LinkedHashMap<>();
    for (Action a : actions) {
      byLabel.computeIfAbsent(a.from(), k -> new ArrayList<>()).add(a);
    }
    TlaExpr pc = new TlaExpr.FunApp(new TlaExpr.Name("pc"), List.of(new TlaExpr.Name("self")));
    List<TlaExpr> always = new ArrayList<>();
    List<TlaExpr> some = new ArrayList<>();
    for (Map.Entry<String, List<Action>> e : byLabel.entrySet()) {
      TlaExpr at = new TlaExpr.Str(e.getKey());
      TlaExpr en = tree(e.getValue(), 0, Bound.NONE);
      if (en.equals(TRUE)) {
        always.add(at);
      } else if (!en.equals(FALSE)) {
        some.add(and(new TlaExpr.Infix(BinOp.EQ, pc, at), en));
      }
    }
    List<TlaExpr> where = new ArrayList<>();
    if (always.size() == 1) {
      where.add(new TlaExpr.Infix(BinOp.EQ, pc, always.get(0)));
    } else if (!always.isEmpty()) {
      where.add(new TlaExpr.Infix(BinOp.IN, pc, new TlaExpr.SetOf(always)));
    }
    where.addAll(some);
    TlaExpr at = where.isEmpty() ? FALSE : where.size() == 1 ? where.get(0) : new TlaExpr.Or(where);
    return at.equals(FALSE) ? FALSE : new TlaExpr.And(List.of(noFault, at));
  }

  /**
   * Whether thread {@code self} standing at a label whose paths are {@code atLabel} can move
   * (the part of {@link #of}'s predicate for that label, fault test aside): FALSE when it has no
   * path.
   */
  static TlaExpr canMove(List<Action> atLabel) {
    return atLabel.isEmpty() ? FALSE : tree(atLabel, 0, Bound.NONE);
  }

  /**
   * The body (parameter {@code self}) of {@code T_moved(self)}, which the fairness formula uses
   * for {@code <<T_step(self)>>_vars} (docs/semantics.md, "Fairness without ENABLED"): the
   * thread's {@code pc} changed, or the thread is at a label with a path back to itself and took
   * a step. Only the thread's own paths write {@code pc[self]}, and a path that leaves its label
   * changes it, so on every step that raises no fault the two are the same action; TLC then
   * evaluates the thread's step on a transition only at those labels, not at every one.
   */
  static TlaExpr moved(List<Action> actions, TlaExpr step) {
    TlaExpr self = new TlaExpr.Name("self");
    TlaExpr pc = new TlaExpr.FunApp(new TlaExpr.Name("pc"), List.of(self));
    TlaExpr left = new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.FunApp(new TlaExpr.Primed(new TlaExpr.Name("pc")), List.of(self)), pc);
    List<TlaExpr> loops = loopLabels(actions).stream().map(l -> (TlaExpr) new TlaExpr.Str(l)).toList();
    if (loops.isEmpty()) {
      return left;
    }
    TlaExpr at = loops.size() == 1 ? new TlaExpr.Infix(BinOp.EQ, pc, loops.get(0))
        : new TlaExpr.Infix(BinOp.IN, pc, new TlaExpr.SetOf(loops));
    return new TlaExpr.Or(List.of(left, new TlaExpr.And(List.of(at, step))));
  }

  /** The labels with a path back to themselves that raises no fault, in the paths' order. */
  private static List<String> loopLabels(List<Action> actions) {
    return actions.stream().filter(a -> a.fault() == null && a.from().equals(a.to())).map(Action::from).distinct().toList();
  }

  /**
   * The subscript of the thread's fairness, {@code <<T_moved(self)>>_sub} (docs/semantics.md,
   * "Fairness without ENABLED"): {@code pc}, and every variable that a path from a label in
   * {@link #moved}'s set back to itself writes ({@code fault} if a path there raises a fault), in
   * declaration order ({@code all}); {@code pc} alone when there is no such label. On every
   * transition {@code T_moved(self)} and {@code sub' # sub} hold together exactly when
   * {@code T_moved(self)} and {@code vars' # vars} do: when {@code pc[self]} changed, {@code pc}
   * did; otherwise the transition is a step at one of those labels that leaves {@code pc[self]}
   * as it is, a path back to the label or a fault, which leaves every variable it does not write
   * as it was. Null when such a path's effect is not primed equations and {@code UNCHANGED}
   * (then the caller keeps {@code vars}).
   */
  static TlaExpr movedVars(List<Action> actions, List<String> all) {
    List<String> loops = loopLabels(actions);
    java.util.Set<String> written = new java.util.HashSet<>(List.of("pc"));
    for (Action a : actions) {
      if (!loops.contains(a.from()) || (a.fault() == null && !a.from().equals(a.to()))) {
        continue; // a path to another label changes pc
      }
      if (a.fault() != null) {
        written.add("fault"); // the fault operators write fault alone
        continue;
      }
      for (TlaExpr e : a.effect()) {
        if (SharedEffects.value(e) != null) {
          written.add(SharedEffects.variable(e));
        } else if (!(e instanceof TlaExpr.Prefix u && u.op() == UnOp.UNCHANGED)) {
          return null;
        }
      }
    }
    List<TlaExpr> sub = all.stream().filter(written::contains).map(v -> (TlaExpr) new TlaExpr.Name(v)).toList();
    if (sub.size() != written.size() || !all.get(0).equals("pc")) {
      return null; // a written name that is no variable, or pc not first: keep vars
    }
    return sub.size() == 1 ? sub.get(0) : new TlaExpr.Tuple(sub);
  }

  /**
   * Whether one of the paths {@code ps}, which share their first {@code d} parts, can change the
   * state; {@code bound} holds the definitions and {@code \E} sets of those parts.
   */
  private static TlaExpr tree(List<Action> ps, int d, Bound bound) {
    if (ps.size() == 1 && d >= ps.get(0).parts().size()) {
      return changes(ps.get(0), bound);
    }
    Action.Part x = partAt(ps.get(0), d);
    if (x != null && ps.stream().allMatch(a -> x.equals(partAt(a, d)))) {
      TlaExpr rest = tree(ps, d + 1, bound.with(x));
      if (x instanceof Action.Part.Guard g) {
        return and(g.e(), Assuming.of(g.e(), rest));
      }
      if (x instanceof Action.Part.Let l) {
        // a definition the rest does not mention is left out
        return !dev.inflight.translator.tla.Binders.names(rest).contains(l.name()) ? rest
            : new TlaExpr.Let(List.of(new TlaModule.OpDef(l.name(), l.value())), rest);
      }
      Action.Part.Exists q = (Action.Part.Exists) x;
      return exists(new TlaExpr.Bound(q.name(), q.set()), rest);
    }
    // The paths part ways here: those with the same next part together, in order.
    Map<Object, List<Action>> groups = new LinkedHashMap<>();
    for (Action a : ps) {
      Action.Part p = partAt(a, d);
      groups.computeIfAbsent(p == null ? a : p, k -> new ArrayList<>()).add(a);
    }
    List<TlaExpr> alternatives = new ArrayList<>();
    for (List<Action> g : groups.values()) {
      alternatives.add(tree(g, d, bound));
    }
    return Absorption.of(or(alternatives));
  }

  /** {@code \E x \in S : rest}, folded where {@code rest} is a constant. */
  static TlaExpr exists(TlaExpr.Bound x, TlaExpr rest) {
    if (rest.equals(TRUE)) { // \E x \in S : TRUE is S # {}, which the tautology test can pair with S = {}
      return new TlaExpr.Infix(BinOp.NEQ, x.set(), new TlaExpr.SetOf(List.of()));
    }
    return rest.equals(FALSE) ? FALSE : new TlaExpr.Quant(Quantifier.EXISTS, List.of(x), rest);
  }

  private static Action.Part partAt(Action a, int i) {
    return i < a.parts().size() ? a.parts().get(i) : null;
  }

  /**
   * Whether the path's successor differs from the state, its guards holding and the thread at its
   * label. Its equation for {@code pc} is left out, as it gives {@code pc[self]} the label; an
   * equation known to change its variable (an element drawn from a set removed from it, a
   * non-empty sequence's tail, a counter stepped: {@link KnownChanges}) makes the condition TRUE.
   */
  private static TlaExpr changes(Action a, Bound bound) {
    if (a.fault() != null || !a.from().equals(a.to())) {
      return TRUE;
    }
    List<TlaExpr> differs = new ArrayList<>();
    for (TlaExpr e : a.effect()) {
      if (e instanceof TlaExpr.Infix in && in.op() == BinOp.EQ && in.left() instanceof TlaExpr.Primed p) {
        if (KnownChanges.keepsLabel(p.e(), in.right(), a.from())) {
          continue;
        }
        if (KnownChanges.changes(p.e(), in.right(), bound)) {
          return TRUE;
        }
        differs.add(new TlaExpr.Infix(BinOp.NEQ, in.right(), p.e()));
      } else if (!(e instanceof TlaExpr.Prefix u && u.op() == UnOp.UNCHANGED)) {
        throw new IllegalStateException("a path's effect is primed equations and UNCHANGED: " + e);
      }
    }
    return or(differs);
  }

  /**
   * The LET definitions and {@code \E} sets of a path's parts so far, by name (a label's paths
   * bind each name once), and its guards.
   */
  record Bound(Map<String, TlaExpr> lets, Map<String, TlaExpr> sets, List<TlaExpr> guards) {
    static final Bound NONE = new Bound(Map.of(), Map.of(), List.of());

    Bound with(Action.Part x) {
      if (x instanceof Action.Part.Let l) {
        Map<String, TlaExpr> m = new java.util.HashMap<>(lets);
        m.put(l.name(), l.value());
        return new Bound(m, sets, guards);
      }
      if (x instanceof Action.Part.Exists q) {
        Map<String, TlaExpr> m = new java.util.HashMap<>(sets);
        m.put(q.name(), q.set());
        return new Bound(lets, m, guards);
      }
      List<TlaExpr> g = new ArrayList<>(guards);
      g.add(((Action.Part.Guard) x).e());
      return new Bound(lets, sets, g);
    }
  }

  private static TlaExpr and(TlaExpr g, TlaExpr rest) {
    if (g.equals(FALSE) || rest.equals(FALSE)) {
      return FALSE;
    }
    if (g.equals(TRUE)) {
      return rest;
    }
    if (rest.equals(TRUE)) {
      return g;
    }
    List<TlaExpr> items = new ArrayList<>();
    items.add(g);
    if (rest instanceof TlaExpr.And a) {
      items.addAll(a.items());
    } else {
      items.add(rest);
    }
    return new TlaExpr.And(items);
  }

  /**
   * The disjunction; TRUE when it has TRUE among its items, or when it is a propositional
   * tautology: each comparison, and each expression that is not a connective, read as an
   * independent atom ({@code x # y} as the negation of {@code x = y}, {@code \geq} of {@code <},
   * {@code \leq} of {@code >}, {@code \notin} of {@code \in}), and every valuation of at most
   * {@link #MAX_ATOMS} atoms tried. A tautology over independent atoms is valid whatever the
   * atoms mean, so this never turns a disjunction that can be false into TRUE; atoms that are
   * equivalent without being written alike are only a simplification missed.
   */
  static TlaExpr or(List<TlaExpr> items) {
    TlaExpr or = disjunction(items);
    if (!(or instanceof TlaExpr.Bool) && Tautology.holds(or, MAX_ATOMS)) {
      return TRUE;
    }
    return or;
  }

  static final int MAX_ATOMS = 10;

  private static TlaExpr disjunction(List<TlaExpr> items) {
    List<TlaExpr> out = new ArrayList<>();
    for (TlaExpr e : items) {
      if (e.equals(TRUE)) {
        return TRUE;
      }
      if (e.equals(FALSE)) {
        continue;
      }
      out.add(e);
    }
    return out.isEmpty() ? FALSE : out.size() == 1 ? out.get(0) : new TlaExpr.Or(out);
  }
}

package dev.inflight.translator.emit;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a boolean TLA+ expression is a propositional tautology, its connectives ({@code ~},
 * {@code /\}, {@code \/}, {@code =>}, a boolean {@code IF}) read as such and everything else as
 * independent atoms: a comparison and its opposite ({@code =}/{@code #}, {@code <}/{@code \geq},
 * {@code >}/{@code \leq}, {@code \in}/{@code \notin}) are one atom and its negation. A tautology
 * in this reading is valid in every state; the converse does not hold (two atoms may be
 * equivalent without being written alike), so a false answer only means "not shown".
 *
 * <p>One refinement: the comparisons of one expression {@code t} with integer literals, when at
 * least one of them is an ordering ({@code <}, {@code >}, ... : TLC evaluates those only on
 * integers, so {@code t} is one wherever they are defined), are read together, as facts about one
 * integer: {@code t > 1 \/ t = 1 \/ t \leq 0} is a tautology. With literals
 * {@code k1 < ... < kn}, every atom on {@code t} is constant on each of the regions
 * {@code (-inf, k1)}, {@code {k1}}, {@code (k1, k2)}, ..., {@code (kn, inf)}, so trying
 * {@code t} = each {@code ki} and each {@code ki +- 1} tries every region that holds an integer.
 */
final class Tautology {
  /** A propositional formula over atoms numbered from 0. */
  private sealed interface Prop {}

  private record Const(boolean v) implements Prop {}

  private record Atom(int index) implements Prop {}

  private record Not(Prop p) implements Prop {}

  private record And(List<Prop> ps) implements Prop {}

  private record Or(List<Prop> ps) implements Prop {}

  private final Map<TlaExpr, Integer> atoms = new LinkedHashMap<>();

  private Tautology() {}

  /**
   * True when {@code e} is shown to be a tautology trying at most {@code 2^maxAtoms} valuations
   * (with boolean atoms only: at most {@code maxAtoms} atoms).
   */
  static boolean holds(TlaExpr e, int maxAtoms) {
    Tautology t = new Tautology();
    Prop p = t.prop(e);
    List<IntTerm> ints = t.intTerms();
    List<Integer> bools = new ArrayList<>();
    java.util.Set<Integer> onInts = new java.util.HashSet<>();
    ints.forEach(it -> it.atoms.forEach(c -> onInts.add(c.atom)));
    for (int i = 0; i < t.atoms.size(); i++) {
      if (!onInts.contains(i)) {
        bools.add(i);
      }
    }
    long valuations = 1L << Math.min(bools.size(), 62);
    for (IntTerm it : ints) {
      valuations = Math.multiplyHigh(valuations, it.values.size()) != 0 ? Long.MAX_VALUE : valuations * it.values.size();
    }
    if (bools.size() > maxAtoms || valuations > (1L << maxAtoms)) {
      return false;
    }
    boolean[] val = new boolean[t.atoms.size()];
    int[] choice = new int[ints.size()];
    for (long bits = 0; bits < (1L << bools.size()); bits++) {
      for (int i = 0; i < bools.size(); i++) {
        val[bools.get(i)] = (bits >> i & 1) == 1;
      }
      java.util.Arrays.fill(choice, 0);
      while (true) {
        for (int j = 0; j < ints.size(); j++) {
          ints.get(j).assign(ints.get(j).values.get(choice[j]), val);
        }
        if (!eval(p, val)) {
          return false;
        }
        int j = 0;
        while (j < ints.size() && ++choice[j] == ints.get(j).values.size()) {
          choice[j++] = 0;
        }
        if (j == ints.size()) {
          break;
        }
      }
    }
    return true;
  }

  /** An atom {@code t op k}: op one of =, <, >, k an integer literal (t on the left). */
  private record Cmp(int atom, BinOp op, long k) {
    boolean holdsAt(long v) {
      return switch (op) {
        case EQ -> v == k;
        case LT -> v < k;
        default -> v > k;
      };
    }
  }

  /** An expression compared with integer literals: its atoms, and the values to try. */
  private static final class IntTerm {
    final List<Cmp> atoms = new ArrayList<>();
    final List<Long> values = new ArrayList<>();

    void assign(long v, boolean[] val) {
      atoms.forEach(c -> val[c.atom] = c.holdsAt(v));
    }
  }

  /** The atoms read as comparisons of one integer (see the class comment), grouped by term. */
  private List<IntTerm> intTerms() {
    Map<TlaExpr, IntTerm> byTerm = new LinkedHashMap<>();
    Map<TlaExpr, Boolean> ordered = new LinkedHashMap<>();
    atoms.forEach((e, index) -> {
      if (!(e instanceof TlaExpr.Infix in) || !(in.op() == BinOp.EQ || in.op() == BinOp.LT || in.op() == BinOp.GT)) {
        return;
      }
      TlaExpr term;
      long k;
      BinOp op = in.op();
      if (in.right() instanceof TlaExpr.Num n && !(in.left() instanceof TlaExpr.Num)) {
        term = in.left();
        k = n.v();
      } else if (in.left() instanceof TlaExpr.Num n && !(in.right() instanceof TlaExpr.Num)) {
        term = in.right();
        k = n.v();
        op = op == BinOp.LT ? BinOp.GT : op == BinOp.GT ? BinOp.LT : op;
      } else {
        return;
      }
      byTerm.computeIfAbsent(term, x -> new IntTerm()).atoms.add(new Cmp(index, op, k));
      ordered.merge(term, op != BinOp.EQ, Boolean::logicalOr);
    });
    List<IntTerm> out = new ArrayList<>();
    byTerm.forEach((term, it) -> {
      if (!ordered.get(term)) {
        return; // only equalities: t may be no integer; its atoms stay independent
      }
      java.util.TreeSet<Long> vs = new java.util.TreeSet<>();
      it.atoms.forEach(c -> {
        vs.add(c.k - 1);
        vs.add(c.k);
        vs.add(c.k + 1);
      });
      it.values.addAll(vs);
      out.add(it);
    });
    return out;
  }

  private Prop prop(TlaExpr e) {
    if (e instanceof TlaExpr.Sourced s) {
      return prop(s.e());
    }
    if (e instanceof TlaExpr.Bool b) {
      return new Const(b.v());
    }
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      return new Not(prop(p.arg()));
    }
    if (e instanceof TlaExpr.And a) {
      return new And(props(a.items()));
    }
    if (e instanceof TlaExpr.Or o) {
      return new Or(props(o.items()));
    }
    if (e instanceof TlaExpr.If i) {
      Prop c = prop(i.c());
      return new Or(List.of(new And(List.of(c, prop(i.t()))), new And(List.of(new Not(c), prop(i.e())))));
    }
    if (e instanceof TlaExpr.Infix in) {
      switch (in.op()) {
        case AND:
          return new And(List.of(prop(in.left()), prop(in.right())));
        case OR:
          return new Or(List.of(prop(in.left()), prop(in.right())));
        case IMPLIES:
          return new Or(List.of(new Not(prop(in.left())), prop(in.right())));
        case NEQ:
          return new Not(atom(new TlaExpr.Infix(BinOp.EQ, in.left(), in.right())));
        case GEQ:
          return new Not(atom(new TlaExpr.Infix(BinOp.LT, in.left(), in.right())));
        case LEQ:
          return new Not(atom(new TlaExpr.Infix(BinOp.GT, in.left(), in.right())));
        case NOTIN:
          return new Not(atom(new TlaExpr.Infix(BinOp.IN, in.left(), in.right())));
        default:
          return atom(e);
      }
    }
    return atom(e);
  }

  private List<Prop> props(List<TlaExpr> es) {
    List<Prop> out = new ArrayList<>(es.size());
    for (TlaExpr x : es) {
      out.add(prop(x));
    }
    return out;
  }

  private Prop atom(TlaExpr e) {
    return new Atom(atoms.computeIfAbsent(e, k -> atoms.size()));
  }

  private static boolean eval(Prop p, boolean[] val) {
    if (p instanceof Const c) {
      return c.v();
    }
    if (p instanceof Atom a) {
      return val[a.index()];
    }
    if (p instanceof Not n) {
      return !eval(n.p(), val);
    }
    if (p instanceof And a) {
      for (Prop x : a.ps()) {
        if (!eval(x, val)) {
          return false;
        }
      }
      return true;
    }
    for (Prop x : ((Or) p).ps()) {
      if (eval(x, val)) {
        return true;
      }
    }
    return false;
  }
}

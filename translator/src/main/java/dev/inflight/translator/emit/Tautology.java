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

  /** True when {@code e} is shown to be a tautology with at most {@code maxAtoms} atoms. */
  static boolean holds(TlaExpr e, int maxAtoms) {
    Tautology t = new Tautology();
    Prop p = t.prop(e);
    int n = t.atoms.size();
    if (n > maxAtoms) {
      return false;
    }
    boolean[] val = new boolean[n];
    for (long bits = 0; bits < (1L << n); bits++) {
      for (int i = 0; i < n; i++) {
        val[i] = (bits >> i & 1) == 1;
      }
      if (!eval(p, val)) {
        return false;
      }
    }
    return true;
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

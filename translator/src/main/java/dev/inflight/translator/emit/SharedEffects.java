package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * New values that several paths of one label give a variable alike, written once: paths that
 * differ only in a guard (a count above 1 or at 1, the two arms of an `if` that agree on the rest)
 * repeat the same {@code v' = e}, often a long {@code EXCEPT}. Each such {@code e} becomes a LET
 * definition around the label's paths ({@code victim_locals_next == e}) and the paths say
 * {@code v' = victim_locals_next}. A LET definition of arity 0 means its body, so each path is the
 * same formula; and it is only evaluated where a path uses it, under that path's guards, so
 * naming it ahead of the guards makes nothing evaluate where it did not before (TLC evaluates LET
 * definitions lazily). Only values that mention no name the paths bind (an allocated object's
 * CHOOSE, a pick's \E, a value named in the step) are moved, so every name in them means the
 * same at the label's top.
 */
final class SharedEffects {
  /** Values shorter than this (printed flat) are left where they are: a name would not be shorter. */
  static final int MIN_LENGTH = 40;

  private final List<TlaModule.OpDef> defs;
  private final List<Action> paths;

  private SharedEffects(List<TlaModule.OpDef> defs, List<Action> paths) {
    this.defs = defs;
    this.paths = paths;
  }

  /** The LET definitions of the shared values, in first-use order (empty: none). */
  List<TlaModule.OpDef> defs() {
    return defs;
  }

  /** The paths, each shared value replaced by its name. */
  List<Action> paths() {
    return paths;
  }

  static SharedEffects of(List<Action> paths, Namer namer) {
    Set<String> bound = new HashSet<>();
    Set<String> names = new HashSet<>();
    for (Action a : paths) {
      for (Action.Part p : a.parts()) {
        if (p instanceof Action.Part.Let l) {
          bound.add(l.name());
        } else if (p instanceof Action.Part.Exists x) {
          bound.add(x.name());
        }
        names.addAll(Binders.names(p.before(List.of(new TlaExpr.Bool(true))).toArray(TlaExpr[]::new)));
      }
      names.addAll(Binders.names(a.effect().toArray(TlaExpr[]::new)));
    }
    // value -> (variable, how many paths give it)
    Map<TlaExpr, String> varOf = new LinkedHashMap<>();
    Map<TlaExpr, Integer> uses = new LinkedHashMap<>();
    for (Action a : paths) {
      Set<TlaExpr> seen = new HashSet<>();
      for (TlaExpr e : a.effect()) {
        TlaExpr v = value(e);
        if (v != null && seen.add(v)) {
          varOf.putIfAbsent(v, variable(e));
          uses.merge(v, 1, Integer::sum);
        }
      }
    }
    Map<TlaExpr, TlaExpr> named = new LinkedHashMap<>();
    List<TlaModule.OpDef> defs = new ArrayList<>();
    TlaPrinter flat = new TlaPrinter(Integer.MAX_VALUE / 4);
    uses.forEach((v, n) -> {
      if (n < 2 || Binders.names(v).stream().anyMatch(bound::contains) || flat.print(v).length() < MIN_LENGTH) {
        return;
      }
      String name = namer.bound(varOf.get(v) + "_next", names::contains);
      names.add(name);
      named.put(v, new TlaExpr.Name(name));
      defs.add(new TlaModule.OpDef(name, v));
    });
    if (defs.isEmpty()) {
      return new SharedEffects(List.of(), paths);
    }
    List<Action> out = new ArrayList<>();
    for (Action a : paths) {
      List<TlaExpr> effect = new ArrayList<>();
      for (TlaExpr e : a.effect()) {
        TlaExpr v = value(e);
        effect.add(v != null && named.containsKey(v)
            ? new TlaExpr.Infix(BinOp.EQ, ((TlaExpr.Infix) e).left(), named.get(v)) : e);
      }
      out.add(new Action(a.name(), a.thread(), a.from(), a.to(), a.fault(), a.statements(), a.primary(), a.calledFrom(),
          a.body(), a.parts(), effect));
    }
    return new SharedEffects(List.copyOf(defs), out);
  }

  /** The new value of a primed equation {@code v' = e}: {@code e}; else null. */
  static TlaExpr value(TlaExpr e) {
    return e instanceof TlaExpr.Infix in && in.op() == BinOp.EQ && in.left() instanceof TlaExpr.Primed p
        && p.e() instanceof TlaExpr.Name ? in.right() : null;
  }

  /** The variable of a primed equation {@code v' = e} (one {@link #value} is not null for). */
  static String variable(TlaExpr e) {
    return ((TlaExpr.Name) ((TlaExpr.Primed) ((TlaExpr.Infix) e).left()).e()).id();
  }
}

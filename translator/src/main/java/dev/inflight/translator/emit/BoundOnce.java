package dev.inflight.translator.emit;

import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A label action's LET definitions written as {@code \E d \in {e} :}, each where TLC would first
 * evaluate it, so that TLC evaluates it once per step (docs/semantics.md, "One action per label",
 * Definitions bound once).
 *
 * <p>TLC does not bind the definitions of a LET inside an action: it expands a definition at
 * every reference, so a definition read by several paths, or several times in one path, is
 * evaluated again each time (an {@code ok} chain re-evaluates every link below it). A bound
 * variable of {@code \E} is a value in TLC's context, evaluated once, when the quantifier is.
 * {@code LET d == e IN F} and {@code \E d \in {e} : F} are the same formula ({@code {e}} has one
 * element, {@code e}); and the scope of a definition may shrink to the part of the formula that
 * reads it, since no name is bound twice in a module (SANY refuses it), so nothing in between
 * can capture a name of {@code e}.
 *
 * <p>What must not change is where TLC evaluates {@code e}: a definition that reads a pointer's
 * object is only defined on the paths whose guards checked the pointer, and TLC reports an
 * error for what it cannot evaluate. So a binding is placed only at a conjunct whose evaluation
 * certainly evaluates the definition (the reference is <em>strict</em> there: not under a later
 * conjunct or disjunct, a quantifier's body, an {@code IF}'s arm, an operator's argument, a
 * function constructor, or the value of an {@code EXCEPT} update at a key that may be outside the
 * function's domain); every conjunct before it is evaluated before it either way. Where no such
 * place exists (a definition read only under an {@code IF}, say), the definition stays a LET,
 * moved in to the smallest part that reads it: the same formula as before.
 */
final class BoundOnce {
  /**
   * The names each subformula mentions, by identity: binding one definition rebuilds only the
   * nodes around its place, so the next definition's questions are mostly about the same nodes.
   */
  private final Map<TlaExpr, Set<String>> names = new IdentityHashMap<>();

  private BoundOnce() {
  }

  /** {@code action}, a label's action (a formula over the old and new state), with its LETs bound once. */
  static TlaExpr of(TlaExpr action) {
    return new BoundOnce().convert(action);
  }

  private TlaExpr convert(TlaExpr e) {
    if (e instanceof TlaExpr.Let l && convertible(l)) {
      TlaExpr r = convert(l.body());
      for (int k = l.defs().size() - 1; k >= 0; k--) {
        r = bind(l.defs().get(k), r);
      }
      return r;
    }
    if (e instanceof TlaExpr.And a) {
      List<TlaExpr> items = new ArrayList<>();
      for (TlaExpr x : a.items()) {
        TlaExpr c = convert(x);
        items.addAll(c instanceof TlaExpr.And inner ? inner.items() : List.of(c));
      }
      return new TlaExpr.And(items);
    }
    if (e instanceof TlaExpr.Or o) {
      return new TlaExpr.Or(o.items().stream().map(this::convert).toList());
    }
    if (e instanceof TlaExpr.Quant q && q.q() == Quantifier.EXISTS) {
      return new TlaExpr.Quant(q.q(), q.bounds(), convert(q.body()));
    }
    if (e instanceof TlaExpr.Sourced s) {
      return new TlaExpr.Sourced(convert(s.e()), s.origin());
    }
    return e;
  }

  /** Every definition a zero-arity one whose body reads no primed variable. */
  private static boolean convertible(TlaExpr.Let l) {
    return l.defs().stream().allMatch(d -> d.params().isEmpty() && !Strict.primes(d.body()));
  }

  /** {@code f} inside the scope of definition {@code d}: {@code d} bound where {@code f} first evaluates it. */
  private TlaExpr bind(TlaModule.OpDef d, TlaExpr f) {
    String n = d.name();
    if (!mentions(f, n)) {
      return f;
    }
    if (Strict.in(n, f)) {
      return exists(d, f);
    }
    if (f instanceof TlaExpr.And a) {
      List<TlaExpr> items = a.items();
      int k = 0;
      while (!mentions(items.get(k), n)) {
        k++;
      }
      List<TlaExpr> out = new ArrayList<>(items.subList(0, k));
      List<TlaExpr> rest = items.subList(k, items.size());
      boolean laterToo = rest.subList(1, rest.size()).stream().anyMatch(x -> mentions(x, n));
      if (Strict.in(n, rest.get(0))) {
        out.add(exists(d, and(rest)));
      } else if (!laterToo) {
        out.add(bind(d, rest.get(0)));
        out.addAll(rest.subList(1, rest.size()));
      } else {
        out.add(let(d, and(rest)));
      }
      return and(out);
    }
    if (f instanceof TlaExpr.Or o) {
      if (o.items().stream().filter(x -> mentions(x, n)).count() > 1) {
        return let(d, f); // bound in each disjunct, its body would be written once per disjunct
      }
      return new TlaExpr.Or(o.items().stream().map(x -> bind(d, x)).toList());
    }
    if (f instanceof TlaExpr.Quant q && q.q() == Quantifier.EXISTS
        && q.bounds().stream().noneMatch(b -> mentions(b.set(), n))) {
      return new TlaExpr.Quant(q.q(), q.bounds(), bind(d, q.body()));
    }
    if (f instanceof TlaExpr.Sourced s) {
      return new TlaExpr.Sourced(bind(d, s.e()), s.origin());
    }
    return let(d, f);
  }

  private static TlaExpr exists(TlaModule.OpDef d, TlaExpr f) {
    return new TlaExpr.Quant(Quantifier.EXISTS,
        List.of(new TlaExpr.Bound(d.name(), new TlaExpr.SetOf(List.of(d.body())))), f);
  }

  private static TlaExpr let(TlaModule.OpDef d, TlaExpr f) {
    if (f instanceof TlaExpr.Let l) {
      List<TlaModule.OpDef> defs = new ArrayList<>();
      defs.add(d);
      defs.addAll(l.defs());
      return new TlaExpr.Let(defs, l.body());
    }
    return new TlaExpr.Let(List.of(d), f);
  }

  private static TlaExpr and(List<TlaExpr> items) {
    return items.size() == 1 ? items.get(0) : new TlaExpr.And(items);
  }

  private boolean mentions(TlaExpr e, String name) {
    return e != null && names(e).contains(name);
  }

  /** The names {@code e} refers to (bound variables excepted), memoized per node. */
  private Set<String> names(TlaExpr e) {
    Set<String> known = names.get(e);
    if (known != null) {
      return known;
    }
    Set<String> out = new HashSet<>();
    if (e instanceof TlaExpr.Name n) {
      out.add(n.id());
    } else {
      if (e instanceof TlaExpr.Apply a) {
        out.add(a.op());
      }
      // the immediate subexpressions: Rewrite asks the rule about each child of e and, given
      // an answer, does not look further in
      Rewrite.apply(e, x -> {
        if (x == e) {
          return null;
        }
        out.addAll(names(x));
        return x;
      });
    }
    names.put(e, out);
    return out;
  }
}

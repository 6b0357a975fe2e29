package dev.inflight.translator.emit;

import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.List;
import java.util.Set;

/**
 * Whether TLC, evaluating an expression, certainly evaluates a name in it: the name occurs at a
 * strict position, one every evaluation of the expression reaches (BoundOnce). Conservative:
 * an answer of true is a promise, false may be wrong.
 *
 * <p>Strict: every operand of a comparison, arithmetic or set operator; a function and its
 * argument; a record's, tuple's or set's elements; a field's record; the first item of a
 * conjunction or disjunction list and the left side of {@code /\}, {@code \/}, {@code =>}; the
 * sets a quantifier, {@code CHOOSE}, a filter or a map range over; an {@code IF}'s condition; a
 * {@code CASE}'s first guard; a LET's body; an {@code EXCEPT}'s base and keys, and its values
 * where every key is {@code self} or a record field (keys that are certainly in the domain:
 * TLC skips the value of a key outside it); the arguments of the standard modules' operators
 * TLC implements in Java. Not strict: anything under a later item of a list, a quantifier's
 * body, a filter's predicate, a map's element, an arm, a function constructor, a set of
 * functions or records (TLC keeps them lazy), and the arguments of an operator defined in TLA+
 * (TLC passes them unevaluated), {@code :>} and {@code @@} among them, except the object of
 * the module's {@code FaultDeref}, which its body evaluates first (emit/DerefFaults).
 */
final class Strict implements TlaExpr.Visitor<Boolean> {
  /** Operators of the standard modules TLC implements in Java: it evaluates their arguments first. */
  private static final Set<String> EAGER = Set.of("Cardinality", "Len", "Append", "Head", "Tail");

  private final String name;

  private Strict(String name) {
    this.name = name;
  }

  /** Whether evaluating {@code e} certainly evaluates {@code name}. */
  static boolean in(String name, TlaExpr e) {
    return e != null && e.accept(new Strict(name));
  }

  /** Whether {@code e} reads a primed variable or has an {@code UNCHANGED}. */
  static boolean primes(TlaExpr e) {
    boolean[] found = {false};
    dev.inflight.translator.tla.Rewrite.apply(e, x -> {
      if (x instanceof TlaExpr.Primed || x instanceof TlaExpr.Prefix p && p.op() == UnOp.UNCHANGED) {
        found[0] = true;
        return x;
      }
      return null;
    });
    return found[0];
  }

  private boolean s(TlaExpr e) {
    return e != null && e.accept(this);
  }

  private boolean any(List<TlaExpr> es) {
    return es.stream().anyMatch(this::s);
  }

  private boolean bounds(List<TlaExpr.Bound> bs) {
    return bs.stream().anyMatch(b -> s(b.set()));
  }

  @Override public Boolean visitName(TlaExpr.Name e) { return e.id().equals(name); }
  @Override public Boolean visitNum(TlaExpr.Num e) { return false; }
  @Override public Boolean visitStr(TlaExpr.Str e) { return false; }
  @Override public Boolean visitBool(TlaExpr.Bool e) { return false; }
  @Override public Boolean visitAt(TlaExpr.At e) { return false; }
  @Override
  public Boolean visitApply(TlaExpr.Apply e) {
    if (e.op().equals(DerefFaults.OP)) {
      return s(e.args().get(DerefFaults.STRICT_ARG)); // its body's IF tests o = NULL first
    }
    return EAGER.contains(e.op()) && any(e.args());
  }

  @Override
  public Boolean visitInfix(TlaExpr.Infix e) {
    return switch (e.op()) {
      case AND, OR, IMPLIES -> s(e.left());
      case LEADS_TO, FUN_MERGE, MAPS_TO -> false; // the TLC module's :> and @@: TLA+ definitions (not emitted in actions)
      default -> s(e.left()) || s(e.right());
    };
  }

  @Override
  public Boolean visitPrefix(TlaExpr.Prefix e) {
    return switch (e.op()) {
      case NOT, NEG, SUBSET, UNION, DOMAIN -> s(e.arg());
      case UNCHANGED, ENABLED, ALWAYS, EVENTUALLY -> false;
    };
  }

  @Override public Boolean visitPrimed(TlaExpr.Primed e) { return false; }
  @Override public Boolean visitAnd(TlaExpr.And e) { return s(e.items().get(0)); }
  @Override public Boolean visitOr(TlaExpr.Or e) { return s(e.items().get(0)); }
  @Override public Boolean visitFunApp(TlaExpr.FunApp e) { return s(e.fn()) || any(e.args()); }

  @Override
  public Boolean visitExcept(TlaExpr.Except e) {
    if (s(e.base())) {
      return true;
    }
    for (TlaExpr.Update u : e.updates()) {
      boolean certain = true;
      for (TlaExpr.PathElem p : u.path()) {
        if (p instanceof TlaExpr.Index i) {
          if (s(i.key())) {
            return true;
          }
          certain &= i.key() instanceof TlaExpr.Name n && n.id().equals("self");
        }
      }
      if (certain && s(u.value())) {
        return true;
      }
    }
    return false;
  }

  @Override public Boolean visitRecord(TlaExpr.Record e) { return e.fields().stream().anyMatch(f -> s(f.getValue())); }
  @Override public Boolean visitRecordSet(TlaExpr.RecordSet e) { return false; }
  @Override public Boolean visitSelect(TlaExpr.Select e) { return s(e.rec()); }
  @Override public Boolean visitFunCons(TlaExpr.FunCons e) { return false; }
  @Override public Boolean visitFunSet(TlaExpr.FunSet e) { return false; }
  @Override public Boolean visitSetOf(TlaExpr.SetOf e) { return any(e.elems()); }
  @Override public Boolean visitSetFilter(TlaExpr.SetFilter e) { return s(e.bound().set()); }
  @Override public Boolean visitSetMap(TlaExpr.SetMap e) { return bounds(e.bounds()); }
  @Override public Boolean visitTuple(TlaExpr.Tuple e) { return any(e.elems()); }
  @Override public Boolean visitQuant(TlaExpr.Quant e) { return bounds(e.bounds()); }
  @Override public Boolean visitChoose(TlaExpr.Choose e) { return s(e.bound().set()); }
  @Override public Boolean visitIf(TlaExpr.If e) { return s(e.c()); }
  @Override public Boolean visitCase(TlaExpr.Case e) { return s(e.arms().get(0).guard()); }
  @Override
  public Boolean visitLet(TlaExpr.Let e) {
    // the body, and the body of each definition the body certainly evaluates (it is evaluated
    // when first read)
    if (s(e.body())) {
      return true;
    }
    List<dev.inflight.translator.tla.TlaModule.OpDef> defs = e.defs();
    boolean[] evaluated = new boolean[defs.size()];
    for (int k = defs.size() - 1; k >= 0; k--) { // a definition reads only those before it
      var d = defs.get(k);
      if (!d.params().isEmpty()) {
        continue;
      }
      evaluated[k] = in(d.name(), e.body());
      for (int j = k + 1; j < defs.size() && !evaluated[k]; j++) {
        evaluated[k] = evaluated[j] && in(d.name(), defs.get(j).body());
      }
      if (evaluated[k] && s(d.body())) {
        return true;
      }
    }
    return false;
  }
  @Override public Boolean visitActionBox(TlaExpr.ActionBox e) { return false; }
  @Override public Boolean visitActionAngle(TlaExpr.ActionAngle e) { return false; }
  @Override public Boolean visitFairness(TlaExpr.Fairness e) { return false; }
  @Override public Boolean visitSourced(TlaExpr.Sourced e) { return s(e.e()); }
}

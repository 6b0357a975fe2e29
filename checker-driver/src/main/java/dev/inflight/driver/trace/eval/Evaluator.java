package dev.inflight.driver.trace.eval;

import static dev.inflight.driver.trace.eval.Values.asSet;
import static dev.inflight.driver.trace.eval.Values.bool;
import static dev.inflight.driver.trace.eval.Values.fn;
import static dev.inflight.driver.trace.eval.Values.num;

import dev.inflight.driver.trace.eval.Values.EvalException;
import dev.inflight.driver.trace.eval.Values.Fn;
import dev.inflight.driver.trace.eval.Values.Model;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates the translator's TLA+ IR over one step of a TLC trace: unprimed variables are read in
 * the state before, primed ones in the state after, so an action's body evaluates to TRUE exactly
 * when the action can take the first state to the second. It covers the constructs the translator
 * emits for actions; anything else (or a value TLC would reject) throws {@link EvalException}.
 */
final class Evaluator {
  private final Map<String, TlaModule.OpDef> defs;
  private final Map<String, Object> constants;
  private final Map<String, Integer> modelOrder;
  private final Map<String, Object> before;
  private final Map<String, Object> after;
  /**
   * Primed variables whose values the step is to give rather than be checked against, with the
   * values found ({@code v' = e} binds v to e's value, {@code UNCHANGED v} to v's); empty
   * unless {@link #solving} names some.
   */
  private final Map<String, Object> solved = new java.util.HashMap<>();
  private java.util.Set<String> unknown = java.util.Set.of();

  /**
   * @param defs       the module's definitions by name
   * @param constants  constant name → value (model value sets, NULL)
   * @param modelOrder model value → its position in the .cfg (TLC's order of model values, for CHOOSE)
   */
  Evaluator(Map<String, TlaModule.OpDef> defs, Map<String, Object> constants, Map<String, Integer> modelOrder,
      Map<String, Object> before, Map<String, Object> after) {
    this.defs = defs;
    this.constants = constants;
    this.modelOrder = modelOrder;
    this.before = before;
    this.after = after;
  }

  /** Whether {@code Op(args)} holds for this step. */
  boolean holds(String op, List<Object> args) {
    return bool(applyDef(defs.get(op), args, false));
  }

  /**
   * Evaluates with {@code vars} unknown in the state after: an equation {@code v' = e} of the
   * step gives v the value of e instead of testing it. Then {@link #holds} says whether the
   * rest of the step holds, and {@link #solved} what it gave those variables.
   */
  Evaluator solving(java.util.Set<String> vars) {
    unknown = java.util.Set.copyOf(vars);
    return this;
  }

  /** The values the last {@link #holds} gave the variables of {@link #solving}. */
  Map<String, Object> solved() {
    return Map.copyOf(solved);
  }

  // ---------------------------------------------------------------- scopes

  /** A persistent list of bindings: a value, a {@link Thunk} or a {@link Closure}. */
  private record Scope(String name, Object value, Scope next) {
    Object find(String n) {
      for (Scope s = this; s != null; s = s.next) {
        if (s.name.equals(n)) {
          return s.value;
        }
      }
      return null;
    }
  }

  private static Scope bind(Scope s, String name, Object value) {
    return new Scope(name, value, s);
  }

  /** A LET definition without parameters, evaluated when first used. */
  private final class Thunk {
    private final TlaExpr body;
    private final Scope scope;
    private final boolean primed;
    private Object value;

    Thunk(TlaExpr body, Scope scope, boolean primed) {
      this.body = body;
      this.scope = scope;
      this.primed = primed;
    }

    Object get() {
      if (value == null) {
        value = eval(body, scope, primed, null);
      }
      return value;
    }
  }

  /** A LET definition with parameters. */
  private record Closure(TlaModule.OpDef def, Scope scope) {}

  private Object eval(TlaExpr e, Scope scope, boolean primed, Object at) {
    return e.accept(new Ev(scope, primed, at));
  }

  private Object applyDef(TlaModule.OpDef d, List<Object> args, boolean primed) {
    if (d == null) {
      throw new EvalException("no such definition");
    }
    if (d.params().size() != args.size()) {
      throw new EvalException("arity of " + d.name());
    }
    Scope s = null;
    for (int i = 0; i < args.size(); i++) {
      s = bind(s, d.params().get(i), args.get(i));
    }
    return eval(d.body(), s, primed, null);
  }


  // ---------------------------------------------------------------- the visitor

  private final class Ev implements TlaExpr.Visitor<Object> {
    private final Scope scope;
    private final boolean primed;
    private final Object at;

    Ev(Scope scope, boolean primed, Object at) {
      this.scope = scope;
      this.primed = primed;
      this.at = at;
    }

    private Object ev(TlaExpr e) {
      return e.accept(this);
    }

    private Object ev(TlaExpr e, Scope s) {
      return eval(e, s, primed, at);
    }

    private boolean test(TlaExpr e) {
      return bool(ev(e));
    }

    private Object lookup(String id) {
      Object v = scope == null ? null : scope.find(id);
      if (v instanceof Thunk t) {
        return t.get();
      }
      if (v instanceof Closure c) {
        if (!c.def().params().isEmpty()) {
          throw new EvalException("operator used as a value: " + id);
        }
        return eval(c.def().body(), c.scope(), primed, null);
      }
      if (v != null) {
        return v;
      }
      TlaModule.OpDef d = defs.get(id);
      if (d != null) {
        return applyDef(d, List.of(), primed);
      }
      Map<String, Object> state = primed ? after : before;
      if (state.containsKey(id)) {
        return state.get(id);
      }
      Object c = constants.get(id);
      if (c != null) {
        return c;
      }
      throw new EvalException("unknown name " + id);
    }

    @Override public Object visitName(TlaExpr.Name e) { return lookup(e.id()); }

    @Override public Object visitNum(TlaExpr.Num e) { return e.v(); }

    @Override public Object visitStr(TlaExpr.Str e) { return e.v(); }

    @Override public Object visitBool(TlaExpr.Bool e) { return e.v(); }

    @Override
    public Object visitAt(TlaExpr.At e) {
      if (at == null) {
        throw new EvalException("@ outside EXCEPT");
      }
      return at;
    }

    @Override
    public Object visitApply(TlaExpr.Apply e) {
      if (e.args().isEmpty()) {
        return lookup(e.op());
      }
      Object local = scope == null ? null : scope.find(e.op());
      if (local instanceof Closure c) {
        Scope s = c.scope();
        for (int i = 0; i < e.args().size(); i++) {
          s = bind(s, c.def().params().get(i), ev(e.args().get(i)));
        }
        return eval(c.def().body(), s, primed, null);
      }
      if (e.op().equals("SelectSeq")) {
        Fn seq = fn(ev(e.args().get(0)));
        if (!(e.args().get(1) instanceof TlaExpr.Name n) || !(scope != null && scope.find(n.id()) instanceof Closure test)) {
          throw new EvalException("SelectSeq needs a LET operator");
        }
        List<Object> out = new ArrayList<>();
        for (Object x : seq.seq()) {
          if (bool(eval(test.def().body(), bind(test.scope(), test.def().params().get(0), x), primed, null))) {
            out.add(x);
          }
        }
        return Fn.ofSeq(out);
      }
      List<Object> args = new ArrayList<>();
      e.args().forEach(a -> args.add(ev(a)));
      return Builtins.apply(e.op(), args).orElseGet(() -> applyDef(defs.get(e.op()), args, primed));
    }

    @Override
    public Object visitInfix(TlaExpr.Infix e) {
      switch (e.op()) {
        case AND:
          return test(e.left()) && test(e.right());
        case OR:
          return test(e.left()) || test(e.right());
        case IMPLIES:
          return !test(e.left()) || test(e.right());
        case EQ:
          if (e.left() instanceof TlaExpr.Primed p && p.e() instanceof TlaExpr.Name n && unknown.contains(n.id())) {
            solved.put(n.id(), ev(e.right()));
            return true;
          }
          return Builtins.infix(e.op(), ev(e.left()), ev(e.right()));
        default:
          return Builtins.infix(e.op(), ev(e.left()), ev(e.right()));
      }
    }

    /** {@code UNCHANGED e}: each of its variables (a name or a tuple of names) as it was; an unknown one is given that value. */
    private boolean unchanged(TlaExpr e) {
      if (e instanceof TlaExpr.Name n && unknown.contains(n.id())) {
        solved.put(n.id(), eval(e, scope, false, at));
        return true;
      }
      if (e instanceof TlaExpr.Tuple t && !unknown.isEmpty()) {
        return t.elems().stream().allMatch(this::unchanged);
      }
      return eval(e, scope, true, at).equals(eval(e, scope, false, at));
    }

    @Override
    public Object visitPrefix(TlaExpr.Prefix e) {
      switch (e.op()) {
        case NOT:
          return !test(e.arg());
        case NEG:
          return -num(ev(e.arg()));
        case UNCHANGED:
          return unchanged(e.arg());
        case DOMAIN:
          return Values.set(new ArrayList<>(fn(ev(e.arg())).map().keySet()));
        case UNION: {
          List<Object> all = new ArrayList<>();
          asSet(ev(e.arg())).forEach(s -> all.addAll(asSet(s)));
          return Values.set(all);
        }
        default:
          throw new EvalException("not evaluated: " + e.op());
      }
    }

    @Override public Object visitPrimed(TlaExpr.Primed e) { return eval(e.e(), scope, true, at); }

    @Override
    public Object visitAnd(TlaExpr.And e) {
      for (TlaExpr x : e.items()) {
        if (!test(x)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public Object visitOr(TlaExpr.Or e) {
      for (TlaExpr x : e.items()) {
        if (test(x)) {
          return true;
        }
      }
      return false;
    }

    private Object key(List<TlaExpr> args) {
      if (args.size() == 1) {
        return ev(args.get(0));
      }
      List<Object> k = new ArrayList<>();
      args.forEach(a -> k.add(ev(a)));
      return Fn.ofSeq(k);
    }

    @Override public Object visitFunApp(TlaExpr.FunApp e) { return fn(ev(e.fn())).apply(key(e.args())); }

    @Override
    public Object visitExcept(TlaExpr.Except e) {
      Object cur = ev(e.base());
      for (TlaExpr.Update u : e.updates()) {
        cur = update(cur, u.path(), 0, u.value());
      }
      return cur;
    }

    private Object update(Object cur, List<TlaExpr.PathElem> path, int i, TlaExpr value) {
      if (i == path.size()) {
        return eval(value, scope, primed, cur);
      }
      Fn f = fn(cur);
      Object k = path.get(i) instanceof TlaExpr.Index x ? ev(x.key()) : ((TlaExpr.Field) path.get(i)).name();
      if (!f.map().containsKey(k)) {
        return f; // TLC: an EXCEPT outside the domain changes nothing
      }
      Map<Object, Object> m = new LinkedHashMap<>(f.map());
      m.put(k, update(f.map().get(k), path, i + 1, value));
      return new Fn(m);
    }

    @Override
    public Object visitRecord(TlaExpr.Record e) {
      Map<Object, Object> m = new LinkedHashMap<>();
      e.fields().forEach(f -> m.put(f.getKey(), ev(f.getValue())));
      return new Fn(m);
    }

    @Override
    public Object visitRecordSet(TlaExpr.RecordSet e) {
      List<Map<Object, Object>> acc = new ArrayList<>();
      acc.add(new LinkedHashMap<>());
      for (Map.Entry<String, TlaExpr> f : e.fields()) {
        List<Map<Object, Object>> next = new ArrayList<>();
        for (Object v : asSet(ev(f.getValue()))) {
          for (Map<Object, Object> r : acc) {
            Map<Object, Object> c = new LinkedHashMap<>(r);
            c.put(f.getKey(), v);
            next.add(c);
          }
        }
        acc = next;
      }
      List<Object> out = new ArrayList<>();
      acc.forEach(m -> out.add(new Fn(m)));
      return Values.set(out);
    }

    @Override public Object visitSelect(TlaExpr.Select e) { return fn(ev(e.rec())).apply(e.field()); }

    /** Every binding of {@code bounds} (in order), each as the scope it makes. */
    private List<Scope> bindings(List<TlaExpr.Bound> bounds, Scope s) {
      List<Scope> acc = List.of(s == null ? new Scope("", null, null) : s);
      for (TlaExpr.Bound b : bounds) {
        List<Scope> next = new ArrayList<>();
        for (Scope x : acc) {
          for (Object v : asSet(eval(b.set(), x, primed, at))) {
            next.add(bind(x, b.var(), v));
          }
        }
        acc = next;
      }
      return acc;
    }

    @Override
    public Object visitFunCons(TlaExpr.FunCons e) {
      Map<Object, Object> m = new LinkedHashMap<>();
      for (Scope s : bindings(e.bounds(), scope)) {
        Object k;
        if (e.bounds().size() == 1) {
          k = s.find(e.bounds().get(0).var());
        } else {
          List<Object> t = new ArrayList<>();
          e.bounds().forEach(b -> t.add(s.find(b.var())));
          k = Fn.ofSeq(t);
        }
        m.put(k, ev(e.body(), s));
      }
      return new Fn(m);
    }

    @Override public Object visitFunSet(TlaExpr.FunSet e) { throw new EvalException("function sets are not evaluated"); }

    @Override
    public Object visitSetOf(TlaExpr.SetOf e) {
      List<Object> out = new ArrayList<>();
      e.elems().forEach(x -> out.add(ev(x)));
      return Values.set(out);
    }

    @Override
    public Object visitSetFilter(TlaExpr.SetFilter e) {
      List<Object> out = new ArrayList<>();
      for (Scope s : bindings(List.of(e.bound()), scope)) {
        if (bool(ev(e.pred(), s))) {
          out.add(s.find(e.bound().var()));
        }
      }
      return Values.set(out);
    }

    @Override
    public Object visitSetMap(TlaExpr.SetMap e) {
      List<Object> out = new ArrayList<>();
      for (Scope s : bindings(e.bounds(), scope)) {
        out.add(ev(e.e(), s));
      }
      return Values.set(out);
    }

    @Override
    public Object visitTuple(TlaExpr.Tuple e) {
      List<Object> out = new ArrayList<>();
      e.elems().forEach(x -> out.add(ev(x)));
      return Fn.ofSeq(out);
    }

    @Override
    public Object visitQuant(TlaExpr.Quant e) {
      boolean exists = e.q() == dev.inflight.translator.tla.Quantifier.EXISTS;
      for (Scope s : bindings(e.bounds(), scope)) {
        if (bool(ev(e.body(), s)) == exists) {
          return exists;
        }
      }
      return !exists;
    }

    @Override
    public Object visitChoose(TlaExpr.Choose e) {
      List<Object> ok = new ArrayList<>();
      for (Scope s : bindings(List.of(e.bound()), scope)) {
        if (bool(ev(e.pred(), s))) {
          ok.add(s.find(e.bound().var()));
        }
      }
      if (ok.isEmpty()) {
        throw new EvalException("CHOOSE from nothing");
      }
      ok.sort((x, y) -> Values.order(modelOrder, x, y));
      return ok.get(0);
    }

    @Override public Object visitIf(TlaExpr.If e) { return test(e.c()) ? ev(e.t()) : ev(e.e()); }

    @Override
    public Object visitCase(TlaExpr.Case e) {
      for (TlaExpr.Arm a : e.arms()) {
        if (test(a.guard())) {
          return ev(a.value());
        }
      }
      if (e.other() == null) {
        throw new EvalException("no CASE arm applies");
      }
      return ev(e.other());
    }

    @Override
    public Object visitLet(TlaExpr.Let e) {
      Scope s = scope;
      for (TlaModule.OpDef d : e.defs()) {
        s = bind(s, d.name(), d.params().isEmpty() ? new Thunk(d.body(), s, primed) : new Closure(d, s));
      }
      return ev(e.body(), s);
    }

    @Override public Object visitActionBox(TlaExpr.ActionBox e) { throw new EvalException("temporal formula"); }

    @Override public Object visitActionAngle(TlaExpr.ActionAngle e) { throw new EvalException("temporal formula"); }

    @Override public Object visitFairness(TlaExpr.Fairness e) { throw new EvalException("temporal formula"); }

    @Override public Object visitSourced(TlaExpr.Sourced e) { return ev(e.e()); }
  }
}

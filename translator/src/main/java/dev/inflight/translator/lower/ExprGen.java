package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Translates DSL expressions to TLA+ over a symbolic {@link Store}. Every dereference
 * {@code p.f} outside a quantifier yields an {@link Obligation} (p is not null and p is live),
 * and so does every division or remainder by something other than a constant (the divisor is
 * not 0; a remainder's is positive), which the step builder turns into fault branches.
 * Obligations carry the condition under which the expression is evaluated at all, so
 * {@code p != null && p.f} is not a null dereference.
 */
final class ExprGen {

  final Checked checked;
  private final Program program;
  private final Layout layout;
  private final ThreadSym thread;
  final Store store;
  final BoundNames names;
  private final Map<Symbol.BoundSym, String> bound = new IdentityHashMap<>();
  /** The variables bound around the expression being generated, innermost last. */
  final List<String> activeBound = new ArrayList<>();
  /** Those of them that range over a set that cannot hold null (no set literal in it). */
  final java.util.Set<String> nullFree = new java.util.HashSet<>();
  /** Those of them that range over live objects only ({@link #liveOnly}). */
  private final java.util.Set<String> liveElems = new java.util.HashSet<>();
  /** By variable bound (as {@link #activeBound}): the obligations of its body (null: not checked) and the context its binder is in. */
  private final List<List<Obligation>> bodies = new ArrayList<>();
  private final List<TlaExpr> entries = new ArrayList<>();
  /** By variable bound (as {@link #activeBound}): the set it ranges over (null: a closure's variable). */
  final List<TlaExpr> domains = new ArrayList<>();
  /** Whether the expressions are a step's (whose field reads inside quantifiers are checked for liveness). */
  final boolean step;
  /** The arguments of the expression functions being expanded, by parameter. */
  private final Map<Symbol.LocalSym, TlaExpr> args = new IdentityHashMap<>();
  /** Closures met in the expressions (their rounds, names and checks). */
  private final Closures closures = new Closures(this);

  /**
   * For a thread's step ({@code thread} and {@code store} non-null) or for a state predicate;
   * {@code names} names the variables bound in the definition being generated.
   */
  ExprGen(Checked checked, Layout layout, ThreadSym thread, Store store, BoundNames names) {
    this.checked = checked;
    this.program = checked.program();
    this.layout = layout;
    this.thread = thread;
    this.step = store != null;
    this.store = store == null ? new Store(layout) : store;
    this.names = names;
  }

  static final TlaExpr SELF = new TlaExpr.Name("self");
  static final TlaExpr NULL = new TlaExpr.Name("NULL");

  /** The TLA+ value of {@code e}; dereference obligations are appended to {@code out}. */
  TlaExpr gen(Expr e, List<Obligation> out) {
    return gen(e, null, out);
  }

  TlaExpr gen(Expr e, TlaExpr ctx, List<Obligation> out) {
    if (e instanceof Expr.IntLit i) {
      return new TlaExpr.Num(i.value());
    }
    if (e instanceof Expr.BoolLit b) {
      return new TlaExpr.Bool(b.value());
    }
    if (e instanceof Expr.NullLit) {
      return NULL;
    }
    if (e instanceof Expr.Name n) {
      return name(n);
    }
    if (e instanceof Expr.Field f) {
      TlaExpr obj = gen(f.obj(), ctx, out);
      StructSym s = structOf(f.obj());
      FieldSym field = s.fields().get(f.field().text());
      if (out != null && activeBound.isEmpty()) {
        out.add(new Obligation.Pointer(ctx, obj, s, f.span()));
      } else if (out != null && dev.inflight.translator.tla.Binders.names(obj).stream().anyMatch(activeBound::contains)) {
        element(ctx, obj, s, f.span(), out);
      }
      return names.substitute(store.readField(layout.heapVar.get(s), obj, layout.fieldName.get(field)), activeBound);
    }
    if (e instanceof Expr.Call c) {
      return call(c, ctx, out);
    }
    if (e instanceof Expr.Unary u) {
      TlaExpr x = gen(u.operand(), ctx, out);
      return new TlaExpr.Prefix(u.op() == Expr.UnOp.NOT ? UnOp.NOT : UnOp.NEG, x);
    }
    if (e instanceof Expr.Binary b) {
      return binary(b, ctx, out);
    }
    if (e instanceof Expr.SetLit s) {
      List<TlaExpr> elems = new ArrayList<>();
      for (Expr x : s.elems()) {
        elems.add(gen(x, ctx, out));
      }
      return new TlaExpr.SetOf(elems);
    }
    if (e instanceof Expr.SetComp sc) {
      TlaExpr set = elems(sc.set(), gen(sc.set(), ctx, out));
      List<Obligation> each = out == null ? null : new ArrayList<>();
      String v = bind(sc.var(), List.of(sc.set()), set, each, ctx);
      TlaExpr pred = gen(sc.pred(), null, each);
      unbind();
      lift(each, ctx, v, set, out);
      return new TlaExpr.SetFilter(new TlaExpr.Bound(v, set), pred);
    }
    if (e instanceof Expr.Quant q) {
      TlaExpr set = elems(q.set(), gen(q.set(), ctx, out));
      List<Obligation> each = out == null ? null : new ArrayList<>();
      String v = bind(q.var(), List.of(q.set()), set, each, ctx);
      TlaExpr body = gen(q.body(), null, each);
      unbind();
      lift(each, ctx, v, set, out);
      return new TlaExpr.Quant(q.forall() ? Quantifier.FORALL : Quantifier.EXISTS, List.of(new TlaExpr.Bound(v, set)), body);
    }
    if (e instanceof Expr.Closure cl) {
      return closures.closure(cl, ctx, out);
    }
    throw new IllegalStateException("cannot lower " + e.getClass().getSimpleName() + " at " + e.span());
  }

  /**
   * The obligations of a dereference in a quantifier's body of a pointer that depends on its
   * element (a pointer that does not is the same in every element's evaluation: the one the rest
   * of the step dereferences). It is checked for null unless it is an element itself (sets hold
   * no null, unless the set has a literal in it) or the body's context says it is not null; in a
   * step, it is checked to be live unless it is an element of a set of live objects only.
   */
  private void element(TlaExpr ctx, TlaExpr obj, StructSym s, Span span, List<Obligation> out) {
    String elem = obj instanceof TlaExpr.Name n && activeBound.contains(n.id()) ? n.id() : null;
    boolean nullable = (elem == null || !nullFree.contains(elem)) && !knownNonNull(ctx, obj);
    if (nullable && !checked(Obligation.Pointer.class, obj, ctx, out)) {
      out.add(new Obligation.Pointer(ctx, obj, s, span));
    }
    if (step && (elem == null || !liveElems.contains(elem)) && !checked(Obligation.Live.class, obj, ctx, out)) {
      TlaExpr st = names.substitute(store.readField(layout.heapVar.get(s), obj, "st"), activeBound);
      out.add(new Obligation.Live(ctx, obj, nullable, s, st, span));
    }
  }

  /**
   * Whether {@code obj} is already checked the same way where this read is evaluated: in this
   * body, under a context that {@code ctx} implies (none, or a conjunct of it: `b.rcv == sk &&
   * b.len > 0` reads `b` first unguarded), or, when {@code obj} depends on outer variables only,
   * in the body binding the innermost of them, under a context implied by the one the next
   * binder is in (`u.inflight > count({b in s : b.fp == u.file})` checks `u` once). The body reads
   * one state, so where the first check passes, the second does.
   */
  private boolean checked(Class<? extends Obligation> kind, TlaExpr obj, TlaExpr ctx, List<Obligation> out) {
    java.util.Set<String> uses = dev.inflight.translator.tla.Binders.names(obj);
    int level = activeBound.size() - 1;
    while (level > 0 && !uses.contains(activeBound.get(level))) {
      level--;
    }
    if (level < activeBound.size() - 1 && bodies.get(level) != null && checked(bodies.get(level), kind, obj, entries.get(level + 1))) {
      return true;
    }
    return checked(out, kind, obj, ctx);
  }

  private static boolean checked(List<Obligation> out, Class<? extends Obligation> kind, TlaExpr obj, TlaExpr ctx) {
    for (Obligation o : out) {
      TlaExpr on = o instanceof Obligation.Pointer p ? p.obj() : o instanceof Obligation.Live l ? l.obj() : null;
      if (kind.isInstance(o) && obj.equals(on) && implies(ctx, o.context())) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code ctx} has {@code weaker} as a conjunct (null: always evaluated). */
  static boolean implies(TlaExpr ctx, TlaExpr weaker) {
    if (weaker == null || weaker.equals(ctx)) {
      return true;
    }
    return ctx instanceof TlaExpr.Infix i && i.op() == BinOp.AND && (implies(i.left(), weaker) || implies(i.right(), weaker));
  }

  /**
   * Whether a set holds live objects only, wherever it is read: `live(S)`, and subsets of it
   * written as a comprehension over it, an intersection with it or a difference from it.
   */
  private boolean liveOnly(Expr set) {
    if (set instanceof Expr.Call c) {
      return c.fn().text().equals("live") && !program.calls.containsKey(c); // the built-in, not a function of that name
    }
    if (set instanceof Expr.SetComp sc) {
      return liveOnly(sc.set());
    }
    if (set instanceof Expr.Binary b && b.op() == Expr.BinOp.INTER) {
      return liveOnly(b.left()) || liveOnly(b.right());
    }
    return set instanceof Expr.Binary b && b.op() == Expr.BinOp.MINUS && liveOnly(b.left());
  }

  /** Whether a context says outright that {@code obj} is not null (a conjunct `obj # NULL` or `~(obj = NULL)`). */
  static boolean knownNonNull(TlaExpr ctx, TlaExpr obj) {
    if (ctx instanceof TlaExpr.Infix i && i.op() == BinOp.AND) {
      return knownNonNull(i.left(), obj) || knownNonNull(i.right(), obj);
    }
    return new TlaExpr.Infix(BinOp.NEQ, obj, NULL).equals(ctx)
        || new TlaExpr.Prefix(UnOp.NOT, new TlaExpr.Infix(BinOp.EQ, obj, NULL)).equals(ctx);
  }

  /** A body's obligations, as obligations of the whole quantifier or comprehension over {@code set}. */
  private static void lift(List<Obligation> each, TlaExpr ctx, String v, TlaExpr set, List<Obligation> out) {
    lift(each, ctx, v, set, null, out);
  }

  static void lift(List<Obligation> each, TlaExpr ctx, String v, TlaExpr set, TlaExpr hull, List<Obligation> out) {
    if (each != null) {
      each.forEach(o -> out.add(new Obligation.Each(ctx, v, set, o, hull)));
    }
  }

  private TlaExpr name(Expr.Name n) {
    Symbol s = program.names.get(n);
    if (s instanceof Symbol.ConstSym c) {
      return new TlaExpr.Name(layout.constName.get(c));
    }
    if (s instanceof Symbol.CostSym c) {
      return c.value == 0 ? new TlaExpr.Num(0) : new TlaExpr.Name(layout.costName(c.key));
    }
    if (s instanceof Symbol.GlobalSym g) {
      return names.substitute(store.read(layout.globalVar.get(g)), activeBound);
    }
    if (s instanceof Symbol.LocalSym l && args.containsKey(l)) {
      return names.substitute(args.get(l), activeBound); // a parameter of an expression function
    }
    if (s instanceof Symbol.LocalSym l) {
      return names.substitute(store.readAt(layout.local(thread, l), SELF), activeBound);
    }
    if (s instanceof Symbol.BoundSym b) {
      String v = bound.get(b);
      if (v == null) {
        throw new IllegalStateException("unbound " + b.name());
      }
      return new TlaExpr.Name(v);
    }
    throw new IllegalStateException("unresolved name " + n.name().text() + " at " + n.span());
  }

  /**
   * Names the TLA+ variable of a DSL quantifier, comprehension or closure variable. Values the
   * body reads from the store are substituted with their own bound variables renamed away from
   * it (see {@link BoundNames#substitute}). The variable ranges over the elements of
   * {@code sets}: it is never null unless one of them has a set literal in it (sets hold no null:
   * adding null is a null dereference) with an element other than such a variable, and always live when every one of them holds live
   * objects only ({@link #liveOnly}).
   */
  String bind(dev.inflight.translator.ast.Ident var, List<Expr> sets, TlaExpr domain, List<Obligation> body, TlaExpr entry) {
    String v = names.inner(var.text(), activeBound);
    activeBound.add(v);
    domains.add(domain);
    bodies.add(body);
    entries.add(entry);
    boolean[] literal = {false};
    sets.forEach(set -> dev.inflight.translator.check.AstWalk.exprs(set,
        x -> literal[0] |= x instanceof Expr.SetLit l && !l.elems().stream().allMatch(this::nullFreeElement)));
    if (!literal[0]) {
      nullFree.add(v);
    }
    if (sets.stream().allMatch(this::liveOnly)) {
      liveElems.add(v);
    }
    for (Map.Entry<Expr.Name, Symbol> e : program.names.entrySet()) {
      if (e.getValue() instanceof Symbol.BoundSym b && b.ident == var) {
        bound.put(b, v);
      }
    }
    return v;
  }

  /** Whether {@code e} is a variable bound to the elements of a set that holds no null. */
  private boolean nullFreeElement(Expr e) {
    return e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.BoundSym b && nullFree.contains(bound.get(b));
  }

  /** Leaves the scope of the innermost variable {@link #bind} named. */
  void unbind() {
    String v = activeBound.remove(activeBound.size() - 1);
    domains.remove(domains.size() - 1);
    bodies.remove(bodies.size() - 1);
    entries.remove(entries.size() - 1);
    nullFree.remove(v);
    liveElems.remove(v);
  }

  StructSym structOf(Expr objExpr) {
    Type t = checked.typeOf(objExpr);
    if (t instanceof Type.Obj o && o.struct() != null) {
      return o.struct();
    }
    throw new IllegalStateException("not an object: " + objExpr.span());
  }

  /** A queue is a sequence; where a set is needed its elements are taken. */
  private TlaExpr elems(Expr source, TlaExpr value) {
    return checked.typeOf(source) instanceof Type.QueueT ? new TlaExpr.Apply("Elems", List.of(value)) : value;
  }

  private TlaExpr call(Expr.Call c, TlaExpr ctx, List<Obligation> out) {
    dev.inflight.translator.resolve.FnSym f = program.calls.get(c);
    if (f != null) {
      return expand(f, c, ctx, out);
    }
    String fn = c.fn().text();
    if (fn.equals("live")) {
      StructSym s = program.structRefs.get((Expr.Name) c.args().get(0));
      return live(s);
    }
    if (fn.equals("all_done")) {
      return new TlaExpr.Name("AllDone");
    }
    Expr a = c.args().get(0);
    TlaExpr x = gen(a, ctx, out);
    switch (fn) {
      case "count":
        return checked.typeOf(a) instanceof Type.QueueT ? new TlaExpr.Apply("Len", List.of(x)) : new TlaExpr.Apply("Cardinality", List.of(x));
      case "head":
        return new TlaExpr.If(new TlaExpr.Infix(BinOp.EQ, x, new TlaExpr.Tuple(List.of())), NULL, new TlaExpr.Apply("Head", List.of(x)));
      case "list_empty":
        return new TlaExpr.Infix(BinOp.EQ, x, new TlaExpr.Tuple(List.of()));
      case "refs":
      case "rcu_dereference":
        return x;
      default:
        throw new IllegalStateException("unknown builtin " + fn);
    }
  }

  /**
   * A call of an expression function ({@code fn f(p) { return E }}) is {@code E} with each
   * parameter read replaced by the argument's value, generated where the call is: its reads see
   * the same store, its dereferences give obligations under the call's context, and variables
   * that E binds are named away from those around the call and renamed out of the arguments'
   * way ({@link BoundNames}), so the expansion neither captures nor is captured.
   */
  private TlaExpr expand(dev.inflight.translator.resolve.FnSym f, Expr.Call c, TlaExpr ctx, List<Obligation> out) {
    List<TlaExpr> values = new ArrayList<>();
    for (Expr a : c.args()) {
      values.add(gen(a, ctx, out));
    }
    Map<Symbol.LocalSym, TlaExpr> saved = new IdentityHashMap<>();
    for (int i = 0; i < f.params.size(); i++) {
      Symbol.LocalSym p = f.params.get(i);
      if (args.containsKey(p)) {
        saved.put(p, args.get(p));
      }
      args.put(p, values.get(i));
    }
    try {
      return gen(f.expression(), ctx, out);
    } finally {
      for (Symbol.LocalSym p : f.params) {
        args.remove(p);
      }
      args.putAll(saved);
    }
  }

  /** {@code {o \in Pool_S : S[o].st = "live"}} over the current heap. */
  TlaExpr live(StructSym s) {
    TlaExpr heap = names.substitute(store.read(layout.heapVar.get(s)), activeBound);
    String o = names.inner("o", activeBound, heap);
    TlaExpr st = new TlaExpr.Select(new TlaExpr.FunApp(heap, List.of(new TlaExpr.Name(o))), "st");
    return new TlaExpr.SetFilter(new TlaExpr.Bound(o, new TlaExpr.Name(layout.poolConst.get(s))),
        new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("live")));
  }

  /**
   * Whether {@code b} is a division or remainder whose divisor is not a constant it is defined
   * for (a constant other than 0 for `/`, a positive one for `%`): evaluating it is an
   * obligation (a div_zero or bad_modulus fault path), and Sharing counts it as shared.
   */
  static boolean checkedDivision(Program program, Expr.Binary b) {
    if (b.op() != Expr.BinOp.DIV && b.op() != Expr.BinOp.MOD) {
      return false;
    }
    return !(new dev.inflight.translator.check.ConstEval(program).eval(b.right()) instanceof Long k
        && (b.op() == Expr.BinOp.DIV ? k != 0 : k > 0));
  }

  private TlaExpr binary(Expr.Binary b, TlaExpr ctx, List<Obligation> out) {
    TlaExpr l = gen(b.left(), ctx, out);
    switch (b.op()) {
      case AND:
        return new TlaExpr.Infix(BinOp.AND, l, gen(b.right(), conj(ctx, l), out));
      case OR:
        return new TlaExpr.Infix(BinOp.OR, l, gen(b.right(), conj(ctx, new TlaExpr.Prefix(UnOp.NOT, l)), out));
      case IMPLIES:
        return new TlaExpr.Infix(BinOp.IMPLIES, l, gen(b.right(), conj(ctx, l), out));
      default:
        break;
    }
    TlaExpr r = gen(b.right(), ctx, out);
    if (out != null && checkedDivision(program, b)) {
      out.add(new Obligation.Divisor(ctx, r, b.op() == Expr.BinOp.MOD, b.span()));
    }
    switch (b.op()) {
      case ADD: return new TlaExpr.Infix(BinOp.PLUS, l, r);
      case SUB: return new TlaExpr.Infix(BinOp.MINUS, l, r);
      case MUL: return new TlaExpr.Infix(BinOp.MUL, l, r);
      case DIV: return new TlaExpr.Infix(BinOp.DIV, l, r);
      case MOD: return new TlaExpr.Infix(BinOp.MOD, l, r);
      case UNION: return new TlaExpr.Infix(BinOp.CUP, l, r);
      case INTER: return new TlaExpr.Infix(BinOp.CAP, l, r);
      case MINUS: return new TlaExpr.Infix(BinOp.SETMINUS, l, r);
      case IN: return new TlaExpr.Infix(BinOp.IN, l, elems(b.right(), r));
      case NOT_IN: return new TlaExpr.Infix(BinOp.NOTIN, l, elems(b.right(), r));
      case LT: return new TlaExpr.Infix(BinOp.LT, l, r);
      case LE: return new TlaExpr.Infix(BinOp.LEQ, l, r);
      case GT: return new TlaExpr.Infix(BinOp.GT, l, r);
      case GE: return new TlaExpr.Infix(BinOp.GEQ, l, r);
      case EQ: return new TlaExpr.Infix(BinOp.EQ, l, r);
      case NE: return new TlaExpr.Infix(BinOp.NEQ, l, r);
      default: throw new IllegalStateException(b.op().name());
    }
  }

  static TlaExpr conj(TlaExpr a, TlaExpr b) {
    return a == null ? b : b == null ? a : new TlaExpr.Infix(BinOp.AND, a, b);
  }
}

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

  /** What must hold where an expression is evaluated, else the step faults (lower/Faults#discharge). */
  sealed interface Obligation permits Obligation.Pointer, Obligation.Divisor, Obligation.Each {
    /** The condition under which the expression is evaluated (null: always). */
    TlaExpr context();

    /** The fault kind when it fails (a pointer inside a quantifier: null only). */
    String kind();

    /** When it fails, in its context: the pointer is null, the divisor 0 (a remainder's, below 1). */
    TlaExpr fails();

    /** A dereference of {@code obj} (of struct {@code struct}). */
    record Pointer(TlaExpr context, TlaExpr obj, StructSym struct, Span span) implements Obligation {
      public String kind() {
        return "null_deref";
      }

      public TlaExpr fails() {
        return conj(context, new TlaExpr.Infix(BinOp.EQ, obj, NULL));
      }
    }

    /** A division ({@code remainder} false: the divisor is not 0) or remainder (it is positive). */
    record Divisor(TlaExpr context, TlaExpr divisor, boolean remainder, Span span) implements Obligation {
      public String kind() {
        return remainder ? "bad_modulus" : "div_zero";
      }

      public TlaExpr fails() {
        return conj(context, new TlaExpr.Infix(remainder ? BinOp.LEQ : BinOp.EQ, divisor, new TlaExpr.Num(0)));
      }
    }

    /**
     * An obligation of a quantifier's or comprehension's body, for each element {@code var} of
     * {@code set}: the body is evaluated for every element, so it fails when it fails for one.
     */
    record Each(TlaExpr context, String var, TlaExpr set, Obligation inner) implements Obligation {
      public String kind() {
        return inner.kind();
      }

      public TlaExpr fails() {
        return conj(context, new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(var, set)), inner.fails()));
      }
    }
  }

  private final Checked checked;
  private final Program program;
  private final Layout layout;
  private final ThreadSym thread;
  private final Store store;
  private final BoundNames names;
  private final Map<Symbol.BoundSym, String> bound = new IdentityHashMap<>();
  /** The variables bound around the expression being generated, innermost last. */
  private final List<String> activeBound = new ArrayList<>();
  /** Those of them that range over a set that cannot hold null (no set literal in it). */
  private final java.util.Set<String> nullFree = new java.util.HashSet<>();
  /** The arguments of the expression functions being expanded, by parameter. */
  private final Map<Symbol.LocalSym, TlaExpr> args = new IdentityHashMap<>();

  /**
   * For a thread's step ({@code thread} and {@code store} non-null) or for a state predicate;
   * {@code names} names the variables bound in the definition being generated.
   */
  ExprGen(Checked checked, Layout layout, ThreadSym thread, Store store, BoundNames names) {
    this.checked = checked;
    this.program = checked.program();
    this.layout = layout;
    this.thread = thread;
    this.store = store == null ? new Store(layout) : store;
    this.names = names;
  }

  static final TlaExpr SELF = new TlaExpr.Name("self");
  static final TlaExpr NULL = new TlaExpr.Name("NULL");

  /** The TLA+ value of {@code e}; dereference obligations are appended to {@code out}. */
  TlaExpr gen(Expr e, List<Obligation> out) {
    return gen(e, null, out);
  }

  private TlaExpr gen(Expr e, TlaExpr ctx, List<Obligation> out) {
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
      // In a quantifier's body, the pointers that depend on its element (`y.peer.v`) are checked
      // for null: elements themselves are never null (`y.v`, unless the set has a literal in it),
      // and a pointer that does not depend on them is the same in every element's evaluation.
      if (out != null && (activeBound.isEmpty() || !(obj instanceof TlaExpr.Name n && nullFree.contains(n.id()))
          && dev.inflight.translator.tla.Binders.names(obj).stream().anyMatch(activeBound::contains) && !knownNonNull(ctx, obj))) {
        out.add(new Obligation.Pointer(ctx, obj, s, f.span()));
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
      String v = bind(sc.var(), sc.set());
      TlaExpr pred = gen(sc.pred(), null, each);
      unbind();
      lift(each, ctx, v, set, out);
      return new TlaExpr.SetFilter(new TlaExpr.Bound(v, set), pred);
    }
    if (e instanceof Expr.Quant q) {
      TlaExpr set = elems(q.set(), gen(q.set(), ctx, out));
      List<Obligation> each = out == null ? null : new ArrayList<>();
      String v = bind(q.var(), q.set());
      TlaExpr body = gen(q.body(), null, each);
      unbind();
      lift(each, ctx, v, set, out);
      return new TlaExpr.Quant(q.forall() ? Quantifier.FORALL : Quantifier.EXISTS, List.of(new TlaExpr.Bound(v, set)), body);
    }
    if (e instanceof Expr.Closure cl) {
      return closure(cl, ctx, out);
    }
    throw new IllegalStateException("cannot lower " + e.getClass().getSimpleName() + " at " + e.span());
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
    if (each != null) {
      each.forEach(o -> out.add(new Obligation.Each(ctx, v, set, o)));
    }
  }

  private int closures;

  /**
   * A closure over objects of a pool of B slots is reached after at most B rounds of adding
   * every element's step set, so it unrolls to B LET definitions:
   * {@code LET r1 == roots \cup UNION {step(x) : x \in roots}
   * r2 == r1 \cup UNION {step(x) : x \in r1 \ roots} ... IN rB} (with {@code r0 == roots} first
   * when the roots are computed, not a name). Each round takes the steps of the elements the
   * round before added only: those of older elements are already in (docs/semantics.md,
   * "Locals"). The step is written out in each round: as a LET operator applied there, raw TLC
   * took more CPU on async_wait, not less (bench/RESULTS.md).
   */
  private TlaExpr closure(Expr.Closure cl, TlaExpr ctx, List<Obligation> out) {
    TlaExpr roots = gen(cl.roots(), ctx, out);
    Type t = checked.typeOf(cl.roots());
    int rounds = t instanceof Type.SetT st && st.elem() != null ? Math.max(1, st.elem().bound()) : 1;
    String v = bind(cl.var(), null);
    // a closure's step is evaluated for the elements each round reaches: its dereferences and
    // divisions are not checked (docs/semantics.md, "Dereferences and faults")
    TlaExpr step = gen(cl.step(), null, null);
    unbind();
    int id = ++closures;
    List<dev.inflight.translator.tla.TlaModule.OpDef> defs = new ArrayList<>();
    TlaExpr prev = roots;
    String last = null;
    List<String> around = new ArrayList<>(activeBound);
    around.add(v);
    if (!(roots instanceof TlaExpr.Name) && rounds > 0) {
      // the first round uses the roots twice (the union and the set its steps range over): a
      // computed root set is defined once, as the closure's first definition
      String name = names.inner("reach" + id + "_0", around, roots, step);
      around.add(name);
      defs.add(new dev.inflight.translator.tla.TlaModule.OpDef(name, roots));
      prev = new TlaExpr.Name(name);
    }
    TlaExpr before = null;
    for (int i = 1; i <= rounds; i++) {
      String name = names.inner("reach" + id + "_" + i, around, roots, step);
      around.add(name);
      // the steps of the elements the last round added: the older ones' are in prev already
      TlaExpr frontier = before == null ? prev : new TlaExpr.Infix(BinOp.SETMINUS, prev, before);
      TlaExpr grown = new TlaExpr.Infix(BinOp.CUP, prev, new TlaExpr.Prefix(UnOp.UNION,
          new TlaExpr.SetMap(step, List.of(new TlaExpr.Bound(v, frontier)))));
      defs.add(new dev.inflight.translator.tla.TlaModule.OpDef(name, grown));
      before = prev;
      prev = new TlaExpr.Name(name);
      last = name;
    }
    return new TlaExpr.Let(defs, new TlaExpr.Name(last));
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
   * it (see {@link BoundNames#substitute}).
   */
  private String bind(dev.inflight.translator.ast.Ident var, Expr set) {
    String v = names.inner(var.text(), activeBound);
    activeBound.add(v);
    boolean[] literal = {set == null};
    dev.inflight.translator.check.AstWalk.exprs(set, x -> literal[0] |= x instanceof Expr.SetLit);
    if (!literal[0]) {
      nullFree.add(v); // sets hold no null: adding null is a null dereference
    }
    for (Map.Entry<Expr.Name, Symbol> e : program.names.entrySet()) {
      if (e.getValue() instanceof Symbol.BoundSym b && b.ident == var) {
        bound.put(b, v);
      }
    }
    return v;
  }

  /** Leaves the scope of the innermost variable {@link #bind} named. */
  private void unbind() {
    nullFree.remove(activeBound.remove(activeBound.size() - 1));
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
    return a == null ? b : new TlaExpr.Infix(BinOp.AND, a, b);
  }
}

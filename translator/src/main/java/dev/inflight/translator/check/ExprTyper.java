package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.Builtins;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Resolver;
import dev.inflight.translator.resolve.Scope;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import java.util.List;
import java.util.Map;

/**
 * Types the expressions of a body (or of a declaration or property, with no scope) and records
 * each type; types assignments and calls of user functions (whose parameters learn their types
 * from the arguments), and narrows partly known types from where a value is used.
 */
final class ExprTyper implements Expr.Visitor<Type> {
  private final CheckContext ctx;
  private final Program program;
  private final Diagnostics diags;
  private final Map<Expr, Type> types;
  private final Scope scope;
  private final boolean inAtomic;

  ExprTyper(CheckContext ctx, Scope scope, boolean inAtomic) {
    this.ctx = ctx;
    this.program = ctx.program;
    this.diags = ctx.diags;
    this.types = ctx.types;
    this.scope = scope;
    this.inAtomic = inAtomic;
  }

  Type expr(Expr e) {
    if (e == null) {
      return Type.ERROR;
    }
    Type t = e.accept(this);
    types.put(e, t);
    return t;
  }

  /** Assigns {@code value} to {@code target}; infers the type of a local on first sight. */
  void assign(Expr target, Type value, Span at) {
    if (target instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l) {
      if (value instanceof Type.Void) {
        ctx.report(() -> diags.typeMismatch(at, "a value", "nothing", "the function does not return a value"));
        types.put(target, l.type == null ? Type.ERROR : l.type);
        return;
      }
      ctx.refine(l, value);
      types.put(target, l.type == null ? Type.ERROR : l.type);
      if (l.type != null) {
        expectAssign(l.type, value, at);
      }
      return;
    }
    Type t = expr(target);
    if (t instanceof Type.Lock || t instanceof Type.QueueT) {
      ctx.report(() -> diags.typeMismatch(target.span(), "an assignable variable", t.describe(), "locks and queues change only through lock/unlock and push/pop"));
      return;
    }
    expectAssign(t, value, at);
  }

  private void expectAssign(Type want, Type value, Span at) {
    if (value instanceof Type.Void) {
      ctx.report(() -> diags.typeMismatch(at, want.describe(), "nothing", "the function does not return a value"));
      return;
    }
    ctx.expect(value, want, at);
  }

  /**
   * {@code e} is used where a value of type {@code want} belongs: a local or parameter whose
   * type is only partly known (an object of no known struct, a set of no known element) takes
   * it, and an empty set literal is a set of {@code want}'s element. So `f(me, {})` types `{}`
   * as the parameter's set, and a parameter only ever given `{}` learns its element type from
   * how the function uses it.
   */
  void narrow(Expr e, Type want) {
    if (want == null) {
      return;
    }
    if (e instanceof Expr.SetLit lit && lit.elems().isEmpty() && want instanceof Type.SetT st && st.elem() != null) {
      types.put(e, want);
    } else if (e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l
        && (l.type instanceof Type.Obj || l.type instanceof Type.SetT)) {
      ctx.refine(l, want);
      types.put(e, l.type);
    } else if (e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.BoundSym b && b.type instanceof Type.Obj) {
      b.type = Type.refine(b.type, want);
      types.put(e, b.type);
    }
  }

  /**
   * A local (or parameter) used as an object that nothing ever typed (`b = b.f`, `b = b`): an
   * error, unless an earlier error explains it (then it is poison and stays silent).
   */
  boolean untyped(Expr e) {
    if (ctx.quiet) {
      return false; // types are still being inferred; the loud pass decides
    }
    boolean lowered = !(scope instanceof FnSym f) || ctx.reachable().contains(f); // a function no thread runs is not
    return lowered && e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l
        && (l.type == null || l.type instanceof Type.Error) && !diags.hasErrors();
  }

  void untypedObject(Expr e) {
    ctx.report(() -> diags.typeMismatch(e.span(), "an object", "`" + e.span().text() + "`, whose struct nothing says",
        "assign it an object first (`x = alloc S`, or a typed parameter `x: S`)"));
  }

  /** Why an expression typed as `null` is no object: it is `null`, or nothing says what it points to. */
  String noStruct(Expr e, String ifNull) {
    return e instanceof Expr.NullLit ? ifNull
        : "nothing says which struct `" + e.span().text() + "` points to: it only ever holds `null` or elements of `{}`";
  }

  /** A call of a user function: checks arguments, types parameters, checks the body once. */
  Type call(Expr.Call c) {
    FnSym f = program.calls.get(c);
    Stmt loop = inAtomic ? LoopBounds.firstLoop(f, program) : null;
    if (loop != null) {
      ctx.report(() -> diags.loopInAtomicCall(c.span(), f.name(), loop.span()));
    }
    int n = Math.min(f.params.size(), c.args().size());
    List<Type> args = new java.util.ArrayList<>();
    c.args().forEach(a -> args.add(expr(a)));
    int[] swapped = swapped(f, args, n);
    if (swapped != null) {
      Expr x = c.args().get(swapped[0]);
      Expr y = c.args().get(swapped[1]);
      ctx.report(() -> diags.swappedArguments(x.span().file().span(x.span().start(), y.span().end()), f.name(),
          x.span().text(), y.span().text(), f.decl.params().get(swapped[0]).span().text(), f.decl.params().get(swapped[1]).span().text()));
    }
    for (int i = 0; i < n; i++) {
      Type a = args.get(i);
      Symbol.LocalSym p = f.params.get(i);
      Type before = p.type;
      ctx.refine(p, a);
      if (p.type == before && (swapped == null || i != swapped[0] && i != swapped[1])) {
        ctx.expect(a, p.type, c.args().get(i).span());
      }
      narrow(c.args().get(i), p.type);
    }
    // The body is checked as outside `atomic` wherever the call is: a loop it runs is reported
    // once, at the call inside `atomic` (above), whichever call is checked first.
    if (!ctx.quiet && !f.checked) {
      f.checked = true;
      new BodyChecker(ctx, f, false).block(f.decl.body());
    } else if (ctx.quiet && ctx.inferring.add(f)) {
      new BodyChecker(ctx, f, false).block(f.decl.body());
      ctx.inferring.remove(f);
    }
    types.put(c, f.returnType == null ? Type.VOID : f.returnType);
    return f.returnType == null ? Type.VOID : f.returnType;
  }

  /**
   * The two arguments of a call, {i, j}, that fit each other's parameters and not their own,
   * when no other argument is amiss: one mistake (their order), told once. Null otherwise.
   */
  private static int[] swapped(FnSym f, List<Type> args, int n) {
    List<Integer> wrong = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!CheckContext.fits(f.params.get(i).type, args.get(i))) {
        wrong.add(i);
      }
    }
    if (wrong.size() != 2) {
      return null;
    }
    int i = wrong.get(0);
    int j = wrong.get(1);
    return CheckContext.fits(f.params.get(i).type, args.get(j)) && CheckContext.fits(f.params.get(j).type, args.get(i))
        ? new int[] {i, j} : null;
  }

  /**
   * The field meant by a name no field has: a close spelling, else the one field whose name is
   * it with a kernel-style prefix (`refcnt` for `sk_refcnt`, `count` for `f_count`).
   */
  private static String fieldSuggestion(String wrong, java.util.Collection<String> fields) {
    String close = Resolver.suggest(wrong, fields);
    if (close != null) {
      return close;
    }
    List<String> prefixed = fields.stream().filter(f -> f.endsWith("_" + wrong)).toList();
    return prefixed.size() == 1 ? prefixed.get(0) : null;
  }

  // ---- expressions ----

  public Type visitInt(Expr.IntLit e) {
    return Type.INT;
  }

  public Type visitBool(Expr.BoolLit e) {
    return Type.BOOL;
  }

  public Type visitNull(Expr.NullLit e) {
    return Type.NULL;
  }

  public Type visitName(Expr.Name e) {
    Symbol s = program.names.get(e);
    if (s == null) {
      return Type.ERROR;
    }
    if (s instanceof Symbol.ConstSym c) {
      return c.value instanceof Boolean ? Type.BOOL : Type.INT;
    }
    if (s instanceof Symbol.GlobalSym g) {
      return g.type;
    }
    if (s instanceof Symbol.LocalSym l) {
      return l.type == null ? Type.ERROR : l.type;
    }
    if (s instanceof Symbol.BoundSym b) {
      return b.type;
    }
    if (s instanceof Symbol.WorkSym) {
      return Type.WORK;
    }
    if (s instanceof Symbol.CostSym) {
      return Type.INT;
    }
    return Type.ERROR;
  }

  public Type visitField(Expr.Field e) {
    Type seen = expr(e.obj());
    if (seen instanceof Type.Error && e.field() != null && untyped(e.obj())) {
      untypedObject(e.obj());
      return Type.ERROR;
    }
    if (seen instanceof Type.Error || e.field() == null) {
      return Type.ERROR;
    }
    if (seen.equals(Type.NULL)) {
      // An object of no known struct yet (an element of `{}`, say): a field only one struct
      // has says which.
      List<StructSym> with = program.structs.values().stream().filter(s -> s.fields().containsKey(e.field().text())).toList();
      if (with.size() == 1) {
        narrow(e.obj(), new Type.Obj(with.get(0)));
        seen = types.get(e.obj());
      }
    }
    Type o = seen;
    if (!(o instanceof Type.Obj obj) || obj.struct() == null) {
      ctx.report(() -> diags.typeMismatch(e.obj().span(), "an object", o.describe(), o.equals(Type.NULL) ? noStruct(e.obj(), "`null` has no fields") : null));
      return Type.ERROR;
    }
    FieldSym f = obj.struct().fields().get(e.field().text());
    if (f == null) {
      ctx.report(() -> diags.unknownField(e.field().span(), obj.struct().name(), e.field().text(),
          fieldSuggestion(e.field().text(), obj.struct().fields().keySet()), obj.struct().fields().keySet()));
      return Type.ERROR;
    }
    return f.type;
  }

  public Type visitCall(Expr.Call e) {
    if (program.calls.containsKey(e)) {
      return call(e); // an expression function (FnSym#expression): typed as any call
    }
    String fn = e.fn().text();
    if (!Builtins.FUNCTIONS.containsKey(fn)) {
      return Type.ERROR; // reported by the resolver
    }
    int arity = Builtins.FUNCTIONS.get(fn);
    if (e.args().size() != arity) {
      ctx.report(() -> diags.wrongArity(e.span(), fn, arity, e.args().size()));
      return Type.ERROR;
    }
    if (fn.equals("all_done")) {
      return Type.BOOL;
    }
    if (fn.equals("rcu_dereference")) {
      return expr(e.args().get(0));
    }
    Expr a = e.args().get(0);
    if (fn.equals("live")) {
      StructSym s = a instanceof Expr.Name n ? program.structRefs.get(n) : null;
      if (s == null) {
        if (!(a instanceof Expr.Name)) {
          ctx.report(() -> diags.typeMismatch(a.span(), "a struct name", "an expression", "write `live(STRUCT)`"));
        }
        return Type.ERROR;
      }
      return new Type.SetT(s);
    }
    Type t = expr(a);
    switch (fn) {
      case "count":
        if (!(t instanceof Type.SetT) && !(t instanceof Type.QueueT) && !(t instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(a.span(), "a set or queue", t.describe()));
        }
        return Type.INT;
      case "head":
        if (t instanceof Type.QueueT q) {
          return new Type.Obj(q.elem());
        }
        if (!(t instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(a.span(), "a queue or list", t.describe()));
        }
        return Type.ERROR;
      case "list_empty":
        if (!(t instanceof Type.QueueT) && !(t instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(a.span(), "a list or queue", t.describe(), t instanceof Type.SetT ? "for a set: `count(s) == 0`" : null));
        }
        return Type.BOOL;
      case "refs":
        if (!(t instanceof Type.RefCount) && !(t instanceof Type.Error)) {
          ctx.report(() -> diags.notARefcount(a.span(), a.span().text()));
        }
        return Type.INT;
      default:
        return Type.ERROR;
    }
  }

  public Type visitUnary(Expr.Unary e) {
    Type t = expr(e.operand());
    if (e.op() == Expr.UnOp.NOT) {
      ctx.expect(t, Type.BOOL, e.operand().span());
      return Type.BOOL;
    }
    ctx.expect(t, Type.INT, e.operand().span());
    return Type.INT;
  }

  public Type visitBinary(Expr.Binary e) {
    Type l = expr(e.left());
    Type r = expr(e.right());
    switch (e.op()) {
      case ADD: case SUB: case MUL: case DIV: case MOD:
        ctx.expect(l, Type.INT, e.left().span());
        ctx.expect(r, Type.INT, e.right().span());
        return Type.INT;
      case LT: case LE: case GT: case GE:
        ctx.expect(l, Type.INT, e.left().span());
        ctx.expect(r, Type.INT, e.right().span());
        return Type.BOOL;
      case AND: case OR: case IMPLIES:
        ctx.expect(l, Type.BOOL, e.left().span());
        ctx.expect(r, Type.BOOL, e.right().span());
        return Type.BOOL;
      case EQ: case NE:
        if (l instanceof Type.Lock || r instanceof Type.Lock) {
          // `l == null`: nobody holds the lock (the shape of most kernel invariants)
          Expr other = l instanceof Type.Lock ? e.right() : e.left();
          Type ot = l instanceof Type.Lock ? r : l;
          if (!(other instanceof Expr.NullLit) && !(ot instanceof Type.Error)) {
            ctx.report(() -> diags.typeMismatch(other.span(), "null", ot.describe(),
                "a lock compares only with null: `l == null` when nobody holds it, `l != null` when some thread does"));
          }
          return Type.BOOL;
        }
        if (!l.accepts(r) && !r.accepts(l) && !(Type.isIntLike(l) && Type.isIntLike(r))) {
          ctx.report(() -> diags.typeMismatch(e.right().span(), l.describe(), r.describe(), "`" + e.op().symbol + "` compares values of the same type"));
        }
        if (l instanceof Type.QueueT) {
          ctx.report(() -> diags.typeMismatch(e.left().span(), "a comparable value", l.describe()));
        }
        narrow(e.left(), r);
        narrow(e.right(), l);
        return Type.BOOL;
      case IN: case NOT_IN:
        if (r instanceof Type.SetT st) {
          ctx.expect(l, new Type.Obj(st.elem()), e.left().span());
          narrow(e.left(), new Type.Obj(st.elem()));
          if (l instanceof Type.Obj o) {
            narrow(e.right(), new Type.SetT(o.struct()));
          }
        } else if (r instanceof Type.QueueT q) {
          ctx.expect(l, new Type.Obj(q.elem()), e.left().span());
        } else if (!(r instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(e.right().span(), "a set or queue", r.describe()));
        }
        return Type.BOOL;
      case UNION: case INTER: case MINUS:
        if (!(l instanceof Type.SetT) && !(l instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(e.left().span(), "a set", l.describe()));
          return Type.ERROR;
        }
        if (!(r instanceof Type.SetT) && !(r instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(e.right().span(), "a set", r.describe()));
          return Type.ERROR;
        }
        if (!l.accepts(r)) {
          ctx.report(() -> diags.typeMismatch(e.right().span(), l.describe(), r.describe()));
        }
        if (l instanceof Type.SetT ls && ls.elem() != null) {
          return l;
        }
        return r instanceof Type.SetT ? r : l;
      default:
        return Type.ERROR;
    }
  }

  public Type visitSetLit(Expr.SetLit e) {
    StructSym elem = null;
    for (Expr x : e.elems()) {
      Type t = expr(x);
      if (t instanceof Type.Obj o && o.struct() != null) {
        if (elem != null && elem != o.struct()) {
          ctx.report(() -> diags.typeMismatch(x.span(), "an object of the set's struct", t.describe()));
        }
        elem = o.struct();
      } else if (!(t instanceof Type.Error)) {
        ctx.report(() -> diags.typeMismatch(x.span(), "an object", t.describe(), "sets hold object references"));
      }
    }
    return new Type.SetT(elem);
  }

  public Type visitSetComp(Expr.SetComp e) {
    Type s = expr(e.set());
    bindVar(e.var(), e.pred(), s, e.set().span());
    ctx.expect(expr(e.pred()), Type.BOOL, e.pred().span());
    Type elem = learnElement(e.var(), e.pred(), e.set(), s);
    return elem instanceof Type.Obj o ? new Type.SetT(o.struct()) : Type.ERROR;
  }

  public Type visitQuant(Expr.Quant e) {
    Type s = expr(e.set());
    bindVar(e.var(), e.body(), s, e.set().span());
    ctx.expect(expr(e.body()), Type.BOOL, e.body().span());
    learnElement(e.var(), e.body(), e.set(), s);
    return Type.BOOL;
  }

  public Type visitClosure(Expr.Closure e) {
    Type roots = expr(e.roots());
    Type elem = bindVar(e.var(), e.step(), roots, e.roots().span());
    Type step = expr(e.step());
    learnElement(e.var(), e.step(), e.roots(), roots);
    if (!(step instanceof Type.Error) && !(elem instanceof Type.Error) && !step.accepts(roots)) {
      ctx.report(() -> diags.typeMismatch(e.step().span(), roots.describe(), step.describe(), "each step must give a set of the same objects as the roots"));
    }
    return roots instanceof Type.SetT ? roots : Type.ERROR;
  }

  /**
   * After the body of a quantifier or comprehension: when the set's element type was not
   * known but the body's use of the bound variable tells it, the set learns it (see
   * {@link #narrow}). Returns the bound variable's type.
   */
  private Type learnElement(dev.inflight.translator.ast.Ident var, Expr body, Expr setExpr, Type set) {
    Symbol.BoundSym b = ctx.boundSym(var, body);
    if (b == null) {
      return elementOf(set);
    }
    if (b.type instanceof Type.Obj o && o.struct() != null) {
      narrow(setExpr, new Type.SetT(o.struct()));
    }
    return b.type;
  }

  private Type elementOf(Type set) {
    if (set instanceof Type.SetT st) {
      return new Type.Obj(st.elem());
    }
    if (set instanceof Type.QueueT q) {
      return new Type.Obj(q.elem());
    }
    return Type.ERROR;
  }

  /** Gives the bound variable of a quantifier or comprehension its element type. */
  private Type bindVar(dev.inflight.translator.ast.Ident var, Expr body, Type set, Span setSpan) {
    Type elem = elementOf(set);
    if (!(set instanceof Type.SetT) && !(set instanceof Type.QueueT) && !(set instanceof Type.Error)) {
      ctx.report(() -> diags.typeMismatch(setSpan, "a set", set.describe()));
    }
    Symbol.BoundSym b = ctx.boundSym(var, body);
    if (b != null) {
      b.type = elem;
    }
    return elem;
  }

  public Type visitError(Expr.Error e) {
    return Type.ERROR;
  }
}

package dev.inflight.translator.check;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.ast.TypeRef;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.Builtins;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Resolved;
import dev.inflight.translator.resolve.Resolver;
import dev.inflight.translator.resolve.Scope;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Types and well-formedness: evaluates constants (with `--set` overrides), types every
 * expression, infers local and parameter types, and checks loop bounds, pool bounds and the
 * other structural rules lowering relies on.
 */
public final class Checker {
  private final Program program;
  private final Diagnostics diags;
  private final ConstEval consts;
  private final Map<Expr, Type> types = new IdentityHashMap<>();
  private final Map<Stmt.While, Integer> loopBounds = new IdentityHashMap<>();
  private final Set<Stmt.While> derivedLoops = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<Stmt.While> unboundedLoops = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  /** While inferring local types, messages are not reported. */
  private boolean quiet;
  /** The functions some thread runs (computed on first need, after resolution). */
  private Set<FnSym> reachable;

  private Set<FnSym> reachable() {
    if (reachable == null) {
      reachable = Reachable.functions(program);
    }
    return reachable;
  }

  /** Work items some `queue_work` names (the others never run: W0006). */
  private final Set<Symbol.WorkSym> queued = new HashSet<>();
  /** Functions being inferred (guards against recursion, which the resolver reports). */
  private final Set<FnSym> inferring = new HashSet<>();
  /** Whether the current inference round changed the type of a local or parameter. */
  private boolean inferred;
  /** Inference rounds stop here even if types still change (each round only refines them). */
  private static final int MAX_INFERENCE_ROUNDS = 16;

  private Checker(Program program, Diagnostics diags) {
    this.program = program;
    this.diags = diags;
    this.consts = new ConstEval(program);
  }

  public static Checked check(Resolved resolved, Map<String, String> overrides, Diagnostics diags) {
    Checker c = new Checker(resolved.program(), diags);
    c.run(overrides);
    return new Checked(resolved.program(), c.types, c.loopBounds, c.derivedLoops, c.unboundedLoops);
  }

  private void run(Map<String, String> overrides) {
    Program p = program;
    if (p.modelName == null) {
      String path = p.root().source().path();
      String base = path.substring(path.lastIndexOf('/') + 1);
      p.modelName = base.endsWith(".ifl") ? base.substring(0, base.length() - 4) : base;
      p.modelName = p.modelName.replaceAll("[^A-Za-z0-9_]", "_");
    }
    evalConsts(overrides);
    for (StructSym s : p.structs.values()) {
      fieldTypes(s);
    }
    for (Symbol.GlobalSym g : p.globals.values()) {
      g.type = memberType(g.member);
    }
    for (ThreadSym t : p.threads) {
      if (t.decl.count() != null) {
        t.count = positiveConst(t.decl.count(), "a thread count");
      }
    }
    if (p.threads.isEmpty() && !UnusedDeclarations.threadDropped(p)) {
      diags.noThreads(p.modelSpan != null ? p.modelSpan : p.root().span());
    }
    // Enabled checks: the defaults plus the ones named by `check`.
    Builtins.CHECKS.forEach((name, onByDefault) -> {
      if (onByDefault || p.checkSpans.containsKey(name)) {
        p.checks.add(name);
      }
    });
    // Release functions take their struct.
    for (StructSym s : p.structs.values()) {
      for (FieldSym f : s.fields().values()) {
        if (f.release != null && !f.release.params.isEmpty()) {
          Symbol.LocalSym param = f.release.params.get(0);
          Type want = new Type.Obj(s);
          Type declared = declaredParamType(f.release, 0);
          if (declared != null && !declared.accepts(want)) {
            diags.badReleaseFn(((Member.Ref) f.member).release().span(), f.release.name(), "takes a `" + declared.describe() + "`, not a `" + s.name() + "`");
          }
          if (param.type == null) {
            param.type = want;
          }
        }
      }
    }
    // Declared parameter types first: inference flows through them (an argument's type can
    // come from the parameter it is passed to).
    for (FnSym f : p.fns.values()) {
      for (int i = 0; i < f.params.size(); i++) {
        Type declared = declaredParamType(f, i);
        if (declared != null) {
          f.params.get(i).type = declared;
        }
      }
    }
    // Infer locals quietly (at least twice, to reach a fixpoint through loops, and on while
    // a round still learns something), then check loudly.
    quiet = true;
    for (int round = 0; round < 2 || (inferred && round < MAX_INFERENCE_ROUNDS); round++) {
      inferred = false;
      if (p.init != null) {
        new Body(p.init, false).block(p.init.decl.body());
      }
      // Properties may call expression functions: their parameters learn types here too.
      for (Decl.Property prop : p.properties) {
        new Body(null, false).expr(prop.cond());
      }
      for (ThreadSym t : p.threads) {
        new Body(t, false).block(t.decl.body());
        if (t.rcuCallbacks != null) {
          // A callback thread runs its functions even when the call_rcu queueing one sits in code
          // no thread calls: what it passes on must be typed from its own parameter.
          for (FnSym cb : t.rcuCallbacks) {
            new Body(cb, false).block(cb.decl.body());
          }
        }
      }
    }
    quiet = false;
    if (p.init != null) {
      new Body(p.init, false).block(p.init.decl.body());
    }
    for (ThreadSym t : p.threads) {
      new Body(t, false).block(t.decl.body());
    }
    new InitRules(p, diags, types::get).check();
    for (FnSym f : p.fns.values()) {
      if (!f.checked) {
        f.checked = true;
        new Body(f, false).block(f.decl.body());
      }
      // Library files define more than one model uses: only the model's own functions warn
      // (and not when a thread was dropped for another error: its calls were never seen).
      if (!f.used && f.decl.span().file() == p.root().source() && !UnusedDeclarations.threadDropped(p)) {
        diags.unusedFunction(f.decl.name().span(), f.name());
      }
    }
    UnusedDeclarations.report(p, queued, diags);
    for (Decl.Property prop : p.properties) {
      expect(new Body(null, false).expr(prop.cond()), Type.BOOL, prop.cond().span());
    }
    checkCostModel(p);
    // An RCU callback queued only from code no thread runs (an uncalled library function)
    // never gets an object type, and could never run: the callback threads leave it out (and
    // are dropped when that leaves them nothing to run).
    for (ThreadSym t : p.threads) {
      if (t.rcuCallbacks != null) {
        t.rcuCallbacks.removeIf(f -> f.params.get(0).type == null || f.params.get(0).type instanceof Type.Error);
      }
    }
    p.threads.removeIf(t -> t.rcuCallbacks != null && t.rcuCallbacks.isEmpty());
    new PoolBounds(p, diags, loopBounds).compute();
  }

  /** Latency bounds are constant integers, `when` a boolean over the op's parameters; CPUs fit. */
  private void checkCostModel(Program p) {
    for (Decl.Latency l : p.cost.latencies) {
      if (l.bound() != null) {
        expect(new Body(null, false).expr(l.bound()), Type.INT, l.bound().span());
        if (!(consts.eval(l.bound()) instanceof Long)) {
          diags.notConstant(l.bound().span());
        }
      }
      List<FnSym> fns = p.cost.ops.get(l.op().text());
      if (l.when() != null && fns != null && fns.size() == 1) {
        expect(new Body(fns.get(0), false).expr(l.when()), Type.BOOL, l.when().span());
      }
    }
    for (ThreadSym t : p.threads) {
      if (t.decl.cpu() != null) {
        Object v = consts.eval(t.decl.cpu());
        if (v instanceof Long n && n >= 0) {
          t.cpu = (int) (long) n;
        } else {
          diags.notConstant(t.decl.cpu().span());
        }
      }
    }
  }

  // ---------------------------------------------------------------- constants

  private void evalConsts(Map<String, String> overrides) {
    Map<String, String> left = new LinkedHashMap<>(overrides);
    for (Symbol.ConstSym c : program.consts.values()) {
      String o = left.remove(c.name());
      if (o != null) {
        Object v = parseOverride(o);
        Object declared = consts.eval(c.decl.value());
        if (v == null || (v instanceof Long l && Math.abs(l) > Integer.MAX_VALUE)) {
          diags.badOverride(c.name() + "=" + o, o.trim().matches("[-+]?[0-9]+")
              ? "`" + o + "` is too large: integers in a model are at most " + Integer.MAX_VALUE
              : "`" + o + "` is not an integer or boolean");
          v = declared == null ? 0L : declared;
        } else if (declared != null && declared.getClass() != v.getClass()) {
          diags.badOverride(c.name() + "=" + o, "`" + c.name() + "` is " + (declared instanceof Boolean ? "a boolean" : "an integer")
              + " (declared `= " + declared + "`), but `" + o + "` is not");
          v = declared;
        }
        c.value = v;
        continue;
      }
      Object v = consts.eval(c.decl.value());
      if (v == null) {
        if (!(c.decl.value() instanceof Expr.Error)) {
          diags.notConstant(c.decl.value().span());
        }
        v = 0L;
      }
      c.value = v;
    }
    for (Map.Entry<String, String> e : left.entrySet()) {
      String sug = Resolver.suggest(e.getKey(), program.consts.keySet());
      diags.badOverride(e.getKey() + "=" + e.getValue(), "the model has no const `" + e.getKey() + "`" + (sug == null ? "" : " (did you mean `" + sug + "`?)"));
    }
  }

  private static Object parseOverride(String s) {
    if (s.equals("true") || s.equals("false")) {
      return Boolean.parseBoolean(s);
    }
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  int positiveConst(Expr e, String what) {
    Object v = consts.eval(e);
    if (v instanceof Long l && l >= 1 && l <= 64) {
      return (int) (long) l;
    }
    if (e instanceof Expr.Error) {
      return 1;
    }
    if (v == null) {
      diags.notConstant(e.span());
    } else {
      diags.badBound(e.span(), what + " must be an integer from 1 to 64, not " + v);
    }
    return 1;
  }

  // ---------------------------------------------------------------- members

  private void fieldTypes(StructSym s) {
    for (FieldSym f : s.fields().values()) {
      f.type = memberType(f.member);
    }
    if (s.boundExpr() != null) {
      s.setBound(positiveConst(s.boundExpr(), "a pool bound"), false);
    }
  }

  private Type memberType(Member m) {
    if (m instanceof Member.Ref r) {
      Type t = new Body(null, false).expr(r.init());
      expect(t, Type.INT, r.init().span());
      if (consts.eval(r.init()) == null && !(r.init() instanceof Expr.Error)) {
        diags.notConstant(r.init().span());
      }
      if (r.max() != null) {
        positiveConst(r.max(), "a refcount's maximum");
      }
      return Type.REFCOUNT;
    }
    if (m instanceof Member.Lock) {
      return Type.LOCK;
    }
    if (m instanceof Member.SetOf so) {
      StructSym e = struct(so.elem());
      return e == null ? Type.ERROR : new Type.SetT(e);
    }
    if (m instanceof Member.QueueOf q) {
      StructSym e = struct(q.elem());
      positiveConst(q.capacity(), "a queue capacity");
      return e == null ? Type.ERROR : new Type.QueueT(e, false);
    }
    if (m instanceof Member.ListOf l) {
      StructSym e = struct(l.elem());
      return e == null ? Type.ERROR : new Type.QueueT(e, true);
    }
    Member.Plain p = (Member.Plain) m;
    Type declared = p.type() == null ? null : typeRef(p.type());
    Type init = p.init() == null ? null : new Body(null, false).expr(p.init());
    if (p.init() != null && consts.eval(p.init()) == null && !(p.init() instanceof Expr.NullLit) && !(p.init() instanceof Expr.Error)) {
      diags.notConstant(p.init().span());
    }
    if (declared != null) {
      if (init != null) {
        expect(init, declared, p.init().span());
      }
      return declared;
    }
    if (init == null || init.equals(Type.NULL)) {
      diags.typeMismatch(p.span(), "a type or an initial value", "neither", "write `" + p.name().text() + ": STRUCT` for a pointer, or `" + p.name().text() + " = 0`");
      return Type.ERROR;
    }
    return init;
  }

  private StructSym struct(dev.inflight.translator.ast.Ident name) {
    if (name == null) {
      return null;
    }
    StructSym s = program.structs.get(name.text());
    if (s == null) {
      diags.unknownStruct(name.span(), name.text(), Resolver.suggest(name.text(), program.structs.keySet()));
    }
    return s;
  }

  private Type typeRef(TypeRef t) {
    String n = t.name().text();
    if (n.equals("int")) {
      return Type.INT;
    }
    if (n.equals("bool")) {
      return Type.BOOL;
    }
    StructSym s = struct(t.name());
    return s == null ? Type.ERROR : new Type.Obj(s);
  }

  private Type declaredParamType(FnSym f, int i) {
    TypeRef t = f.decl.params().get(i).type();
    return t == null ? null : typeRef(t);
  }

  // ---------------------------------------------------------------- helpers

  private void expect(Type found, Type want, Span at) {
    if (!want.accepts(found) && !(Type.isIntLike(want) && Type.isIntLike(found))) {
      if (!quiet) {
        diags.typeMismatch(at, want.describe(), found.describe());
      }
    }
  }

  /** Refines what is known of a local's or parameter's type (see {@link Type#refine}). */
  private void refine(Symbol.LocalSym l, Type seen) {
    Type t = Type.refine(l.type, seen);
    if (t != l.type) {
      l.type = t;
      inferred = true;
    }
  }

  private void report(Runnable r) {
    if (!quiet) {
      r.run();
    }
  }

  // ---------------------------------------------------------------- bodies

  /** Types the statements of a thread or function body (or a property, with no scope). */
  private final class Body implements Stmt.Visitor<Void>, Expr.Visitor<Type> {
    private final Scope scope;
    private final boolean inAtomic;

    Body(Scope scope, boolean inAtomic) {
      this.scope = scope;
      this.inAtomic = inAtomic;
    }

    void block(Block b) {
      if (b == null) {
        return;
      }
      for (Stmt s : b.stmts()) {
        s.accept(this);
      }
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
    private void assign(Expr target, Type value, Span at) {
      if (target instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l) {
        if (value instanceof Type.Void) {
          report(() -> diags.typeMismatch(at, "a value", "nothing", "the function does not return a value"));
          types.put(target, l.type == null ? Type.ERROR : l.type);
          return;
        }
        refine(l, value);
        types.put(target, l.type == null ? Type.ERROR : l.type);
        if (l.type != null) {
          expectAssign(l.type, value, at);
        }
        return;
      }
      Type t = expr(target);
      if (t instanceof Type.Lock || t instanceof Type.QueueT) {
        report(() -> diags.typeMismatch(target.span(), "an assignable variable", t.describe(), "locks and queues change only through lock/unlock and push/pop"));
        return;
      }
      expectAssign(t, value, at);
    }

    private void expectAssign(Type want, Type value, Span at) {
      if (value instanceof Type.Void) {
        report(() -> diags.typeMismatch(at, want.describe(), "nothing", "the function does not return a value"));
        return;
      }
      expect(value, want, at);
    }

    /**
     * {@code e} is used where a value of type {@code want} belongs: a local or parameter whose
     * type is only partly known (an object of no known struct, a set of no known element) takes
     * it, and an empty set literal is a set of {@code want}'s element. So `f(me, {})` types `{}`
     * as the parameter's set, and a parameter only ever given `{}` learns its element type from
     * how the function uses it.
     */
    private void narrow(Expr e, Type want) {
      if (want == null) {
        return;
      }
      if (e instanceof Expr.SetLit lit && lit.elems().isEmpty() && want instanceof Type.SetT st && st.elem() != null) {
        types.put(e, want);
      } else if (e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l
          && (l.type instanceof Type.Obj || l.type instanceof Type.SetT)) {
        refine(l, want);
        types.put(e, l.type);
      } else if (e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.BoundSym b && b.type instanceof Type.Obj) {
        b.type = Type.refine(b.type, want);
        types.put(e, b.type);
      }
    }

    public Void visitAssign(Stmt.Assign s) {
      Type value;
      if (s.value() instanceof Expr.Call c && program.calls.containsKey(c)) {
        value = call(c);
      } else if (s.value() instanceof Expr.Call c && Builtins.VALUED.contains(c.fn().text())) {
        value = procedure(c);
      } else if (s.value() instanceof Expr.Call c && Builtins.PROCEDURES.containsKey(c.fn().text())) {
        procedure(c);
        value = Type.VOID;
      } else {
        value = expr(s.value());
      }
      assign(s.target(), value, s.value().span());
      narrow(s.value(), types.get(s.target()));
      return null;
    }

    public Void visitAlloc(Stmt.Alloc s) {
      StructSym st = s.struct() == null ? null : program.structs.get(s.struct().text());
      assign(s.target(), st == null ? Type.ERROR : new Type.Obj(st), s.span());
      return null;
    }

    public Void visitRefOp(Stmt.RefOp s) {
      Type t = expr(s.target());
      if (!(t instanceof Type.RefCount) && !(t instanceof Type.Error)) {
        report(() -> diags.notARefcount(s.target().span(), s.target().span().text()));
      }
      return null;
    }

    public Void visitFree(Stmt.Free s) {
      objectOperand(s.target());
      return null;
    }

    public Void visitTouch(Stmt.Touch s) {
      objectOperand(s.target());
      return null;
    }

    private void objectOperand(Expr e) {
      Type t = expr(e);
      if (t instanceof Type.Error && untyped(e)) {
        untypedObject(e);
      } else if (!(t instanceof Type.Obj o && o.struct() != null) && !(t instanceof Type.Error)) {
        report(() -> diags.typeMismatch(e.span(), "an object", t.describe(), t.equals(Type.NULL) ? noStruct(e, "`null` points to no object") : null));
      }
    }

    /**
     * A local (or parameter) used as an object that nothing ever typed (`b = b.f`, `b = b`): an
     * error, unless an earlier error explains it (then it is poison and stays silent).
     */
    private boolean untyped(Expr e) {
      if (quiet) {
        return false; // types are still being inferred; the loud pass decides
      }
      boolean lowered = !(scope instanceof FnSym f) || reachable().contains(f); // a function no thread runs is not
      return lowered && e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l
          && (l.type == null || l.type instanceof Type.Error) && !diags.hasErrors();
    }

    private void untypedObject(Expr e) {
      report(() -> diags.typeMismatch(e.span(), "an object", "`" + e.span().text() + "`, whose struct nothing says",
          "assign it an object first (`x = alloc S`, or a typed parameter `x: S`)"));
    }

    /** Why an expression typed as `null` is no object: it is `null`, or nothing says what it points to. */
    private String noStruct(Expr e, String ifNull) {
      return e instanceof Expr.NullLit ? ifNull
          : "nothing says which struct `" + e.span().text() + "` points to: it only ever holds `null` or elements of `{}`";
    }

    public Void visitIf(Stmt.If s) {
      Expr.Call gnz = Builtins.getNotZeroCond(s.cond());
      if (gnz != null) {
        procedure(gnz);
        types.put(s.cond(), Type.BOOL);
      } else {
        expect(expr(s.cond()), Type.BOOL, s.cond().span());
      }
      block(s.then());
      block(s.orElse());
      return null;
    }

    public Void visitWhile(Stmt.While s) {
      if (inAtomic) {
        report(() -> diags.loopInAtomic(s.span()));
      }
      expect(expr(s.cond()), Type.BOOL, s.cond().span());
      if (s.bound() != null) {
        if (!quiet) {
          loopBounds.put(s, positiveConst(s.bound(), "a loop bound"));
        }
      } else if (!quiet) {
        if (LoopBounds.derivable(s, program)) {
          derivedLoops.add(s);
        } else if (SharedReads.loop(program, s)) {
          unboundedLoops.add(s); // waits for others or walks shared state: may run forever (no_hang)
        } else {
          diags.unboundedLoop(s.cond().span());
        }
      }
      block(s.body());
      return null;
    }

    public Void visitFor(Stmt.For s) {
      if (inAtomic) {
        report(() -> diags.loopInAtomic(s.span()));
      }
      Type c = expr(s.collection());
      Type elem = Type.ERROR;
      if (c instanceof Type.SetT st) {
        elem = new Type.Obj(st.elem());
      } else if (c instanceof Type.QueueT q) {
        elem = new Type.Obj(q.elem());
      } else if (!(c instanceof Type.Error)) {
        report(() -> diags.typeMismatch(s.collection().span(), "a set or queue", c.describe()));
      }
      Symbol.LocalSym var = s.var() != null && scope != null ? scope.locals().get(s.var().text()) : null;
      if (var != null) {
        refine(var, elem);
      }
      block(s.body());
      if (var != null && var.type instanceof Type.Obj o && o.struct() != null) {
        narrow(s.collection(), new Type.SetT(o.struct())); // the body says what the set holds
      }
      return null;
    }

    public Void visitEither(Stmt.Either s) {
      s.branches().forEach(this::block);
      return null;
    }

    public Void visitCost(Stmt.Cost s) {
      expect(expr(s.amount()), Type.INT, s.amount().span());
      return null;
    }

    public Void visitAwait(Stmt.Await s) {
      expect(expr(s.cond()), Type.BOOL, s.cond().span());
      return null;
    }

    public Void visitAtomic(Stmt.Atomic s) {
      new Body(scope, true).block(s.body());
      return null;
    }

    public Void visitLoop(Stmt.Loop s) {
      if (inAtomic) {
        report(() -> diags.loopInAtomic(s.span()));
      }
      if (scope instanceof ThreadSym t && !t.isDaemon() && t != program.init) {
        report(() -> diags.loopOutsideDaemon(s.span(), t.name()));
      }
      block(s.body());
      return null;
    }

    public Void visitLockOp(Stmt.LockOp s) {
      Type t = expr(s.target());
      if (!(t instanceof Type.Lock) && !(t instanceof Type.Error)) {
        report(() -> diags.notALock(s.target().span(), t.describe()));
      }
      return null;
    }

    public Void visitReturn(Stmt.Return s) {
      if (!(scope instanceof FnSym f)) {
        return null;
      }
      if (s.value() == null) {
        return null;
      }
      Type t = expr(s.value());
      Type before = f.returnType;
      f.returnType = Type.refine(f.returnType, t);
      if (f.returnType != before) {
        inferred = true;
      } else {
        expect(t, f.returnType, s.value().span());
      }
      return null;
    }

    public Void visitCall(Stmt.Call s) {
      if (program.calls.containsKey(s.call())) {
        call(s.call());
      } else if (Builtins.PROCEDURES.containsKey(s.call().fn().text())) {
        String fn = s.call().fn().text();
        if (fn.equals("pick") || fn.equals("rcu_pick")) {
          report(() -> diags.typeMismatch(s.span(), "`x = " + fn + "(…)`", "a bare `" + fn + "(…)`", "assign the picked object: `x = " + fn + "(set)`"));
        } else if (fn.equals("get_not_zero")) {
          report(() -> diags.typeMismatch(s.span(), "`ok = get_not_zero(…)` or `if get_not_zero(…) { … }`", "a bare `get_not_zero(…)`",
              "it may fail: use its result (for a reference that cannot fail, `get`)"));
        }
        procedure(s.call());
      }
      return null;
    }

    public Void visitError(Stmt.Error s) {
      return null;
    }

    /** A call of a user function: checks arguments, types parameters, checks the body once. */
    private Type call(Expr.Call c) {
      FnSym f = program.calls.get(c);
      if (inAtomic && LoopBounds.containsLoop(f, program)) {
        report(() -> diags.loopInAtomic(c.span()));
      }
      int n = Math.min(f.params.size(), c.args().size());
      for (int i = 0; i < c.args().size(); i++) {
        Type a = expr(c.args().get(i));
        if (i >= n) {
          continue;
        }
        Symbol.LocalSym p = f.params.get(i);
        Type before = p.type;
        refine(p, a);
        if (p.type == before) {
          expect(a, p.type, c.args().get(i).span());
        }
        narrow(c.args().get(i), p.type);
      }
      if (!quiet && !f.checked) {
        f.checked = true;
        new Body(f, inAtomic).block(f.decl.body());
      } else if (quiet && inferring.add(f)) {
        new Body(f, inAtomic).block(f.decl.body());
        inferring.remove(f);
      }
      types.put(c, f.returnType == null ? Type.VOID : f.returnType);
      return f.returnType == null ? Type.VOID : f.returnType;
    }

    /** Built-in procedures: add, remove, push, pop, pick, assert. Returns the result type. */
    private Type procedure(Expr.Call c) {
      String fn = c.fn().text();
      int arity = Builtins.PROCEDURES.get(fn);
      if (c.args().size() != arity) {
        report(() -> diags.wrongArity(c.span(), fn, arity, c.args().size()));
        c.args().forEach(this::expr);
        return Type.ERROR;
      }
      if (arity == 0) {
        return Type.VOID;
      }
      if (fn.equals("call_rcu")) {
        return callRcu(c);
      }
      if (fn.equals("rcu_assign_pointer")) {
        Type v = expr(c.args().get(1));
        Expr target = c.args().get(0);
        if (!(target instanceof Expr.Name) && !(target instanceof Expr.Field)) {
          report(() -> diags.notAssignable(target.span()));
          return Type.VOID;
        }
        assign(target, v, c.args().get(1).span());
        return Type.VOID;
      }
      if (fn.equals("pick") && c.args().get(0) instanceof Expr.SetLit lit && !lit.elems().isEmpty()) {
        Type first = expr(lit.elems().get(0));
        if (first instanceof Type.Int || first instanceof Type.Bool) {
          return pickValue(lit, first);
        }
      }
      Type a0 = expr(c.args().get(0));
      Type result;
      switch (fn) {
        case "add":
        case "remove":
        case "list_add_rcu":
        case "list_del_rcu": {
          Type a1 = expr(c.args().get(1));
          if (a0 instanceof Type.SetT st) {
            expect(a1, new Type.Obj(st.elem()), c.args().get(1).span());
            narrow(c.args().get(1), new Type.Obj(st.elem()));
            if (a1 instanceof Type.Obj o) {
              narrow(c.args().get(0), new Type.SetT(o.struct()));
            }
          } else if (!(a0 instanceof Type.Error)) {
            report(() -> diags.typeMismatch(c.args().get(0).span(), "a set", a0.describe()));
          }
          result = Type.VOID;
          break;
        }
        case "push": {
          Type a1 = expr(c.args().get(1));
          if (a0 instanceof Type.QueueT q && !q.list()) {
            expect(a1, new Type.Obj(q.elem()), c.args().get(1).span());
          } else if (a0 instanceof Type.QueueT) {
            report(() -> diags.typeMismatch(c.args().get(0).span(), "a queue", a0.describe(), "add to a list with `list_add_tail(l, x)` or `list_add(l, x)`"));
          } else if (!(a0 instanceof Type.Error)) {
            report(() -> diags.typeMismatch(c.args().get(0).span(), "a queue", a0.describe()));
          }
          result = Type.VOID;
          break;
        }
        case "list_add":
        case "list_add_tail":
        case "list_del": {
          Type a1 = expr(c.args().get(1));
          if (a0 instanceof Type.QueueT q && q.list()) {
            expect(a1, new Type.Obj(q.elem()), c.args().get(1).span());
            narrow(c.args().get(1), new Type.Obj(q.elem()));
          } else if (!(a0 instanceof Type.Error)) {
            report(() -> diags.typeMismatch(c.args().get(0).span(), "a list", a0.describe(),
                a0 instanceof Type.SetT ? "declare it `list NAME of STRUCT` for an ordered kernel list, or use add/remove on a set" : null));
          }
          result = Type.VOID;
          break;
        }
        case "get_not_zero":
          if (!(a0 instanceof Type.RefCount) && !(a0 instanceof Type.Error)) {
            report(() -> diags.notARefcount(c.args().get(0).span(), c.args().get(0).span().text()));
          }
          result = Type.BOOL;
          break;
        case "pop":
          if (a0 instanceof Type.QueueT q) {
            result = new Type.Obj(q.elem());
          } else {
            if (!(a0 instanceof Type.Error)) {
              report(() -> diags.typeMismatch(c.args().get(0).span(), "a queue", a0.describe()));
            }
            result = Type.ERROR;
          }
          break;
        case "pick":
        case "rcu_pick":
          if (a0 instanceof Type.SetT st && st.elem() != null) {
            result = new Type.Obj(st.elem());
          } else {
            if (!(a0 instanceof Type.Error)) {
              report(() -> diags.typeMismatch(c.args().get(0).span(), "a set of objects", a0.describe()));
            }
            result = Type.ERROR;
          }
          break;
        case "assert":
          expect(a0, Type.BOOL, c.args().get(0).span());
          result = Type.VOID;
          break;
        case "queue_work":
          if (c.args().get(0) instanceof Expr.Name n && program.names.get(n) instanceof Symbol.WorkSym w) {
            queued.add(w);
          }
          // fall through
        case "flush_work":
          if (!(a0 instanceof Type.Work) && !(a0 instanceof Type.Error)) {
            report(() -> diags.typeMismatch(c.args().get(0).span(), "a work item", a0.describe(), "declare one with `work NAME: FN`"));
          }
          result = Type.VOID;
          break;
        default:
          result = Type.ERROR;
      }
      types.put(c, result);
      return result;
    }

    /** `call_rcu(obj, FN)`: FN's parameter takes obj's type; FN's body is checked once. */
    private Type callRcu(Expr.Call c) {
      Type obj = expr(c.args().get(0));
      if (!(obj instanceof Type.Obj o && o.struct() != null) && !(obj instanceof Type.Error)) {
        report(() -> diags.typeMismatch(c.args().get(0).span(), "an object", obj.describe()));
      }
      FnSym f = program.rcuCallbacks.get(c);
      if (f == null) {
        return Type.VOID;
      }
      Symbol.LocalSym p = f.params.get(0);
      Type before = p.type;
      refine(p, obj);
      if (p.type == before) {
        expect(obj, p.type, c.args().get(0).span());
      }
      narrow(c.args().get(0), p.type);
      if (!quiet && !f.checked) {
        f.checked = true;
        new Body(f, false).block(f.decl.body());
      }
      return Type.VOID;
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
        report(() -> diags.typeMismatch(e.obj().span(), "an object", o.describe(), o.equals(Type.NULL) ? noStruct(e.obj(), "`null` has no fields") : null));
        return Type.ERROR;
      }
      FieldSym f = obj.struct().fields().get(e.field().text());
      if (f == null) {
        report(() -> diags.unknownField(e.field().span(), obj.struct().name(), e.field().text(), Resolver.suggest(e.field().text(), obj.struct().fields().keySet())));
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
        report(() -> diags.wrongArity(e.span(), fn, arity, e.args().size()));
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
            report(() -> diags.typeMismatch(a.span(), "a struct name", "an expression", "write `live(STRUCT)`"));
          }
          return Type.ERROR;
        }
        return new Type.SetT(s);
      }
      Type t = expr(a);
      switch (fn) {
        case "count":
          if (!(t instanceof Type.SetT) && !(t instanceof Type.QueueT) && !(t instanceof Type.Error)) {
            report(() -> diags.typeMismatch(a.span(), "a set or queue", t.describe()));
          }
          return Type.INT;
        case "head":
          if (t instanceof Type.QueueT q) {
            return new Type.Obj(q.elem());
          }
          if (!(t instanceof Type.Error)) {
            report(() -> diags.typeMismatch(a.span(), "a queue or list", t.describe()));
          }
          return Type.ERROR;
        case "list_empty":
          if (!(t instanceof Type.QueueT) && !(t instanceof Type.Error)) {
            report(() -> diags.typeMismatch(a.span(), "a list or queue", t.describe(), t instanceof Type.SetT ? "for a set: `count(s) == 0`" : null));
          }
          return Type.BOOL;
        case "refs":
          if (!(t instanceof Type.RefCount) && !(t instanceof Type.Error)) {
            report(() -> diags.notARefcount(a.span(), a.span().text()));
          }
          return Type.INT;
        default:
          return Type.ERROR;
      }
    }

    public Type visitUnary(Expr.Unary e) {
      Type t = expr(e.operand());
      if (e.op() == Expr.UnOp.NOT) {
        expect(t, Type.BOOL, e.operand().span());
        return Type.BOOL;
      }
      expect(t, Type.INT, e.operand().span());
      return Type.INT;
    }

    public Type visitBinary(Expr.Binary e) {
      Type l = expr(e.left());
      Type r = expr(e.right());
      switch (e.op()) {
        case ADD: case SUB: case MUL: case DIV: case MOD:
          expect(l, Type.INT, e.left().span());
          expect(r, Type.INT, e.right().span());
          return Type.INT;
        case LT: case LE: case GT: case GE:
          expect(l, Type.INT, e.left().span());
          expect(r, Type.INT, e.right().span());
          return Type.BOOL;
        case AND: case OR: case IMPLIES:
          expect(l, Type.BOOL, e.left().span());
          expect(r, Type.BOOL, e.right().span());
          return Type.BOOL;
        case EQ: case NE:
          if (l instanceof Type.Lock || r instanceof Type.Lock) {
            // `l == null`: nobody holds the lock (the shape of most kernel invariants)
            Expr other = l instanceof Type.Lock ? e.right() : e.left();
            Type ot = l instanceof Type.Lock ? r : l;
            if (!(other instanceof Expr.NullLit) && !(ot instanceof Type.Error)) {
              report(() -> diags.typeMismatch(other.span(), "null", ot.describe(),
                  "a lock compares only with null: `l == null` when nobody holds it, `l != null` when some thread does"));
            }
            return Type.BOOL;
          }
          if (!l.accepts(r) && !r.accepts(l) && !(Type.isIntLike(l) && Type.isIntLike(r))) {
            report(() -> diags.typeMismatch(e.right().span(), l.describe(), r.describe(), "`" + e.op().symbol + "` compares values of the same type"));
          }
          if (l instanceof Type.QueueT) {
            report(() -> diags.typeMismatch(e.left().span(), "a comparable value", l.describe()));
          }
          narrow(e.left(), r);
          narrow(e.right(), l);
          return Type.BOOL;
        case IN: case NOT_IN:
          if (r instanceof Type.SetT st) {
            expect(l, new Type.Obj(st.elem()), e.left().span());
            narrow(e.left(), new Type.Obj(st.elem()));
            if (l instanceof Type.Obj o) {
              narrow(e.right(), new Type.SetT(o.struct()));
            }
          } else if (r instanceof Type.QueueT q) {
            expect(l, new Type.Obj(q.elem()), e.left().span());
          } else if (!(r instanceof Type.Error)) {
            report(() -> diags.typeMismatch(e.right().span(), "a set or queue", r.describe()));
          }
          return Type.BOOL;
        case UNION: case INTER: case MINUS:
          if (!(l instanceof Type.SetT) && !(l instanceof Type.Error)) {
            report(() -> diags.typeMismatch(e.left().span(), "a set", l.describe()));
            return Type.ERROR;
          }
          if (!(r instanceof Type.SetT) && !(r instanceof Type.Error)) {
            report(() -> diags.typeMismatch(e.right().span(), "a set", r.describe()));
            return Type.ERROR;
          }
          if (!l.accepts(r)) {
            report(() -> diags.typeMismatch(e.right().span(), l.describe(), r.describe()));
          }
          if (l instanceof Type.SetT ls && ls.elem() != null) {
            return l;
          }
          return r instanceof Type.SetT ? r : l;
        default:
          return Type.ERROR;
      }
    }

    /**
     * `pick({0, 1, 2})`: any of the listed integers (or booleans), a branch per value; the
     * literal is not a set of objects, so it is typed here and not by visitSetLit.
     */
    private Type pickValue(Expr.SetLit lit, Type elem) {
      for (Expr x : lit.elems().subList(1, lit.elems().size())) {
        Type t = expr(x);
        if (!t.getClass().equals(elem.getClass()) && !(t instanceof Type.Error)) {
          report(() -> diags.typeMismatch(x.span(), elem.describe() + " like the set's first element", t.describe(),
              "`pick` chooses among objects of a set, or among integer or boolean values listed in `{…}`"));
          return Type.ERROR;
        }
      }
      types.put(lit, new Type.SetT(null));
      return elem;
    }

    public Type visitSetLit(Expr.SetLit e) {
      StructSym elem = null;
      for (Expr x : e.elems()) {
        Type t = expr(x);
        if (t instanceof Type.Obj o && o.struct() != null) {
          if (elem != null && elem != o.struct()) {
            report(() -> diags.typeMismatch(x.span(), "an object of the set's struct", t.describe()));
          }
          elem = o.struct();
        } else if (!(t instanceof Type.Error)) {
          report(() -> diags.typeMismatch(x.span(), "an object", t.describe(), "sets hold object references"));
        }
      }
      return new Type.SetT(elem);
    }

    public Type visitSetComp(Expr.SetComp e) {
      Type s = expr(e.set());
      bindVar(e.var(), e.pred(), s, e.set().span());
      expect(expr(e.pred()), Type.BOOL, e.pred().span());
      Type elem = learnElement(e.var(), e.pred(), e.set(), s);
      return elem instanceof Type.Obj o ? new Type.SetT(o.struct()) : Type.ERROR;
    }

    public Type visitQuant(Expr.Quant e) {
      Type s = expr(e.set());
      bindVar(e.var(), e.body(), s, e.set().span());
      expect(expr(e.body()), Type.BOOL, e.body().span());
      learnElement(e.var(), e.body(), e.set(), s);
      return Type.BOOL;
    }

    public Type visitClosure(Expr.Closure e) {
      Type roots = expr(e.roots());
      Type elem = bindVar(e.var(), e.step(), roots, e.roots().span());
      Type step = expr(e.step());
      learnElement(e.var(), e.step(), e.roots(), roots);
      if (!(step instanceof Type.Error) && !(elem instanceof Type.Error) && !step.accepts(roots)) {
        report(() -> diags.typeMismatch(e.step().span(), roots.describe(), step.describe(), "each step must give a set of the same objects as the roots"));
      }
      return roots instanceof Type.SetT ? roots : Type.ERROR;
    }

    /**
     * After the body of a quantifier or comprehension: when the set's element type was not
     * known but the body's use of the bound variable tells it, the set learns it (see
     * {@link #narrow}). Returns the bound variable's type.
     */
    private Type learnElement(dev.inflight.translator.ast.Ident var, Expr body, Expr setExpr, Type set) {
      Symbol.BoundSym b = boundSym(var, body);
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
        report(() -> diags.typeMismatch(setSpan, "a set", set.describe()));
      }
      Symbol.BoundSym b = boundSym(var, body);
      if (b != null) {
        b.type = elem;
      }
      return elem;
    }

    public Type visitError(Expr.Error e) {
      return Type.ERROR;
    }
  }

  /** The BoundSym a binder introduced, found through its uses in {@code body}; null if unused. */
  private Symbol.BoundSym boundSym(dev.inflight.translator.ast.Ident var, Expr body) {
    if (body == null || var == null) {
      return null;
    }
    Symbol.BoundSym[] found = {null};
    AstWalk.exprs(body, x -> {
      if (x instanceof Expr.Name n && program.names.get(n) instanceof Symbol.BoundSym b && b.ident == var) {
        found[0] = b;
      }
    });
    return found[0];
  }


}

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rejects a model too large to translate once its functions are inlined (E0410).
 *
 * <p>Every call is a copy: a statement function's body is inlined at each call site
 * (CfgBuilder), so is a release function at each {@code put} of its field, and an expression
 * function's expression is written out at each call with the arguments in place of the
 * parameters (ExprGen#expand), an argument once per use of its parameter. A function that calls
 * another twice doubles in size at each level, so a model of 40 lines can stand for 2^40 nodes,
 * and the checker's inference, the lowering and the module would all take that long. This pass
 * measures the inlined size of every function, thread, the init block and property, bottom-up
 * and saturating, in nodes of the syntax tree (each expression and statement node one), and
 * reports the place where a size first passes {@link #NODE_LIMIT} or {@link #STATEMENT_LIMIT}: a call whose callee and arguments
 * are each within it, else the function body, thread or property whose parts are: one mistake,
 * one message, never the calls of a function already reported.
 *
 * <p>An expression function's size is linear in its arguments' sizes: a constant part and, per
 * parameter, how many times the fully expanded expression reads it. A statement function's
 * parameters are its frame's locals, assigned once: its arguments are counted once, at the call.
 * A {@code put} of a field called {@code r} counts the largest release function of any field
 * called {@code r} (the struct is not known before typing; an upper bound is enough here). Runs
 * after RecursionCheck: a cycle it reported counts its closing call as empty.
 */
final class InlineSize {
  /**
   * Syntax nodes one call, function, thread or property may stand for once inlined; of them,
   * statements (each a step or part of one: far dearer to lower than an expression's node). The
   * largest example, examples/bugs/cve_2025_38236/fixed.ifl's `victim` thread, stands for 3,406
   * nodes and 797 statements. Whole-process `inflight translate`, one run each (2026-12-07, this
   * 2-core machine): a chain of functions each calling the next twice took 6.8 s and 0.8 GB at
   * 12,286 statements (36,862 nodes), 43 s and 2.4 GB at 49,150; expression functions doubling
   * the same way 1.5 s at 131,072 nodes.
   */
  static final long NODE_LIMIT = 200_000;
  static final long STATEMENT_LIMIT = 10_000;
  private static final long CAP = Long.MAX_VALUE / 4;

  private final Program program;
  private final Diagnostics diags;
  private final Map<FnSym, Size> sizes = new IdentityHashMap<>();
  private final Map<FnSym, Boolean> active = new IdentityHashMap<>();

  /**
   * A size linear in the parameters of the expression function being measured: {@code c} nodes
   * plus {@code uses[i]} copies of parameter i's argument; {@code over} when a part of it was
   * already reported (or is too large on its own), so nothing containing it reports again.
   */
  private record Size(long c, long[] uses, long stmts, boolean over) {
    boolean tooLarge() {
      return total() > NODE_LIMIT || stmts > STATEMENT_LIMIT;
    }

    long total() {
      long t = c;
      for (long u : uses) {
        t = add(t, u);
      }
      return t;
    }
  }

  InlineSize(Program program, Diagnostics diags) {
    this.program = program;
    this.diags = diags;
  }

  /** Measures every root; reports each place where the inlined size first passes the limit. */
  void check() {
    for (FnSym f : program.fns.values()) {
      fn(f);
    }
    if (program.init != null) {
      root(program.init.decl.body(), program.init.decl.name().span(), "the init block");
    }
    for (ThreadSym t : program.threads) {
      if (t.decl.body() != null) {
        root(t.decl.body(), t.decl.name().span(), "thread `" + t.name() + "`");
      }
    }
    for (Decl.Property p : program.properties) {
      Size s = expr(p.cond(), List.of());
      report(s, p.name().span(), "property `" + p.name().text() + "`", () -> new Measure(List.of(), false).expr(p.cond()));
    }
  }

  private void root(Block body, Span at, String what) {
    report(block(body, List.of()), at, what, () -> new Measure(List.of(), false).block(body));
  }

  /**
   * Reports {@code s} if it passes a limit and nothing inside it was reported; {@code own} is the
   * size without inlining, which says whether the calls made it large or the text itself is.
   */
  private Size report(Size s, Span at, String what, java.util.function.Supplier<Size> own) {
    if (!s.over() && s.tooLarge()) {
      boolean inlined = !own.get().tooLarge();
      if (s.stmts() > STATEMENT_LIMIT) {
        diags.tooLargeInlined(at, what, s.stmts(), "statements", STATEMENT_LIMIT, inlined);
      } else {
        diags.tooLargeInlined(at, what, s.total(), "syntax nodes", NODE_LIMIT, inlined);
      }
      return new Size(s.c(), s.uses(), s.stmts(), true);
    }
    return s;
  }

  /** The inlined size of a function (for an expression function, linear in its parameters). */
  private Size fn(FnSym f) {
    Size known = sizes.get(f);
    if (known != null) {
      return known;
    }
    if (active.containsKey(f)) {
      return new Size(0, new long[f.params.size()], 0, false); // a cycle: RecursionCheck reports it
    }
    active.put(f, Boolean.TRUE);
    Expr e = f.expression();
    Size s = e != null ? expr(e, f.params) : block(f.decl.body(), List.of());
    if (e == null) {
      s = new Size(s.c(), new long[f.params.size()], s.stmts(), s.over());
    }
    s = report(s, f.decl.name().span(), "function `" + f.name() + "`",
        () -> e != null ? new Measure(f.params, false).expr(e) : new Measure(List.of(), false).block(f.decl.body()));
    active.remove(f);
    sizes.put(f, s);
    return s;
  }

  private Size block(Block b, List<Symbol.LocalSym> params) {
    return new Measure(params).block(b);
  }

  private Size expr(Expr e, List<Symbol.LocalSym> params) {
    return new Measure(params).expr(e);
  }

  /** The largest release function of a field with this name (the struct is not known yet). */
  private Size release(String field, List<Symbol.LocalSym> params) {
    Size best = zero(params);
    for (StructSym st : program.structs.values()) {
      FieldSym f = st.fields().get(field);
      if (f != null && f.release != null) {
        Size r = fn(f.release);
        if (r.over() || r.total() > best.total()) {
          best = new Size(Math.max(r.total(), best.total()), new long[params.size()], Math.max(r.stmts(), best.stmts()), r.over() || best.over());
        }
      }
    }
    return best;
  }

  /**
   * Sizes inside one body: linear in {@code params}, the parameters of the expression function
   * being measured (none elsewhere: a statement function's parameters are plain locals).
   */
  private final class Measure implements Expr.Visitor<Size>, Stmt.Visitor<Size> {
    private final List<Symbol.LocalSym> params;
    /** False: a call counts as its arguments, a `put` without its release function (the text's own size). */
    private final boolean inline;

    Measure(List<Symbol.LocalSym> params) {
      this(params, true);
    }

    Measure(List<Symbol.LocalSym> params, boolean inline) {
      this.params = params;
      this.inline = inline;
    }

    Size block(Block b) {
      Size sum = zero(params);
      if (b != null) {
        for (Stmt s : b.stmts()) {
          sum = plus(sum, s.accept(this));
        }
      }
      return sum;
    }

    Size expr(Expr e) {
      return e == null ? zero(params) : e.accept(this);
    }

    /** One node with these parts. */
    private Size node(Size... parts) {
      Size sum = new Size(1, new long[params.size()], 0, false);
      for (Size p : parts) {
        sum = plus(sum, p);
      }
      return sum;
    }

    /** One statement with these parts. */
    private Size stmt(Size... parts) {
      Size n = node(parts);
      return new Size(n.c(), n.uses(), add(n.stmts(), 1), n.over());
    }

    // ---- statements ----

    public Size visitAssign(Stmt.Assign s) {
      return stmt(expr(s.target()), expr(s.value()));
    }

    public Size visitAlloc(Stmt.Alloc s) {
      return stmt(expr(s.target()));
    }

    public Size visitRefOp(Stmt.RefOp s) {
      Size own = stmt(expr(s.target()));
      return !inline || s.isGet() || !(s.target() instanceof Expr.Field f) ? own : plus(own, release(f.field().text(), params));
    }

    public Size visitFree(Stmt.Free s) {
      return stmt(expr(s.target()));
    }

    public Size visitTouch(Stmt.Touch s) {
      return stmt(expr(s.target()));
    }

    public Size visitIf(Stmt.If s) {
      return stmt(expr(s.cond()), block(s.then()), block(s.orElse()));
    }

    public Size visitWhile(Stmt.While s) {
      return stmt(expr(s.cond()), expr(s.bound()), block(s.body()));
    }

    public Size visitFor(Stmt.For s) {
      return stmt(expr(s.collection()), block(s.body()));
    }

    public Size visitEither(Stmt.Either s) {
      return stmt(s.branches().stream().map(this::block).toArray(Size[]::new));
    }

    public Size visitAwait(Stmt.Await s) {
      return stmt(expr(s.cond()));
    }

    public Size visitAtomic(Stmt.Atomic s) {
      return stmt(block(s.body()));
    }

    public Size visitLoop(Stmt.Loop s) {
      return stmt(block(s.body()));
    }

    public Size visitLockOp(Stmt.LockOp s) {
      return stmt(expr(s.target()));
    }

    public Size visitReturn(Stmt.Return s) {
      return stmt(expr(s.value()));
    }

    public Size visitCall(Stmt.Call s) {
      return stmt(expr(s.call()));
    }

    public Size visitCost(Stmt.Cost s) {
      return stmt(expr(s.amount()));
    }

    public Size visitError(Stmt.Error s) {
      return stmt();
    }

    // ---- expressions ----

    public Size visitInt(Expr.IntLit e) {
      return node();
    }

    public Size visitBool(Expr.BoolLit e) {
      return node();
    }

    public Size visitNull(Expr.NullLit e) {
      return node();
    }

    public Size visitName(Expr.Name e) {
      Symbol s = program.names.get(e);
      int i = s == null ? -1 : params.indexOf(s);
      if (i < 0) {
        return node();
      }
      long[] uses = new long[params.size()];
      uses[i] = 1;
      return new Size(0, uses, 0, false);
    }

    public Size visitField(Expr.Field e) {
      return node(expr(e.obj()));
    }

    /**
     * A call: a built-in is its arguments; a statement function its inlined body plus its
     * arguments once; an expression function its expression with each argument copied once per
     * use of its parameter (and generated at least once).
     */
    public Size visitCall(Expr.Call c) {
      FnSym g = program.calls.get(c);
      if (g == null || !inline) {
        return node(c.args().stream().map(this::expr).toArray(Size[]::new));
      }
      Size body = fn(g);
      boolean expression = g.expression() != null;
      Size sum = node(new Size(body.c(), new long[params.size()], body.stmts(), body.over()));
      for (int i = 0; i < c.args().size(); i++) {
        long copies = expression && i < body.uses().length ? Math.max(1, body.uses()[i]) : 1;
        sum = plus(sum, times(expr(c.args().get(i)), copies));
      }
      return report(sum, c.span(), "this call of `" + g.name() + "`", () -> zero(params));
    }

    public Size visitUnary(Expr.Unary e) {
      return node(expr(e.operand()));
    }

    public Size visitBinary(Expr.Binary e) {
      return node(expr(e.left()), expr(e.right()));
    }

    public Size visitSetLit(Expr.SetLit e) {
      return node(e.elems().stream().map(this::expr).toArray(Size[]::new));
    }

    public Size visitSetComp(Expr.SetComp e) {
      return node(expr(e.set()), expr(e.pred()));
    }

    public Size visitQuant(Expr.Quant e) {
      return node(expr(e.set()), expr(e.body()));
    }

    public Size visitClosure(Expr.Closure e) {
      return node(expr(e.roots()), expr(e.step()));
    }

    public Size visitError(Expr.Error e) {
      return node();
    }
  }

  private static Size zero(List<Symbol.LocalSym> params) {
    return new Size(0, new long[params.size()], 0, false);
  }

  private static Size plus(Size a, Size b) {
    long[] u = new long[a.uses().length];
    for (int i = 0; i < u.length; i++) {
      u[i] = add(a.uses()[i], b.uses()[i]);
    }
    return new Size(add(a.c(), b.c()), u, add(a.stmts(), b.stmts()), a.over() || b.over());
  }

  private static Size times(Size a, long k) {
    long[] u = new long[a.uses().length];
    for (int i = 0; i < u.length; i++) {
      u[i] = mul(a.uses()[i], k);
    }
    return new Size(mul(a.c(), k), u, mul(a.stmts(), k), a.over());
  }

  private static long add(long a, long b) {
    return Math.min(CAP, a + b);
  }

  private static long mul(long a, long b) {
    return a != 0 && b > CAP / a ? CAP : Math.min(CAP, a * b);
  }
}

package dev.inflight.translator.check;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.Builtins;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Resolved;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import java.util.List;
import java.util.Map;

/**
 * Types and well-formedness: evaluates constants (with `--set` overrides), types every
 * expression, infers local and parameter types, and checks loop bounds, pool bounds and the
 * other structural rules lowering relies on.
 *
 * <p>This class runs the phase: declarations are typed by {@link Declarations}, thread and
 * function bodies by {@link BodyChecker} (statements), {@link ExprTyper} (expressions and calls
 * of user functions) and {@link Procedures} (built-in procedures); what they share is a
 * {@link CheckContext}.
 */
public final class Checker {
  private final CheckContext ctx;
  private final Program program;
  private final Diagnostics diags;
  private final ConstEval consts;
  private final Declarations decls;
  /** Inference rounds stop here even if types still change (each round only refines them). */
  private static final int MAX_INFERENCE_ROUNDS = 16;

  private Checker(Program program, Diagnostics diags) {
    this.ctx = new CheckContext(program, diags);
    this.program = program;
    this.diags = diags;
    this.consts = ctx.consts;
    this.decls = new Declarations(ctx);
  }

  public static Checked check(Resolved resolved, Map<String, String> overrides, Diagnostics diags) {
    Checker c = new Checker(resolved.program(), diags);
    c.run(overrides);
    CheckContext x = c.ctx;
    return new Checked(resolved.program(), x.types, x.loopBounds, x.derivedLoops, x.unboundedLoops);
  }

  private void run(Map<String, String> overrides) {
    Program p = program;
    if (p.modelName == null) {
      String path = p.root().source().path();
      String base = path.substring(path.lastIndexOf('/') + 1);
      p.modelName = base.endsWith(".ifl") ? base.substring(0, base.length() - 4) : base;
      p.modelName = p.modelName.replaceAll("[^A-Za-z0-9_]", "_");
    }
    decls.evalConsts(overrides);
    for (StructSym s : p.structs.values()) {
      decls.fieldTypes(s);
    }
    for (Symbol.GlobalSym g : p.globals.values()) {
      g.type = decls.memberType(g.member);
    }
    for (ThreadSym t : p.threads) {
      if (t.decl.count() != null) {
        t.count = ctx.positiveConst(t.decl.count(), "a thread count");
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
          Type declared = decls.declaredParamType(f.release, 0);
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
        Type declared = decls.declaredParamType(f, i);
        if (declared != null) {
          f.params.get(i).type = declared;
        }
      }
    }
    // Infer locals quietly (at least twice, to reach a fixpoint through loops, and on while
    // a round still learns something), then check loudly.
    ctx.quiet = true;
    for (int round = 0; round < 2 || (ctx.inferred && round < MAX_INFERENCE_ROUNDS); round++) {
      ctx.inferred = false;
      if (p.init != null) {
        new BodyChecker(ctx, p.init, false).block(p.init.decl.body());
      }
      // Properties may call expression functions: their parameters learn types here too.
      for (Decl.Property prop : p.properties) {
        new ExprTyper(ctx, null, false).expr(prop.cond());
      }
      for (ThreadSym t : p.threads) {
        new BodyChecker(ctx, t, false).block(t.decl.body());
        if (t.rcuCallbacks != null) {
          // A callback thread runs its functions even when the call_rcu queueing one sits in code
          // no thread calls: what it passes on must be typed from its own parameter.
          for (FnSym cb : t.rcuCallbacks) {
            new BodyChecker(ctx, cb, false).block(cb.decl.body());
          }
        }
      }
    }
    ctx.quiet = false;
    if (p.init != null) {
      new BodyChecker(ctx, p.init, false).block(p.init.decl.body());
    }
    for (ThreadSym t : p.threads) {
      new BodyChecker(ctx, t, false).block(t.decl.body());
    }
    new InitRules(p, diags, ctx.types::get).check();
    for (FnSym f : p.fns.values()) {
      if (!f.checked) {
        f.checked = true;
        new BodyChecker(ctx, f, false).block(f.decl.body());
      }
      // Library files define more than one model uses: only the model's own functions warn
      // (and not when a thread was dropped for another error: its calls were never seen).
      if (!f.used && f.decl.span().file() == p.root().source() && !UnusedDeclarations.threadDropped(p)) {
        diags.unusedFunction(f.decl.name().span(), f.name());
      }
    }
    UnusedDeclarations.report(p, ctx.queued, diags);
    for (Decl.Property prop : p.properties) {
      ctx.expect(new ExprTyper(ctx, null, false).expr(prop.cond()), Type.BOOL, prop.cond().span());
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
    new PoolBounds(p, diags, ctx.loopBounds).compute();
  }

  /** Latency bounds are constant integers, `when` a boolean over the op's parameters; CPUs fit. */
  private void checkCostModel(Program p) {
    for (Decl.Latency l : p.cost.latencies) {
      if (l.bound() != null) {
        ctx.expect(new ExprTyper(ctx, null, false).expr(l.bound()), Type.INT, l.bound().span());
        Object bound = consts.eval(l.bound());
        if (!(bound instanceof Long)) {
          consts.notConstant(l.bound(), diags);
        } else if ((Long) bound >= Integer.MAX_VALUE || (Long) bound < Integer.MIN_VALUE) {
          diags.valueTooLarge(l.bound().span(), (Long) bound); // the totals' cap is the largest bound + 1 (LatencyCap)
        }
      }
      List<FnSym> fns = p.cost.ops.get(l.op().text());
      if (l.when() != null && fns != null && fns.size() == 1) {
        ctx.expect(new ExprTyper(ctx, fns.get(0), false).expr(l.when()), Type.BOOL, l.when().span());
      }
    }
    for (ThreadSym t : p.threads) {
      if (t.decl.cpu() != null) {
        Object v = consts.eval(t.decl.cpu());
        if (v instanceof Long n && n >= 0) {
          t.cpu = (int) (long) n;
        } else {
          consts.notConstant(t.decl.cpu(), diags);
        }
      }
    }
  }
}

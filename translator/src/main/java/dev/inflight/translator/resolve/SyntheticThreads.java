package dev.inflight.translator.resolve;

import static dev.inflight.translator.resolve.Resolver.DEFAULT_RCU_CALLBACK_CPUS;
import static dev.inflight.translator.resolve.Resolver.RCU_CALLBACK_CPUS;
import static dev.inflight.translator.resolve.Resolver.RCU_CALLBACK_THREADS;
import static dev.inflight.translator.resolve.Resolver.suggest;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The threads (and flags) a model implies without declaring them: a work item's worker and the
 * RCU callback threads, made as resolved AST and symbols in the top-level namespace.
 */
final class SyntheticThreads {
  private final Program program;
  private final Diagnostics diags;
  /** Top-level names → where declared (one namespace for consts, globals, structs, threads, fns). */
  private final Map<String, Span> topNames;

  SyntheticThreads(ResolveContext cx) {
    this.program = cx.program;
    this.diags = cx.diags;
    this.topNames = cx.topNames;
  }

  /**
   * A work item becomes two flags and a daemon worker thread, all written in the DSL's own
   * AST (with the work declaration's span), so they are resolved, checked and lowered like
   * any other code:
   *
   * <pre>
   * var W_pending = false
   * var W_running = false
   * daemon thread W_worker {
   *   loop {
   *     atomic { await W_pending; W_pending = false; W_running = true }
   *     FN()
   *     W_running = false
   *   }
   * }
   * </pre>
   */
  void synthesizeWorkers() {
    for (Symbol.WorkSym w : program.works.values()) {
      Span at = w.decl.span();
      FnSym fn = w.decl.fn() == null ? null : program.fns.get(w.decl.fn().text());
      if (fn == null) {
        if (w.decl.fn() != null) {
          diags.unknownFunction(w.decl.fn().span(), w.decl.fn().text(), suggest(w.decl.fn().text(), program.fns.keySet()));
        }
        continue;
      }
      if (!fn.params.isEmpty()) {
        fn.used = true; // named: not also "never called"
        diags.badCallback(w.decl.fn().span(), "work function", fn.name(), fn.params.size(), "no parameters", "");
        continue;
      }
      w.fn = fn;
      fn.used = true;
      String base = w.name();
      w.pending = syntheticGlobal(base + "_pending", at);
      w.running = syntheticGlobal(base + "_running", at);
      Expr.Name p1 = ref(w.pending, at);
      Expr.Name p2 = ref(w.pending, at);
      Expr.Name r1 = ref(w.running, at);
      Expr.Name r2 = ref(w.running, at);
      Expr.Call call = new Expr.Call(new Ident(fn.name(), at), List.of(), at);
      program.calls.put(call, fn);
      Block take = new Block(List.of(
          new Stmt.Await(p1, at),
          new Stmt.Assign(p2, new Expr.BoolLit(false, at), at),
          new Stmt.Assign(r1, new Expr.BoolLit(true, at), at)), at);
      Block body = new Block(List.of(
          new Stmt.Atomic(take, at),
          new Stmt.Call(call, at),
          new Stmt.Assign(r2, new Expr.BoolLit(false, at), at)), at);
      Block thread = new Block(List.of(new Stmt.Loop(body, at)), at);
      Ident name = new Ident(base + "_worker", at);
      if (topNames.containsKey(name.text())) {
        diags.duplicate(w.decl.name().span(), "work item worker", name.text(), topNames.get(name.text()));
        continue;
      }
      topNames.put(name.text(), at);
      ThreadSym t = new ThreadSym(new Decl.Thread(name, null, thread, true, null, at));
      t.worker = w;
      program.threads.add(t);
      w.pendingRef = ref(w.pending, at);
      w.runningRef = ref(w.running, at);
    }
  }

  private Symbol.GlobalSym syntheticGlobal(String name, Span at) {
    Ident id = new Ident(name, at);
    if (topNames.containsKey(name)) {
      diags.duplicate(at, "global", name, topNames.get(name));
    }
    topNames.put(name, at);
    Symbol.GlobalSym g = new Symbol.GlobalSym(new Member.Plain(id, null, new Expr.BoolLit(false, at), at));
    program.globals.put(name, g);
    return g;
  }

  private Expr.Name ref(Symbol.GlobalSym g, Span at) {
    Expr.Name n = new Expr.Name(new Ident(g.name(), at), at);
    program.names.put(n, g);
    return n;
  }

  /**
   * RCU callbacks run on the daemon threads `rcu_cb[RCU_CALLBACK_CPUS]` (docs/semantics.md,
   * "RCU"): each takes any pending callback whose grace period has elapsed and runs it, so
   * ready callbacks run in any order, and up to RCU_CALLBACK_CPUS of them (2 unless the model
   * declares the const, or --set gives it) at the same time, two of the same function included.
   * Lowered specially: see CfgBuilder.
   */
  void synthesizeRcuCallbackThreads() {
    if (program.rcuCallbackFns.isEmpty()) {
      return;
    }
    FnSym first = program.rcuCallbackFns.iterator().next();
    Span at = first.decl.span();
    if (topNames.containsKey(RCU_CALLBACK_THREADS)) {
      diags.duplicate(first.decl.name().span(), "RCU callback thread", RCU_CALLBACK_THREADS, topNames.get(RCU_CALLBACK_THREADS));
      return;
    }
    topNames.put(RCU_CALLBACK_THREADS, at);
    Symbol.ConstSym cpus = program.consts.get(RCU_CALLBACK_CPUS);
    if (cpus == null) {
      cpus = new Symbol.ConstSym(new Decl.Const(new Ident(RCU_CALLBACK_CPUS, at), new Expr.IntLit(DEFAULT_RCU_CALLBACK_CPUS, at), at));
      program.consts.put(RCU_CALLBACK_CPUS, cpus);
    }
    Expr.Name count = new Expr.Name(new Ident(RCU_CALLBACK_CPUS, at), at);
    program.names.put(count, cpus);
    ThreadSym t = new ThreadSym(new Decl.Thread(new Ident(RCU_CALLBACK_THREADS, at), count, new Block(List.of(), at), true, null, at));
    t.rcuCallbacks = new ArrayList<>(program.rcuCallbackFns);
    program.threads.add(t);
  }
}

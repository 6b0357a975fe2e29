package dev.inflight.translator.check;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Type;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What the `init` block may run (docs/semantics.md, "The init block"): it is one atomic step by
 * no thread, so nothing that blocks, waits for other threads or needs a thread of its own —
 * `await`, `lock`/`unlock`, RCU read-side sections, `synchronize_rcu`, `rcu_barrier`,
 * `call_rcu`, `queue_work`, `flush_work`, `loop`, and `return` outside a function. Each such
 * statement is one E0408 where it stands; a call of a function (or a `put` whose release
 * function) that runs one is one E0408 at the call, naming the first such statement.
 */
final class InitRules {
  /** A statement init cannot run: its name and what it would need. */
  private record Offence(String what, String why, Span at) {}

  private final Program program;
  private final Diagnostics diags;
  private final Function<Expr, Type> typeOf;
  /** Per function: the first statement in it (or a function it calls) that init cannot run, if any. */
  private final Map<FnSym, Offence> inFn = new HashMap<>();

  InitRules(Program program, Diagnostics diags, Function<Expr, Type> typeOf) {
    this.program = program;
    this.diags = diags;
    this.typeOf = typeOf;
  }

  void check() {
    if (program.init == null) {
      return;
    }
    walk(program.init.decl.body(), true);
  }

  /** Reports every offence in the init body itself; {@code report} false: only finds the first (a function's). */
  private Offence walk(Block b, boolean report) {
    Offence[] first = {null};
    AstWalk.stmts(b, st -> {
      if (first[0] != null && !report) {
        return;
      }
      Offence direct = direct(st, !report);
      if (direct != null) {
        if (report) {
          diags.notInInit(direct.at(), direct.what(), direct.why(), null);
        }
        first[0] = first[0] == null ? direct : first[0];
        return;
      }
      FnSym callee = callee(st);
      Offence via = callee == null ? null : ofFn(callee, new HashSet<>());
      if (via != null) {
        if (report) {
          diags.notInInit(st.span(), via.what(), via.why(), callee.name());
        }
        first[0] = first[0] == null ? via : first[0];
      }
    });
    return first[0];
  }

  /** The function a statement runs: a call, or the release function of a `put`. */
  private FnSym callee(Stmt st) {
    if (st instanceof Stmt.Call c) {
      return program.calls.get(c.call());
    }
    if (st instanceof Stmt.Assign a && a.value() instanceof Expr.Call c) {
      return program.calls.get(c);
    }
    if (st instanceof Stmt.RefOp r && !r.isGet() && r.target() instanceof Expr.Field f
        && typeOf.apply(f.obj()) instanceof Type.Obj o && o.struct() != null) {
      FieldSym field = o.struct().fields().get(f.field().text());
      return field == null ? null : field.release;
    }
    return null;
  }

  private Offence ofFn(FnSym f, Set<FnSym> seen) {
    if (inFn.containsKey(f)) {
      return inFn.get(f);
    }
    if (!seen.add(f)) {
      return null; // recursion: reported on its own (E0400)
    }
    Offence[] found = {null};
    AstWalk.stmts(f.decl.body(), st -> {
      if (found[0] != null) {
        return;
      }
      Offence d = direct(st, true);
      if (d == null) {
        FnSym g = callee(st);
        d = g == null ? null : ofFn(g, seen);
      }
      found[0] = d;
    });
    inFn.put(f, found[0]);
    return found[0];
  }

  /** The offence a statement is by itself; {@code inFn}: inside a function, where `return` is fine. */
  private static Offence direct(Stmt st, boolean inFn) {
    Span kw = st.span();
    if (st instanceof Stmt.Await) {
      return new Offence("await", "block", kw);
    }
    if (st instanceof Stmt.LockOp l) {
      return new Offence(l.isLock() ? "lock" : "unlock", "hold a lock (a lock is held by a thread)", kw);
    }
    if (st instanceof Stmt.Loop) {
      return new Offence("loop", "run forever", kw);
    }
    if (st instanceof Stmt.Return && !inFn) {
      return new Offence("return", "return (it is not a function)", kw);
    }
    if (st instanceof Stmt.Assign a && a.value() instanceof Expr.Call c && c.fn().text().equals("rcu_pick")) {
      return new Offence("rcu_pick", "be inside an RCU read-side section (a reader is a thread; `pick` walks a set)", kw);
    }
    if (st instanceof Stmt.Call c) {
      String fn = c.call().fn().text();
      String why = switch (fn) {
        case "rcu_read_lock", "rcu_read_unlock" -> "be inside an RCU read-side section (a reader is a thread)";
        case "synchronize_rcu", "synchronize_net", "rcu_barrier" -> "wait for other threads";
        case "call_rcu" -> "queue an RCU callback (it waits for the readers of a grace period)";
        case "queue_work", "flush_work" -> "queue or wait for work (work runs on a thread)";
        default -> null;
      };
      if (why != null) {
        return new Offence(fn, why, kw);
      }
    }
    return null;
  }
}

package dev.inflight.translator.check;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Object pools are finite. A struct without a declared `bound` gets the largest number of
 * `alloc`s any run can execute: per thread, the allocs on its longest path (branches take the
 * larger side, function calls count their body, `while … bound N` multiplies by N, a counting
 * loop whose counter starts at a known constant by its count, LoopBounds#iterations), times the
 * thread count, summed over threads. Any other loop makes the pool bound underivable and must
 * then be declared.
 */
final class PoolBounds {
  private final Program program;
  private final Diagnostics diags;
  private final Map<Stmt.While, Integer> loopBounds;

  PoolBounds(Program program, Diagnostics diags, Map<Stmt.While, Integer> loopBounds) {
    this.program = program;
    this.diags = diags;
    this.loopBounds = loopBounds;
  }

  /** The most objects a pool may hold, derived or declared (CheckContext#positiveConst). */
  static final int MAX_POOL = 64;

  /** Counts past a billion stay there (nested loops multiply). */
  private static int saturated(long n) {
    return (int) Math.min(n, 1_000_000_000L);
  }

  /** Result of counting: allocs per struct, or a place where counting failed. */
  private static final class Count {
    final Map<StructSym, Integer> n = new HashMap<>();
    Stmt unbounded;

    void add(Count o, int times) {
      o.n.forEach((k, v) -> n.merge(k, saturated((long) v * times), (a, b) -> saturated((long) a + b)));
      if (unbounded == null) {
        unbounded = o.unbounded;
      }
    }

    void max(Count o) {
      o.n.forEach((k, v) -> n.merge(k, v, Math::max));
      if (unbounded == null) {
        unbounded = o.unbounded;
      }
    }
  }

  void compute() {
    Count total = new Count();
    for (ThreadSym t : program.threads) {
      total.add(block(t.decl.body(), 0), t.count);
    }
    if (program.init != null) {
      total.add(block(program.init.decl.body(), 0), 1);
    }
    for (StructSym s : program.structs.values()) {
      if (s.boundExpr() != null) {
        continue;
      }
      int n = total.n.getOrDefault(s, 0);
      if (n > 0 && total.unbounded != null && allocsInside(total.unbounded, s)) {
        // A library struct's bound is set from the model, which cannot edit the library's declaration.
        boolean inModel = s.decl().span().file() == program.files.get(0).source();
        diags.badBound(s.decl().name().span(), "cannot derive how many `" + s.name() + "` objects the model allocates (an alloc inside a loop without a numeric bound); "
            + (inModel ? "declare `struct " + s.name() + " bound N`" : "write `extend struct " + s.name() + " bound N` in the model"));
        s.setBound(1, false);
        continue;
      }
      if (n > MAX_POOL) {
        boolean inModel = s.decl().span().file() == program.files.get(0).source();
        diags.poolTooLarge(s.decl().name().span(), s.name(), n >= 1_000_000_000 ? "over a billion" : String.format("%,d", n), MAX_POOL, inModel);
        s.setBound(1, false);
        continue;
      }
      s.setBound(Math.max(1, n), true);
    }
  }

  private boolean allocsInside(Stmt loop, StructSym s) {
    Block body = loop instanceof Stmt.While w ? w.body() : loop instanceof Stmt.Loop l ? l.body() : ((Stmt.For) loop).body();
    return block(body, 0).n.getOrDefault(s, 0) > 0;
  }

  /** The counts derived for loops without `bound N` (LoopBounds#iterations), as they are met. */
  private final Map<Stmt.While, Integer> derived = new java.util.IdentityHashMap<>();

  private Count block(Block b, int depth) {
    Count c = new Count();
    if (b == null || depth > 32) {
      return c;
    }
    // The locals this block has set to a constant, at its top level, and not written since:
    // what a derivable loop's counter holds on entry.
    Map<Symbol.LocalSym, Long> known = new HashMap<>();
    ConstEval consts = new ConstEval(program);
    for (Stmt s : b.stmts()) {
      if (s instanceof Stmt.While w && !loopBounds.containsKey(w)) {
        Integer n = LoopBounds.iterations(w, program, known);
        if (n != null) {
          derived.put(w, n);
        }
      }
      c.add(stmt(s, depth), 1);
      AstWalk.stmts(new Block(List.of(s), s.span()), x -> forget(x, known));
      if (s instanceof Stmt.Assign a && a.target() instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l
          && consts.eval(a.value()) instanceof Long v) {
        known.put(l, v);
      }
    }
    return c;
  }

  /** Drops from {@code known} the local a statement writes (an assignment, an alloc, a `for` variable). */
  private void forget(Stmt s, Map<Symbol.LocalSym, Long> known) {
    Expr target = s instanceof Stmt.Assign a ? a.target() : s instanceof Stmt.Alloc a ? a.target() : null;
    if (target instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l) {
      known.remove(l);
    }
    if (s instanceof Stmt.For f && f.var() != null) {
      known.keySet().removeIf(l -> l.name().equals(f.var().text()));
    }
  }

  private Count stmt(Stmt s, int depth) {
    Count c = new Count();
    if (s instanceof Stmt.Alloc a) {
      StructSym st = a.struct() == null ? null : program.structs.get(a.struct().text());
      if (st != null) {
        c.n.merge(st, 1, Integer::sum);
      }
    } else if (s instanceof Stmt.If i) {
      Count t = block(i.then(), depth);
      t.max(block(i.orElse(), depth));
      c.add(t, 1);
    } else if (s instanceof Stmt.Either e) {
      Count m = new Count();
      for (Block br : e.branches()) {
        m.max(block(br, depth));
      }
      c.add(m, 1);
    } else if (s instanceof Stmt.Atomic a) {
      c.add(block(a.body(), depth), 1);
    } else if (s instanceof Stmt.While w) {
      Count body = block(w.body(), depth);
      Integer bound = loopBounds.containsKey(w) ? loopBounds.get(w) : derived.get(w);
      if (bound == null && !body.n.isEmpty()) {
        c.unbounded = w;
      }
      c.add(body, bound == null ? 1 : bound);
    } else if (s instanceof Stmt.Loop l) {
      Count body = block(l.body(), depth);
      if (!body.n.isEmpty()) {
        c.unbounded = l;
      }
      c.add(body, 1);
    } else if (s instanceof Stmt.For f) {
      Count body = block(f.body(), depth);
      if (!body.n.isEmpty()) {
        c.unbounded = f;
      }
      c.add(body, 1);
    } else if (s instanceof Stmt.RefOp r && !r.isGet() && r.target() instanceof Expr.Field fe) {
      // put may run the release function
      for (StructSym st : program.structs.values()) {
        FieldSym f = st.fields().get(fe.field().text());
        if (f != null && f.release != null) {
          c.max(block(f.release.decl.body(), depth + 1));
        }
      }
    }
    Expr.Call call = s instanceof Stmt.Call sc ? sc.call() : s instanceof Stmt.Assign as && as.value() instanceof Expr.Call c2 ? c2 : null;
    if (call != null && program.calls.containsKey(call)) {
      FnSym fn = program.calls.get(call);
      c.add(block(fn.decl.body(), depth + 1), 1);
    }
    return c;
  }
}

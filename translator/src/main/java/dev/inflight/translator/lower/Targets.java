package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.tla.TlaExpr;

/**
 * Writes to what a DSL statement can assign: a local ({@code T_x[self]}), a global, or a field
 * {@code p.f}, which dereferences {@code p} (its null and use-after-free paths split off first).
 * Used by assignments, `alloc` and the built-in procedures that update a set or queue.
 */
final class Targets {
  private final StepContext ctx;

  Targets(StepContext ctx) {
    this.ctx = ctx;
  }

  /** Writes {@code value} to an assignable target; returns the path on which the write happened. */
  Path assign(Path p, Expr target, TlaExpr value, Instr in, PathSink out) {
    if (target instanceof Expr.Name n) {
      Symbol s = ctx.program.names.get(n);
      if (s instanceof Symbol.LocalSym l) {
        p.store.writeAt(ctx.layout.local(ctx.thread, l), ExprGen.SELF, value);
      } else if (s instanceof Symbol.GlobalSym g) {
        p.store.write(ctx.layout.globalVar.get(g), value);
      }
      return p;
    }
    if (target instanceof Expr.Field f) {
      Faults.Deref d = ctx.faults.deref(p, f.obj(), f.span(), in, out);
      FieldSym field = d.struct().fields().get(f.field().text());
      d.ok().store.writeField(ctx.layout.heapVar.get(d.struct()), d.obj(), ctx.layout.fieldName.get(field), value);
      return d.ok();
    }
    return p;
  }
}

package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * `lock l` and `unlock l`, on a global lock or a lock field {@code p.l} (which dereferences
 * {@code p}). A lock holds the thread that owns it, or NULL: `lock` blocks (its path is guarded)
 * until it is NULL and takes it; `unlock` of a lock the thread does not hold is a lock
 * discipline fault. With costs tracked, a lock also has a cache line: taking a lock that another
 * CPU took last is a contended one (lock_remote).
 */
final class Locks {
  private final StepContext ctx;

  Locks(StepContext ctx) {
    this.ctx = ctx;
  }

  void lockOp(Instr.LockOp l, Path p, boolean inOp, PathSink out) {
    Path ok;
    TlaExpr holder;
    BiConsumer<Path, TlaExpr> write;
    // Costs tracked: the CPU that took the lock last (its line), read and written.
    Function<Path, TlaExpr> line = null;
    BiConsumer<Path, TlaExpr> setLine = null;
    if (l.target() instanceof Expr.Field f) {
      Faults.Deref d = ctx.faults.deref(p, f.obj(), f.span(), l, out);
      ok = d.ok();
      TlaExpr obj = d.obj();
      StructSym s = d.struct();
      String heap = ctx.layout.heapVar.get(s);
      String fname = ctx.layout.fieldName.get(s.fields().get(f.field().text()));
      holder = ok.store.readField(heap, obj, fname);
      write = (path, v) -> path.store.writeField(heap, obj, fname, v);
      String lf = ctx.layout.lineField.get(s.fields().get(f.field().text()));
      if (lf != null) {
        line = path -> path.store.readField(heap, obj, lf);
        setLine = (path, v) -> path.store.writeField(heap, obj, lf, v);
      }
    } else {
      Symbol.GlobalSym g = (Symbol.GlobalSym) ctx.program.names.get((Expr.Name) l.target());
      String var = ctx.layout.globalVar.get(g);
      ok = p;
      holder = ok.store.read(var);
      write = (path, v) -> path.store.write(var, v);
      String lv = ctx.layout.lockLine.get(g);
      if (lv != null) {
        line = path -> path.store.read(lv);
        setLine = (path, v) -> path.store.write(lv, v);
      }
    }
    if (l.isLock()) {
      if (sleeping(l.target())) {
        ok = ctx.faults.mightSleep(ok, l, out);
      }
      ok.guard(new TlaExpr.Infix(BinOp.EQ, holder, ExprGen.NULL));
      if (line != null) {
        // A lock whose line another CPU took last is a contended one (lock_remote).
        TlaExpr mine = new TlaExpr.Apply("CpuOf", List.of(ExprGen.SELF));
        ctx.costs.charge(ok, ctx.costs.lineCost("LockCost", line.apply(ok), "lock_local", "lock_remote"), inOp);
        setLine.accept(ok, mine);
      }
      write.accept(ok, ExprGen.SELF);
      out.go(l.next(), ok);
      return;
    }
    if (ctx.heldReleases.contains(l)) {
      // the thread surely holds this global lock here, and no one else writes it meanwhile: the
      // lock is the thread's own, and the release has no fault path (LockReleases#surelyHeld)
      write.accept(ok, ExprGen.NULL);
      out.go(l.next(), ok);
      return;
    }
    Path bad = ok.copy();
    bad.guard(new TlaExpr.Infix(BinOp.NEQ, holder, ExprGen.SELF));
    ctx.faults.fault(bad, "bad_unlock", l, null, out);
    ok.guard(new TlaExpr.Infix(BinOp.EQ, holder, ExprGen.SELF));
    write.accept(ok, ExprGen.NULL);
    out.go(l.next(), ok);
  }

  /** Whether {@code target} is a sleeping lock (`mutex`). */
  private boolean sleeping(Expr target) {
    Member m = null;
    if (target instanceof Expr.Field f && ctx.checked.typeOf(f.obj()) instanceof Type.Obj o && o.struct() != null) {
      m = o.struct().fields().get(f.field().text()).member;
    } else if (target instanceof Expr.Name n && ctx.program.names.get(n) instanceof Symbol.GlobalSym g) {
      m = g.member;
    }
    return m instanceof Member.Lock lk && lk.sleeping();
  }

  /**
   * Whether the thread {@code self} holds some lock in the state {@code p} is at: a global lock,
   * or the lock field of some object of the pool; null when the model has no lock.
   */
  TlaExpr heldBySelf(Path p) {
    List<TlaExpr> held = new ArrayList<>();
    for (Symbol.GlobalSym g : ctx.program.globals.values()) {
      if (g.member instanceof Member.Lock) {
        held.add(new TlaExpr.Infix(BinOp.EQ, p.store.read(ctx.layout.globalVar.get(g)), ExprGen.SELF));
      }
    }
    for (StructSym s : ctx.program.structs.values()) {
      for (FieldSym f : s.fields().values()) {
        if (f.member instanceof Member.Lock) {
          String o = p.names.inner("o", List.of());
          TlaExpr heap = p.store.read(ctx.layout.heapVar.get(s));
          held.add(new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(o, new TlaExpr.Name(ctx.layout.poolConst.get(s)))),
              new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(new TlaExpr.FunApp(heap, List.of(new TlaExpr.Name(o))),
                  ctx.layout.fieldName.get(f)), ExprGen.SELF)));
        }
      }
    }
    return held.isEmpty() ? null : held.size() == 1 ? held.get(0) : new TlaExpr.Or(held);
  }

  /** Who holds the lock {@code target} at the start of {@code p} (no dereference checks). */
  TlaExpr holder(Expr target, Path p) {
    if (target instanceof Expr.Field f) {
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(f.obj(), new ArrayList<>());
      StructSym s = g.structOf(f.obj());
      return p.store.readField(ctx.layout.heapVar.get(s), obj, ctx.layout.fieldName.get(s.fields().get(f.field().text())));
    }
    Symbol.GlobalSym g = (Symbol.GlobalSym) ctx.program.names.get((Expr.Name) target);
    return p.store.read(ctx.layout.globalVar.get(g));
  }
}

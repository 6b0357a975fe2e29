package dev.inflight.translator.lower;

import static dev.inflight.translator.lower.StepContext.n;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cost model's part of a step (docs/cost-model.md): everything here is active only when
 * {@code program.cost.tracked}. A step then also updates ghost variables (the labels that keep each
 * statement's time where it is charged are placed by CostCuts and Labels): {@code lat[self]} (the time of the thread's current operation so far), {@code op_end}
 * (the operation the step completed, if any), and the CPU that last wrote each refcount's and
 * lock's cache line. Threads blocked inside an operation accrue the time of the steps of the
 * threads they wait for ({@link #waitSites}, {@link #closeStep}).
 */
final class Costs {
  private final StepContext ctx;
  /**
   * Costs tracked and a thread blocked inside an operation may be waiting on this kind's steps
   * ({@link #wakers}): its steps feed WaitsFor. Set before the steps are formed.
   */
  private boolean wakes;

  Costs(StepContext ctx) {
    this.ctx = ctx;
  }

  void wakes(boolean on) {
    this.wakes = on;
  }

  /**
   * The thread kinds whose steps some wait site admits as its waker (WaitsFor's second
   * argument): the work item's worker for a `flush_work` ({@code waker \in Thread_W}), every kind
   * for an `await` or a `lock` (any thread may make the condition true or hold the lock). For a
   * kind outside it, {@code WaitsFor(w, self)} is FALSE for every {@code w}, so its steps charge
   * only their own operation: {@code [lat EXCEPT ![self] = …]}, which is what
   * {@code [w \in Threads |-> IF w = self THEN … ELSE lat[w] + IF WaitsFor(w, self) THEN … ELSE 0]}
   * then is, point by point.
   */
  static Set<ThreadSym> wakers(Layout layout, List<ThreadSym> kinds, List<ThreadCode.WaitSite> sites) {
    Set<ThreadSym> out = new java.util.LinkedHashSet<>();
    for (ThreadCode.WaitSite w : sites) {
      if (w.holding() != null) {
        continue; // a holder of these locks, of any kind: only where it may hold one (heldLocks)
      }
      if (w.waker() instanceof TlaExpr.Infix in && in.op() == BinOp.IN && in.left().equals(n(layout.waker()))
          && in.right() instanceof TlaExpr.Name set) {
        kinds.stream().filter(k -> set.id().equals(layout.threadConst.get(k))).forEach(out::add);
      } else {
        return Set.copyOf(kinds);
      }
    }
    return out;
  }

  /**
   * The global locks some wait site waits for the holder of ({@link ThreadCode.WaitSite#holding}):
   * a step of any kind that may hold one of them when it starts may charge a waiter.
   */
  static Set<String> heldLocks(List<ThreadCode.WaitSite> sites) {
    Set<String> out = new java.util.LinkedHashSet<>();
    sites.stream().filter(w -> w.holding() != null).forEach(w -> out.addAll(w.holding()));
    return out;
  }

  boolean tracked() {
    return ctx.program.cost.tracked;
  }

  /**
   * Charges {@code ns} to the path: all of it is time passing (for threads blocked on this
   * one), and inside an operation it adds to the operation's latency, lat[self].
   */
  void charge(Path p, TlaExpr ns, boolean inOp) {
    if (!tracked() || ns.equals(new TlaExpr.Num(0))) {
      return;
    }
    TlaExpr zero = new TlaExpr.Num(0);
    p.elapsed = p.elapsed.equals(zero) ? ns : Simplify.fold(new TlaExpr.Infix(BinOp.PLUS, p.elapsed, ns), p.nonNull);
    if (inOp) {
      TlaExpr now = p.store.readAt("lat", ExprGen.SELF);
      p.store.writeAt("lat", ExprGen.SELF, now.equals(zero) ? ns : Simplify.fold(new TlaExpr.Infix(BinOp.PLUS, now, ns), p.nonNull));
    }
  }

  void charge(Path p, long ns, boolean inOp) {
    charge(p, new TlaExpr.Num(ns), inOp);
  }

  /** A profile price as a named constant of the module (Cost_syscall) when it is not zero. */
  TlaExpr price(String specific, String general) {
    long v = ctx.program.cost.price(specific, general);
    String key = specific != null && ctx.program.cost.profile.containsKey(specific) ? specific : general;
    return v == 0 ? new TlaExpr.Num(0) : new TlaExpr.Name(ctx.layout.costName(key));
  }

  /**
   * An atomic on a refcount: local or remote by the CPU that last wrote its cache line, which
   * becomes this thread's CPU.
   */
  void atomicOnLine(Path p, String heap, TlaExpr obj, FieldSym f, boolean inOp) {
    if (ctx.layout.sharedLines.isShared(f.owner)) {  // a workload's shared line: counted, transfer priced later
      charge(p, price(null, "atomic_local"), inOp);
      sharedAccess(p, f.owner, inOp);
      return;
    }
    String line = ctx.layout.lineField.get(f);
    if (line == null) {
      return;
    }
    TlaExpr mine = new TlaExpr.Apply("CpuOf", List.of(ExprGen.SELF));
    TlaExpr owner = p.store.readField(heap, obj, line);
    charge(p, lineCost("AtomicCost", owner, "atomic_local", "atomic_remote"), inOp);
    p.store.writeField(heap, obj, line, mine);
  }

  /**
   * The price of an access to a cache line that CPU {@code owner} took last, by this thread:
   * {@code op(owner, self)} (AtomicCost: local when owner is this thread's CPU; LockCost: also
   * when no CPU took it yet), defined once in the module (emit/CostDefs), or the one price when
   * both are the same.
   */
  TlaExpr lineCost(String op, TlaExpr owner, String local, String remote) {
    TlaExpr l = price(null, local);
    TlaExpr r = price(null, remote);
    if (l.equals(r)) {
      return l;
    }
    return new TlaExpr.Apply(ctx.layout.lineCost(op, l, r), List.of(owner, ExprGen.SELF));
  }

  /** An access to an object of a struct the workload shares: counted in acc inside operations. */
  void sharedAccess(Path p, StructSym s, boolean inOp) {
    if (tracked() && inOp && ctx.layout.sharedLines.isShared(s)) {
      ctx.layout.sharedLines.count(p.store, s);
    }
  }

  /**
   * The end of an operation: op_end records it (name, thread, latency, and each `latency …
   * when` condition over the op's parameters) for this step only; lat[self] starts over. A check
   * of latency bounds (costs not sampled) records only an end that breaks a bound.
   */
  void opEnd(Path p, FnSym op) {
    List<Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
    String name = op.decl.operation();
    rec.add(Map.entry("op", new TlaExpr.Str(name)));
    rec.add(Map.entry("thread", ExprGen.SELF));
    TlaExpr ns = p.store.readAt("lat", ExprGen.SELF);
    if (!ctx.program.cost.sampled && !(ns instanceof TlaExpr.Name || ns instanceof TlaExpr.Num)
        && ctx.program.cost.latencies.stream().anyMatch(l -> l.op().text().equals(name))) {
      // read by each bound's test and by the record: named once (docs/semantics.md, "Costs")
      String total = p.fresh("lat_total");
      p.bind(false, total, ns);
      ns = new TlaExpr.Name(total);
    }
    rec.add(Map.entry("ns", capped(ns)));
    // each of the op's bounds: its `when` recorded (whenN), and when this end breaks it
    List<TlaExpr> late = new ArrayList<>();
    List<Decl.Latency> ls = ctx.program.cost.latencies;
    for (int i = 0; i < ls.size(); i++) {
      Decl.Latency l = ls.get(i);
      if (!l.op().text().equals(name)) {
        continue;
      }
      TlaExpr over = new TlaExpr.Infix(BinOp.GT, ns, new TlaExpr.Num(new dev.inflight.translator.check.ConstEval(ctx.program).bound(l)));
      if (l.when() == null) {
        late.add(over);
      } else {
        TlaExpr when = p.gen().gen(l.when(), new ArrayList<>());
        rec.add(Map.entry("when" + (i + 1), when));
        late.add(new TlaExpr.Infix(BinOp.AND, when, over));
      }
    }
    if (ctx.layout.sharedLines.active()) {  // the op's accesses to shared lines (SharedLines)
      rec.add(Map.entry(SharedLines.VAR, ctx.layout.sharedLines.current(p.store)));
      ctx.layout.sharedLines.reset(p.store);
    }
    TlaExpr end = new TlaExpr.Record(rec);
    if (!ctx.program.cost.sampled) {
      // Checking bounds, not sampling: only an end that breaks one is recorded.
      end = late.isEmpty() ? n("NoOpEnd")
          : new TlaExpr.If(late.size() == 1 ? late.get(0) : new TlaExpr.Or(late), end, n("NoOpEnd"));
    }
    p.store.write("op_end", end);
    p.store.writeAt("lat", ExprGen.SELF, new TlaExpr.Num(0));
    p.opEnded = true;
  }

  /**
   * The end of a normal path: op_end says no operation ended unless one did, and the threads
   * blocked on this one wait as long as this step takes.
   */
  void closeStep(Path p) {
    if (!tracked()) {
      return;
    }
    if (!p.opEnded) {
      p.store.write("op_end", n("NoOpEnd"));
    }
    TlaExpr own = ownUpdate(p.store.read("lat"));
    if (own != null && ctx.layout.latCap != null) {
      p.store.writeAt("lat", ExprGen.SELF, capped(own));
    }
    if (wakes && !p.elapsed.equals(new TlaExpr.Num(0))) {
      // Threads blocked on this one wait as long as this step takes.
      TlaExpr lat = p.store.read("lat");
      String x = p.names.inner("w", List.of(), lat, p.elapsed);
      TlaExpr waits = new TlaExpr.Apply("WaitsFor", List.of(n(x), ExprGen.SELF));
      TlaExpr isSelf = new TlaExpr.Infix(BinOp.EQ, n(x), ExprGen.SELF);
      TlaExpr old = new TlaExpr.FunApp(n("lat"), List.of(n(x)));
      TlaExpr mine = ownUpdate(lat);
      TlaExpr body;
      if (mine != null && sum(uncapped(mine)).equals(concat(List.of(new TlaExpr.FunApp(n("lat"), List.of(ExprGen.SELF))), sum(p.elapsed)))) {
        // the step's own time is its elapsed time too: one charge, to self and to its waiters
        body = capped(new TlaExpr.Infix(BinOp.PLUS, old, new TlaExpr.If(new TlaExpr.Infix(BinOp.OR, isSelf, waits), p.elapsed, new TlaExpr.Num(0))));
      } else if (mine != null) {
        body = new TlaExpr.If(isSelf, mine, capped(new TlaExpr.Infix(BinOp.PLUS, old, new TlaExpr.If(waits, p.elapsed, new TlaExpr.Num(0)))));
      } else {
        TlaExpr blocked = new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.NEQ, n(x), ExprGen.SELF), waits);
        body = capped(new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.FunApp(lat, List.of(n(x))), new TlaExpr.If(blocked, p.elapsed, new TlaExpr.Num(0))));
      }
      p.store.write("lat", new TlaExpr.FunCons(List.of(new TlaExpr.Bound(x, n("Threads"))), body));
    }
  }

  /**
   * A running total as the module keeps it: stopped at the cap when totals are capped
   * ({@code Capped(X)}, LatencyCap), else {@code X}.
   */
  private TlaExpr capped(TlaExpr x) {
    Long cap = ctx.layout.latCap;
    if (cap == null || x instanceof TlaExpr.Apply a && a.op().equals("Capped")) {
      return x;
    }
    return x instanceof TlaExpr.Num v ? new TlaExpr.Num(Math.min(v.v(), cap)) : new TlaExpr.Apply("Capped", List.of(x));
  }

  /** {@code X} for {@code Capped(X)}, else the expression itself. */
  private static TlaExpr uncapped(TlaExpr x) {
    return x instanceof TlaExpr.Apply a && a.op().equals("Capped") ? a.args().get(0) : x;
  }

  /**
   * {@code X} when the step's {@code lat} is {@code [lat EXCEPT ![self] = X]} (the step charged its
   * own operation, or ended it), else null. Then {@code [w \in Threads |-> [lat EXCEPT ![self] =
   * X][w] + IF w # self /\ WaitsFor(w, self) THEN e ELSE 0]} is {@code [w \in Threads |-> IF w =
   * self THEN X ELSE lat[w] + IF WaitsFor(w, self) THEN e ELSE 0]}, point by point, and when
   * {@code X} is {@code lat[self] + e} (summed in any grouping) it is {@code lat[w] + IF w = self
   * \/ WaitsFor(w, self) THEN e ELSE 0}: the charge spelled once, no copy of {@code lat} per thread.
   */
  private static TlaExpr ownUpdate(TlaExpr lat) {
    if (lat instanceof TlaExpr.Except ex && ex.base().equals(n("lat")) && ex.updates().size() == 1
        && ex.updates().get(0).path().equals(List.of(new TlaExpr.Index(ExprGen.SELF)))) {
      return ex.updates().get(0).value();
    }
    return null;
  }

  /** The terms of a sum, in order, whatever its grouping ({@code (a + b) + c} and {@code a + (b + c)} alike). */
  private static List<TlaExpr> sum(TlaExpr e) {
    if (e instanceof TlaExpr.Infix in && in.op() == BinOp.PLUS) {
      return concat(sum(in.left()), sum(in.right()));
    }
    return List.of(e);
  }

  private static List<TlaExpr> concat(List<TlaExpr> a, List<TlaExpr> b) {
    List<TlaExpr> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** Costs tracked: where this thread kind can block inside an operation (labels only). */
  List<ThreadCode.WaitSite> waitSites(Labels labels) {
    List<ThreadCode.WaitSite> waits = new ArrayList<>();
    if (!tracked()) {
      return waits;
    }
    for (Map.Entry<Integer, String> l : labels.byNode().entrySet()) {
      int id = l.getKey();
      if (!ctx.cfg.inOp().contains(id)) {
        continue;
      }
      Instr in = ctx.cfg.node(id);
      TlaExpr waker = n(ctx.layout.waker());
      if (ctx.cfg.flushes().containsKey(id)) {
        Symbol.WorkSym w = ctx.cfg.flushes().get(id);
        ThreadSym worker = ctx.program.threads.stream().filter(t -> t.worker == w).findFirst().orElse(null);
        if (worker != null) {
          waits.add(new ThreadCode.WaitSite(l.getValue(), new TlaExpr.Infix(BinOp.IN, waker, n(ctx.layout.threadConst.get(worker))),
              "flush_work(" + w.name() + ")", false, null));
        }
      } else if (in.atomic() >= 0 && CostCuts.waitsInAtomic(ctx.cfg, id, id)) {
        // an atomic block that waits after its first instruction: its step waits as a whole
        waits.add(atomicSite(l.getValue(), in.atomic(), waker));
      } else {
        ThreadCode.WaitSite site = in.accept(new WaitAt(id, l.getValue(), waker));
        if (site != null) {
          waits.add(site);
        }
      }
    }
    return waits;
  }

  /**
   * The wait site at the start of the atomic block {@code block} (label {@code label}), blocked
   * while its step cannot move. Whom the thread waits for: the holder of a global lock the
   * block takes, a flushed work item's worker, and anyone for an `await` or a lock in an
   * object's field (the block may pick the object before it takes the lock, so the holder is
   * not known in the state before the step); one of them when it has several waits, since which
   * one blocks is not known either. {@code holding} is set when every wait is a global lock.
   */
  private ThreadCode.WaitSite atomicSite(String label, int block, TlaExpr waker) {
    List<TlaExpr> whom = new ArrayList<>();
    java.util.Set<String> held = new java.util.LinkedHashSet<>();
    boolean anyone = false;
    boolean onlyLocks = true;
    for (int id = 0; id < ctx.cfg.nodes().size(); id++) {
      Instr in = ctx.cfg.node(id);
      if (in.atomic() != block || !ctx.cfg.inOp().contains(id) || Sharing.blocking(in) != Sharing.Blocking.WAIT) {
        continue;
      }
      Symbol.GlobalSym g = in instanceof Instr.LockOp lk && lk.isLock() ? LockReleases.global(ctx.program, lk.target()) : null;
      if (g != null) {
        held.add(ctx.layout.globalVar.get(g));
        whom.add(new TlaExpr.Infix(BinOp.EQ, ctx.locks.holder(((Instr.LockOp) in).target(), ctx.newPath(id)), waker));
        continue;
      }
      onlyLocks = false;
      Symbol.WorkSym w = ctx.cfg.flushes().get(id);
      ThreadSym worker = w == null ? null : ctx.program.threads.stream().filter(t -> t.worker == w).findFirst().orElse(null);
      if (worker != null) {
        whom.add(new TlaExpr.Infix(BinOp.IN, waker, n(ctx.layout.threadConst.get(worker))));
      } else {
        anyone = true;
      }
    }
    TlaExpr who = anyone || whom.isEmpty() ? new TlaExpr.Bool(true) : whom.size() == 1 ? whom.get(0) : new TlaExpr.Or(whom);
    return new ThreadCode.WaitSite(label, who, "atomic", true, onlyLocks && !held.isEmpty() ? held : null);
  }

  /** {@code {v}} for a global lock (its TLA+ variable v), null for a lock in an object's field. */
  private java.util.Set<String> globalLock(Expr target) {
    Symbol.GlobalSym g = LockReleases.global(ctx.program, target);
    return g == null ? null : java.util.Set.of(ctx.layout.globalVar.get(g));
  }

  /** The wait at an `await` (its condition is false) or a `lock` (the waker holds it); null elsewhere. */
  private final class WaitAt implements Instr.Visitor<ThreadCode.WaitSite> {
    private final int node;
    private final String label;
    private final TlaExpr waker;

    WaitAt(int node, String label, TlaExpr waker) {
      this.node = node;
      this.label = label;
      this.waker = waker;
    }

    /**
     * Blocked at an `await` while its condition is false and can be read: where the condition
     * dereferences null or a freed object or divides by 0, the thread's step faults instead, and
     * TLC could not evaluate the condition there.
     */
    public ThreadCode.WaitSite visitAwait(Instr.Await a) {
      Path p = ctx.newPath(node);
      p.store.binder = null; // a definition, not a path: nothing is named around it
      List<Obligation> obs = new ArrayList<>();
      TlaExpr cond = p.gen().gen(a.cond(), obs);
      List<TlaExpr> blocked = new ArrayList<>();
      for (Obligation o : obs) {
        blocked.add(ctx.faults.holds(p, o));
      }
      blocked.add(new TlaExpr.Prefix(UnOp.NOT, cond));
      return new ThreadCode.WaitSite(label, blocked.size() == 1 ? blocked.get(0) : new TlaExpr.And(blocked), "await", false, null);
    }
    public ThreadCode.WaitSite visitLockOp(Instr.LockOp lk) {
      if (!lk.isLock()) {
        return null;
      }
      TlaExpr holder = ctx.locks.holder(lk.target(), ctx.newPath(node));
      return new ThreadCode.WaitSite(label, new TlaExpr.Infix(BinOp.EQ, holder, waker), "lock", false, globalLock(lk.target()));
    }
    public ThreadCode.WaitSite visitAssign(Instr.Assign i) { return null; }
    public ThreadCode.WaitSite visitAlloc(Instr.Alloc i) { return null; }
    public ThreadCode.WaitSite visitRefOp(Instr.RefOp i) { return null; }
    public ThreadCode.WaitSite visitFree(Instr.Free i) { return null; }
    public ThreadCode.WaitSite visitTouch(Instr.Touch i) { return null; }
    public ThreadCode.WaitSite visitBranch(Instr.Branch i) { return null; }
    public ThreadCode.WaitSite visitChoice(Instr.Choice i) { return null; }
    public ThreadCode.WaitSite visitProc(Instr.Proc i) { return null; }
    public ThreadCode.WaitSite visitBind(Instr.Bind i) { return null; }
    public ThreadCode.WaitSite visitReset(Instr.Reset i) { return null; }
    public ThreadCode.WaitSite visitIter(Instr.Iter i) { return null; }
    public ThreadCode.WaitSite visitForInit(Instr.ForInit i) { return null; }
    public ThreadCode.WaitSite visitForNext(Instr.ForNext i) { return null; }
    public ThreadCode.WaitSite visitLoopHead(Instr.LoopHead i) { return null; }
    public ThreadCode.WaitSite visitRcu(Instr.Rcu i) { return null; }
    public ThreadCode.WaitSite visitTakeCallback(Instr.TakeCallback i) { return null; }
    public ThreadCode.WaitSite visitGetNotZero(Instr.GetNotZero i) { return null; }
    public ThreadCode.WaitSite visitExit(Instr.Exit i) { return null; }
    public ThreadCode.WaitSite visitCost(Instr.Cost i) { return null; }
    public ThreadCode.WaitSite visitOpMark(Instr.OpMark i) { return null; }
    public ThreadCode.WaitSite visitNop(Instr.Nop i) { return null; }
    public ThreadCode.WaitSite visitDone(Instr.Done i) { return null; }
  }
}

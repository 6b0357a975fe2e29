package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.check.AstWalk;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Forms the atomic steps of one thread and turns every path through a step into an action.
 *
 * <p>Labels (the places a thread can be preempted) are: the entry, the successor of every
 * instruction that touches shared state (outside `atomic`, or after an `atomic` block), every
 * loop head, and the end. A step starts at a label and runs until it reaches the next label, so
 * it executes at most one shared instruction (or one whole `atomic` block) plus any
 * thread-local instructions before it. See docs/semantics.md for why merging those is sound.
 */
final class StepBuilder {
  private final Checked checked;
  private final Program program;
  private final Layout layout;
  private final Cfg cfg;
  private final ThreadSym thread;
  private final Map<Integer, String> labels = new LinkedHashMap<>();
  private final Map<String, Span> labelSpans = new LinkedHashMap<>();
  private final List<Action> actions = new ArrayList<>();
  private final Map<String, Integer> actionNames = new HashMap<>();

  private final StateVars vars;

  /** Costs tracked and some thread can block inside an operation: steps feed WaitsFor. */
  private final boolean anyWaits;

  StepBuilder(Checked checked, Layout layout, Cfg cfg, StateVars vars, boolean anyWaits) {
    this.anyWaits = anyWaits;
    this.vars = vars;
    this.checked = checked;
    this.program = checked.program();
    this.layout = layout;
    this.cfg = cfg;
    this.thread = cfg.thread();
  }

  // ---------------------------------------------------------------- shared or local

  /** Whether an instruction reads or writes state other threads can see. */
  boolean shared(Instr in) {
    if (in instanceof Instr.Rcu || in instanceof Instr.Alloc || in instanceof Instr.RefOp || in instanceof Instr.Free
        || in instanceof Instr.Touch || in instanceof Instr.LockOp || in instanceof Instr.Await) {
      return true;
    }
    if (in instanceof Instr.Assign a) {
      return readsShared(a.target()) || readsShared(a.value()) || !(a.target() instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym);
    }
    if (in instanceof Instr.Branch b) {
      return readsShared(b.cond());
    }
    if (in instanceof Instr.Proc p) {
      boolean args = p.call().args().stream().anyMatch(this::readsShared);
      return args || (p.result() != null && readsShared(p.result()));
    }
    if (in instanceof Instr.Bind b) {
      return readsShared(b.value());
    }
    if (in instanceof Instr.ForInit f) {
      return readsShared(f.collection());
    }
    return false; // Choice, Reset, Iter, ForNext, Nop, Done
  }

  private boolean readsShared(Expr e) {
    boolean[] s = {false};
    AstWalk.exprs(e, x -> {
      if (x instanceof Expr.Field || (x instanceof Expr.Call c && (c.fn().text().equals("live") || c.fn().text().equals("all_done")))) {
        s[0] = true;
      } else if (x instanceof Expr.Name n && program.names.get(n) instanceof Symbol.GlobalSym) {
        s[0] = true;
      }
    });
    return s[0];
  }

  private static List<Integer> successors(Instr in) {
    if (in instanceof Instr.Assign x) return List.of(x.next());
    if (in instanceof Instr.Alloc x) return List.of(x.next());
    if (in instanceof Instr.RefOp x) return x.release() >= 0 ? List.of(x.next(), x.release()) : List.of(x.next());
    if (in instanceof Instr.Free x) return List.of(x.next());
    if (in instanceof Instr.Touch x) return List.of(x.next());
    if (in instanceof Instr.Branch x) return List.of(x.then(), x.orElse());
    if (in instanceof Instr.Choice x) return x.targets();
    if (in instanceof Instr.Await x) return List.of(x.next());
    if (in instanceof Instr.LockOp x) return List.of(x.next());
    if (in instanceof Instr.Proc x) return List.of(x.next());
    if (in instanceof Instr.Bind x) return List.of(x.next());
    if (in instanceof Instr.Reset x) return List.of(x.next());
    if (in instanceof Instr.Iter x) return List.of(x.next());
    if (in instanceof Instr.ForInit x) return List.of(x.next());
    if (in instanceof Instr.ForNext x) return List.of(x.body(), x.exit());
    if (in instanceof Instr.Nop x) return List.of(x.next());
    if (in instanceof Instr.LoopHead x) return List.of(x.body());
    if (in instanceof Instr.Rcu x) return List.of(x.next());
    if (in instanceof Instr.Cost x) return List.of(x.next());
    if (in instanceof Instr.OpMark x) return List.of(x.next());
    return List.of();
  }

  private static boolean mustBeLabel(Instr in) {
    return in instanceof Instr.Done || (in instanceof Instr.Branch b && b.loopHead()) || in instanceof Instr.ForNext
        || in instanceof Instr.LoopHead;
  }

  /** Thread-local instructions with one successor and no effect on control. */
  private boolean straightLocal(Instr in) {
    return in instanceof Instr.Reset || in instanceof Instr.Nop || (in instanceof Instr.Iter it && it.reset())
        || in instanceof Instr.Cost || in instanceof Instr.OpMark
        || ((in instanceof Instr.Assign || in instanceof Instr.Bind || in instanceof Instr.ForInit) && !shared(in));
  }

  /**
   * Moves labels that sit on thread-local code down to the shared instructions after it: a
   * label whose every path runs through local instructions (straight lines, branches and
   * choices on locals) to other labels or to shared instructions is dropped, and those shared
   * instructions become labels. The local code then belongs to the step before, so no step
   * only moves the program counter, and no path gets more steps than before. Sound because
   * local instructions commute with every other thread's steps (docs/semantics.md).
   */
  private void pushDown(java.util.Set<Integer> labels, java.util.Set<Integer> required) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int l : List.copyOf(labels)) {
        if (required.contains(l) || shared(cfg.node(l))) {
          continue;
        }
        java.util.Set<Integer> frontier = new java.util.LinkedHashSet<>();
        if (localReach(l, l, labels, frontier, new java.util.HashSet<>())) {
          labels.remove(l);
          labels.addAll(frontier);
          changed = true;
        }
      }
    }
  }

  /**
   * Walks local instructions from {@code id}; collects the shared instructions (or atomic
   * blocks) where the walk stops into {@code frontier}; false when a path cannot be cut there
   * (a loop head is reached only as an existing label).
   */
  private boolean localReach(int start, int id, java.util.Set<Integer> labels, java.util.Set<Integer> frontier,
      java.util.Set<Integer> seen) {
    if (id != start && labels.contains(id)) {
      return true;
    }
    if (!seen.add(id)) {
      return false; // a cycle without a label: leave the label where it is
    }
    Instr in = cfg.node(id);
    if (id != start && (shared(in) || in.atomic() >= 0)) {
      frontier.add(id);
      return true;
    }
    boolean localFork = (in instanceof Instr.Branch b && !b.loopHead() && !shared(in)) || in instanceof Instr.Choice;
    if (!straightLocal(in) && !localFork) {
      return false;
    }
    for (int s : successors(in)) {
      if (!localReach(start, s, labels, frontier, seen)) {
        return false;
      }
    }
    return true;
  }

  private void computeLabels() {
    java.util.Set<Integer> required = new java.util.LinkedHashSet<>();
    java.util.Set<Integer> candidates = new java.util.LinkedHashSet<>();
    required.add(cfg.entry());
    for (int i = 0; i < cfg.nodes().size(); i++) {
      Instr in = cfg.node(i);
      if (mustBeLabel(in)) {
        required.add(i);
      }
      for (int s : successors(in)) {
        Instr succ = cfg.node(s);
        boolean leavesAtomic = in.atomic() >= 0 && succ.atomic() != in.atomic();
        if ((shared(in) && in.atomic() < 0) || leavesAtomic) {
          candidates.add(s);
        }
      }
    }
    java.util.Set<Integer> all = new java.util.LinkedHashSet<>(required);
    all.addAll(candidates);
    pushDown(all, required);
    List<Integer> ids = new ArrayList<>(all);
    Map<String, Integer> perLine = new HashMap<>();
    ids.sort(java.util.Comparator.comparingInt((Integer id) -> cfg.node(id) instanceof Instr.Done ? Integer.MAX_VALUE : cfg.node(id).span().start()));
    for (int id : ids) {
      if (labels.containsKey(id)) {
        continue;
      }
      Instr in = cfg.node(id);
      String name;
      if (in instanceof Instr.Done) {
        name = "Done";
      } else {
        String base = "L" + in.span().line();
        int k = perLine.merge(base, 1, Integer::sum);
        name = k == 1 ? base : base + (char) ('a' + k - 1); // L12, L12b, L12c: paths get _1, _2

      }
      labels.put(id, name);
      labelSpans.put(name, in.span());
    }
  }

  // ---------------------------------------------------------------- paths

  private record Binding(boolean exists, String name, TlaExpr value) {}

  /** One path through a step, built as the walk goes; copied where it splits. */
  private final class Path {
    final List<TlaExpr> guards = new ArrayList<>();
    Store store = new Store();
    final List<Binding> bindings = new ArrayList<>();
    final List<Span> spans = new ArrayList<>();
    Span primary;
    List<Span> primaryCallers = List.of();
    String fault;
    TlaExpr faultRecord;
    int target = -1;
    /** A guard folded to FALSE: the path cannot happen and produces no action. */
    boolean infeasible;
    /** Costs tracked: the time this path takes (ns), all of it, in or out of an operation. */
    TlaExpr elapsed = new TlaExpr.Num(0);
    /** An operation ended on this path (op_end is set, not reset). */
    boolean opEnded;
    /** Expressions known not to be NULL on this path (self, fresh objects, checked pointers). */
    final java.util.Set<TlaExpr> nonNull = new java.util.HashSet<>(List.of(ExprGen.SELF));
    /** Objects (heap variable, object) known live on this path since their last check. */
    final java.util.Set<List<Object>> knownLive = new java.util.HashSet<>();

    /** The variables bound in this path's action, and where (see BoundNames). */
    BoundNames names = new BoundNames(layout.namer);

    Path() {
      store.binder = this::name;
    }

    /** Adds a guard, folded; FALSE makes the path infeasible, TRUE adds nothing. */
    void guard(TlaExpr g) {
      TlaExpr f = Simplify.fold(g, nonNull);
      if (f.equals(Simplify.FALSE)) {
        infeasible = true;
      } else if (!f.equals(Simplify.TRUE)) {
        guards.add(Simplify.shortCircuit(f));
      }
    }

    /** Names a value as a LET definition of this path (see Store.binder). */
    private TlaExpr name(String var, TlaExpr value) {
      String n = fresh(var + "_now");
      bindings.add(new Binding(false, n, value));
      return new TlaExpr.Name(n);
    }

    /** A write to an object's `st` ends what is known about liveness in that heap. */
    void forgetLiveness(String heap) {
      knownLive.removeIf(k -> k.get(0).equals(heap));
    }

    Path copy() {
      Path p = new Path();
      p.guards.addAll(guards);
      p.infeasible = infeasible;
      p.nonNull.addAll(nonNull);
      p.knownLive.addAll(knownLive);
      p.store = store.copy();
      p.store.binder = p::name;
      p.names = names.copy();
      p.bindings.addAll(bindings);
      p.spans.addAll(spans);
      p.primary = primary;
      p.primaryCallers = primaryCallers;
      p.elapsed = elapsed;
      p.opEnded = opEnded;
      return p;
    }

    ExprGen gen() {
      return new ExprGen(checked, layout, thread, store, names);
    }

    /** A name for a LET or \E definition around the path's whole body. */
    String fresh(String base) {
      return names.outer(base);
    }
  }

  ThreadCode build() {
    computeLabels();
    collectWaits();
    for (Map.Entry<Integer, String> l : labels.entrySet()) {
      if (cfg.node(l.getKey()) instanceof Instr.Done) {
        continue;
      }
      List<Path> done = new ArrayList<>();
      walk(l.getKey(), new Path(), false, done);
      done.sort(java.util.Comparator.comparingInt((Path x) -> x.fault == null ? 0 : 1));
      emitActions(l.getValue(), done);
    }
    List<ThreadCode.LocalVar> locals = new ArrayList<>();
    for (Symbol.LocalSym l : cfg.locals()) {
      locals.add(new ThreadCode.LocalVar(layout.local(thread, l), Layout.dslName(l), false, Defaults.of(l.type)));
    }
    cfg.hidden().forEach((name, kind) -> locals.add(new ThreadCode.LocalVar(layout.local(thread, name, name), name, true,
        kind == Cfg.HiddenKind.COUNTER ? new TlaExpr.Num(0) : new TlaExpr.SetOf(List.of()))));
    List<String> rest = cfg.restHead() >= 0 ? List.of(labels.get(cfg.restHead())) : List.of();
    return new ThreadCode(thread, labels.get(cfg.entry()), labelSpans, actions, locals, rest, List.copyOf(waits));
  }

  private void walk(int node, Path p, boolean started, List<Path> done) {
    if (p.infeasible) {
      return;
    }
    if (started && labels.containsKey(node)) {
      p.target = node;
      done.add(p);
      return;
    }
    Instr in = cfg.node(node);
    boolean isShared = shared(in);
    if (!(in instanceof Instr.Nop || in instanceof Instr.Reset || in instanceof Instr.Done || in instanceof Instr.Iter
        || in instanceof Instr.LoopHead || in instanceof Instr.OpMark || (in instanceof Instr.Cost c && c.amount() == null))) {
      if (p.spans.isEmpty() || !p.spans.get(p.spans.size() - 1).equals(in.span())) {
        p.spans.add(in.span());
      }
      if (isShared || p.primary == null) {
        p.primary = in.span();
        p.primaryCallers = cfg.callersOf(node);
      }
    }
    if (p.primary == null) {
      p.primary = in.span();
      p.primaryCallers = cfg.callersOf(node);
    }
    if (in instanceof Instr.Done) {
      p.target = node;
      done.add(p);
      return;
    }
    current = node;
    step(in, p, done, next -> walk(next.node, next.path, true, done));
  }

  /** The node {@link #step} is at (read before it continues the walk). */
  private int current;

  // ---------------------------------------------------------------- costs

  private boolean costs() {
    return program.cost.tracked;
  }

  /**
   * Charges {@code ns} to the path: all of it is time passing (for threads blocked on this
   * one), and inside an operation it adds to the operation's latency, lat[self].
   */
  private void charge(Path p, TlaExpr ns, boolean inOp) {
    if (!costs() || ns.equals(new TlaExpr.Num(0))) {
      return;
    }
    TlaExpr zero = new TlaExpr.Num(0);
    p.elapsed = p.elapsed.equals(zero) ? ns : Simplify.fold(new TlaExpr.Infix(BinOp.PLUS, p.elapsed, ns), p.nonNull);
    if (inOp) {
      TlaExpr now = p.store.readAt("lat", ExprGen.SELF);
      p.store.writeAt("lat", ExprGen.SELF, now.equals(zero) ? ns : Simplify.fold(new TlaExpr.Infix(BinOp.PLUS, now, ns), p.nonNull));
    }
  }

  private void charge(Path p, long ns, boolean inOp) {
    charge(p, new TlaExpr.Num(ns), inOp);
  }

  /** A profile price as a named constant of the module (Cost_syscall) when it is not zero. */
  private TlaExpr price(String specific, String general) {
    long v = program.cost.price(specific, general);
    String key = specific != null && program.cost.profile.containsKey(specific) ? specific : general;
    return v == 0 ? new TlaExpr.Num(0) : new TlaExpr.Name(layout.costName(key));
  }

  /**
   * An atomic on a refcount: local or remote by the CPU that last wrote its cache line, which
   * becomes this thread's CPU.
   */
  private void atomicOnLine(Path p, String heap, TlaExpr obj, FieldSym f, boolean inOp) {
    if (layout.sharedLines.isShared(f.owner)) {  // a workload's shared line: counted, transfer priced later
      charge(p, price(null, "atomic_local"), inOp);
      sharedAccess(p, f.owner, inOp);
      return;
    }
    String line = layout.lineField.get(f);
    if (line == null) {
      return;
    }
    TlaExpr mine = new TlaExpr.Apply("CpuOf", List.of(ExprGen.SELF));
    TlaExpr owner = p.store.readField(heap, obj, line);
    charge(p, new TlaExpr.If(new TlaExpr.Infix(BinOp.EQ, owner, mine), price(null, "atomic_local"),
        price(null, "atomic_remote")), inOp);
    p.store.writeField(heap, obj, line, mine);
  }

  /** An access to an object of a struct the workload shares: counted in acc inside operations. */
  private void sharedAccess(Path p, StructSym s, boolean inOp) {
    if (costs() && inOp && layout.sharedLines.isShared(s)) {
      layout.sharedLines.count(p.store, s);
    }
  }

  private final List<ThreadCode.WaitSite> waits = new ArrayList<>();

  /** Costs tracked: where this thread kind can block inside an operation (labels only). */
  private void collectWaits() {
    if (!costs()) {
      return;
    }
    for (Map.Entry<Integer, String> l : labels.entrySet()) {
      int id = l.getKey();
      if (!cfg.inOp().contains(id)) {
        continue;
      }
      Instr in = cfg.node(id);
      TlaExpr waker = n(layout.waker());
      if (cfg.flushes().containsKey(id)) {
        Symbol.WorkSym w = cfg.flushes().get(id);
        ThreadSym worker = program.threads.stream().filter(t -> t.worker == w).findFirst().orElse(null);
        if (worker != null) {
          waits.add(new ThreadCode.WaitSite(l.getValue(), new TlaExpr.Infix(BinOp.IN, waker, n(layout.threadConst.get(worker))),
              "flush_work(" + w.name() + ")"));
        }
      } else if (in instanceof Instr.Await a) {
        TlaExpr cond = new Path().gen().gen(a.cond(), new ArrayList<>());
        waits.add(new ThreadCode.WaitSite(l.getValue(), new TlaExpr.Prefix(UnOp.NOT, cond), "await"));
      } else if (in instanceof Instr.LockOp lk && lk.isLock()) {
        TlaExpr holder = lockHolder(lk.target(), new Path());
        waits.add(new ThreadCode.WaitSite(l.getValue(), new TlaExpr.Infix(BinOp.EQ, holder, waker), "lock"));
      }
    }
  }

  private TlaExpr lockHolder(Expr target, Path p) {
    if (target instanceof Expr.Field f) {
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(f.obj(), new ArrayList<>());
      StructSym s = g.structOf(f.obj());
      return p.store.readField(layout.heapVar.get(s), obj, layout.fieldName.get(s.fields().get(f.field().text())));
    }
    Symbol.GlobalSym g = (Symbol.GlobalSym) program.names.get((Expr.Name) target);
    return p.store.read(layout.globalVar.get(g));
  }

  /** A continuation: go on at {@code node} with {@code path}. */
  private record Next(int node, Path path) {}

  private interface Cont {
    void go(Next n);
  }

  private void step(Instr in, Path p, List<Path> done, Cont k) {
    final boolean inOp = cfg.inOp().contains(current);
    if (in instanceof Instr.Cost c) {
      if (c.amount() == null && c.unless() != null) {
        TlaExpr skip = p.gen().gen(c.unless(), new ArrayList<>());
        charge(p, new TlaExpr.If(skip, new TlaExpr.Num(0), new TlaExpr.Num(c.fixed())), inOp);
      } else if (c.amount() == null) {
        charge(p, c.fixed(), inOp);
      } else {
        List<ExprGen.Obligation> obs = new ArrayList<>();
        TlaExpr v = p.gen().gen(c.amount(), obs);
        Path ok = discharge(p, obs, in, done);
        charge(ok, v, inOp);
        k.go(new Next(c.next(), ok));
        return;
      }
      k.go(new Next(c.next(), p));
      return;
    }
    if (in instanceof Instr.OpMark m) {
      if (m.begin()) {
        p.store.writeAt("lat", ExprGen.SELF, new TlaExpr.Num(0));
      } else {
        opEnd(p, m.op());
      }
      k.go(new Next(m.next(), p));
      return;
    }
    if (in instanceof Instr.Assign a) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      TlaExpr v = p.gen().gen(a.value(), obs);
      Path ok = discharge(p, obs, in, done);
      assign(ok, a.target(), v, in, done, ok2 -> k.go(new Next(a.next(), ok2)));
      return;
    }
    if (in instanceof Instr.Alloc a) {
      String heap = layout.heapVar.get(a.struct());
      TlaExpr pool = new TlaExpr.Name(layout.poolConst.get(a.struct()));
      TlaExpr heapNow = p.store.read(heap);
      String o = p.names.inner("o", List.of(), heapNow);
      TlaExpr free = new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(new TlaExpr.FunApp(heapNow, List.of(new TlaExpr.Name(o))), "st"), new TlaExpr.Str("free"));
      TlaExpr anyFree = new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(o, pool)), free);
      Path full = p.copy();
      full.guard(new TlaExpr.Prefix(UnOp.NOT, anyFree));
      fault(full, "model_bound", in, null, done);
      Path ok = p.copy();
      ok.guard(anyFree);
      charge(ok, price("alloc_" + a.struct().name(), "alloc"), inOp);
      String name = ok.fresh("new_" + a.struct().name());
      ok.bindings.add(new Binding(false, name, new TlaExpr.Choose(new TlaExpr.Bound(o, pool), free)));
      TlaExpr obj = new TlaExpr.Name(name);
      ok.store.writeAt(heap, obj, Defaults.liveRecord(a.struct(), layout));
      ok.nonNull.add(obj);
      ok.knownLive.add(List.of(heap, obj));
      assign(ok, a.target(), obj, in, done, ok2 -> k.go(new Next(a.next(), ok2)));
      return;
    }
    if (in instanceof Instr.RefOp r) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(r.target().obj(), obs);
      StructSym s = g.structOf(r.target().obj());
      obs.add(new ExprGen.Obligation(null, obj, s, r.span()));
      Path ok = discharge(p, obs, in, done);
      String heap = layout.heapVar.get(s);
      FieldSym f = s.fields().get(r.target().field().text());
      String fname = layout.fieldName.get(f);
      TlaExpr cur = ok.store.readField(heap, obj, fname);
      atomicOnLine(ok, heap, obj, f, inOp);
      if (r.isGet()) {
        ok.store.writeField(heap, obj, fname, new TlaExpr.Infix(BinOp.PLUS, cur, new TlaExpr.Num(1)));
        k.go(new Next(r.next(), ok));
        return;
      }
      Path under = ok.copy();
      under.guard(new TlaExpr.Infix(BinOp.LEQ, cur, new TlaExpr.Num(0)));
      fault(under, "refcount_underflow", in, obj, done);
      TlaExpr dec = new TlaExpr.Infix(BinOp.MINUS, cur, new TlaExpr.Num(1));
      Path stays = ok.copy();
      stays.guard(new TlaExpr.Infix(BinOp.GT, cur, new TlaExpr.Num(1)));
      stays.store.writeField(heap, obj, fname, dec);
      k.go(new Next(r.next(), stays));
      Path zero = ok.copy();
      zero.guard(new TlaExpr.Infix(BinOp.EQ, cur, new TlaExpr.Num(1)));
      zero.store.writeField(heap, obj, fname, new TlaExpr.Num(0));
      if (r.release() >= 0) {
        Symbol.LocalSym param = r.releaseParam();
        zero.store.writeAt(layout.local(thread, param), ExprGen.SELF, obj);
        k.go(new Next(r.release(), zero));
      } else {
        zero.store.writeField(heap, obj, "st", new TlaExpr.Str("freed"));
        zero.forgetLiveness(heap);
        charge(zero, price("free_" + s.name(), "free"), inOp);
        k.go(new Next(r.next(), zero));
      }
      return;
    }
    if (in instanceof Instr.Free f) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(f.target(), obs);
      StructSym s = g.structOf(f.target());
      Path ok = discharge(p, obs, in, done);
      String heap = layout.heapVar.get(s);
      Path isNull = ok.copy();
      isNull.guard(new TlaExpr.Infix(BinOp.EQ, obj, ExprGen.NULL));
      fault(isNull, "null_deref", in, null, done);
      TlaExpr st = ok.store.readField(heap, obj, "st");
      Path twice = ok.copy();
      twice.guard(new TlaExpr.Infix(BinOp.NEQ, obj, ExprGen.NULL));
      twice.guard(new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("freed")));
      fault(twice, "double_free", in, obj, done);
      Path live = ok.copy();
      live.guard(new TlaExpr.Infix(BinOp.NEQ, obj, ExprGen.NULL));
      live.guard(new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("live")));
      live.store.writeField(heap, obj, "st", new TlaExpr.Str("freed"));
      live.forgetLiveness(heap);
      charge(live, price("free_" + s.name(), "free"), inOp);
      k.go(new Next(f.next(), live));
      return;
    }
    if (in instanceof Instr.Touch t) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(t.target(), obs);
      obs.add(new ExprGen.Obligation(null, obj, g.structOf(t.target()), t.span()));
      Path ok = discharge(p, obs, in, done);
      sharedAccess(ok, g.structOf(t.target()), inOp);
      k.go(new Next(t.next(), ok));
      return;
    }
    if (in instanceof Instr.Branch b) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      TlaExpr c = p.gen().gen(b.cond(), obs);
      Path ok = discharge(p, obs, in, done);
      Path yes = ok.copy();
      yes.guard(c);
      Path no = ok;
      no.guard(new TlaExpr.Prefix(UnOp.NOT, c));
      k.go(new Next(b.then(), yes));
      k.go(new Next(b.orElse(), no));
      return;
    }
    if (in instanceof Instr.Choice c) {
      for (int t : c.targets()) {
        k.go(new Next(t, p.copy()));
      }
      return;
    }
    if (in instanceof Instr.Await a) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      TlaExpr c = p.gen().gen(a.cond(), obs);
      Path ok = discharge(p, obs, in, done);
      ok.guard(c);
      k.go(new Next(a.next(), ok));
      return;
    }
    if (in instanceof Instr.LockOp l) {
      lockOp(l, p, done, k, inOp);
      return;
    }
    if (in instanceof Instr.Rcu r) {
      switch (r.op()) {
        case SYNC_START, BARRIER -> charge(p, price(null, "grace_period"), inOp);
        case CALL -> charge(p, price(null, "call_rcu"), inOp);
        default -> { }
      }
    }
    if (in instanceof Instr.Proc pr) {
      proc(pr, p, done, k);
      return;
    }
    if (in instanceof Instr.Bind b) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      TlaExpr v = p.gen().gen(b.value(), obs);
      Path ok = discharge(p, obs, in, done);
      ok.store.writeAt(layout.local(thread, b.param()), ExprGen.SELF, v);
      k.go(new Next(b.next(), ok));
      return;
    }
    if (in instanceof Instr.Reset r) {
      for (Symbol.LocalSym l : r.locals()) {
        p.store.writeAt(layout.local(thread, l), ExprGen.SELF, Defaults.of(l.type));
      }
      if (r.next() >= 0 && cfg.node(r.next()) instanceof Instr.Done) {
        cfg.hidden().forEach((name, kind) -> p.store.writeAt(layout.local(thread, name, name), ExprGen.SELF,
            kind == Cfg.HiddenKind.COUNTER ? new TlaExpr.Num(0) : new TlaExpr.SetOf(List.of())));
      }
      k.go(new Next(r.next(), p));
      return;
    }
    if (in instanceof Instr.Iter it) {
      String selfVar = layout.local(thread, it.counter(), it.counter());
      if (it.reset()) {
        p.store.writeAt(selfVar, ExprGen.SELF, new TlaExpr.Num(0));
        k.go(new Next(it.next(), p));
        return;
      }
      TlaExpr cur = p.store.readAt(selfVar, ExprGen.SELF);
      Path over = p.copy();
      over.guard(new TlaExpr.Infix(BinOp.GEQ, cur, new TlaExpr.Num(it.bound())));
      fault(over, "model_bound", in, null, done);
      p.guard(new TlaExpr.Infix(BinOp.LT, cur, new TlaExpr.Num(it.bound())));
      p.store.writeAt(selfVar, ExprGen.SELF, new TlaExpr.Infix(BinOp.PLUS, cur, new TlaExpr.Num(1)));
      k.go(new Next(it.next(), p));
      return;
    }
    if (in instanceof Instr.ForInit f) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      TlaExpr set = p.gen().gen(f.collection(), obs);
      if (checked.typeOf(f.collection()) instanceof Type.QueueT) {
        set = new TlaExpr.Apply("Elems", List.of(set));
      }
      Path ok = discharge(p, obs, in, done);
      ok.store.writeAt(layout.local(thread, f.rest(), f.rest()), ExprGen.SELF, set);
      k.go(new Next(f.next(), ok));
      return;
    }
    if (in instanceof Instr.ForNext f) {
      String rest = layout.local(thread, f.rest(), f.rest());
      TlaExpr cur = p.store.readAt(rest, ExprGen.SELF);
      TlaExpr empty = new TlaExpr.SetOf(List.of());
      Path exit = p.copy();
      exit.guard(new TlaExpr.Infix(BinOp.EQ, cur, empty));
      k.go(new Next(f.exit(), exit));
      Path more = p;
      more.guard(new TlaExpr.Infix(BinOp.NEQ, cur, empty));
      String e = more.fresh("next_" + (f.var() == null ? "x" : f.var().name()));
      String x = more.names.inner("x", List.of());
      more.bindings.add(new Binding(false, e, new TlaExpr.Choose(new TlaExpr.Bound(x, cur), new TlaExpr.Bool(true))));
      TlaExpr elem = new TlaExpr.Name(e);
      more.store.writeAt(rest, ExprGen.SELF, new TlaExpr.Infix(BinOp.SETMINUS, cur, new TlaExpr.SetOf(List.of(elem))));
      if (f.var() != null) {
        more.store.writeAt(layout.local(thread, f.var()), ExprGen.SELF, elem);
      }
      k.go(new Next(f.body(), more));
      return;
    }
    if (in instanceof Instr.Nop n) {
      k.go(new Next(n.next(), p));
      return;
    }
    if (in instanceof Instr.LoopHead lh) {
      k.go(new Next(lh.body(), p));
      return;
    }
    if (in instanceof Instr.Rcu r) {
      rcu(r, p, done, k);
      return;
    }
    throw new IllegalStateException("unknown instruction " + in);
  }

  /** Writes {@code value} to an assignable target (local, global or field). */
  private void assign(Path p, Expr target, TlaExpr value, Instr in, List<Path> done, java.util.function.Consumer<Path> k) {
    if (target instanceof Expr.Name n) {
      Symbol s = program.names.get(n);
      if (s instanceof Symbol.LocalSym l) {
        p.store.writeAt(layout.local(thread, l), ExprGen.SELF, value);
      } else if (s instanceof Symbol.GlobalSym g) {
        p.store.write(layout.globalVar.get(g), value);
      }
      k.accept(p);
      return;
    }
    if (target instanceof Expr.Field f) {
      List<ExprGen.Obligation> obs = new ArrayList<>();
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(f.obj(), obs);
      StructSym s = g.structOf(f.obj());
      obs.add(new ExprGen.Obligation(null, obj, s, f.span()));
      Path ok = discharge(p, obs, in, done);
      FieldSym field = s.fields().get(f.field().text());
      ok.store.writeField(layout.heapVar.get(s), obj, layout.fieldName.get(field), value);
      k.accept(ok);
      return;
    }
    k.accept(p);
  }

  private void lockOp(Instr.LockOp l, Path p, List<Path> done, Cont k, boolean inOp) {
    List<ExprGen.Obligation> obs = new ArrayList<>();
    Path ok;
    TlaExpr holder;
    java.util.function.BiConsumer<Path, TlaExpr> write;
    // Costs tracked: the CPU that took the lock last (its line), read and written.
    java.util.function.Function<Path, TlaExpr> line = null;
    java.util.function.BiConsumer<Path, TlaExpr> setLine = null;
    if (l.target() instanceof Expr.Field f) {
      ExprGen g = p.gen();
      TlaExpr obj = g.gen(f.obj(), obs);
      StructSym s = g.structOf(f.obj());
      obs.add(new ExprGen.Obligation(null, obj, s, f.span()));
      ok = discharge(p, obs, l, done);
      String heap = layout.heapVar.get(s);
      String fname = layout.fieldName.get(s.fields().get(f.field().text()));
      holder = ok.store.readField(heap, obj, fname);
      write = (path, v) -> path.store.writeField(heap, obj, fname, v);
      String lf = layout.lineField.get(s.fields().get(f.field().text()));
      if (lf != null) {
        line = path -> path.store.readField(heap, obj, lf);
        setLine = (path, v) -> path.store.writeField(heap, obj, lf, v);
      }
    } else {
      Symbol.GlobalSym g = (Symbol.GlobalSym) program.names.get((Expr.Name) l.target());
      String var = layout.globalVar.get(g);
      ok = p;
      holder = ok.store.read(var);
      write = (path, v) -> path.store.write(var, v);
      String lv = layout.lockLine.get(g);
      if (lv != null) {
        line = path -> path.store.read(lv);
        setLine = (path, v) -> path.store.write(lv, v);
      }
    }
    if (l.isLock()) {
      ok.guard(new TlaExpr.Infix(BinOp.EQ, holder, ExprGen.NULL));
      if (line != null) {
        // A lock whose line another CPU took last is a contended one (lock_remote).
        TlaExpr mine = new TlaExpr.Apply("CpuOf", List.of(ExprGen.SELF));
        TlaExpr last = line.apply(ok);
        TlaExpr local = new TlaExpr.Infix(BinOp.OR, new TlaExpr.Infix(BinOp.EQ, last, mine),
            new TlaExpr.Infix(BinOp.EQ, last, new TlaExpr.Num(-1)));
        charge(ok, new TlaExpr.If(local, price(null, "lock_local"), price(null, "lock_remote")), inOp);
        setLine.accept(ok, mine);
      }
      write.accept(ok, ExprGen.SELF);
      k.go(new Next(l.next(), ok));
      return;
    }
    Path bad = ok.copy();
    bad.guard(new TlaExpr.Infix(BinOp.NEQ, holder, ExprGen.SELF));
    fault(bad, "bad_unlock", l, null, done);
    ok.guard(new TlaExpr.Infix(BinOp.EQ, holder, ExprGen.SELF));
    write.accept(ok, ExprGen.NULL);
    k.go(new Next(l.next(), ok));
  }

  private void proc(Instr.Proc pr, Path p, List<Path> done, Cont k) {
    String fn = pr.call().fn().text();
    List<ExprGen.Obligation> obs = new ArrayList<>();
    ExprGen g = p.gen();
    List<TlaExpr> args = new ArrayList<>();
    for (Expr a : pr.call().args()) {
      args.add(g.gen(a, obs));
    }
    Path ok = discharge(p, obs, pr, done);
    Expr coll = pr.call().args().get(0);
    switch (fn) {
      case "add":
      case "remove":
      case "list_add_rcu":
      case "list_del_rcu": {
        BinOp op = fn.equals("add") || fn.equals("list_add_rcu") ? BinOp.CUP : BinOp.SETMINUS;
        TlaExpr v = new TlaExpr.Infix(op, args.get(0), new TlaExpr.SetOf(List.of(args.get(1))));
        assign(ok, coll, v, pr, done, o -> k.go(new Next(pr.next(), o)));
        return;
      }
      case "push": {
        TlaExpr len = new TlaExpr.Apply("Len", List.of(args.get(0)));
        TlaExpr cap = new TlaExpr.Num(capacityOf(coll));
        Path full = ok.copy();
        full.guard(new TlaExpr.Infix(BinOp.GEQ, len, cap));
        fault(full, "model_bound", pr, null, done);
        ok.guard(new TlaExpr.Infix(BinOp.LT, len, cap));
        TlaExpr v = new TlaExpr.Apply("Append", List.of(args.get(0), args.get(1)));
        assign(ok, coll, v, pr, done, o -> k.go(new Next(pr.next(), o)));
        return;
      }
      case "pop": {
        TlaExpr q = args.get(0);
        TlaExpr empty = new TlaExpr.Infix(BinOp.EQ, q, new TlaExpr.Tuple(List.of()));
        Path none = ok.copy();
        none.guard(empty);
        if (pr.result() != null) {
          assign(none, pr.result(), ExprGen.NULL, pr, done, o -> k.go(new Next(pr.next(), o)));
        } else {
          k.go(new Next(pr.next(), none));
        }
        Path some = ok;
        some.guard(new TlaExpr.Prefix(UnOp.NOT, empty));
        TlaExpr head = new TlaExpr.Apply("Head", List.of(q));
        TlaExpr tail = new TlaExpr.Apply("Tail", List.of(q));
        assign(some, coll, tail, pr, done, o -> {
          if (pr.result() != null) {
            assign(o, pr.result(), head, pr, done, o2 -> k.go(new Next(pr.next(), o2)));
          } else {
            k.go(new Next(pr.next(), o));
          }
        });
        return;
      }
      case "pick":
      case "rcu_pick": {
        TlaExpr s = args.get(0);
        TlaExpr empty = new TlaExpr.SetOf(List.of());
        Path none = ok.copy();
        none.guard(new TlaExpr.Infix(BinOp.EQ, s, empty));
        assign(none, pr.result(), ExprGen.NULL, pr, done, o -> k.go(new Next(pr.next(), o)));
        Path some = ok;
        String v = some.fresh("picked");
        some.bindings.add(new Binding(true, v, s));
        assign(some, pr.result(), new TlaExpr.Name(v), pr, done, o -> k.go(new Next(pr.next(), o)));
        return;
      }
      case "assert": {
        Path bad = ok.copy();
        bad.guard(new TlaExpr.Prefix(UnOp.NOT, args.get(0)));
        fault(bad, "assertion", pr, null, done);
        ok.guard(args.get(0));
        k.go(new Next(pr.next(), ok));
        return;
      }
      default:
        throw new IllegalStateException(fn);
    }
  }

  private static TlaExpr n(String name) {
    return new TlaExpr.Name(name);
  }

  /** {@code {t \in Threads : rcu_depth[t] > 0}}: the threads inside a read-side section now. */
  private static TlaExpr readers(Path p, TlaExpr depth) {
    String t = p.names.inner("t", List.of(), depth);
    return new TlaExpr.SetFilter(new TlaExpr.Bound(t, n("Threads")),
        new TlaExpr.Infix(BinOp.GT, new TlaExpr.FunApp(depth, List.of(n(t))), new TlaExpr.Num(0)));
  }

  /**
   * RCU, over four variables: rcu_depth (per-thread read-side nesting), rcu_gp (per thread, the
   * readers a synchronize_rcu still waits for), rcu_cbs (pending callbacks: fn, obj, and the
   * readers still to finish), rcu_running (callback threads running a callback). A grace period
   * waits exactly for the readers inside a section when it starts: a reader leaving its
   * outermost section removes itself from every waiting set, and readers that enter later are
   * never added.
   */
  private void rcu(Instr.Rcu r, Path p, List<Path> done, Cont k) {
    TlaExpr depth = p.store.read("rcu_depth");
    TlaExpr mine = new TlaExpr.FunApp(depth, List.of(ExprGen.SELF));
    TlaExpr empty = new TlaExpr.SetOf(List.of());
    switch (r.op()) {
      case READ_LOCK:
        p.store.writeAt("rcu_depth", ExprGen.SELF, new TlaExpr.Infix(BinOp.PLUS, mine, new TlaExpr.Num(1)));
        k.go(new Next(r.next(), p));
        return;
      case READ_UNLOCK: {
        Path bad = p.copy();
        bad.guard(new TlaExpr.Infix(BinOp.EQ, mine, new TlaExpr.Num(0)));
        fault(bad, "bad_rcu_unlock", r, null, done);
        Path nested = p.copy();
        nested.guard(new TlaExpr.Infix(BinOp.GT, mine, new TlaExpr.Num(1)));
        nested.store.writeAt("rcu_depth", ExprGen.SELF, new TlaExpr.Infix(BinOp.MINUS, mine, new TlaExpr.Num(1)));
        k.go(new Next(r.next(), nested));
        Path outer = p;
        outer.guard(new TlaExpr.Infix(BinOp.EQ, mine, new TlaExpr.Num(1)));
        outer.store.writeAt("rcu_depth", ExprGen.SELF, new TlaExpr.Num(0));
        TlaExpr me = new TlaExpr.SetOf(List.of(ExprGen.SELF));
        TlaExpr gp = p.store.read("rcu_gp");
        String w = outer.names.inner("w", List.of(), gp, me);
        outer.store.write("rcu_gp", new TlaExpr.FunCons(List.of(new TlaExpr.Bound(w, n("Threads"))),
            new TlaExpr.Infix(BinOp.SETMINUS, new TlaExpr.FunApp(gp, List.of(n(w))), me)));
        TlaExpr cbs = p.store.read("rcu_cbs");
        String c = outer.names.inner("c", List.of(), me);
        outer.store.write("rcu_cbs", new TlaExpr.SetMap(
            new TlaExpr.Except(n(c), List.of(new TlaExpr.Update(List.of(new TlaExpr.Field("wait")),
                new TlaExpr.Infix(BinOp.SETMINUS, new TlaExpr.Select(n(c), "wait"), me)))),
            List.of(new TlaExpr.Bound(c, cbs))));
        k.go(new Next(r.next(), outer));
        return;
      }
      case SYNC_START:
        p.store.writeAt("rcu_gp", ExprGen.SELF, readers(p, depth));
        k.go(new Next(r.next(), p));
        return;
      case SYNC_WAIT:
        p.guard(new TlaExpr.Infix(BinOp.EQ, p.store.readAt("rcu_gp", ExprGen.SELF), empty));
        k.go(new Next(r.next(), p));
        return;
      case CALL: {
        List<ExprGen.Obligation> obs = new ArrayList<>();
        ExprGen g = p.gen();
        Expr objExpr = r.call().args().get(0);
        TlaExpr obj = g.gen(objExpr, obs);
        obs.add(new ExprGen.Obligation(null, obj, g.structOf(objExpr), r.span()));
        Path ok = discharge(p, obs, r, done);
        TlaExpr cbs = ok.store.read("rcu_cbs");
        TlaExpr fn = new TlaExpr.Str(r.callback().name());
        String c = ok.names.inner("c", List.of(), obj);
        TlaExpr pendingAlready = new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(c, cbs)),
            new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(c), "fn"), fn),
                new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(c), "obj"), obj)));
        Path twice = ok.copy();
        twice.guard(pendingAlready);
        fault(twice, "double_call_rcu", r, obj, done);
        ok.guard(new TlaExpr.Prefix(UnOp.NOT, pendingAlready));
        TlaExpr rec = new TlaExpr.Record(List.of(java.util.Map.entry("fn", fn), java.util.Map.entry("obj", obj),
            java.util.Map.entry("wait", readers(ok, ok.store.read("rcu_depth")))));
        ok.store.write("rcu_cbs", new TlaExpr.Infix(BinOp.CUP, cbs, new TlaExpr.SetOf(List.of(rec))));
        k.go(new Next(r.next(), ok));
        return;
      }
      case BARRIER:
        p.guard(new TlaExpr.Infix(BinOp.EQ, p.store.read("rcu_cbs"), empty));
        p.guard(new TlaExpr.Infix(BinOp.EQ, p.store.read("rcu_running"), empty));
        k.go(new Next(r.next(), p));
        return;
      case TAKE: {
        TlaExpr cbs = p.store.read("rcu_cbs");
        String c = p.names.inner("c", List.of());
        TlaExpr ready = new TlaExpr.Infix(BinOp.AND,
            new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(c), "fn"), new TlaExpr.Str(r.callback().name())),
            new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(n(c), "wait"), empty));
        p.guard(new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(c, cbs)), ready));
        String cb = p.fresh("cb");
        p.bindings.add(new Binding(false, cb, new TlaExpr.Choose(new TlaExpr.Bound(c, cbs), ready)));
        p.store.write("rcu_cbs", new TlaExpr.Infix(BinOp.SETMINUS, cbs, new TlaExpr.SetOf(List.of(n(cb)))));
        p.store.write("rcu_running", new TlaExpr.Infix(BinOp.CUP, p.store.read("rcu_running"), new TlaExpr.SetOf(List.of(ExprGen.SELF))));
        p.store.writeAt(layout.local(thread, r.param()), ExprGen.SELF, new TlaExpr.Select(n(cb), "obj"));
        k.go(new Next(r.next(), p));
        return;
      }
      case DONE:
        p.store.write("rcu_running", new TlaExpr.Infix(BinOp.SETMINUS, p.store.read("rcu_running"), new TlaExpr.SetOf(List.of(ExprGen.SELF))));
        k.go(new Next(r.next(), p));
        return;
      default:
        throw new IllegalStateException(r.op().name());
    }
  }

  private int capacityOf(Expr queue) {
    dev.inflight.translator.ast.Member m = null;
    if (queue instanceof Expr.Name n && program.names.get(n) instanceof Symbol.GlobalSym g) {
      m = g.member;
    } else if (queue instanceof Expr.Field f) {
      Type t = checked.typeOf(f.obj());
      if (t instanceof Type.Obj o && o.struct() != null) {
        m = o.struct().fields().get(f.field().text()).member;
      }
    }
    if (m instanceof dev.inflight.translator.ast.Member.QueueOf q) {
      Object v = new dev.inflight.translator.check.ConstEval(program).eval(q.capacity());
      return v instanceof Long l ? (int) (long) l : 1;
    }
    return 1;
  }

  /**
   * Splits off a fault path for each dereference that may hit null or a freed object; returns
   * the path on which all of them are fine.
   */
  private Path discharge(Path p, List<ExprGen.Obligation> obs, Instr in, List<Path> done) {
    Path ok = p;
    for (ExprGen.Obligation o : obs) {
      if (o.obj().equals(ExprGen.SELF)) {
        continue;
      }
      String heap = layout.heapVar.get(o.struct());
      List<Object> key = List.of(heap, o.obj());
      if (ok.nonNull.contains(o.obj()) && ok.knownLive.contains(key)) {
        continue; // checked earlier in this step, and nothing freed since
      }
      TlaExpr isNull = new TlaExpr.Infix(BinOp.EQ, o.obj(), ExprGen.NULL);
      TlaExpr st = ok.store.readField(heap, o.obj(), "st");
      TlaExpr notLive = new TlaExpr.Infix(BinOp.NEQ, st, new TlaExpr.Str("live"));
      Path nul = ok.copy();
      if (o.context() != null) {
        nul.guard(o.context());
      }
      nul.guard(isNull);
      fault(nul, "null_deref", in, null, done);
      Path freed = ok.copy();
      if (o.context() != null) {
        freed.guard(o.context());
      }
      freed.guard(new TlaExpr.Infix(BinOp.NEQ, o.obj(), ExprGen.NULL));
      freed.guard(notLive);
      fault(freed, "use_after_free", in, o.obj(), done);
      Path fine = ok.copy();
      TlaExpr good = new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.NEQ, o.obj(), ExprGen.NULL),
          new TlaExpr.Infix(BinOp.EQ, st, new TlaExpr.Str("live")));
      fine.guard(o.context() == null ? good : new TlaExpr.Infix(BinOp.IMPLIES, o.context(), good));
      if (o.context() == null) {
        fine.nonNull.add(o.obj());
        fine.knownLive.add(key);
      }
      ok = fine;
    }
    return ok;
  }


  /** Ends a path with a fault: the state is unchanged but for `fault`. */
  private void fault(Path p, String kind, Instr in, TlaExpr obj, List<Path> done) {
    if (p.infeasible) {
      return;
    }
    p.fault = kind;
    p.primary = in.span();
    if (p.spans.isEmpty() || !p.spans.get(p.spans.size() - 1).equals(in.span())) {
      p.spans.add(in.span());
    }
    List<Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
    rec.add(Map.entry("kind", new TlaExpr.Str(kind)));
    rec.add(Map.entry("thread", ExprGen.SELF));
    rec.add(Map.entry("line", new TlaExpr.Num(in.span().line())));
    if (obj != null) {
      rec.add(Map.entry("obj", obj));
    }
    p.faultRecord = new TlaExpr.Record(rec);
    done.add(p);
  }

  /**
   * The end of an operation: op_end records it (name, thread, latency, and each `latency …
   * when` condition over the op's parameters) for this step only; lat[self] starts over.
   */
  private void opEnd(Path p, FnSym op) {
    List<Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
    String name = op.decl.operation();
    rec.add(Map.entry("op", new TlaExpr.Str(name)));
    rec.add(Map.entry("thread", ExprGen.SELF));
    rec.add(Map.entry("ns", p.store.readAt("lat", ExprGen.SELF)));
    List<dev.inflight.translator.ast.Decl.Latency> ls = program.cost.latencies;
    for (int i = 0; i < ls.size(); i++) {
      if (ls.get(i).when() != null && ls.get(i).op().text().equals(name)) {
        rec.add(Map.entry("when" + (i + 1), p.gen().gen(ls.get(i).when(), new ArrayList<>())));
      }
    }
    if (layout.sharedLines.active()) {  // the op's accesses to shared lines (SharedLines)
      rec.add(Map.entry(SharedLines.VAR, layout.sharedLines.current(p.store)));
      layout.sharedLines.reset(p.store);
    }
    p.store.write("op_end", new TlaExpr.Record(rec));
    p.store.writeAt("lat", ExprGen.SELF, new TlaExpr.Num(0));
    p.opEnded = true;
  }

  // ---------------------------------------------------------------- actions

  private static final Map<String, String> FAULT_SUFFIX = Map.of(
      "use_after_free", "uaf", "null_deref", "null", "double_free", "dfree",
      "refcount_underflow", "underflow", "bad_unlock", "unlock", "assertion", "assert",
      "model_bound", "bound", "bad_rcu_unlock", "rcu_unlock", "double_call_rcu", "rcu_twice");

  private void emitActions(String label, List<Path> paths) {
    long normal = paths.stream().filter(x -> x.fault == null).count();
    int n = 0;
    Map<String, Integer> faultCount = new HashMap<>();
    for (Path p : paths) {
      String base = thread.name() + "_" + label;
      String wanted;
      if (p.fault != null) {
        String suffix = FAULT_SUFFIX.get(p.fault);
        int c = faultCount.merge(suffix, 1, Integer::sum);
        wanted = base + "_" + suffix + (c > 1 ? c : "");
      } else {
        n++;
        wanted = normal == 1 ? base : base + "_" + n;
      }
      String name = layout.namer.name(List.of("action", thread, wanted, actionNames.merge(wanted, 1, Integer::sum)), wanted);
      String to = p.fault != null ? null : labels.get(p.target);
      actions.add(new Action(name, thread, label, to, p.fault, List.copyOf(p.spans), p.primary, p.primaryCallers, body(label, p)));
    }
  }

  private TlaExpr unchanged(List<String> changed) {
    List<TlaExpr> rest = new ArrayList<>();
    for (String unit : vars.unchangedUnits(new java.util.HashSet<>(changed))) {
      rest.add(new TlaExpr.Name(unit));
    }
    return new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(rest));
  }

  private TlaExpr body(String label, Path p) {
    List<TlaExpr> inner = new ArrayList<>(p.guards);
    if (p.fault != null) {
      inner.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name("fault")), p.faultRecord));
      inner.add(unchanged(List.of("fault")));
    } else {
      if (costs()) {
        if (!p.opEnded) {
          p.store.write("op_end", n("NoOpEnd"));
        }
        if (anyWaits && !p.elapsed.equals(new TlaExpr.Num(0))) {
          // Threads blocked on this one wait as long as this step takes.
          TlaExpr lat = p.store.read("lat");
          String x = p.names.inner("w", List.of(), lat, p.elapsed);
          TlaExpr blocked = new TlaExpr.Infix(BinOp.AND, new TlaExpr.Infix(BinOp.NEQ, n(x), ExprGen.SELF),
              new TlaExpr.Apply("WaitsFor", List.of(n(x), ExprGen.SELF)));
          p.store.write("lat", new TlaExpr.FunCons(List.of(new TlaExpr.Bound(x, n("Threads"))),
              new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.FunApp(lat, List.of(n(x))),
                  new TlaExpr.If(blocked, p.elapsed, new TlaExpr.Num(0)))));
        }
      }
      LinkedHashMap<String, TlaExpr> changes = p.store.changes();
      for (Map.Entry<String, TlaExpr> c : changes.entrySet()) {
        inner.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name(c.getKey())), c.getValue()));
      }
      String to = labels.get(p.target);
      inner.add(new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Primed(new TlaExpr.Name("pc")),
          new TlaExpr.Except(new TlaExpr.Name("pc"), List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(ExprGen.SELF)), new TlaExpr.Str(to))))));
      List<String> changed = new ArrayList<>(changes.keySet());
      changed.add("pc");
      inner.add(unchanged(changed));
    }
    TlaExpr body = new TlaExpr.And(inner);
    for (int i = p.bindings.size() - 1; i >= 0; i--) {
      Binding b = p.bindings.get(i);
      if (b.exists) {
        body = new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(b.name, b.value)), body);
      } else {
        body = new TlaExpr.Let(List.of(new dev.inflight.translator.tla.TlaModule.OpDef(b.name, b.value)), body);
      }
    }
    TlaExpr at = new TlaExpr.Infix(BinOp.EQ, new TlaExpr.FunApp(new TlaExpr.Name("pc"), List.of(ExprGen.SELF)), new TlaExpr.Str(label));
    if (p.bindings.isEmpty()) {
      List<TlaExpr> all = new ArrayList<>();
      all.add(at);
      all.addAll(inner);
      return new TlaExpr.And(all);
    }
    return new TlaExpr.And(List.of(at, body));
  }
}

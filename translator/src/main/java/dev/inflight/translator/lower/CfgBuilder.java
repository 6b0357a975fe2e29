package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds a thread's control-flow graph. Statements are compiled back to front: each is given
 * the id of its continuation and returns its own entry id. Function calls are inlined (the
 * arguments bound to the parameters, the body, then the function's locals reset); a put on a
 * ref field with a release function inlines that function on the drop-to-zero path.
 */
final class CfgBuilder {
  private final Checked checked;
  private final Program program;
  private final ThreadSym thread;
  private final Diagnostics diags;
  private final List<Instr> nodes = new ArrayList<>();
  private final Set<Symbol.LocalSym> locals = new LinkedHashSet<>();
  private final Map<String, Cfg.HiddenKind> hidden = new LinkedHashMap<>();
  private final Deque<FnSym> inlining = new ArrayDeque<>();
  /** Spans of the calls (and puts running a release function) being inlined, innermost first. */
  private final Deque<Span> callSites = new ArrayDeque<>();
  private final Map<Integer, List<Span>> callers = new java.util.HashMap<>();
  /** For nodes inside inlined functions: those functions, outermost first (Cfg#inside). */
  private final Map<Integer, List<FnSym>> inside = new java.util.HashMap<>();
  /** The operation being inlined (costs tracked only), whose nodes go into {@link #inOp}. */
  private FnSym currentOp;
  private final Set<Integer> inOp = new java.util.HashSet<>();
  private final Map<Integer, Symbol.WorkSym> flushes = new java.util.HashMap<>();
  private int atomicIds;
  /** For a daemon: the head of its first top-level `loop`, where it rests. */
  private int restHead = -1;

  /** Where `return` goes inside the function being inlined. */
  private record ReturnCtx(Expr result, int exit) {}

  private final Deque<ReturnCtx> returns = new ArrayDeque<>();

  /** Recursion met while inlining, reported once per cycle by the caller (Lowerer). */
  private final Recursions recursions;

  CfgBuilder(Checked checked, ThreadSym thread, Diagnostics diags, Recursions recursions) {
    this.checked = checked;
    this.program = checked.program();
    this.thread = thread;
    this.diags = diags;
    this.recursions = recursions;
  }

  Cfg build() {
    if (thread.rcuCallbacks != null) {
      return buildRcuCallbackThread();
    }
    locals.addAll(thread.locals().values());
    Span end = endOf(thread.decl.body());
    int done = add(new Instr.Done(end, -1));
    // A thread kind that takes locks or enters RCU read-side sections checks, as a step of its
    // own before it ends, that it holds none and is in none.
    boolean exitChecked = !thread.isDaemon() && endsChecked(thread.decl.body(), new java.util.HashSet<>());
    int exit = exitChecked ? add(new Instr.Exit(end, -1, done)) : done;
    int reset = reserve();
    int entry = block(thread.decl.body(), reset, -1);
    List<Symbol.LocalSym> all = new ArrayList<>(locals);
    nodes.set(reset, new Instr.Reset(all, end, -1, exit));
    return new Cfg(thread, List.copyOf(nodes), entry, all, hidden, restHead, Map.copyOf(callers), Map.copyOf(inside), Set.copyOf(inOp), Map.copyOf(flushes));
  }

  /** Whether a body (with the functions it calls) takes a lock or enters an RCU read-side section. */
  private boolean endsChecked(Block b, Set<FnSym> seen) {
    boolean[] found = {false};
    dev.inflight.translator.check.AstWalk.stmts(b, st -> {
      if (st instanceof Stmt.LockOp l && l.isLock()) {
        found[0] = true;
      } else if (st instanceof Stmt.Call c && c.call().fn().text().equals("rcu_read_lock")) {
        found[0] = true;
      }
      for (Expr.Call call : calls(st)) {
        FnSym f = program.calls.get(call);
        if (f != null && seen.add(f) && endsChecked(f.decl.body(), seen)) {
          found[0] = true;
        }
      }
    });
    return found[0];
  }

  private static List<Expr.Call> calls(Stmt st) {
    if (st instanceof Stmt.Call c) {
      return List.of(c.call());
    }
    if (st instanceof Stmt.Assign a && a.value() instanceof Expr.Call c) {
      return List.of(c);
    }
    return List.of();
  }

  /**
   * The RCU callback threads: at rest at their loop head; each takes any pending callback whose
   * grace period has elapsed (TakeCallback), runs its function inlined on the object, and goes
   * back.
   */
  private Cfg buildRcuCallbackThread() {
    Span at = thread.decl.span();
    int head = reserve();
    int done = add(new Instr.Rcu(Instr.RcuOp.DONE, null, null, at, -1, head));
    List<Integer> entries = new ArrayList<>();
    List<Symbol.LocalSym> params = new ArrayList<>();
    for (FnSym f : thread.rcuCallbacks) {
      Span fnAt = f.decl.name().span();
      callSites.push(fnAt);
      boolean op = costs() && f.decl.operation() != null;  // an `op fn` callback is an operation too
      currentOp = op ? f : null;
      int body = inline(f, null, done, -1);
      if (op) {
        body = add(new Instr.OpMark(true, f, fnAt, -1, body));
        currentOp = null;
      }
      callSites.pop();
      entries.add(body);
      params.add(f.params.get(0));
    }
    int take = add(new Instr.TakeCallback(List.copyOf(thread.rcuCallbacks), List.copyOf(params), List.copyOf(entries), at, -1));
    nodes.set(head, new Instr.LoopHead(at, -1, take));
    restHead = head;
    return new Cfg(thread, List.copyOf(nodes), head, new ArrayList<>(locals), hidden, restHead, Map.copyOf(callers),
        Map.copyOf(inside), Set.copyOf(inOp), Map.copyOf(flushes));
  }

  private static Span endOf(Block b) {
    Span s = b.span();
    return s.file().span(Math.max(s.start(), s.end() - 1), s.end());
  }

  private int add(Instr i) {
    nodes.add(i);
    noteCallers(nodes.size() - 1);
    return nodes.size() - 1;
  }

  private int reserve() {
    nodes.add(null);
    noteCallers(nodes.size() - 1);
    return nodes.size() - 1;
  }

  private boolean costs() {
    return program.cost.tracked;
  }

  /** A primitive's price as a cost instruction before {@code next} (nothing when it is free). */
  private int charge(long ns, Expr unless, Span span, int atomic, int next) {
    return costs() && ns > 0 ? add(new Instr.Cost(null, ns, unless, span, atomic, next)) : next;
  }

  /** The call sites (outermost first) through which the instruction being added is reached. */
  private void noteCallers(int id) {
    if (currentOp != null) {
      inOp.add(id);
    }
    if (!callSites.isEmpty()) {
      List<Span> stack = new ArrayList<>(callSites);
      java.util.Collections.reverse(stack);
      callers.put(id, List.copyOf(stack));
    }
    if (!inlining.isEmpty()) {
      List<FnSym> fns = new ArrayList<>(inlining);
      java.util.Collections.reverse(fns);
      inside.put(id, List.copyOf(fns));
    }
  }

  private int block(Block b, int next, int atomic) {
    if (b == null) {
      return next;
    }
    int cur = next;
    List<Stmt> stmts = b.stmts();
    for (int i = stmts.size() - 1; i >= 0; i--) {
      cur = stmt(stmts.get(i), cur, atomic);
    }
    return cur;
  }

  private int stmt(Stmt s, int next, int atomic) {
    if (s instanceof Stmt.Assign a) {
      if (a.value() instanceof Expr.Call c && program.calls.containsKey(c)) {
        return call(c, a.target(), s.span(), next, atomic);
      }
      if (a.value() instanceof Expr.Call c && c.fn().text().equals("get_not_zero") && c.args().size() == 1
          && c.args().get(0) instanceof Expr.Field f) {
        int yes = add(new Instr.Assign(a.target(), new Expr.BoolLit(true, s.span()), s.span(), atomic, next));
        int no = add(new Instr.Assign(a.target(), new Expr.BoolLit(false, s.span()), s.span(), atomic, next));
        return add(new Instr.GetNotZero(f, s.span(), atomic, yes, no));
      }
      if (a.value() instanceof Expr.Call c && (c.fn().text().equals("pick") || c.fn().text().equals("pop")
          || c.fn().text().equals("rcu_pick"))) {
        return add(new Instr.Proc(c, a.target(), s.span(), atomic, next));
      }
      return add(new Instr.Assign(a.target(), a.value(), s.span(), atomic, next));
    }
    if (s instanceof Stmt.Alloc a) {
      StructSym st = program.structs.get(a.struct().text());
      return add(new Instr.Alloc(a.target(), st, s.span(), atomic, next));
    }
    if (s instanceof Stmt.RefOp r) {
      Expr.Field f = (Expr.Field) r.target();
      if (r.isGet()) {
        return add(new Instr.RefOp(true, f, s.span(), atomic, next, -1, null));
      }
      FieldSym field = fieldOf(f);
      if (field != null && field.release != null) {
        FnSym rel = field.release;
        if (inlining.contains(rel)) {
          recursions.met(outermostFirst(), rel, s.span());
          return add(new Instr.RefOp(false, f, s.span(), atomic, next, -1, null));
        }
        callSites.push(s.span());
        int relEntry = inline(rel, null, next, atomic);
        callSites.pop();
        return add(new Instr.RefOp(false, f, s.span(), atomic, next, relEntry, rel.params.get(0)));
      }
      return add(new Instr.RefOp(false, f, s.span(), atomic, next, -1, null));
    }
    if (s instanceof Stmt.Free f) {
      return add(new Instr.Free(f.target(), s.span(), atomic, next));
    }
    if (s instanceof Stmt.Touch t) {
      return add(new Instr.Touch(t.target(), s.span(), atomic, next));
    }
    if (s instanceof Stmt.If i) {
      int then = block(i.then(), next, atomic);
      int orElse = block(i.orElse(), next, atomic);
      Expr.Call gnz = dev.inflight.translator.resolve.Builtins.getNotZeroCond(i.cond());
      if (gnz != null && gnz.args().size() == 1 && gnz.args().get(0) instanceof Expr.Field f) {
        boolean negated = gnz != i.cond();
        return add(new Instr.GetNotZero(f, condSpan(s.span(), i.cond()), atomic, negated ? orElse : then, negated ? then : orElse));
      }
      return add(new Instr.Branch(i.cond(), condSpan(s.span(), i.cond()), atomic, then, orElse, false));
    }
    if (s instanceof Stmt.While w) {
      Integer bound = checked.loopBounds().get(w);
      Span head = condSpan(s.span(), w.cond());
      int headId = reserve();
      if (bound != null) {
        String counter = "iter_" + w.span().line() + "_" + w.span().col();
        hidden.put(counter, Cfg.HiddenKind.COUNTER);
        int exit = add(new Instr.Iter(counter, true, bound, head, atomic, next));
        int body = block(w.body(), headId, atomic);
        int bump = add(new Instr.Iter(counter, false, bound, head, atomic, body));
        nodes.set(headId, new Instr.Branch(w.cond(), head, atomic, bump, exit, true));
        return headId;
      }
      int body = block(w.body(), headId, atomic);
      nodes.set(headId, new Instr.Branch(w.cond(), head, atomic, body, next, true));
      return headId;
    }
    if (s instanceof Stmt.For f) {
      String rest = "rest_" + f.span().line() + "_" + f.span().col();
      boolean ordered = checked.typeOf(f.collection()) instanceof Type.QueueT;
      hidden.put(rest, ordered ? Cfg.HiddenKind.SEQUENCE : Cfg.HiddenKind.SNAPSHOT);
      Symbol.LocalSym var = localOf(f);
      Span head = condSpan(s.span(), f.collection());
      int headId = reserve();
      int exit = var == null ? next : add(new Instr.Reset(List.of(var), head, atomic, next));
      int body = block(f.body(), headId, atomic);
      nodes.set(headId, new Instr.ForNext(rest, var, ordered, head, atomic, body, exit));
      return add(new Instr.ForInit(rest, f.collection(), ordered, head, atomic, headId));
    }
    if (s instanceof Stmt.Either e) {
      List<Integer> targets = new ArrayList<>();
      for (Block b : e.branches()) {
        targets.add(block(b, next, atomic));
      }
      Span kw = s.span().file().span(s.span().start(), s.span().start() + "either".length());
      return add(new Instr.Choice(kw, atomic, targets));
    }
    if (s instanceof Stmt.Await a) {
      return add(new Instr.Await(a.cond(), s.span(), atomic, next));
    }
    if (s instanceof Stmt.Atomic a) {
      int id = atomic >= 0 ? atomic : ++atomicIds;
      int exit = add(new Instr.Nop(s.span(), id, next));
      return block(a.body(), exit, id);
    }
    if (s instanceof Stmt.Loop l) {
      int headId = reserve();
      int body = block(l.body(), headId, atomic);
      Span kw = s.span().file().span(s.span().start(), Math.min(s.span().end(), s.span().start() + "loop".length()));
      nodes.set(headId, new Instr.LoopHead(kw, atomic, body));
      if (restHead < 0 && thread.isDaemon() && returns.isEmpty()) {
        restHead = headId;
      }
      return headId;
    }
    if (s instanceof Stmt.LockOp l) {
      return add(new Instr.LockOp(l.isLock(), l.target(), s.span(), atomic, next));
    }
    if (s instanceof Stmt.Return r) {
      ReturnCtx ctx = returns.peek();
      if (ctx == null) {
        return next;
      }
      if (r.value() != null && ctx.result() != null) {
        return add(new Instr.Assign(ctx.result(), r.value(), s.span(), atomic, ctx.exit()));
      }
      return add(new Instr.Nop(s.span(), atomic, ctx.exit()));
    }
    if (s instanceof Stmt.Call c) {
      if (program.calls.containsKey(c.call())) {
        return call(c.call(), null, s.span(), next, atomic);
      }
      String fn = c.call().fn().text();
      Instr.RcuOp op = switch (fn) {
        case "rcu_read_lock" -> Instr.RcuOp.READ_LOCK;
        case "rcu_read_unlock" -> Instr.RcuOp.READ_UNLOCK;
        case "call_rcu" -> Instr.RcuOp.CALL;
        case "rcu_barrier" -> Instr.RcuOp.BARRIER;
        default -> null;
      };
      if (op != null) {
        return add(new Instr.Rcu(op, c.call(), program.rcuCallbacks.get(c.call()), s.span(), atomic, next));
      }
      if (fn.equals("synchronize_rcu") || fn.equals("synchronize_net")) {
        int wait = add(new Instr.Rcu(Instr.RcuOp.SYNC_WAIT, c.call(), null, s.span(), atomic, next));
        return add(new Instr.Rcu(Instr.RcuOp.SYNC_START, c.call(), null, s.span(), atomic, wait));
      }
      if (fn.equals("rcu_assign_pointer") && c.call().args().size() == 2) {
        return add(new Instr.Assign(c.call().args().get(0), c.call().args().get(1), s.span(), atomic, next));
      }
      if ((fn.equals("queue_work") || fn.equals("flush_work")) && c.call().args().get(0) instanceof Expr.Name n
          && program.names.get(n) instanceof Symbol.WorkSym w && w.pendingRef != null) {
        if (fn.equals("queue_work")) {
          int q = add(new Instr.Assign(w.pendingRef, new Expr.BoolLit(true, s.span()), s.span(), atomic, next));
          // queue_work of a work item already pending returns at once (test_and_set_bit).
          return charge(program.cost.price(null, "queue_work"), w.pendingRef, s.span(), atomic, q);
        }
        Expr idle = new Expr.Binary(Expr.BinOp.AND,
            new Expr.Unary(Expr.UnOp.NOT, w.pendingRef, s.span()),
            new Expr.Unary(Expr.UnOp.NOT, w.runningRef, s.span()), s.span());
        int wait = add(new Instr.Await(idle, s.span(), atomic, next));
        flushes.put(wait, w);
        return wait;
      }
      return add(new Instr.Proc(c.call(), null, s.span(), atomic, next));
    }
    if (s instanceof Stmt.Cost c) {
      return costs() ? add(new Instr.Cost(c.amount(), 0, null, s.span(), atomic, next)) : next;
    }
    return next; // Stmt.Error: already reported
  }

  private Symbol.LocalSym localOf(Stmt.For f) {
    for (Symbol.LocalSym l : locals) {
      if (l.first == f.var() || (l.name().equals(f.var().text()) && owns(l, f))) {
        return l;
      }
    }
    return null;
  }

  private boolean owns(Symbol.LocalSym l, Stmt.For f) {
    Span b = l.owner instanceof FnSym fn ? fn.decl.span() : ((ThreadSym) l.owner).decl.span();
    return b.file() == f.span().file() && b.start() <= f.span().start() && f.span().end() <= b.end();
  }

  private static Span condSpan(Span stmt, Expr cond) {
    // The head of an if/while/for: from its keyword to the end of its condition.
    return stmt.file().span(stmt.start(), cond.span().end());
  }

  private FieldSym fieldOf(Expr.Field f) {
    Type t = checked.typeOf(f.obj());
    if (t instanceof Type.Obj o && o.struct() != null) {
      return o.struct().fields().get(f.field().text());
    }
    return null;
  }

  private int call(Expr.Call c, Expr result, Span span, int next, int atomic) {
    FnSym fn = program.calls.get(c);
    if (inlining.contains(fn)) {
      recursions.met(outermostFirst(), fn, span);
      return next;
    }
    // An operation called inside another is part of it: only the outermost is measured, so a
    // model can wrap library operations in one of its own (a write plus the wakeup it causes).
    boolean op = costs() && fn.decl.operation() != null && currentOp == null;
    if (op) {
      currentOp = fn;
    }
    callSites.push(span);
    int body = inline(fn, result, next, atomic);
    callSites.pop();
    int cur = body;
    for (int i = Math.min(fn.params.size(), c.args().size()) - 1; i >= 0; i--) {
      // The first argument's binding enters the function (its frame is written from there on):
      // the bindings after it, a label among them included, are inside it (Cfg#inside).
      if (i > 0) {
        inlining.push(fn);
      }
      cur = add(new Instr.Bind(fn.params.get(i), c.args().get(i), span, atomic, cur));
      if (i > 0) {
        inlining.pop();
      }
    }
    if (op) {
      cur = add(new Instr.OpMark(true, fn, span, atomic, cur));
      currentOp = null;
    }
    return cur;
  }

  /** Inlines a function body; its exit resets the function's locals and continues at next. */
  private int inline(FnSym fn, Expr result, int next, int atomic) {
    inlining.push(fn);
    locals.addAll(fn.locals().values());
    // All of them: the call's target is the caller's (a function never inlines itself), and the
    // frame going NULL at the reset relies on the reset covering the whole frame (Store#leave).
    List<Symbol.LocalSym> own = new ArrayList<>(fn.locals().values());
    int exit = add(new Instr.Reset(own, endOf(fn.decl.body()), atomic, next));
    if (fn == currentOp) {
      // The operation ends before its locals are reset, so `latency … when` sees its parameters.
      exit = add(new Instr.OpMark(false, fn, endOf(fn.decl.body()), atomic, exit));
    }
    returns.push(new ReturnCtx(result, exit));
    int entry = block(fn.decl.body(), exit, atomic);
    returns.pop();
    inlining.pop();
    return entry;
  }

  /** The functions being inlined, outermost first. */
  private List<FnSym> outermostFirst() {
    List<FnSym> stack = new ArrayList<>(inlining);
    java.util.Collections.reverse(stack);
    return stack;
  }
}

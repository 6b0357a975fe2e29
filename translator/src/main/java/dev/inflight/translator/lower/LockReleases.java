package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The `unlock`s that are left movers (docs/semantics.md, "Lock releases"), which the step before
 * may go on into (lower/Labels#intoUnlock). An `unlock l` is one when:
 *
 * <ul>
 *   <li>{@code l} is a global lock that nothing in the model reads but `lock` and `unlock` (no
 *       {@code l == null} in a condition, an invariant or a function): another thread can then
 *       observe it only by taking it, which waits while it is held, or by releasing it without
 *       holding it, which is a fault whether it is held or not;
 *   <li>the thread holds {@code l} there on every path (a must analysis over the control-flow
 *       graph: `lock` adds the lock, `unlock` removes it, paths join by intersection), so the
 *       release cannot fault;
 *   <li>it is outside `atomic`, in a thread kind that is fair (not `unfair`: an unfair thread may
 *       stop forever just before the release, holding the lock) and no daemon (one at rest counts
 *       as finished for `all_done()`).
 * </ul>
 *
 * A lock field ({@code p.l}) is never one: releasing it dereferences an object another thread
 * may free, or reallocate with the lock reset. Taking a lock is no mover here: merged with what
 * follows, a whole critical section could become one step, and a thread waiting for the lock
 * would be enabled in every state, which changes what weak fairness promises it.
 */
final class LockReleases {
  private LockReleases() {}

  /**
   * The left-mover `unlock`s of {@code cfgs} (all of the model's thread kinds), by identity;
   * {@code held} gives each kind's {@link #surelyHeld} releases.
   */
  static Set<Instr> of(Program program, List<Cfg> cfgs, Map<Cfg, Set<Instr>> held) {
    Set<Instr> out = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Symbol.GlobalSym> unread = unread(program, cfgs);
    if (unread.isEmpty()) {
      return out;
    }
    for (Cfg cfg : cfgs) {
      if (cfg.thread().isDaemon() || !program.fair(cfg.thread())) {
        continue;
      }
      for (Instr in : held.get(cfg)) {
        if (in.atomic() < 0 && unread.contains(global(program, ((Instr.LockOp) in).target()))) {
          out.add(in);
        }
      }
    }
    return out;
  }

  /**
   * The `unlock`s of a global lock (any, read elsewhere or not; inside `atomic` too) that the
   * thread of {@code cfg} holds there on every path. Such a release cannot be a lock discipline
   * fault: while a thread holds a global lock, no other step writes it (another thread's `lock`
   * waits for it to be free, and its `unlock` is a fault that writes nothing), so the lock is the
   * thread's own whenever the thread is there (docs/semantics.md, "Lock releases").
   */
  static Set<Instr> surelyHeld(Program program, Cfg cfg) {
    Set<Symbol.GlobalSym> all = new HashSet<>();
    for (Symbol.GlobalSym g : program.globals.values()) {
      if (g.member instanceof Member.Lock) {
        all.add(g);
      }
    }
    Set<Instr> out = Collections.newSetFromMap(new IdentityHashMap<>());
    if (all.isEmpty()) {
      return out;
    }
    List<Set<Symbol.GlobalSym>> held = held(program, cfg, all);
    for (int id = 0; id < cfg.nodes().size(); id++) {
      if (cfg.node(id) instanceof Instr.LockOp l && !l.isLock() && held.get(id) != null
          && held.get(id).contains(global(program, l.target()))) {
        out.add(l);
      }
    }
    return out;
  }

  /** The global lock {@code target} names, or null (a lock in an object's field). */
  static Symbol.GlobalSym global(Program program, Expr target) {
    return target instanceof Expr.Name n && program.names.get(n) instanceof Symbol.GlobalSym g ? g : null;
  }

  /**
   * The global locks every mention of which (every name the resolver bound to them, in threads,
   * functions, invariants and properties alike) is the target of a `lock` or `unlock` of some
   * thread kind's code.
   */
  private static Set<Symbol.GlobalSym> unread(Program program, List<Cfg> cfgs) {
    Set<Expr> targets = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Cfg cfg : cfgs) {
      for (Instr in : cfg.nodes()) {
        if (in instanceof Instr.LockOp l) {
          targets.add(l.target());
        }
      }
    }
    Set<Symbol.GlobalSym> out = new HashSet<>();
    for (Symbol.GlobalSym g : program.globals.values()) {
      if (g.member instanceof Member.Lock) {
        out.add(g);
      }
    }
    for (Map.Entry<Expr.Name, Symbol> e : program.names.entrySet()) {
      if (e.getValue() instanceof Symbol.GlobalSym g && !targets.contains(e.getKey())) {
        out.remove(g);
      }
    }
    return out;
  }

  /**
   * The locks of {@code tracked} the thread holds on entry to each node, on every path to it;
   * null for a node no path reaches.
   */
  private static List<Set<Symbol.GlobalSym>> held(Program program, Cfg cfg, Set<Symbol.GlobalSym> tracked) {
    return MustSets.of(cfg, (instr, before) -> {
      Set<Symbol.GlobalSym> out = new HashSet<>(before);
      if (instr instanceof Instr.LockOp l && tracked.contains(global(program, l.target()))) {
        if (l.isLock()) {
          out.add(global(program, l.target()));
        } else {
          out.remove(global(program, l.target()));
        }
      }
      return out;
    });
  }
}

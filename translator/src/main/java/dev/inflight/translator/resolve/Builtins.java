package dev.inflight.translator.resolve;

import java.util.Map;
import java.util.Set;

/** Names the language provides: built-in functions, procedures and checks. */
public final class Builtins {
  private Builtins() {}

  /** Pure functions usable in any expression, with their arity. */
  public static final Map<String, Integer> FUNCTIONS = Map.of(
      "count", 1,   // size of a set or queue
      "live", 1,    // live(STRUCT): the set of allocated, not yet freed objects
      "head", 1,    // first element of a queue, or null
      "refs", 1,    // refs(obj.ref): the current count (same as reading the field)
      "all_done", 0, // all_done(): every thread has finished (a daemon: or rests in its loop)
      "list_empty", 1, // list_empty(l): the list (or queue) holds nothing
      "rcu_dereference", 1); // rcu_dereference(p): p (a read of an RCU-protected pointer)

  /** RCU procedures (docs/semantics.md, "RCU"), with their arity. */
  public static final Map<String, Integer> RCU = Map.of(
      "rcu_read_lock", 0,       // enter a read-side section (nestable, per thread)
      "rcu_read_unlock", 0,     // leave it
      "synchronize_rcu", 0,     // wait until every read-side section that began before the call has ended
      "synchronize_net", 0,     // the same (as used by networking code)
      "call_rcu", 2,            // call_rcu(obj, FN): FN(obj) runs on a callback thread after a grace period
      "rcu_barrier", 0,         // wait until every pending callback has run
      "list_add_rcu", 2,        // list_add_rcu(set, obj): publish
      "list_del_rcu", 2,        // list_del_rcu(set, obj): unpublish (readers may still hold obj)
      "rcu_assign_pointer", 2); // rcu_assign_pointer(p, v): p = v

  /**
   * Procedures: statements with effects. `pick`, `pop`, `rcu_pick` and `get_not_zero` give a
   * value and are used as `x = pick(s)` (`get_not_zero` also as an `if` condition).
   */
  public static final Map<String, Integer> PROCEDURES = merge(Map.ofEntries(
      Map.entry("add", 2),     // add(set, obj)
      Map.entry("remove", 2),  // remove(set, obj)
      Map.entry("push", 2),    // push(queue, obj): model-bound error when full
      Map.entry("pop", 1),     // x = pop(queue): first element removed, or null when empty
      Map.entry("pick", 1),    // x = pick(set): any element (a branch per element), or null when empty
      Map.entry("assert", 1),  // assert(cond): a fault when false
      Map.entry("queue_work", 1),  // queue_work(w): mark the work item pending (no-op if it already is)
      Map.entry("flush_work", 1), // flush_work(w): wait until w is neither pending nor running
      Map.entry("rcu_pick", 1),  // x = rcu_pick(s): as pick, for traversal under rcu_read_lock
      Map.entry("list_add", 2),      // list_add(l, obj): insert at the head of a list
      Map.entry("list_add_tail", 2), // list_add_tail(l, obj): insert at its tail
      Map.entry("list_del", 2),      // list_del(l, obj): unlink
      Map.entry("get_not_zero", 1)), // ok = get_not_zero(p.r): refcount_inc_not_zero
      RCU);

  /** Procedures that give a value: `x = NAME(…)`. */
  public static final Set<String> VALUED = Set.of("pick", "pop", "rcu_pick", "get_not_zero");

  /**
   * {@code get_not_zero(p.r)} as an `if` condition, alone or negated: the call, else null.
   * (It changes the count, so it is a statement of its own, not an expression.)
   */
  public static dev.inflight.translator.ast.Expr.Call getNotZeroCond(dev.inflight.translator.ast.Expr cond) {
    dev.inflight.translator.ast.Expr e = cond;
    if (e instanceof dev.inflight.translator.ast.Expr.Unary u && u.op() == dev.inflight.translator.ast.Expr.UnOp.NOT) {
      e = u.operand();
    }
    return e instanceof dev.inflight.translator.ast.Expr.Call c && c.fn().text().equals("get_not_zero") ? c : null;
  }

  private static Map<String, Integer> merge(Map<String, Integer> a, Map<String, Integer> b) {
    var m = new java.util.HashMap<>(a);
    m.putAll(b);
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The built-in checks, and whether each is on without a `check` line. */
  public static final Map<String, Boolean> CHECKS = orderedChecks();

  private static Map<String, Boolean> orderedChecks() {
    var m = new java.util.LinkedHashMap<String, Boolean>();
    m.put("no_use_after_free", true);
    m.put("no_double_free", true);
    m.put("no_refcount_underflow", true);
    m.put("no_null_deref", true);
    m.put("lock_discipline", true);
    m.put("assertions", true);
    m.put("no_div_by_zero", true);
    m.put("rcu_discipline", true);
    m.put("list_discipline", true);
    m.put("deadlock", true);
    m.put("no_hang", true);
    m.put("no_leak", false);
    return java.util.Collections.unmodifiableMap(m);
  }

  public static final Set<String> TYPE_NAMES = Set.of("int", "bool");
}

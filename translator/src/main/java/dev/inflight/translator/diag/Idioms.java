package dev.inflight.translator.diag;

import java.util.Map;

/**
 * Kernel idioms a kernel developer types first, and the DSL's way to say them: the help line of
 * the diagnostic such a line gets (`sock_put(sk)` is an unknown function, `sk->refcnt` a syntax
 * error, a bare `rcu_read_lock` an expression standing alone).
 */
public final class Idioms {
  private Idioms() {}

  /** Kernel functions → the DSL statement that models them. */
  private static final Map<String, String> FUNCTIONS = Map.ofEntries(
      Map.entry("sock_put", "`put sk.refcnt` (a `ref` field of the struct; at 0 the object is freed)"),
      Map.entry("sock_hold", "`get sk.refcnt`"),
      Map.entry("refcount_inc", "`get p.refcnt`"),
      Map.entry("refcount_dec", "`put p.refcnt`"),
      Map.entry("refcount_dec_and_test", "`put p.refcnt` (at 0 the object is freed, or its `release` function runs)"),
      Map.entry("refcount_inc_not_zero", "`if p.refcnt > 0 { get p.refcnt }` inside `atomic { }`"),
      Map.entry("atomic_inc", "`get p.count` for a reference count, else `p.count = p.count + 1`"),
      Map.entry("atomic_dec", "`put p.count` for a reference count, else `p.count = p.count - 1`"),
      Map.entry("atomic_dec_and_test", "`put p.count`"),
      Map.entry("kref_get", "`get p.ref`"),
      Map.entry("kref_put", "`put p.ref` (declare `ref ref = 1 release FN` for the release function)"),
      Map.entry("get_file", "`get f.f_count`"),
      Map.entry("fput", "`put f.f_count`"),
      Map.entry("kfree", "`free p`"),
      Map.entry("kmem_cache_free", "`free p`"),
      Map.entry("sk_free", "`free sk`"),
      Map.entry("kfree_skb", "`free skb`"),
      Map.entry("kmalloc", "`p = alloc S` (a `struct S` of the model)"),
      Map.entry("kzalloc", "`p = alloc S`"),
      Map.entry("kmem_cache_alloc", "`p = alloc S`"),
      Map.entry("sk_alloc", "`sk = alloc sock`"),
      Map.entry("alloc_skb", "`skb = alloc sk_buff`"),
      Map.entry("spin_lock", "`lock l` (declare `lock l` at top level, or in a struct)"),
      Map.entry("spin_unlock", "`unlock l`"),
      Map.entry("spin_lock_bh", "`lock l`"),
      Map.entry("spin_unlock_bh", "`unlock l`"),
      Map.entry("spin_lock_irqsave", "`lock l`"),
      Map.entry("spin_unlock_irqrestore", "`unlock l`"),
      Map.entry("mutex_lock", "`lock m`"),
      Map.entry("mutex_unlock", "`unlock m`"),
      Map.entry("schedule_work", "`queue_work(w)` (declare `work w: FN`)"),
      Map.entry("cancel_work_sync", "`flush_work(w)`"),
      Map.entry("kfree_rcu", "`call_rcu(p, FN)` with `fn FN(p) { free p }`"),
      Map.entry("synchronize_rcu_expedited", "`synchronize_rcu()`"),
      Map.entry("rcu_dereference_protected", "`rcu_dereference(p)`"),
      Map.entry("list_add", "`add(s, p)` on a `set s of S`"),
      Map.entry("list_del", "`remove(s, p)`"),
      Map.entry("skb_queue_tail", "`push(q, skb)` on a `queue q of sk_buff max N`"),
      Map.entry("skb_dequeue", "`skb = pop(q)`"),
      Map.entry("BUG_ON", "`assert(!(cond))`"),
      Map.entry("WARN_ON", "`assert(!(cond))`"),
      Map.entry("wait_event", "`await cond`"));

  /** Built-in procedures without arguments: written without `()`, they are not statements. */
  private static final java.util.Set<String> NO_ARGUMENTS = java.util.Set.of("rcu_read_lock", "rcu_read_unlock", "synchronize_rcu",
      "synchronize_net", "rcu_barrier");

  /** How the DSL says kernel function {@code name}, or null. */
  public static String function(String name) {
    String how = FUNCTIONS.get(name);
    return how == null ? null : "the DSL has no `" + name + "`: write " + how;
  }

  /** The help for an expression standing alone that is a bare built-in procedure name, or null. */
  static String bareCall(String text) {
    if (NO_ARGUMENTS.contains(text)) {
      return "call it: `" + text + "()`";
    }
    String usage = CALLED.get(text);
    return usage == null ? null : "`" + text + "` is called with its arguments in parentheses: `" + usage + "`";
  }

  /** Built-in procedures that take arguments, as a call of each is written (resolve/Builtins#PROCEDURES). */
  public static final java.util.Map<String, String> CALLED = java.util.Map.of(
      "assert", "assert(cond)", "add", "add(set, obj)", "remove", "remove(set, obj)", "push", "push(queue, obj)",
      "list_add", "list_add(list, obj)", "list_add_tail", "list_add_tail(list, obj)", "list_del", "list_del(list, obj)",
      "queue_work", "queue_work(work)", "flush_work", "flush_work(work)");

  /** The help for an unexpected `>` right after a `-`: C's `->`. */
  public static final String ARROW = "`->` is C: the DSL writes a field through a pointer with `.`, as in `sk.refcnt`";
}

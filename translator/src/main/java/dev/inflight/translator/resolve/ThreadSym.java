package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import java.util.Map;

/** A thread kind: one thread, or `count` symmetric copies. */
public final class ThreadSym implements Scope {
  public final Decl.Thread decl;
  private final Map<String, Symbol.LocalSym> locals = Scope.Locals.create();
  public int count = 1;
  /** `on cpu N`: the CPU of the first thread of the kind (the others follow), or -1. */
  public int cpu = -1;

  public ThreadSym(Decl.Thread decl) {
    this.decl = decl;
  }

  public String name() {
    return decl.name().text();
  }

  /** A daemon need not finish: it is at rest at the head of its `loop`. */
  public boolean isDaemon() {
    return decl.daemon();
  }

  /** The work item this thread is the worker of, or null for a declared thread. */
  public Symbol.WorkSym worker;

  /**
   * For the RCU callback threads (`rcu_cb[RCU_CALLBACK_CPUS]`): the callback functions they run,
   * any pending one whose grace period has elapsed; else null.
   */
  public java.util.List<FnSym> rcuCallbacks;

  public boolean isArray() {
    return decl.count() != null;
  }

  public Map<String, Symbol.LocalSym> locals() {
    return locals;
  }
}

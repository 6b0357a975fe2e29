package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;

/** What a name in an expression refers to. */
public sealed interface Symbol {
  String name();

  /** `const N = …`, with its value after `--set` overrides. */
  final class ConstSym implements Symbol {
    public final Decl.Const decl;
    public Object value; // Long or Boolean, set by the checker
    /** Its value was an error (E0104): uses stay silent rather than report what follows from it. */
    public boolean poisoned;

    public ConstSym(Decl.Const decl) {
      this.decl = decl;
    }

    public String name() {
      return decl.name().text();
    }
  }

  /** A global variable, lock, set or queue. */
  final class GlobalSym implements Symbol {
    public final Member member;
    public Type type = Type.ERROR;

    public GlobalSym(Member member) {
      this.member = member;
    }

    public String name() {
      return member.name().text();
    }
  }

  /**
   * A thread-local variable: declared by its first assignment in a thread body, or a function
   * parameter / local (one copy per thread kind that inlines the function).
   */
  final class LocalSym implements Symbol {
    public final Ident first;
    public final Scope owner;
    public final boolean isParam;
    public Type type; // null until inferred
    /** Offset from which the local is assigned in program text (end of its first assignment). */
    public int assignedFrom = -1;

    public LocalSym(Ident first, Scope owner, boolean isParam) {
      this.first = first;
      this.owner = owner;
      this.isParam = isParam;
    }

    public String name() {
      return first.text();
    }
  }

  /**
   * A work item: its function and the two flags its worker thread and `queue_work` /
   * `flush_work` use (synthetic globals, with resolved name expressions for lowering).
   */
  final class WorkSym implements Symbol {
    public final Decl.Work decl;
    public FnSym fn;
    public GlobalSym pending;
    public GlobalSym running;
    public Expr.Name pendingRef;
    public Expr.Name runningRef;

    public WorkSym(Decl.Work decl) {
      this.decl = decl;
    }

    public String name() {
      return decl.name().text();
    }
  }

  /** A variable bound by a quantifier or comprehension. */
  final class BoundSym implements Symbol {
    public final Ident ident;
    public Type type = Type.ERROR;

    public BoundSym(Ident ident) {
      this.ident = ident;
    }

    public String name() {
      return ident.text();
    }
  }

  /** A machine-profile entry named in a `cost` statement: `syscall`, `atomic_remote`, … */
  final class CostSym implements Symbol {
    public final String key;
    public final long value;

    public CostSym(String key, long value) {
      this.key = key;
      this.value = value;
    }

    public String name() {
      return key;
    }
  }
}

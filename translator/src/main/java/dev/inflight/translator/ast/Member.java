package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;

/** A state cell: a struct field or a global variable. */
public sealed interface Member extends Node {
  Ident name();

  /** `ref NAME = INIT [release FN]`: a reference count. */
  /**
   * A reference count: {@code ref NAME = INIT [max MAX] [release FN]}. A count that would pass
   * MAX ({@link #DEFAULT_MAX} when not given) is a model bound exceeded.
   */
  record Ref(Ident name, Expr init, Expr max, Ident release, Span span) implements Member {
    /** The most references a count may hold when its declaration names no {@code max}. */
    public static final int DEFAULT_MAX = 32;
  }

  /**
   * `lock NAME` (a spinlock) or, with {@code sleeping}, `mutex NAME` (a sleeping lock: taking
   * it inside an RCU read-side section is an rcu_discipline fault). Held by at most one thread.
   */
  record Lock(Ident name, boolean sleeping, Span span) implements Member {}

  /** `set NAME of STRUCT`: a set of object references. */
  record SetOf(Ident name, Ident elem, Span span) implements Member {}

  /** `queue NAME of STRUCT max CAP`: a bounded FIFO of object references. */
  record QueueOf(Ident name, Ident elem, Expr capacity, Span span) implements Member {}

  /** `list NAME of STRUCT`: an ordered kernel list (list_head) of object references. */
  record ListOf(Ident name, Ident elem, Span span) implements Member {}

  /** `NAME [: TYPE] [= INIT]`: an int, bool or object pointer. */
  record Plain(Ident name, TypeRef type, Expr init, Span span) implements Member {}
}

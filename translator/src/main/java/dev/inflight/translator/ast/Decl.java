package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;
import java.util.List;

/** Top-level declarations. */
public sealed interface Decl extends Node {

  <R> R accept(Visitor<R> v);

  /** `model NAME` */
  record Model(Ident name, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitModel(this); }
  }

  /** `include "kernel/rcu.ifl"` */
  record Include(String path, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitInclude(this); }
  }

  /** `const N = 2` */
  record Const(Ident name, Expr value, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitConst(this); }
  }

  /** `[static] struct NAME [bound N] { members }` */
  record Struct(Ident name, boolean isStatic, Expr bound, List<Member> members, Span span) implements Decl {
    public Struct {
      members = List.copyOf(members);
    }
    public <R> R accept(Visitor<R> v) { return v.visitStruct(this); }
  }

  /** A global variable, lock, set or queue: the same forms as struct members. */
  record Global(Member member, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitGlobal(this); }
  }

  /**
   * `[daemon] thread NAME[COUNT] { … }`; count is null for a single thread. A daemon thread
   * (a kernel worker, a softirq, an RCU callback thread) need not finish: it is at rest when
   * it waits at the head of its `loop`.
   */
  record Thread(Ident name, Expr count, Block body, boolean daemon, Expr cpu, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitThread(this); }
  }

  /**
   * `work NAME: FN`: a work item (DECLARE_WORK). `queue_work(NAME)` marks it pending; a worker
   * thread of its own runs FN once per pending mark; `flush_work(NAME)` waits until it is
   * neither pending nor running.
   */
  record Work(Ident name, Ident fn, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitWork(this); }
  }

  /**
   * `init { … }`: statements run atomically, by no thread, before any thread starts; the states
   * after it are the model's initial states (docs/semantics.md, "The init block").
   */
  record Init(Block body, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitInit(this); }
  }

  /**
   * `[op [OPNAME]] fn NAME(params) { … }`; an `op` function is an operation whose latency the
   * cost model measures, from its call to its return (docs/cost-model.md). Several functions
   * may be one operation (`op sendmsg fn sys_write`, `op sendmsg fn sys_sendmsg_creds`);
   * without OPNAME the operation is the function's name. {@code opName} is null then.
   */
  record Fn(Ident name, List<Param> params, Block body, boolean isOp, Ident opName, boolean isOverride, Span span) implements Decl {
    /** The operation this function is, or null when it is not one. */
    public String operation() {
      return !isOp ? null : opName != null ? opName.text() : name == null ? null : name.text();
    }

    public Fn {
      params = List.copyOf(params);
    }
    public <R> R accept(Visitor<R> v) { return v.visitFn(this); }
  }

  /**
   * `extend struct NAME bound N { members }`: adds fields to a struct declared elsewhere (an
   * included library file), or sets its pool bound; both parts are optional.
   */
  record ExtendStruct(Ident name, Expr bound, List<Member> members, Span span) implements Decl {
    public ExtendStruct {
      members = List.copyOf(members);
    }
    public <R> R accept(Visitor<R> v) { return v.visitExtendStruct(this); }
  }

  /**
   * `unfair NAME`: the threads of kind NAME (a declared thread, `W_worker`, or `rcu_cb_FN`) get
   * no weak fairness, so `eventually` properties see behaviours where they stop moving.
   */
  record Unfair(Ident name, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitUnfair(this); }
  }

  /** `check NAME` */
  record Check(Ident name, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitCheck(this); }
  }

  /** `invariant NAME: expr` or `eventually NAME: expr`. */
  record Property(Kind kind, Ident name, Expr cond, Span span) implements Decl {
    public enum Kind { INVARIANT, EVENTUALLY }
    public <R> R accept(Visitor<R> v) { return v.visitProperty(this); }
  }

  /** `cost { NAME = N … }`: machine-profile entries, nanoseconds per primitive (or `cpus`). */
  record Cost(List<CostEntry> entries, Span span) implements Decl {
    public Cost {
      entries = List.copyOf(entries);
    }
    public <R> R accept(Visitor<R> v) { return v.visitCost(this); }
  }

  /** One `NAME = N` of a cost block. */
  record CostEntry(Ident name, Expr value, Span span) {}

  /** `profile "PATH"`: the machine profile (a file holding a cost block) the model is costed on. */
  record Profile(String path, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitProfile(this); }
  }

  /**
   * `latency OP <= BOUND [when COND]`: every completed execution of the operation OP takes at
   * most BOUND nanoseconds (when COND, over OP's parameters, holds at its return).
   */
  record Latency(Ident op, Expr bound, Expr when, Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitLatency(this); }
  }

  /**
   * `workload NAME { cpus = N  OP: COUNT …  shared S, …  const C = V … }`: the benchmark the
   * model's operations stand for, which `inflight cost` / `diff` total (docs/cost-model.md).
   */
  record Workload(Ident name, List<WorkloadItem> items, Span span) implements Decl {
    public Workload {
      items = List.copyOf(items);
    }
    public <R> R accept(Visitor<R> v) { return v.visitWorkload(this); }
  }

  /** Stands for a declaration that failed to parse; it produces no further messages. */
  record Error(Span span) implements Decl {
    public <R> R accept(Visitor<R> v) { return v.visitError(this); }
  }

  interface Visitor<R> {
    R visitModel(Model d);
    R visitInclude(Include d);
    R visitConst(Const d);
    R visitStruct(Struct d);
    R visitGlobal(Global d);
    R visitThread(Thread d);
    R visitWork(Work d);
    R visitInit(Init d);
    R visitFn(Fn d);
    R visitExtendStruct(ExtendStruct d);
    R visitCheck(Check d);
    R visitUnfair(Unfair d);
    R visitProperty(Property d);
    R visitCost(Cost d);
    R visitProfile(Profile d);
    R visitLatency(Latency d);
    R visitWorkload(Workload d);
    R visitError(Error d);
  }
}

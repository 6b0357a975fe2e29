package dev.inflight.translator.emit;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Maps the generated TLA+ module back to the DSL: every action, label, variable, model value
 * and property. Written as {@code <Model>.srcmap.json}; the checker uses it to tell a TLC trace
 * in the model's own terms. docs/srcmap.md documents the format.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SourceMap(
    int version,
    String model,
    String module,
    List<String> files,
    List<Thread> threads,
    List<Struct> structs,
    List<Variable> variables,
    List<Action> actions,
    List<Property> properties,
    @JsonInclude(JsonInclude.Include.NON_NULL) Cost cost,
    @JsonInclude(JsonInclude.Include.NON_NULL) Init init,
    @JsonInclude(JsonInclude.Include.NON_NULL) Symmetric symmetry) {

  /** A model without an `init` block and without symmetry. */
  public SourceMap(int version, String model, String module, List<String> files, List<Thread> threads, List<Struct> structs,
      List<Variable> variables, List<Action> actions, List<Property> properties, Cost cost) {
    this(version, model, module, files, threads, structs, variables, actions, properties, cost, null, null);
  }

  /**
   * The sets a run without temporal properties may declare SYMMETRY (emit/Symmetry): the module's
   * operator {@code op} is the union of their permutations.
   */
  public record Symmetric(String op, List<SymmetricSet> sets) {}

  /** A symmetric set: its TLA+ constant, "thread" (the copies of a thread array) or "pool", the DSL name, its size. */
  public record SymmetricSet(String tla, String kind, String name, int size) {}

  /**
   * The `init` block (docs/semantics.md, "The init block"): where it is, and every DSL statement
   * some path through it runs, in order of first appearance. It is part of Init, not an action:
   * TLC's coverage does not count it, and vacuity warnings leave its statements out.
   */
  public record Init(Loc loc, List<Loc> statements) {}

  /** 2: every loc is an index into the table `locs` (emit/SourceMapJson). */
  public static final int VERSION = 3;

  /**
   * Present when costs are tracked: the machine profile (its file and every entry), the CPU of
   * each thread (by TLA+ id), and the operations (`op fn`) by name. {@code latCap}: in a check
   * of latency bounds, the value the module stops running totals at (`lat`, `op_end.ns`; null
   * when it does not), so a trace's totals at it are recomputed (docs/semantics.md, "Costs:
   * totals capped").
   */
  public record Cost(String profile, java.util.Map<String, Long> entries, java.util.Map<String, Integer> cpus,
      List<String> ops, List<Latency> latencies, @JsonInclude(JsonInclude.Include.NON_NULL) Workload workload,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long latCap) {
    /** Costs without a workload. */
    public Cost(String profile, java.util.Map<String, Long> entries, java.util.Map<String, Integer> cpus, List<String> ops,
        List<Latency> latencies) {
      this(profile, entries, cpus, ops, latencies, null, null);
    }
  }

  /**
   * The workload the costs are for (docs/cost-model.md, "Workloads"): its name, CPUs, how often
   * each operation runs, the consts it set, and for each shared struct the field of op_end's
   * {@code acc} record that counts an operation's accesses to it.
   */
  public record Workload(String name, int cpus, java.util.Map<String, Long> runs, java.util.Map<String, String> consts,
      java.util.Map<String, String> shared) {
    static Workload of(dev.inflight.translator.resolve.CostModel.Workload w, java.util.Map<String, String> shared) {
      return w == null ? null : new Workload(w.name(), w.cpus(), w.runs(), w.consts(), shared);
    }
  }

  /** A `latency OP <= BOUND [when COND]` property: its name, and `when` as op_end's field (whenN) and as written. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Latency(String name, String op, long bound, String whenField, String when) {}

  /** A DSL place: file, 1-based line and column of the start and end, and the line as written. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Loc(String file, int line, int col, int endLine, int endCol, String text) {}

  /**
   * A thread kind and its instances (model values), with its labels; a daemon also lists the
   * labels where it rests, and a work item's worker names its work item.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Thread(String name, String tlaSet, List<Instance> instances, String entry, List<Label> labels,
      boolean daemon, List<String> rest, String workItem,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Loc> unreached) {
    public Thread(String name, String tlaSet, List<Instance> instances, String entry, List<Label> labels, boolean daemon,
        List<String> rest, String workItem) {
      this(name, tlaSet, instances, entry, labels, daemon, rest, workItem, List.of());
    }
  }

  public record Instance(String tla, String display) {}

  /**
   * A label: where its step starts, and, when that step runs thread-local code first and then
   * can block (an `await`, a `lock`, …), the statement where a thread at this label waits;
   * {@code action} is the label's action (docs/semantics.md, "One action per label"), absent in
   * the per-path form.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Label(String name, Loc loc, Loc waitsAt, String action) {
    public Label(String name, Loc loc) {
      this(name, loc, null, null);
    }

    public Label(String name, Loc loc, Loc waitsAt) {
      this(name, loc, waitsAt, null);
    }
  }

  /** A struct: its heap variable, pool constant, objects and field names. */
  public record Struct(String name, String heapVar, String pool, int bound, boolean boundDerived,
      boolean isStatic, List<Instance> objects, List<Field> fields) {}

  public record Field(String name, String tla, String kind) {}

  /**
   * A state variable, or a part of one. kind: pc, fault, heap, global, local, hidden. For locals
   * and hidden variables {@code thread} is the thread kind, and {@code field} the field of the
   * kind's record of locals {@code tla[t]} that holds it (null: {@code tla} is a variable of its
   * own, a function from the kind's threads); for heaps {@code struct}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Variable(String tla, String kind, String dsl, String thread, String struct, String field) {
    public Variable(String tla, String kind, String dsl, String thread, String struct) {
      this(tla, kind, dsl, thread, struct, null);
    }
  }

  /**
   * An action: a path through one step. {@code to} is null for fault paths. {@code statements}
   * are the DSL statements it runs; {@code primary} the one to show; {@code calledFrom} the call
   * sites leading to it when it is inside a function (outermost first), e.g. the user's line
   * that called a library function. {@code ran} is k of the {@code Ran(k)} that ends its
   * disjunct (emit/RanHook), null for a fault path.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Action(String name, String thread, String from, String to, String fault,
      Loc primary, List<Loc> calledFrom, List<Loc> statements, Integer tlaFirstLine, Integer tlaLastLine, Integer ran) {}

  /**
   * A property: kind builtin, invariant, eventually, hang, deadlock, bound or latency; {@code tla}
   * the operator TLC names (null for deadlock, which TLC checks itself); {@code fault} the (main)
   * fault kind it watches, {@code faults} every one; for `no_hang` (kind hang), {@code watches} the thread kinds it watches;
   * {@code tlaFirstLine}..{@code tlaLastLine} the lines of its operator's definition in the module
   * (null when it has none), which tell a failure to evaluate it from one in a step.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Property(String name, String tla, String kind, String fault, Loc loc, String description, List<String> watches,
      Integer tlaFirstLine, Integer tlaLastLine, List<String> faults) {
    public Property(String name, String tla, String kind, String fault, Loc loc, String description, List<String> watches) {
      this(name, tla, kind, fault, loc, description, watches, null, null, fault == null ? null : List.of(fault));
    }

    public Property(String name, String tla, String kind, String fault, Loc loc, String description) {
      this(name, tla, kind, fault, loc, description, null);
    }

    /** The same property, its definition on module lines {@code first}..{@code last}. */
    public Property at(int first, int last) {
      return new Property(name, tla, kind, fault, loc, description, watches, first, last, faults);
    }

    /** The same property watching every fault kind of {@code kinds} (the first is its main one). */
    public Property watching(List<String> kinds) {
      return new Property(name, tla, kind, kinds.get(0), loc, description, watches, tlaFirstLine, tlaLastLine, List.copyOf(kinds));
    }

    /** Whether module line {@code line} is in its definition. */
    public boolean definedOn(int line) {
      return tlaFirstLine != null && tlaFirstLine <= line && line <= tlaLastLine;
    }
  }
}

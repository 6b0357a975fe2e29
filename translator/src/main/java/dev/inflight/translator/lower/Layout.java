package dev.inflight.translator.lower;

import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.Namer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the model's state is laid out in TLA+, and the TLA+ name of everything. Threads of a kind
 * and the objects of a struct are sets of model values (so they can later be declared SYMMETRY
 * sets); thread-local variables are functions from the kind's threads; each struct's heap is a
 * function from its pool to records.
 */
public final class Layout {
  /** Names the emitter uses for its own definitions; reserved before any DSL name. */
  public static final List<String> GENERATED = List.of(
      "pc", "fault", "vars", "Threads", "Init", "Next", "Spec", "Terminated", "NULL", "NoFault",
      "AllDone", "Elems", "ListDel", "Fault", "FaultOn", "FaultBound", "FaultOnBound", "FaultDeref", "FaultWith", "HasFreeSlot", "FirstFreeSlot", "self", "Fairness", "NoUseAfterFree", "NoDoubleFree",
      "NoRefcountUnderflow", "NoNullDeref", "LockDiscipline", "Assertions", "ModelBounds", "NoLeak", "StateLimit", "RcuDiscipline",
      "ListDiscipline", "NoHang", "Finished",
      "rcu_depth", "rcu_gp", "rcu_cbs", "rcu_running",
      "lat", "op_end", "NoOpEnd", "CpuOf", "AtomicCost", "LockCost", "WaitsFor", "CostProbe", "LatCap", "Capped", "Symmetry", SharedLines.VAR,
      "Ran", "RanOnce", "RanInit", "RanReset", "RanFault", "RanFaultOnce", "FaultsReached");

  public final Namer namer = new Namer();
  /**
   * A check of latency bounds: the value operations' running totals stop at (LatencyCap), or
   * null. Set by the lower phase once the threads' code is known, before any step is formed.
   */
  public Long latCap;
  public final Map<StructSym, String> heapVar = new LinkedHashMap<>();
  public final Map<StructSym, String> poolConst = new LinkedHashMap<>();
  public final Map<StructSym, List<String>> objects = new LinkedHashMap<>();
  public final Map<FieldSym, String> fieldName = new LinkedHashMap<>();
  /**
   * Costs tracked: for each refcount field, the record field holding the CPU that last wrote
   * its cache line (an atomic from another CPU pays the remote price).
   */
  public final Map<FieldSym, String> lineField = new LinkedHashMap<>();
  /** Costs tracked: for each global lock, the variable holding the CPU that took it last (-1: none yet). */
  public final Map<Symbol.GlobalSym, String> lockLine = new LinkedHashMap<>();
  public final Map<Symbol.GlobalSym, String> globalVar = new LinkedHashMap<>();
  public final Map<Symbol.ConstSym, String> constName = new LinkedHashMap<>();
  public final Map<ThreadSym, String> threadConst = new LinkedHashMap<>();
  public final Map<ThreadSym, List<String>> threadIds = new LinkedHashMap<>();
  public final Map<ThreadSym, String> threadStep = new LinkedHashMap<>();
  /** Per thread: the state predicate that its step can move (emit/Enabled), for fairness. */
  public final Map<ThreadSym, String> threadEnabled = new LinkedHashMap<>();
  /** Per thread: the action "this thread took a step", cheaper than its step, for fairness (emit/Enabled#moved). */
  public final Map<ThreadSym, String> threadMoved = new LinkedHashMap<>();
  /** Per thread: what its fairness compares to tell a step from a stutter (emit/Enabled#movedVars). */
  public final Map<ThreadSym, String> threadMovedVars = new LinkedHashMap<>();
  /** Costs tracked: profile entry → the module's constant for it (Cost_syscall). */
  private final Map<String, String> costNames = new LinkedHashMap<>();

  private String waker;
  /**
   * The fault operators some path ends in, each with the fields of the `fault` record it sets
   * (the emitter defines those used): {@code Fault(kind, thread, line)}, {@code FaultOn} with
   * {@code obj}, {@code FaultBound} with {@code bound}, {@code FaultOnBound} with both.
   */
  public final java.util.SortedMap<String, List<String>> faultOps = new java.util.TreeMap<>();

  /** Whether some step allocates (the module then defines {@link #HAS_FREE_SLOT} and {@link #FIRST_FREE_SLOT}). */
  public boolean allocates;
  /** {@code HasFreeSlot(h)}: heap {@code h} has a slot never allocated. */
  public static final String HAS_FREE_SLOT = "HasFreeSlot";
  /** {@code FirstFreeSlot(h)}: the slot of heap {@code h} an alloc takes, the first never allocated. */
  public static final String FIRST_FREE_SLOT = "FirstFreeSlot";

  /** The name of the fault operator that sets a record with these fields. */
  public static String faultOp(List<String> fields) {
    return "Fault" + (fields.contains("obj") ? "On" : "") + (fields.contains("bound") ? "Bound" : "");
  }

  /** WaitsFor's second parameter: `waker`, unless the model took that name. */
  public String waker() {
    if (waker == null) {
      waker = namer.bound("waker", x -> false);
    }
    return waker;
  }

  /** The module constant holding a profile entry's nanoseconds. */
  public String costName(String key) {
    return costNames.computeIfAbsent(key, k -> namer.name("cost:" + k, "Cost_" + k));
  }

  /**
   * Costs tracked: the operators pricing an access by the CPU that last took its cache line
   * (AtomicCost, LockCost) the steps use, each with its local and remote price (as Costs#price
   * writes them).
   */
  private final Map<String, List<dev.inflight.translator.tla.TlaExpr>> lineCosts = new LinkedHashMap<>();

  /** The operator {@code op} (a name of {@link #GENERATED}), priced {@code local} or {@code remote}, used. */
  public String lineCost(String op, dev.inflight.translator.tla.TlaExpr local, dev.inflight.translator.tla.TlaExpr remote) {
    lineCosts.putIfAbsent(op, List.of(local, remote));
    return op;
  }

  /** The line-cost operators used (AtomicCost, LockCost), with their local and remote prices, in first-use order. */
  public Map<String, List<dev.inflight.translator.tla.TlaExpr>> lineCosts() {
    return java.util.Collections.unmodifiableMap(lineCosts);
  }

  /** The profile entries the module uses, with their constant names, in first-use order. */
  public Map<String, String> costNames() {
    return java.util.Collections.unmodifiableMap(costNames);
  }

  /** Costs tracked under a workload with shared structs: their access counters (else inactive). */
  public final SharedLines sharedLines;

  /** The module's name: the model's, renamed only if it clashes. */
  public final String moduleName;
  /** The operator of each user property (`invariant` / `eventually`). */
  public final Map<dev.inflight.translator.ast.Decl.Property, String> propertyName = new LinkedHashMap<>();
  /** Local variables: (thread kind, local) → TLA+ variable. */
  private final Map<ThreadSym, Map<Object, String>> localVar = new LinkedHashMap<>();

  final Program program;

  /** Every thread kind with its declared number of copies. */
  public Layout(Program program) {
    this(program, Map.of());
  }

  /**
   * {@code copies}: thread kinds laid out with fewer copies than declared (the RCU callback
   * threads when fewer callbacks can be queued, CallbackThreads); the others keep their count.
   */
  public Layout(Program program, Map<ThreadSym, Integer> copies) {
    this.program = program;
    GENERATED.forEach(namer::reserve);
    sharedLines = new SharedLines(program);
    for (Symbol.ConstSym c : program.consts.values()) {
      constName.put(c, namer.name(c, c.name()));
    }
    for (StructSym s : program.structs.values()) {
      heapVar.put(s, namer.name(s, s.name()));
      poolConst.put(s, namer.name("pool:" + s.name(), "Pool_" + s.name()));
      // Record field names live in their own namespace; only TLA+ reserved words need renaming.
      Namer fields = new Namer();
      fields.reserve("st");
      for (FieldSym f : s.fields().values()) {
        fieldName.put(f, fields.name(f, f.name()));
      }
      if (program.cost.tracked) {
        for (FieldSym f : s.fields().values()) {
          if (f.member instanceof dev.inflight.translator.ast.Member.Ref || f.member instanceof dev.inflight.translator.ast.Member.Lock) {
            lineField.put(f, fields.name("line:" + f.name(), f.name() + "_cpu"));
          }
        }
      }
    }
    for (Symbol.GlobalSym g : program.globals.values()) {
      globalVar.put(g, namer.name(g, g.name()));
      if (program.cost.tracked && g.member instanceof dev.inflight.translator.ast.Member.Lock) {
        lockLine.put(g, namer.name("line:" + g.name(), g.name() + "_cpu"));
      }
    }
    for (ThreadSym t : program.threads) {
      threadConst.put(t, namer.name("threads:" + t.name(), "Thread_" + t.name()));
      threadStep.put(t, namer.name("step:" + t.name(), t.name() + "_step"));
      threadEnabled.put(t, namer.name("enabled:" + t.name(), t.name() + "_enabled"));
      threadMoved.put(t, namer.name("moved:" + t.name(), t.name() + "_moved"));
      threadMovedVars.put(t, namer.name("moved-vars:" + t.name(), t.name() + "_moved_vars"));
    }
    for (ThreadSym t : program.threads) {
      List<String> ids = new ArrayList<>();
      for (int i = 1; i <= copies.getOrDefault(t, t.count); i++) {
        String dsl = t.isArray() ? t.name() + "_" + i : t.name();
        ids.add(namer.name("tid:" + t.name() + ":" + i, dsl));
      }
      threadIds.put(t, ids);
    }
    for (StructSym s : program.structs.values()) {
      List<String> ids = new ArrayList<>();
      for (int i = 1; i <= s.bound(); i++) {
        ids.add(namer.name("obj:" + s.name() + ":" + i, s.name() + "_" + i));
      }
      objects.put(s, ids);
    }
    // The module and the properties are named with the DSL's other names, before lowering
    // hands out any bound variable name (Namer#bound), so that those move aside, not these.
    moduleName = namer.name("module", program.modelName);
    for (dev.inflight.translator.ast.Decl.Property p : program.properties) {
      propertyName.put(p, namer.name(p, p.name().text()));
    }
  }

  /** The variable holding a local (or hidden loop variable) for a thread kind. */
  public String local(ThreadSym t, Object key, String dslName) {
    return localVar.computeIfAbsent(t, k -> new LinkedHashMap<>())
        .computeIfAbsent(key, k -> namer.name(List.of("local", t, key), t.name() + "_" + dslName));
  }

  /**
   * Where a local lives when each thread kind's locals are one record per thread (the default
   * layout): {@code var[self]} followed by {@code fields}, e.g. {@code rx_locals[self].sk} for a
   * thread body's local, {@code rx_locals[self].sk_free.s} for a function's (one nested record
   * per inlined function: its frame). The local's own name ({@link #local}) then only keys it; it
   * is not a variable of the module.
   */
  public record Slot(String var, List<String> fields) {
    /** The fields as one dotted path, as the source map writes it: `sk_free.s`. */
    public String path() {
      return String.join(".", fields);
    }
  }

  /** Local name → its slot in its kind's record; empty in the one-variable-per-local layout. */
  private final Map<String, Slot> slots = new LinkedHashMap<>();
  /** Per thread kind, and per frame in it: the field names (a namespace each). */
  private final Map<List<Object>, Namer> slotFields = new LinkedHashMap<>();

  /** The variable holding every local of the threads of kind {@code t}: `rx_locals`. */
  public String localsVar(ThreadSym t) {
    return namer.name(List.of("locals", t), t.name() + "_locals");
  }

  /**
   * Puts the local named {@code local} (see {@link #local}) into its kind's record: as field
   * {@code name} of the frame of {@code fn}, or of the record itself when {@code fn} is null,
   * starting at {@code initial} (see {@link #frames}).
   */
  public Slot fold(ThreadSym t, String local, dev.inflight.translator.resolve.FnSym fn, String name,
      dev.inflight.translator.tla.TlaExpr initial) {
    return slots.computeIfAbsent(local, k -> {
      Namer top = slotFields.computeIfAbsent(List.of(t), x -> new Namer());
      Slot slot;
      if (fn == null) {
        slot = new Slot(localsVar(t), List.of(top.name(List.of("local", local), name)));
      } else {
        String frame = top.name(List.of("frame", fn), fn.name());
        frameField.put(List.of(t, fn), frame);
        Namer inner = slotFields.computeIfAbsent(List.of(t, fn), x -> new Namer());
        slot = new Slot(localsVar(t), List.of(frame, inner.name(local, name)));
      }
      frames.add(namer, t.name(), slot.var(), slot.fields(), fn == null ? null : fn.name(), initial);
      foldedVar.put(t, slot.var());
      return slot;
    });
  }

  /** Thread kind → its record of locals, once a local was folded into it. */
  private final Map<ThreadSym, String> foldedVar = new LinkedHashMap<>();

  /** The record {@code t}'s locals are folded into; null if none is (no locals, or one variable per local). */
  public String foldedVar(ThreadSym t) {
    return foldedVar.get(t);
  }

  /** (thread kind, function) → the field of the kind's record holding the function's frame. */
  private final Map<List<Object>, String> frameField = new LinkedHashMap<>();

  /**
   * The field of {@code t}'s record holding {@code fn}'s frame; null when the function has no
   * locals, or in the one-variable-per-local layout.
   */
  public String frameField(ThreadSym t, dev.inflight.translator.resolve.FnSym fn) {
    return frameField.get(List.of(t, fn));
  }

  /** The records the locals are folded into, with their blank values (empty in the one-variable-per-local layout). */
  public final Frames frames = new Frames();

  /** The slot of a local (null when it is a variable of its own, or not a local). */
  public Slot slot(String local) {
    return slots.get(local);
  }

  /** The variable holding a DSL local for a thread kind: `rx_sk`, or `rx_sk_free_s` for a function's. */
  public String local(ThreadSym t, Symbol.LocalSym l) {
    return local(t, l, dslName(l).replace('.', '_'));
  }

  /** A local as traces show it: `sk`, or `sk_free.s` for a function's local or parameter. */
  public static String dslName(Symbol.LocalSym l) {
    return l.owner instanceof dev.inflight.translator.resolve.FnSym f ? f.name() + "." + l.name() : l.name();
  }

  /** DSL-visible name of the object model value `sock_2` → `sock#2`. */
  public static String objectDisplay(StructSym s, int index) {
    return s.name() + "#" + index;
  }

  /** DSL-visible name of a thread: `rx[2]`, or `user` for a single thread. */
  public static String threadDisplay(ThreadSym t, int index) {
    return t.isArray() ? t.name() + "[" + index + "]" : t.name();
  }
}

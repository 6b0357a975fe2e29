package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcLasso;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Tells a TLC counterexample in the model's terms, using the translator's source map: each
 * step's thread (`rx[2]`), DSL line and statement, and the values it changed (`sock#1.refcnt:
 * 1 -> 0`, `sock#1 freed`), plus a one-line summary naming the threads, objects and lines
 * involved.
 */
public final class TraceMapper {
  private final SourceMap map;
  private final Map<String, String> display = new HashMap<>();
  private final Map<String, SourceMap.Variable> vars = new HashMap<>();
  /** A thread kind's record of locals → the locals in it (Variable#field). */
  private final Map<String, List<SourceMap.Variable>> slots = new HashMap<>();
  private final Map<String, SourceMap.Action> actions = new HashMap<>();
  private final Map<String, SourceMap.Struct> heaps = new HashMap<>();
  private final Map<String, SourceMap.Thread> threads = new HashMap<>();
  /** Label action → what a step of it is told as when no single path matches (its primary statement). */
  private final Map<String, SourceMap.Action> labels = new HashMap<>();
  private final PathAttribution attribution;
  /** Cost and RCU changes told as events. */
  private final StepEvents events = new StepEvents(this);
  private final CallResults results;

  public TraceMapper(SourceMap map) {
    this(map, null);
  }

  /**
   * With {@code attribution} (null: none), a step TLC names by its label's action is told as the
   * path it took (docs/semantics.md, "One action per label").
   */
  public TraceMapper(SourceMap map, PathAttribution attribution) {
    this.map = map;
    this.results = new CallResults(map, this);
    this.attribution = attribution;
    display.put("NULL", "null");
    for (SourceMap.Thread t : map.threads()) {
      threads.put(t.name(), t);
      t.instances().forEach(i -> display.put(i.tla(), i.display()));
    }
    for (SourceMap.Struct s : map.structs()) {
      heaps.put(s.heapVar(), s);
      s.objects().forEach(o -> display.put(o.tla(), o.display()));
    }
    for (SourceMap.Variable v : map.variables()) {
      if (v.field() == null) {
        vars.put(v.tla(), v);
      } else {
        slots.computeIfAbsent(v.tla(), k -> new ArrayList<>()).add(v);
      }
    }
    map.actions().forEach(a -> actions.put(a.name(), a));
    for (SourceMap.Thread t : map.threads()) {
      for (SourceMap.Label l : t.labels()) {
        if (l.action() == null) {
          continue;
        }
        SourceMap.Action primary = map.actions().stream()
            .filter(a -> a.thread().equals(t.name()) && a.from().equals(l.name()))
            .min(java.util.Comparator.comparing(a -> a.fault() != null)).orElse(null);
        SourceMap.Loc loc = primary != null ? primary.primary() : l.loc();
        labels.put(l.action(), new SourceMap.Action(l.action(), t.name(), l.name(), null, null, loc,
            primary == null || primary.calledFrom() == null ? List.of() : primary.calledFrom(),
            loc == null ? List.of() : List.of(loc), null, null, null));
      }
    }
  }

  public Optional<SourceMap.Action> action(String name) {
    return Optional.ofNullable(actions.get(name));
  }

  /** The DSL name of a model value (`sock_1` → `sock#1`, `rx_2` → `rx[2]`, NULL → null). */
  public String displayOf(String modelValue) {
    return display.getOrDefault(modelValue, modelValue);
  }

  /** Maps a whole counterexample; {@code property} is the violated one (null for a deadlock). */
  public DslTrace map(TlcResult result, SourceMap.Property property) {
    List<TlcState> trace = result.trace();
    // Totals capped: what each step cost is told from the totals recomputed without the cap
    // (TraceEvaluator#uncapped); if they cannot be, a total at the cap is told as past it.
    Long cap = map.cost() == null ? null : map.cost().latCap();
    List<TlcState> uncapped = cap == null || attribution == null ? null : attribution.uncapped(trace).orElse(null);
    List<TlcState> told = uncapped != null ? uncapped : trace;
    Long past = cap != null && uncapped == null ? cap : null;
    List<DslStep> steps = new ArrayList<>();
    for (int i = 0; i < trace.size(); i++) {
      steps.add(i == 0 ? new DslStep(1, null, null, null, List.of(), List.of(), initialChanges(trace.get(0)), null,
          new InitialState(this, map).note(trace.get(0)))
          : step(trace.get(i - 1), trace.get(i), told.get(i - 1), told.get(i), past));
    }
    Integer loopFrom = null;
    if (result.lasso() instanceof TlcLasso.BackToState b) {
      loopFrom = b.stateIndex();
      // The step that closes the loop (from the last state back to state N) is a step of the
      // behaviour too: shown as step M+1, whose state is state N's.
      TlcState closing = b.action() == null ? null : b.closing(trace);
      if (closing != null) {
        steps.add(step(trace.get(trace.size() - 1), closing, told.get(told.size() - 1), closing, cap));
      }
    }
    steps = StepNotes.annotate(steps, map);
    boolean stutters = result.lasso() instanceof TlcLasso.Stuttering;
    List<String> notes = new ArrayList<>();
    TlcState last = trace.isEmpty() ? null : trace.get(trace.size() - 1);
    String summary = new TraceSummary(this, map).summary(result, property, steps, last, notes);
    if (last != null) {
      events.rcuNotes(last, steps, notes);
    }
    return new DslTrace(property, summary, steps, loopFrom, stutters, notes);
  }

  /**
   * Whether every step of the trace is a step of the module: its label action takes the state
   * before it to the state after it along exactly one path. Under SYMMETRY, TLC rebuilds a trace
   * from canonical fingerprints and may join a state to a successor of a permutation of it
   * (check/PropertyRuns then finds the trace again without symmetry).
   */
  public boolean consistent(TlcResult result) {
    List<TlcState> trace = result.trace();
    for (int i = 1; i < trace.size(); i++) {
      TlcState cur = trace.get(i);
      if (cur.action() == null || actions.containsKey(cur.action())) {
        continue;
      }
      if (!labels.containsKey(cur.action()) || attribution == null
          || attribution.attribute(cur.action(), trace.get(i - 1), cur).path() == null) {
        return false;
      }
    }
    return true;
  }

  // ---------------------------------------------------------------- steps

  private List<DslStep.Change> initialChanges(TlcState s) {
    List<DslStep.Change> out = new InitialState(this, map).objects(s);
    for (Map.Entry<String, TlcValue> e : s.vars().entrySet()) {
      SourceMap.Variable v = vars.get(e.getKey());
      if (v != null && v.kind().equals("global")) {
        out.add(DslStep.Change.initial(v.dsl(), render(e.getValue(), s)));
      }
    }
    return out;
  }

  /**
   * The step from {@code prev} to {@code cur}, its costs told from {@code costPrev} and
   * {@code costCur} (the same states, or with the totals recomputed without a cap); a total at
   * {@code past} (null: none) is told as past it.
   */
  private DslStep step(TlcState prev, TlcState cur, TlcState costPrev, TlcState costCur, Long past) {
    SourceMap.Action a = cur.action() == null ? null : actions.get(cur.action());
    String note = null;
    if (a == null && cur.action() != null && labels.containsKey(cur.action())) {
      PathAttribution.Result r = attribution == null ? new PathAttribution.Result(null, "no path attribution")
          : attribution.attribute(cur.action(), prev, cur);
      a = r.path() == null ? null : actions.get(r.path());
      if (a == null) {
        a = labels.get(cur.action());
        note = "the step's path is unknown (" + r.note() + "): shown by its label";
      }
    }
    String thread = a == null ? null : thread(a, prev, cur);
    List<DslStep.Change> changes = new ArrayList<>();
    java.util.Set<String> assigned = CallResults.assigned(a);
    for (Map.Entry<String, TlcValue> e : cur.vars().entrySet()) {
      TlcValue before = prev.get(e.getKey());
      if (Objects.equals(before, e.getValue())) {
        continue;
      }
      for (SourceMap.Variable l : slots.getOrDefault(e.getKey(), List.of())) {
        if (l.kind().equals("local")) {
          List<TlcValue> threads = e.getValue() instanceof TlcValue.FunV all ? all.domain() : null;
          localChanges(l, LocalValues.of(l, before), LocalValues.of(l, e.getValue()), threads, prev, cur, changes, assigned.contains(l.dsl()));
        }
      }
      SourceMap.Variable v = vars.get(e.getKey());
      if (v == null) {
        continue;
      }
      switch (v.kind()) {
        case "heap":
          heapChanges(heaps.get(v.tla()), before, e.getValue(), cur, changes);
          break;
        case "global":
          changes.add(DslStep.Change.global(v.dsl(), render(before, prev), render(e.getValue(), cur)));
          break;
        case "local":
          localChanges(v, before, e.getValue(), null, prev, cur, changes, assigned.contains(v.dsl()));
          break;
        case "rcu":
          events.rcuChanges(v.tla(), before, e.getValue(), cur, changes);
          break;
        default:
          break; // pc, fault, hidden: told by the step itself
      }
    }
    results.returned(a, thread, cur, changes);
    List<DslStep.Change> costs = new ArrayList<>();
    events.costChanges(costPrev, costCur, thread, past, costs);
    changes.addAll(0, costs); // what the step cost first: a latency trace is read by it
    if (a == null) {
      return new DslStep(cur.index(), thread, cur.action(), null, List.of(), List.of(), changes, null);
    }
    List<SourceMap.Loc> via = a.calledFrom() == null ? List.of() : a.calledFrom();
    return new DslStep(cur.index(), thread, a.name(), a.primary(), via, a.statements(), changes, a.fault(), note);
  }

  /** Which thread of the action's kind moved: the one whose pc went from `from` to `to`. */
  private String thread(SourceMap.Action a, TlcState prev, TlcState cur) {
    if (a.fault() != null && cur.get("fault") instanceof TlcValue.RecordV f && f.get("thread") instanceof TlcValue.ModelV m) {
      return displayOf(m.name());
    }
    SourceMap.Thread t = threads.get(a.thread());
    if (t == null) {
      return a.thread();
    }
    String fallback = null;
    for (SourceMap.Instance i : t.instances()) {
      String before = pcOf(prev, i.tla());
      String after = pcOf(cur, i.tla());
      if (a.from().equals(before) && (Objects.equals(a.to(), after) || labels.get(a.name()) == a)) {
        if (!before.equals(after)) {
          return i.display();
        }
        fallback = fallback == null ? i.display() : fallback;
      }
    }
    return fallback != null ? fallback : t.instances().size() == 1 ? t.instances().get(0).display() : a.thread() + "[?]";
  }

  /**
   * The threads `no_hang` watches that never finish on a lasso: not done (and no fault) in its
   * last state. Since `Done` is final and the lasso returns to an earlier state, such a thread
   * is unfinished on the whole loop. Empty when the result has no lasso.
   */
  public List<String> hungThreads(TlcResult result, SourceMap.Property hang) {
    List<String> out = new ArrayList<>();
    List<TlcState> trace = result.trace();
    if (trace.isEmpty() || result.lasso() == null || hang.watches() == null) {
      return out;
    }
    TlcState last = trace.get(trace.size() - 1);
    if (last.get("fault") instanceof TlcValue.RecordV f && !"none".equals(str(f.get("kind")))) {
      return out;
    }
    for (SourceMap.Thread t : map.threads()) {
      if (!hang.watches().contains(t.name())) {
        continue;
      }
      for (SourceMap.Instance i : t.instances()) {
        String pc = pcOf(last, i.tla());
        if (pc != null && !pc.equals("Done")) {
          out.add(i.tla());
        }
      }
    }
    return out;
  }

  static String pcOf(TlcState s, String thread) {
    if (s.get("pc") instanceof TlcValue.FunV f) {
      Optional<TlcValue> v = f.get(new TlcValue.ModelV(thread));
      if (v.isPresent() && v.get() instanceof TlcValue.StrV str) {
        return str.value();
      }
    }
    return null;
  }

  private void heapChanges(SourceMap.Struct s, TlcValue before, TlcValue after, TlcState cur, List<DslStep.Change> out) {
    if (!(before instanceof TlcValue.FunV b) || !(after instanceof TlcValue.FunV a) || s == null) {
      return;
    }
    Map<String, String> fieldDsl = new LinkedHashMap<>();
    s.fields().forEach(f -> fieldDsl.put(f.tla(), f.name()));
    for (TlcValue key : a.domain()) {
      TlcValue.RecordV r0 = (TlcValue.RecordV) b.get(key).orElse(null);
      TlcValue.RecordV r1 = (TlcValue.RecordV) a.get(key).orElse(null);
      if (r0 == null || r1 == null || r0.equals(r1)) {
        continue;
      }
      String obj = key instanceof TlcValue.ModelV m ? displayOf(m.name()) : key.render();
      String st0 = str(r0.get("st"));
      String st1 = str(r1.get("st"));
      if ("free".equals(st0) && "live".equals(st1)) {
        List<String> init = new ArrayList<>();
        fieldDsl.forEach((tla, dsl) -> init.add(dsl + "=" + render(r1.get(tla), cur)));
        out.add(DslStep.Change.alloc(obj, init));
        continue;
      }
      for (Map.Entry<String, String> f : fieldDsl.entrySet()) {
        TlcValue v0 = r0.get(f.getKey());
        TlcValue v1 = r1.get(f.getKey());
        if (!Objects.equals(v0, v1)) {
          out.add(DslStep.Change.field(obj, f.getValue(), render(v0, cur), render(v1, cur)));
        }
      }
      if ("live".equals(st0) && "freed".equals(st1)) {
        out.add(DslStep.Change.free(obj));
      }
    }
  }

  /** The model value of a thread shown as {@code display}. */
  String instanceOf(String display) {
    for (SourceMap.Thread t : map.threads()) {
      for (SourceMap.Instance i : t.instances()) {
        if (i.display().equals(display)) {
          return i.tla();
        }
      }
    }
    return display;
  }

  /**
   * The changes of local {@code v} between {@code before} and {@code after}, its values per
   * thread (see {@link LocalValues#of}), for the threads {@code threads} in order (null: those of
   * {@code after}).
   */
  private void localChanges(SourceMap.Variable v, TlcValue before, TlcValue after, List<TlcValue> threads, TlcState prev,
      TlcState cur, List<DslStep.Change> out, boolean assignedHere) {
    if (!(before instanceof TlcValue.FunV b) || !(after instanceof TlcValue.FunV a)) {
      return;
    }
    for (TlcValue key : threads == null ? a.domain() : threads) {
      TlcValue v0 = b.get(key).orElse(null);
      TlcValue v1 = a.get(key).orElse(null);
      // A function's local is missing while its frame is NULL (the thread is not inside it):
      // it is at its initial value then, which its type decides (Defaults#of).
      v0 = v0 == null ? LocalValues.initialLike(v1) : v0;
      v1 = v1 == null ? LocalValues.initialLike(v0) : v1;
      if (Objects.equals(v0, v1) || LocalValues.isDefault(v1) && !assignedHere) {
        continue; // a local going back to its initial value is a function or thread ending
      }
      String t = key instanceof TlcValue.ModelV m ? displayOf(m.name()) : key.render();
      out.add(DslStep.Change.local(t, v.dsl(), render(v0, prev), render(v1, cur)));
    }
  }

  /** The last step with a change that matches. */
  static DslStep lastEvent(List<DslStep> steps, java.util.function.Predicate<DslStep.Change> which) {
    DslStep found = null;
    for (DslStep s : steps) {
      if (s.changes().stream().anyMatch(which)) {
        found = s;
      }
    }
    return found;
  }

  static String str(TlcValue v) {
    return v instanceof TlcValue.StrV s ? s.value() : null;
  }

  /** A value in DSL syntax; objects freed in {@code state} are marked `(freed)`. */
  public String render(TlcValue v, TlcState state) {
    if (v == null) {
      return "?";
    }
    if (v instanceof TlcValue.ModelV m) {
      String d = displayOf(m.name());
      return isFreed(m.name(), state) ? d + "(freed)" : d;
    }
    if (v instanceof TlcValue.IntV i) {
      return Long.toString(i.value());
    }
    if (v instanceof TlcValue.BoolV b) {
      return Boolean.toString(b.value());
    }
    if (v instanceof TlcValue.StrV s) {
      return s.render();
    }
    if (v instanceof TlcValue.SetV s) {
      List<String> parts = new ArrayList<>();
      s.elements().forEach(e -> parts.add(render(e, state)));
      return "{" + String.join(", ", parts) + "}";
    }
    if (v instanceof TlcValue.SeqV s) {
      List<String> parts = new ArrayList<>();
      s.elements().forEach(e -> parts.add(render(e, state)));
      return "[" + String.join(", ", parts) + "]";
    }
    return v.render();
  }

  private boolean isFreed(String object, TlcState state) {
    if (state == null) {
      return false;
    }
    for (SourceMap.Struct s : map.structs()) {
      if (state.get(s.heapVar()) instanceof TlcValue.FunV f) {
        Optional<TlcValue> r = f.get(new TlcValue.ModelV(object));
        if (r.isPresent() && r.get() instanceof TlcValue.RecordV rec) {
          return "freed".equals(str(rec.get("st")));
        }
      }
    }
    return false;
  }

  /** A source line as code: without a trailing `//` comment. */
  public static String code(String line) {
    int c = line.indexOf("//");
    return (c >= 0 ? line.substring(0, c) : line).strip();
  }

  /** `file:line`. */
  /** The property TLC names {@code tla}; one made up from the name if the source map has none. */
  public static SourceMap.Property property(SourceMap map, String tla) {
    return map.properties().stream().filter(p -> tla.equals(p.tla())).findFirst()
        .orElse(new SourceMap.Property(tla, tla, "invariant", null, null, tla));
  }

  public static String where(SourceMap.Loc loc) {
    return loc.file() + ":" + loc.line();
  }
}

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
  private final Map<String, SourceMap.Action> actions = new HashMap<>();
  private final Map<String, SourceMap.Struct> heaps = new HashMap<>();
  private final Map<String, SourceMap.Thread> threads = new HashMap<>();

  public TraceMapper(SourceMap map) {
    this.map = map;
    display.put("NULL", "null");
    for (SourceMap.Thread t : map.threads()) {
      threads.put(t.name(), t);
      t.instances().forEach(i -> display.put(i.tla(), i.display()));
    }
    for (SourceMap.Struct s : map.structs()) {
      heaps.put(s.heapVar(), s);
      s.objects().forEach(o -> display.put(o.tla(), o.display()));
    }
    map.variables().forEach(v -> vars.put(v.tla(), v));
    map.actions().forEach(a -> actions.put(a.name(), a));
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
    List<DslStep> steps = new ArrayList<>();
    for (int i = 0; i < trace.size(); i++) {
      steps.add(i == 0 ? new DslStep(1, null, null, null, List.of(), List.of(), initialChanges(trace.get(0)), null)
          : step(trace.get(i - 1), trace.get(i)));
    }
    Integer loopFrom = null;
    boolean stutters = false;
    if (result.lasso() instanceof TlcLasso.BackToState b) {
      loopFrom = b.stateIndex();
    } else if (result.lasso() instanceof TlcLasso.Stuttering) {
      stutters = true;
    }
    List<String> notes = new ArrayList<>();
    TlcState last = trace.isEmpty() ? null : trace.get(trace.size() - 1);
    String summary = summary(result, property, steps, last, notes);
    if (last != null) {
      rcuNotes(last, steps, notes);
    }
    return new DslTrace(property, summary, steps, loopFrom, stutters, notes);
  }

  // ---------------------------------------------------------------- steps

  private List<DslStep.Change> initialChanges(TlcState s) {
    List<DslStep.Change> out = new ArrayList<>();
    for (Map.Entry<String, TlcValue> e : s.vars().entrySet()) {
      SourceMap.Variable v = vars.get(e.getKey());
      if (v != null && v.kind().equals("global")) {
        out.add(new DslStep.Change(v.dsl(), null, render(e.getValue(), s), v.dsl() + " = " + render(e.getValue(), s)));
      }
    }
    return out;
  }

  private DslStep step(TlcState prev, TlcState cur) {
    SourceMap.Action a = cur.action() == null ? null : actions.get(cur.action());
    String thread = a == null ? null : thread(a, prev, cur);
    List<DslStep.Change> changes = new ArrayList<>();
    for (Map.Entry<String, TlcValue> e : cur.vars().entrySet()) {
      TlcValue before = prev.get(e.getKey());
      if (Objects.equals(before, e.getValue())) {
        continue;
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
          changes.add(new DslStep.Change(v.dsl(), render(before, prev), render(e.getValue(), cur), null));
          break;
        case "local":
          localChanges(v, before, e.getValue(), prev, cur, changes);
          break;
        case "rcu":
          rcuChanges(v.tla(), before, e.getValue(), cur, changes);
          break;
        default:
          break; // pc, fault, hidden: told by the step itself
      }
    }
    List<DslStep.Change> costs = new ArrayList<>();
    costChanges(prev, cur, thread, costs);
    changes.addAll(0, costs); // what the step cost first: a latency trace is read by it
    if (a == null) {
      return new DslStep(cur.index(), thread, cur.action(), null, List.of(), List.of(), changes, null);
    }
    List<SourceMap.Loc> via = a.calledFrom() == null ? List.of() : a.calledFrom();
    return new DslStep(cur.index(), thread, a.name(), a.primary(), via, a.statements(), changes, a.fault());
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
      if (a.from().equals(before) && Objects.equals(a.to(), after)) {
        if (!before.equals(after)) {
          return i.display();
        }
        fallback = fallback == null ? i.display() : fallback;
      }
    }
    return fallback != null ? fallback : t.instances().size() == 1 ? t.instances().get(0).display() : a.thread() + "[?]";
  }

  private static String pcOf(TlcState s, String thread) {
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
        out.add(new DslStep.Change(obj, "free", "live", obj + " allocated" + (init.isEmpty() ? "" : " (" + String.join(", ", init) + ")")));
        continue;
      }
      for (Map.Entry<String, String> f : fieldDsl.entrySet()) {
        TlcValue v0 = r0.get(f.getKey());
        TlcValue v1 = r1.get(f.getKey());
        if (!Objects.equals(v0, v1)) {
          out.add(new DslStep.Change(obj + "." + f.getValue(), render(v0, cur), render(v1, cur), null));
        }
      }
      if ("live".equals(st0) && "freed".equals(st1)) {
        out.add(new DslStep.Change(obj, "live", "freed", obj + " freed"));
      }
    }
  }

  private void localChanges(SourceMap.Variable v, TlcValue before, TlcValue after, TlcState prev, TlcState cur, List<DslStep.Change> out) {
    if (!(before instanceof TlcValue.FunV b) || !(after instanceof TlcValue.FunV a)) {
      return;
    }
    for (TlcValue key : a.domain()) {
      TlcValue v0 = b.get(key).orElse(null);
      TlcValue v1 = a.get(key).orElse(null);
      if (Objects.equals(v0, v1) || isDefault(v1)) {
        continue; // a local going back to its initial value is a function or thread ending
      }
      String t = key instanceof TlcValue.ModelV m ? displayOf(m.name()) : key.render();
      out.add(new DslStep.Change(t + "." + v.dsl(), render(v0, prev), render(v1, cur), null));
    }
  }

  /**
   * Costs tracked: the time the step adds to each thread's operation (the mover's own work, or
   * a blocked thread waiting on it) and the operation's total so far, or in all when it ends.
   */
  private void costChanges(TlcState prev, TlcState cur, String mover, List<DslStep.Change> out) {
    if (!(cur.get("lat") instanceof TlcValue.FunV lat1) || !(prev.get("lat") instanceof TlcValue.FunV lat0)) {
      return;
    }
    TlcValue.RecordV end = cur.get("op_end") instanceof TlcValue.RecordV r && r.get("thread") != null ? r : null;
    for (TlcValue t : lat1.domain()) {
      long before = asLong(lat0.get(t).orElse(null));
      long after = asLong(lat1.get(t).orElse(null));
      String who = t instanceof TlcValue.ModelV m ? displayOf(m.name()) : t.render();
      if (end != null && t.equals(end.get("thread"))) {
        long total = asLong(end.get("ns"));
        String op = end.get("op") instanceof TlcValue.StrV sv ? sv.value() : end.get("op").render();
        out.add(new DslStep.Change(who + " cost", Long.toString(before), Long.toString(total),
            "cost: +" + (total - before) + " ns; " + who + "'s " + op + " took " + total + " ns in all"));
        if (after > 0) {
          out.add(new DslStep.Change(who + " cost", "0", Long.toString(after), "cost: +" + after + " ns into " + who + "'s next operation"));
        }
      } else if (after > before) {
        String why = who.equals(mover) || mover == null ? "" : " waiting on " + mover;
        out.add(new DslStep.Change(who + " cost", Long.toString(before), Long.toString(after),
            "cost: +" + (after - before) + " ns" + why + "; " + who + "'s operation so far " + after + " ns"));
      } else if (after < before) {
        out.add(new DslStep.Change(who + " cost", Long.toString(before), Long.toString(after),
            "cost: " + who + "'s operation so far " + after + " ns"));
      }
    }
  }

  /** RCU state changes told as events: entering/leaving read sections, grace periods, callbacks. */
  private void rcuChanges(String var, TlcValue before, TlcValue after, TlcState cur, List<DslStep.Change> out) {
    switch (var) {
      case "rcu_depth":
        if (before instanceof TlcValue.FunV b && after instanceof TlcValue.FunV a) {
          for (TlcValue t : a.domain()) {
            long d0 = asLong(b.get(t).orElse(null));
            long d1 = asLong(a.get(t).orElse(null));
            String who = t instanceof TlcValue.ModelV m ? displayOf(m.name()) : t.render();
            if (d0 == 0 && d1 > 0) {
              out.add(new DslStep.Change(who, "0", "1", who + " enters an RCU read-side section"));
            } else if (d0 > 0 && d1 == 0) {
              out.add(new DslStep.Change(who, "1", "0", who + " leaves its RCU read-side section"));
            } else if (d0 != d1) {
              out.add(new DslStep.Change(who + " RCU nesting", Long.toString(d0), Long.toString(d1), null));
            }
          }
        }
        break;
      case "rcu_gp":
        if (before instanceof TlcValue.FunV b && after instanceof TlcValue.FunV a) {
          for (TlcValue t : a.domain()) {
            if (!(a.get(t).orElse(null) instanceof TlcValue.SetV s1) || !(b.get(t).orElse(null) instanceof TlcValue.SetV s0)) {
              continue;
            }
            String who = t instanceof TlcValue.ModelV m ? displayOf(m.name()) : t.render();
            if (s0.elements().isEmpty() && !s1.elements().isEmpty()) {
              out.add(new DslStep.Change(who, null, null, who + " waits for a grace period: until " + threads(s1) + " leave their read-side sections"));
            }
          }
        }
        break;
      case "rcu_cbs":
        if (before instanceof TlcValue.SetV b && after instanceof TlcValue.SetV a) {
          for (TlcValue c : a.elements()) {
            if (c instanceof TlcValue.RecordV r && b.elements().stream().noneMatch(x -> sameCallback(x, r))) {
              TlcValue wait = r.get("wait");
              String until = wait instanceof TlcValue.SetV w && !w.elements().isEmpty()
                  ? "after " + threads(w) + " leave their read-side sections" : "after a grace period (no reader now)";
              out.add(new DslStep.Change("rcu", null, null, "callback " + callback(r, cur) + " pending: runs " + until));
            }
          }
          for (TlcValue c : b.elements()) {
            if (c instanceof TlcValue.RecordV r && a.elements().stream().noneMatch(x -> sameCallback(x, r))) {
              out.add(new DslStep.Change("rcu", null, null, "callback " + callback(r, cur) + " runs"));
            }
          }
        }
        break;
      default:
        break;
    }
  }

  private static boolean sameCallback(TlcValue x, TlcValue.RecordV r) {
    return x instanceof TlcValue.RecordV o && Objects.equals(o.get("fn"), r.get("fn")) && Objects.equals(o.get("obj"), r.get("obj"));
  }

  private String callback(TlcValue.RecordV r, TlcState state) {
    return str(r.get("fn")) + "(" + render(r.get("obj"), state) + ")";
  }

  private String threads(TlcValue.SetV s) {
    List<String> names = new ArrayList<>();
    s.elements().forEach(e -> names.add(e instanceof TlcValue.ModelV m ? displayOf(m.name()) : e.render()));
    return String.join(", ", names);
  }

  private static long asLong(TlcValue v) {
    return v instanceof TlcValue.IntV i ? i.value() : 0;
  }

  /** Who is inside an RCU read-side section at the end, since when; which callbacks are pending. */
  private void rcuNotes(TlcState last, List<DslStep> steps, List<String> notes) {
    if (last.get("rcu_depth") instanceof TlcValue.FunV depth) {
      for (TlcValue t : depth.domain()) {
        if (asLong(depth.get(t).orElse(null)) > 0) {
          String who = t instanceof TlcValue.ModelV m ? displayOf(m.name()) : t.render();
          DslStep since = lastEvent(steps, who + " enters an RCU read-side section");
          notes.add(who + " is inside an RCU read-side section" + (since == null ? "" : " since step " + since.index()
              + (since.loc() == null ? "" : " (" + where(since.loc()) + ")")));
        }
      }
    }
    if (last.get("rcu_cbs") instanceof TlcValue.SetV cbs) {
      for (TlcValue c : cbs.elements()) {
        if (c instanceof TlcValue.RecordV r) {
          String name = callback(r, last);
          DslStep since = lastEventPrefix(steps, "callback " + name + " pending");
          notes.add("callback " + name + " is pending" + (since == null ? "" : " since step " + since.index()));
        }
      }
    }
  }

  private static DslStep lastEvent(List<DslStep> steps, String note) {
    return lastEventPrefix(steps, note);
  }

  private static DslStep lastEventPrefix(List<DslStep> steps, String prefix) {
    DslStep found = null;
    for (DslStep s : steps) {
      for (DslStep.Change c : s.changes()) {
        if (c.note() != null && c.note().startsWith(prefix)) {
          found = s;
        }
      }
    }
    return found;
  }

  private static boolean isDefault(TlcValue v) {
    return v == null
        || (v instanceof TlcValue.ModelV m && m.name().equals("NULL"))
        || (v instanceof TlcValue.IntV i && i.value() == 0)
        || (v instanceof TlcValue.BoolV bo && !bo.value())
        || (v instanceof TlcValue.SetV s && s.elements().isEmpty());
  }

  private static String str(TlcValue v) {
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

  // ---------------------------------------------------------------- summary

  private String summary(TlcResult result, SourceMap.Property property, List<DslStep> steps, TlcState last, List<String> notes) {
    TlcOutcome o = result.outcome();
    if (o instanceof TlcOutcome.Deadlock) {
      return deadlock(last, notes);
    }
    if (property == null) {
      return "a property is violated";
    }
    if (property.fault() != null && last != null && last.get("fault") instanceof TlcValue.RecordV f) {
      return fault(f, steps, last);
    }
    if ("NoLeak".equals(property.tla()) && last != null) {
      return leak(last, steps);
    }
    if ("hang".equals(property.kind())) {
      return hang(result, property, steps);
    }
    if ("eventually".equals(property.kind())) {
      String how = result.lasso() instanceof TlcLasso.Stuttering
          ? "the behaviour below comes to rest with it false"
          : "the behaviour below loops forever without it staying true";
      return "`eventually " + property.name() + "` fails: " + how + ": " + property.description()
          + (property.loc() == null ? "" : " (" + where(property.loc()) + ")");
    }
    return "invariant `" + property.name() + "` is false after step " + steps.size()
        + (property.loc() == null ? "" : " (" + where(property.loc()) + ": " + property.description() + ")");
  }

  private String fault(TlcValue.RecordV f, List<DslStep> steps, TlcState last) {
    String kind = str(f.get("kind"));
    String thread = f.get("thread") instanceof TlcValue.ModelV m ? displayOf(m.name()) : "?";
    DslStep at = steps.get(steps.size() - 1);
    String here = at.loc() == null ? "" : " at " + where(at.loc());
    String obj = f.get("obj") instanceof TlcValue.ModelV m ? displayOf(m.name()) : null;
    String freedBy = obj == null ? "" : freedBy(obj, steps);
    switch (kind == null ? "" : kind) {
      case "use_after_free":
        return "use-after-free: " + thread + " uses " + obj + here + freedBy;
      case "get_zero":
        return "get on a count of 0: " + thread + " takes a reference to " + obj + " whose count is 0" + here
            + " (refcount_t: addition on 0; use-after-free)";
      case "double_free":
        return "double free: " + thread + (at.loc() != null && code(at.loc().text()).startsWith("put") ? " drops a reference to " : " frees ")
            + obj + " after it was freed" + here + freedBy;
      case "exit_locked":
        return "lock held at exit: " + thread + " ends holding a lock" + here;
      case "rcu_sleep":
        return "sleeping in an RCU read-side section: " + thread + " may block" + here
            + " inside rcu_read_lock() (only spinlocks may be taken there)";
      case "rcu_exit_locked":
        return "RCU read-side section left open: " + thread + " ends inside rcu_read_lock()" + here;
      case "bad_rcu_unlock":
        return "rcu_read_unlock outside a read-side section in " + thread + here;
      case "double_call_rcu":
        return "call_rcu twice: " + thread + " queues a callback on " + obj + " whose callback is still pending" + here;
      case "list_double_add":
        return "list corruption: " + thread + " adds " + obj + " to a list it is already on" + here + " (list_add double add)";
      case "list_del_absent":
        return "list corruption: " + thread + " deletes " + obj + " from a list it is not on" + here + " (list_del corruption)";
      case "null_deref":
        return "null dereference: " + thread + " dereferences null" + here;
      case "refcount_underflow":
        return "refcount underflow: " + thread + " puts a reference of " + obj + " that is already 0" + here;
      case "bad_unlock":
        return "bad unlock: " + thread + " unlocks a lock it does not hold" + here;
      case "assertion":
        return "assertion failed in " + thread + here;
      case "model_bound":
        return "model bound exceeded in " + thread + here + ": " + boundHint(at);
      default:
        return kind + " in " + thread + here;
    }
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

  private String hang(TlcResult result, SourceMap.Property property, List<DslStep> steps) {
    List<String> hung = hungThreads(result, property);
    TlcState last = result.trace().isEmpty() ? null : result.trace().get(result.trace().size() - 1);
    Integer from = result.lasso() instanceof TlcLasso.BackToState b ? b.stateIndex() : null;
    List<String> parts = new ArrayList<>();
    for (String tla : hung) {
      String pc = pcOf(last, tla);
      SourceMap.Loc at = labelLoc(tla, pc);
      boolean moves = false;
      if (from != null) {
        for (int k = from - 1; k < result.trace().size(); k++) {
          moves |= !Objects.equals(pcOf(result.trace().get(k), tla), pc);
        }
      }
      String where = at == null ? "" : " " + where(at) + " (" + code(at.text()) + ")";
      parts.add(displayOf(tla) + (moves ? " keeps running without finishing, e.g. at" + where : " waits forever at" + where));
    }
    String how = from == null ? "no thread that is bound to move does so from step " + steps.size() + " on"
        : "steps " + from + ".." + steps.size() + " repeat forever";
    return "hang: " + (parts.isEmpty() ? "a thread never finishes" : String.join("; ", parts)) + " (" + how + ")";
  }

  private SourceMap.Loc labelLoc(String threadTla, String label) {
    for (SourceMap.Thread t : map.threads()) {
      if (t.instances().stream().anyMatch(i -> i.tla().equals(threadTla))) {
        return t.labels().stream().filter(l -> l.name().equals(label)).map(TraceMapper::waitLoc).findFirst().orElse(null);
      }
    }
    return null;
  }

  /** Where a thread at a label waits: the blocking statement its step reaches, else the label's own place. */
  private static SourceMap.Loc waitLoc(SourceMap.Label l) {
    return l.waitsAt() != null ? l.waitsAt() : l.loc();
  }

  private String boundHint(DslStep at) {
    String text = at.loc() == null ? "" : at.loc().text();
    if (text.contains("alloc")) {
      for (SourceMap.Struct s : map.structs()) {
        if (text.matches(".*\\balloc\\s+" + s.name() + "\\b.*")) {
          return "struct `" + s.name() + "` has " + s.bound() + " object" + (s.bound() == 1 ? "" : "s")
              + "; raise it with `struct " + s.name() + " bound " + (s.bound() + 1) + "`";
        }
      }
    }
    if (text.contains("push")) {
      return "the queue is full; raise its `max`";
    }
    return "a loop ran more often than its `bound`";
  }

  private String freedBy(String obj, List<DslStep> steps) {
    for (DslStep s : steps) {
      for (DslStep.Change c : s.changes()) {
        if (c.note() != null && c.note().equals(obj + " freed")) {
          return "; " + obj + " was freed by " + s.thread() + " at step " + s.index()
              + (s.loc() == null ? "" : " (" + where(s.loc()) + ")");
        }
      }
    }
    return "";
  }

  private String leak(TlcState last, List<DslStep> steps) {
    List<String> leaked = new ArrayList<>();
    for (SourceMap.Struct s : map.structs()) {
      if (s.isStatic() || !(last.get(s.heapVar()) instanceof TlcValue.FunV f)) {
        continue;
      }
      for (TlcValue key : f.domain()) {
        TlcValue.RecordV r = (TlcValue.RecordV) f.get(key).orElse(null);
        if (r != null && "live".equals(str(r.get("st"))) && key instanceof TlcValue.ModelV m) {
          String obj = displayOf(m.name());
          List<String> refs = new ArrayList<>();
          s.fields().stream().filter(x -> x.kind().equals("ref")).forEach(x -> refs.add(x.name() + "=" + render(r.get(x.tla()), last)));
          leaked.add(obj + (refs.isEmpty() ? "" : " (" + String.join(", ", refs) + ")") + allocatedBy(obj, steps));
        }
      }
    }
    return "leak: every thread finished but " + String.join("; ", leaked) + " " + (leaked.size() == 1 ? "is" : "are") + " still allocated";
  }

  private String allocatedBy(String obj, List<DslStep> steps) {
    for (DslStep s : steps) {
      for (DslStep.Change c : s.changes()) {
        if (c.note() != null && c.note().startsWith(obj + " allocated")) {
          return ", allocated by " + s.thread() + " at step " + s.index() + (s.loc() == null ? "" : " (" + where(s.loc()) + ")");
        }
      }
    }
    return "";
  }

  private String deadlock(TlcState last, List<String> notes) {
    List<String> waiting = new ArrayList<>();
    if (last != null) {
      for (SourceMap.Thread t : map.threads()) {
        for (SourceMap.Instance i : t.instances()) {
          String pc = pcOf(last, i.tla());
          if (pc == null || pc.equals("Done")) {
            continue;
          }
          t.labels().stream().filter(l -> l.name().equals(pc)).findFirst().ifPresent(l ->
              waiting.add(i.display() + " waits at " + where(waitLoc(l)) + " (" + code(waitLoc(l).text()) + ")"));
        }
      }
      for (SourceMap.Variable v : map.variables()) {
        if (v.kind().equals("global") && last.get(v.tla()) instanceof TlcValue.ModelV m && !m.name().equals("NULL")
            && threadDisplay(m.name()) != null) {
          notes.add("lock " + v.dsl() + " is held by " + threadDisplay(m.name()));
        }
      }
    }
    return "deadlock: no thread can move" + (waiting.isEmpty() ? "" : "; " + String.join("; ", waiting));
  }

  private String threadDisplay(String modelValue) {
    for (SourceMap.Thread t : map.threads()) {
      for (SourceMap.Instance i : t.instances()) {
        if (i.tla().equals(modelValue)) {
          return i.display();
        }
      }
    }
    return null;
  }

  /** A source line as code: without a trailing `//` comment. */
  public static String code(String line) {
    int c = line.indexOf("//");
    return (c >= 0 ? line.substring(0, c) : line).strip();
  }

  /** `file:line`. */
  public static String where(SourceMap.Loc loc) {
    return loc.file() + ":" + loc.line();
  }
}

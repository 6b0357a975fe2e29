package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcLasso;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.List;

/** The one-line summary of a counterexample: what went wrong, with threads, objects and lines. */
final class TraceSummary {
  private final TraceMapper mapper;
  private final SourceMap map;

  TraceSummary(TraceMapper mapper, SourceMap map) {
    this.mapper = mapper;
    this.map = map;
  }


  String summary(TlcResult result, SourceMap.Property property, List<DslStep> steps, TlcState last, List<String> notes) {
    TlcOutcome o = result.outcome();
    if (o instanceof TlcOutcome.Deadlock) {
      return deadlock(last, notes);
    }
    if (property == null) {
      return "a property is violated";
    }
    if (o instanceof TlcOutcome.EvaluationError ee) {
      return "`" + property.name() + "` cannot be evaluated " + (steps.size() <= 1 ? "in the initial state" : "after step " + steps.size())
          + (property.loc() == null ? "" : " (" + TraceMapper.where(property.loc()) + ": " + oneLine(property.description()) + ")")
          + ": " + Undefined.reason(ee.message()) + ", so it does not hold there";
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
      return "`eventually " + property.name() + "` fails: " + how + ": " + oneLine(property.description())
          + (property.loc() == null ? "" : " (" + TraceMapper.where(property.loc()) + ")");
    }
    String witness = last == null ? null : witness(result, property, last);
    return "invariant `" + property.name() + "` is false after step " + steps.size()
        + (property.loc() == null ? "" : " (" + TraceMapper.where(property.loc()) + ": " + oneLine(property.description()) + ")")
        + (witness == null ? "" : "; for " + witness);
  }

  /** A description as written may span lines; a summary is one. */
  static String oneLine(String s) {
    return s == null ? "" : s.strip().replaceAll("\\s+", " ");
  }

  /**
   * The element a `forall` invariant fails for, which the generated module prints when TLC finds
   * it (emit/Witness), with the fields the predicate reads: `sock#3: inflight 2, skbs {skb#1}`.
   */
  private String witness(TlcResult result, SourceMap.Property property, TlcState last) {
    String prefix = "<<\"" + dev.inflight.translator.emit.Witness.TAG + "\", " + TlcValue.StrV.quote(property.name()) + ",";
    String line = null;
    for (String l : result.unframedLines()) {
      if (l.startsWith(prefix)) {
        line = l;
      }
    }
    if (line == null) {
      return null;
    }
    TlcValue v;
    try {
      v = dev.inflight.driver.tlc.TlcValueParser.parse(line);
    } catch (RuntimeException e) {
      return null;
    }
    if (!(v instanceof TlcValue.SeqV seq) || seq.elements().size() != 3) {
      return null;
    }
    TlcValue who = seq.elements().get(2);
    String shown = mapper.render(who, last);
    java.util.regex.Matcher var = java.util.regex.Pattern.compile("^\\s*forall\\s+(\\w+)\\s+in\\b").matcher(oneLine(property.description()));
    if (!(who instanceof TlcValue.ModelV m) || !var.find()) {
      return shown;
    }
    java.util.Set<String> read = new java.util.LinkedHashSet<>();
    java.util.regex.Matcher f = java.util.regex.Pattern.compile("\\b" + var.group(1) + "\\.(\\w+)").matcher(property.description());
    while (f.find()) {
      read.add(f.group(1));
    }
    List<String> parts = new ArrayList<>();
    for (SourceMap.Struct st : map.structs()) {
      if (last.get(st.heapVar()) instanceof TlcValue.FunV heap && heap.get(m).orElse(null) instanceof TlcValue.RecordV rec) {
        for (SourceMap.Field fd : st.fields()) {
          if (read.contains(fd.name())) {
            parts.add(fd.name() + " " + mapper.render(rec.get(fd.tla()), last));
          }
        }
      }
    }
    return shown + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
  }

  private String fault(TlcValue.RecordV f, List<DslStep> steps, TlcState last) {
    String kind = TraceMapper.str(f.get("kind"));
    String thread = f.get("thread") instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : "?";
    DslStep at = steps.get(steps.size() - 1);
    String here = at.loc() == null ? "" : " at " + TraceMapper.where(at.loc());
    if (steps.size() == 1 && "NULL".equals(f.get("thread") instanceof TlcValue.ModelV m ? m.name() : null)) {
      // A fault in the init block, which no thread runs (docs/semantics.md, "The init block").
      thread = "init";
      here = f.get("line") instanceof TlcValue.IntV n ? " at line " + n.value() : "";
    }
    String obj = f.get("obj") instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : null;
    String freedBy = obj == null ? "" : freedBy(obj, steps);
    switch (kind == null ? "" : kind) {
      case "use_after_free":
        return "use-after-free: " + thread + " uses " + obj + here + freedBy;
      case "get_zero":
        return "get on a count of 0: " + thread + " takes a reference to " + obj + " whose count is 0" + here
            + " (refcount_t: addition on 0; use-after-free)";
      case "double_free":
        return "double free: " + thread + (at.loc() != null && TraceMapper.code(at.loc().text()).startsWith("put") ? " drops a reference to " : " frees ")
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
      case "unprotected_rcu_pick":
        return "RCU walk outside a read-side section: " + thread + " picks from an RCU-protected set without rcu_read_lock()" + here
            + " (suspicious rcu_dereference_check() usage: nothing keeps the element from being freed)";
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
      case "div_zero":
        return "division by zero: " + thread + " divides by 0" + here;
      case "bad_modulus":
        return "remainder by a number below 1: " + thread + " takes `%` by 0 or a negative number" + here;
      case "model_bound":
        return "model bound exceeded in " + thread + here + ": " + boundHint(TraceMapper.str(f.get("bound")), obj);
      default:
        return kind + " in " + thread + here;
    }
  }

  private String hang(TlcResult result, SourceMap.Property property, List<DslStep> steps) {
    List<String> hung = mapper.hungThreads(result, property);
    TlcState last = result.trace().isEmpty() ? null : result.trace().get(result.trace().size() - 1);
    Integer from = result.lasso() instanceof TlcLasso.BackToState b ? b.stateIndex() : null;
    List<String> parts = new ArrayList<>();
    for (String tla : hung) {
      String pc = TraceMapper.pcOf(last, tla);
      SourceMap.Loc at = labelLoc(tla, pc);
      boolean moves = false;
      if (from != null) {
        for (int k = from - 1; k < result.trace().size(); k++) {
          moves |= !java.util.Objects.equals(TraceMapper.pcOf(result.trace().get(k), tla), pc);
        }
        // a loop of one label (a list walk whose body merges into its head) keeps pc where it
        // is, but the thread's steps are in the loop
        String who = mapper.displayOf(tla);
        moves |= steps.stream().anyMatch(st -> st.index() > from && who.equals(st.thread()));
      }
      String where = at == null ? "" : " " + TraceMapper.where(at) + " (" + TraceMapper.code(at.text()) + ")";
      // A loop head never blocks (its branch covers both outcomes): a thread that stays at one
      // takes steps that change nothing (a walk round a cycle of one node), which weak fairness
      // does not force, so TLC shows them as stuttering.
      boolean inPlace = !moves && at != null && at.text() != null && TraceMapper.code(at.text()).startsWith("while ");
      parts.add(mapper.displayOf(tla) + (moves ? " keeps running without finishing, e.g. at" + where
          : inPlace ? " spins forever at" + where + ", each iteration changing nothing" : " waits forever at" + where));
    }
    String how = from == null ? "nothing changes from step " + steps.size() + " on"
        : "steps " + (from + 1) + ".." + steps.size() + " repeat forever";
    return "hang: " + (parts.isEmpty() ? "a thread never finishes" : String.join("; ", parts)) + " (" + how + ")";
  }

  private SourceMap.Loc labelLoc(String threadTla, String label) {
    for (SourceMap.Thread t : map.threads()) {
      if (t.instances().stream().anyMatch(i -> i.tla().equals(threadTla))) {
        return t.labels().stream().filter(l -> l.name().equals(label)).map(TraceSummary::waitLoc).findFirst().orElse(null);
      }
    }
    return null;
  }

  /** Where a thread at a label waits: the blocking statement its step reaches, else the label's own place. */
  private static SourceMap.Loc waitLoc(SourceMap.Label l) {
    return l.waitsAt() != null ? l.waitsAt() : l.loc();
  }

  /**
   * What to raise, from the fault's `bound` field (lower/Faults#bound): `pool S`, `ref F N`,
   * `queue Q N` or `loop N`.
   */
  private String boundHint(String bound, String obj) {
    String[] w = bound == null ? new String[0] : bound.split(" ");
    switch (w.length == 0 ? "" : w[0]) {
      case "ref":
        return "the reference count `" + w[1] + "` of " + obj + " is at its maximum, " + w[2]
            + " (its `ref`'s `max`; " + dev.inflight.translator.ast.Member.Ref.DEFAULT_MAX
            + " when it gives none): a `get` without a `put` in a loop? If the count is meant to go higher, "
            + "raise it with `ref " + w[1] + " = INIT max N`";
      case "pool":
        for (SourceMap.Struct s : map.structs()) {
          if (s.name().equals(w[1])) {
            return "struct `" + s.name() + "` has " + s.bound() + " object" + (s.bound() == 1 ? "" : "s")
                + "; raise it with `struct " + s.name() + " bound " + (s.bound() + 1) + "`";
          }
        }
        return "struct `" + w[1] + "` has no free object; raise its `bound`";
      case "queue":
        return "the queue `" + w[1] + "` is full (its `max`, " + w[2] + "); raise its `max`";
      case "loop":
        return "a loop ran more often than its `bound` (" + w[1] + ")";
      default:
        return "a model bound was exceeded";
    }
  }

  private String freedBy(String obj, List<DslStep> steps) {
    for (DslStep s : steps) {
      for (DslStep.Change c : s.changes()) {
        if (c.kind() == DslStep.Change.Kind.FREE && obj.equals(c.object())) {
          if (s.thread() == null) {
            return "; " + obj + " was freed by init";
          }
          return "; " + obj + " was freed by " + s.thread() + " at step " + s.index()
              + (s.loc() == null ? "" : " (" + TraceMapper.where(s.loc()) + ")");
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
        if (r != null && "live".equals(TraceMapper.str(r.get("st"))) && key instanceof TlcValue.ModelV m) {
          String obj = mapper.displayOf(m.name());
          List<String> refs = new ArrayList<>();
          s.fields().stream().filter(x -> x.kind().equals("ref")).forEach(x -> refs.add(x.name() + "=" + mapper.render(r.get(x.tla()), last)));
          leaked.add(obj + (refs.isEmpty() ? "" : " (" + String.join(", ", refs) + ")") + allocatedBy(obj, steps));
        }
      }
    }
    return "leak: every thread finished but " + String.join("; ", leaked) + " " + (leaked.size() == 1 ? "is" : "are") + " still allocated";
  }

  private String allocatedBy(String obj, List<DslStep> steps) {
    for (DslStep s : steps) {
      for (DslStep.Change c : s.changes()) {
        if (c.kind() == DslStep.Change.Kind.ALLOC && obj.equals(c.object())) {
          return ", allocated by " + s.thread() + " at step " + s.index() + (s.loc() == null ? "" : " (" + TraceMapper.where(s.loc()) + ")");
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
          String pc = TraceMapper.pcOf(last, i.tla());
          if (pc == null || pc.equals("Done")) {
            continue;
          }
          t.labels().stream().filter(l -> l.name().equals(pc)).findFirst().ifPresent(l ->
              waiting.add(i.display() + " waits at " + TraceMapper.where(waitLoc(l)) + " (" + TraceMapper.code(waitLoc(l).text()) + ")"));
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
}

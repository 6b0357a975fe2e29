package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The changes of a step that are told as events rather than as values (TraceMapper#step): what
 * the step cost each thread's operation (`lat`, `op_end`), and RCU's read-side sections, grace
 * periods and callbacks (`rcu_depth`, `rcu_gp`, `rcu_cbs`); and, at a trace's end, who is still
 * inside a read-side section and which callbacks are pending.
 */
final class StepEvents {
  private final TraceMapper mapper;

  StepEvents(TraceMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * Costs tracked: the time the step adds to each thread's operation (the mover's own work, or
   * a blocked thread waiting on it) and the operation's total so far, or in all when it ends.
   * A total at {@code past} (null: none), the cap of totals that could not be recomputed, is
   * told as more than every bound.
   */
  void costChanges(TlcState prev, TlcState cur, String mover, Long past, List<DslStep.Change> out) {
    if (!(cur.get("lat") instanceof TlcValue.FunV lat1) || !(prev.get("lat") instanceof TlcValue.FunV lat0)) {
      return;
    }
    TlcValue.RecordV end = cur.get("op_end") instanceof TlcValue.RecordV r && r.get("thread") != null ? r : null;
    for (TlcValue t : lat1.domain()) {
      long before = asLong(lat0.get(t).orElse(null));
      long after = asLong(lat1.get(t).orElse(null));
      String who = t instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : t.render();
      if (end != null && t.equals(end.get("thread"))) {
        long total = asLong(end.get("ns"));
        String op = end.get("op") instanceof TlcValue.StrV sv ? sv.value() : end.get("op").render();
        out.add(DslStep.Change.cost(who, before, total, "cost: " + plus(total - before, total, before, past) + " ns; " + who + "'s "
            + op + " took " + ns(total, past) + " in all"));
        if (after > 0) {
          out.add(DslStep.Change.cost(who, 0, after, "cost: +" + after + " ns into " + who + "'s next operation"));
        }
      } else if (after > before) {
        String why = who.equals(mover) || mover == null ? "" : " waiting on " + mover;
        out.add(DslStep.Change.cost(who, before, after, "cost: " + plus(after - before, after, before, past) + " ns" + why + "; "
            + who + "'s operation so far " + ns(after, past)));
      } else if (after < before) {
        out.add(DslStep.Change.cost(who, before, after, "cost: " + who + "'s operation so far " + ns(after, past)));
      }
    }
  }

  /** A total: "N ns", or past every bound at the cap {@code past}. */
  private static String ns(long total, Long past) {
    return past != null && total >= past ? "more than " + (past - 1) + " ns" : total + " ns";
  }

  /** The time a step added: "+N", or "+N or more" when it reached the cap {@code past}. */
  private static String plus(long added, long total, long before, Long past) {
    return past != null && total >= past && before < past ? "+" + added + " or more" : past != null && before >= past ? "+?" : "+" + added;
  }

  /** RCU state changes told as events: entering/leaving read sections, grace periods, callbacks. */
  void rcuChanges(String var, TlcValue before, TlcValue after, TlcState cur, List<DslStep.Change> out) {
    switch (var) {
      case "rcu_depth":
        if (before instanceof TlcValue.FunV b && after instanceof TlcValue.FunV a) {
          for (TlcValue t : a.domain()) {
            long d0 = asLong(b.get(t).orElse(null));
            long d1 = asLong(a.get(t).orElse(null));
            String who = t instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : t.render();
            if (d0 == 0 && d1 > 0) {
              out.add(DslStep.Change.rcu(who, "enter", who + " enters an RCU read-side section"));
            } else if (d0 > 0 && d1 == 0) {
              out.add(DslStep.Change.rcu(who, "leave", who + " leaves its RCU read-side section"));
            } else if (d0 != d1) {
              out.add(DslStep.Change.rcu(who, "nest", who + " RCU nesting: " + d0 + " -> " + d1));
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
            String who = t instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : t.render();
            if (s0.elements().isEmpty() && !s1.elements().isEmpty()) {
              out.add(DslStep.Change.rcu(who, "gp_wait", who + " waits for a grace period: until " + leave(s1)));
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
                  ? "after " + leave(w) : "after a grace period (no reader now)";
              out.add(DslStep.Change.rcu(null, "cb_queued", "callback " + callback(r, cur) + " pending: runs " + until));
            }
          }
          for (TlcValue c : b.elements()) {
            if (c instanceof TlcValue.RecordV r && a.elements().stream().noneMatch(x -> sameCallback(x, r))) {
              out.add(DslStep.Change.rcu(null, "cb_run", "callback " + callback(r, cur) + " runs"));
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
    return TraceMapper.str(r.get("fn")) + "(" + mapper.render(r.get("obj"), state) + ")";
  }

  /** "r leaves its read-side section", or "r1, r2 leave their read-side sections". */
  private String leave(TlcValue.SetV readers) {
    return threads(readers) + (readers.elements().size() == 1 ? " leaves its read-side section" : " leave their read-side sections");
  }

  private String threads(TlcValue.SetV s) {
    List<String> names = new ArrayList<>();
    s.elements().forEach(e -> names.add(e instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : e.render()));
    return String.join(", ", names);
  }

  private static long asLong(TlcValue v) {
    return v instanceof TlcValue.IntV i ? i.value() : 0;
  }

  /** Who is inside an RCU read-side section at the end, since when; which callbacks are pending. */
  void rcuNotes(TlcState last, List<DslStep> steps, List<String> notes) {
    if (last.get("rcu_depth") instanceof TlcValue.FunV depth) {
      for (TlcValue t : depth.domain()) {
        if (asLong(depth.get(t).orElse(null)) > 0) {
          String who = t instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : t.render();
          DslStep since = TraceMapper.lastEvent(steps, c -> c.kind() == DslStep.Change.Kind.RCU && "enter".equals(c.detail()) && who.equals(c.thread()));
          notes.add(who + " is inside an RCU read-side section" + (since == null ? "" : " since step " + since.index()
              + (since.loc() == null ? "" : " (" + TraceMapper.where(since.loc()) + ")")));
        }
      }
    }
    if (last.get("rcu_cbs") instanceof TlcValue.SetV cbs) {
      for (TlcValue c : cbs.elements()) {
        if (c instanceof TlcValue.RecordV r) {
          String name = callback(r, last);
          DslStep since = TraceMapper.lastEvent(steps, x -> "cb_queued".equals(x.detail()) && x.text().startsWith("callback " + name + " pending"));
          notes.add("callback " + name + " is pending" + (since == null ? "" : " since step " + since.index()));
        }
      }
    }
  }
}

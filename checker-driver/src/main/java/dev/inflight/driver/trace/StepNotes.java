package dev.inflight.driver.trace;

import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says what the steps of the generated threads did, which their statement alone does not: a
 * work item's worker shows `work w: FN` both when a run starts and when it ends, and an RCU
 * callback's steps are "called from" the callback's own header. Here a run's start and end get
 * notes (with where the work was queued), and a callback's steps are called from the `call_rcu`
 * that queued it.
 */
final class StepNotes {
  private static final Pattern WORK = Pattern.compile("^\\s*work\\s+(\\w+)\\s*:\\s*(\\w+)");

  private StepNotes() {}

  static List<DslStep> annotate(List<DslStep> steps, SourceMap map) {
    Map<String, String> workerOf = new HashMap<>(); // thread kind → work item
    for (SourceMap.Thread t : map.threads()) {
      if (t.workItem() != null) {
        workerOf.put(t.name(), t.workItem());
      }
    }
    Map<String, SourceMap.Loc> queuedAt = new HashMap<>(); // a work item's or callback's last queueing
    Map<String, SourceMap.Loc> runningFrom = new HashMap<>(); // callback thread → the call_rcu of its current callback
    List<DslStep> out = new ArrayList<>();
    for (DslStep s : steps) {
      String note = null;
      List<SourceMap.Loc> via = s.calledFrom();
      for (DslStep.Change c : s.changes()) {
        if (c.kind() == DslStep.Change.Kind.RCU && "cb_queued".equals(c.detail()) && s.loc() != null) {
          queuedAt.put(callback(c.text()), s.loc());
        } else if (c.kind() == DslStep.Change.Kind.RCU && "cb_run".equals(c.detail()) && s.thread() != null) {
          String cb = callback(c.text());
          SourceMap.Loc at = queuedAt.get(cb);
          runningFrom.put(s.thread(), at);
          note = "callback " + cb + " starts" + (at == null ? "" : ", queued at " + TraceMapper.where(at));
        } else if (c.kind() == DslStep.Change.Kind.GLOBAL && c.field() != null && c.field().endsWith("_pending")
            && "true".equals(c.after()) && s.loc() != null) {
          String w = c.field().substring(0, c.field().length() - "_pending".length());
          SourceMap.Loc at = s.statements().stream().filter(l -> l.text().contains("queue_work(" + w)).findFirst().orElse(s.loc());
          queuedAt.put("work " + w, at);
        }
      }
      String kind = kindOf(s, map);
      String work = kind == null ? null : workerOf.get(kind);
      if (work != null && s.loc() != null) {
        Matcher m = WORK.matcher(s.loc().text());
        String fn = m.find() ? m.group(2) : work;
        for (DslStep.Change c : s.changes()) {
          if (c.kind() == DslStep.Change.Kind.GLOBAL && (work + "_running").equals(c.field())) {
            SourceMap.Loc at = queuedAt.get("work " + work);
            note = "true".equals(c.after()) ? "a run of " + fn + "() starts" + (at == null ? "" : ", queued at " + TraceMapper.where(at))
                : fn + "() is done";
          }
        }
      }
      SourceMap.Loc origin = s.thread() == null ? null : runningFrom.get(s.thread());
      if (origin != null && !via.isEmpty() && note == null) {
        List<SourceMap.Loc> v = new ArrayList<>(via);
        v.set(0, origin); // the callback's code runs on behalf of the call_rcu that queued it
        via = v;
      }
      out.add(note == null && via == s.calledFrom() ? s : s.with(note, via));
    }
    return out;
  }

  /** `release_rcu(sock#1)` from `callback release_rcu(sock#1) runs` or `… pending: …`. */
  private static String callback(String text) {
    String t = text.startsWith("callback ") ? text.substring("callback ".length()) : text;
    int sp = t.indexOf(' ');
    return sp < 0 ? t : t.substring(0, sp);
  }

  /** The thread kind of a step's mover (`rx` for `rx[2]`), from its action. */
  private static String kindOf(DslStep s, SourceMap map) {
    if (s.action() == null) {
      return null;
    }
    for (SourceMap.Action a : map.actions()) {
      if (a.name().equals(s.action())) {
        return a.thread();
      }
    }
    return null;
  }
}

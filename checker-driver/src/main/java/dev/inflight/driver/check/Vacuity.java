package dev.inflight.driver.check;

import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the parts of a model that never ran in a passing check, from the paths TLC said ran
 * ({@link PathsRun}):
 * a fault of a check the run skips that ended runs (check/SkippedFaults), a checked mechanism
 * (work item, RCU callback, daemon) whose thread never moved, a declared thread that never reached
 * its end, a statement of the model's own file that no explored step ran. Each means "holds" may
 * hold only because the interesting behaviour was never explored.
 */
public final class Vacuity {
  /** At most this many unreached statements are listed one by one. */
  static final int MAX_STATEMENTS = 10;

  private Vacuity() {}

  public static List<Warning> find(SourceMap map, PathsRun coverage) {
    List<Warning> out = new ArrayList<>();
    if (coverage == null) {
      return out;
    }
    Map<String, List<SourceMap.Action>> byThread = new LinkedHashMap<>();
    for (SourceMap.Action a : map.actions()) {
      byThread.computeIfAbsent(a.thread(), k -> new ArrayList<>()).add(a);
    }
    List<SkippedFaults.Cut> cuts = SkippedFaults.cuts(map, coverage);
    out.addAll(SkippedFaults.warnings(cuts));
    Set<String> silent = new HashSet<>();
    Set<String> told = new HashSet<>(); // statements a thread warning already names
    for (SourceMap.Thread t : map.threads()) {
      List<SourceMap.Action> acts = byThread.getOrDefault(t.name(), List.of());
      if (acts.isEmpty() || acts.stream().noneMatch(a -> coverage.knows(a.name())) || t.instances().isEmpty()) {
        continue;
      }
      if (t.name().equals(dev.inflight.translator.resolve.Resolver.RCU_CALLBACK_THREADS)) {
        callbacks(acts, coverage, map, out, told);
        continue;
      }
      boolean ran = acts.stream().anyMatch(a -> a.fault() == null && coverage.fired(a.name()));
      SourceMap.Loc where = entryLoc(t);
      if (t.daemon()) {
        if (!ran) {
          silent.add(t.name()); // its statements are covered by this one warning (or by none)
          if (used(t, map)) {
            out.add(new Warning(Warning.MECHANISM_NEVER_RAN, mechanism(t), where));
          }
        }
      } else if (!ran) {
        silent.add(t.name());
        String stuck = stuckAt(t, acts, coverage, told, cuts);
        out.add(new Warning(Warning.THREAD_NEVER_FINISHED, "thread " + t.name() + " never finished: "
            + (stuck.isEmpty() ? "it never ran a step" : "it " + stuck), where));
      } else if (acts.stream().noneMatch(a -> "Done".equals(a.to()) && coverage.fired(a.name()))) {
        String stuck = stuckAt(t, acts, coverage, told, cuts);
        out.add(new Warning(Warning.THREAD_NEVER_FINISHED, "thread " + t.name() + " never finished: "
            + (stuck.isEmpty() ? "no explored run reaches its end" : "it " + stuck), where));
      }
    }
    out.addAll(statements(map, coverage, silent, told));
    return out;
  }

  /**
   * "waits forever at `await ready` (m.ifl:35)": the reached places of the thread none of whose
   * steps ever ran, i.e. where it waits forever, or, where a fault of a check the run skips ended
   * its runs, "stops at" the place; empty when there is none.
   */
  private static String stuckAt(SourceMap.Thread t, List<SourceMap.Action> acts, PathsRun coverage, Set<String> told,
      List<SkippedFaults.Cut> cuts) {
    Set<String> reached = new java.util.LinkedHashSet<>();
    reached.add(t.entry());
    for (SourceMap.Action a : acts) {
      if (a.to() != null && coverage.fired(a.name())) {
        reached.add(a.to());
      }
    }
    List<String> stuck = new ArrayList<>();
    for (String label : reached) {
      List<SourceMap.Action> from = acts.stream().filter(a -> label.equals(a.from()) && a.fault() == null).toList();
      if (!from.isEmpty() && from.stream().noneMatch(a -> coverage.fired(a.name()))) {
        // where the step blocks: the label's wait, when the translator names one (a stable
        // wait's step goes on to a statement after it), else the step's main statement
        SourceMap.Loc primary = from.get(0).primary();
        SourceMap.Loc l = t.labels().stream().filter(x -> x.name().equals(label) && x.waitsAt() != null)
            .map(SourceMap.Label::waitsAt).findFirst().orElse(primary);
        if (l != null) {
          // a fault of a skipped check that ends the thread's runs there is no wait
          SkippedFaults.Cut cut = cuts.stream().filter(c -> t.name().equals(c.threadKind()) && acts.stream().anyMatch(
              a -> label.equals(a.from()) && c.kind().equals(a.fault()) && a.primary() != null && a.primary().line() == c.line()))
              .findFirst().orElse(null);
          stuck.add((cut == null ? "waits forever at `" : "stops at `") + TraceMapper.code(l.text()) + "` (" + TraceMapper.where(l) + ")"
              + (cut == null ? "" : ", where the fault " + cut.kind() + " of " + cut.check() + " (not checked) ends its runs"));
          told.add(key(l));
          if (primary != null) {
            told.add(key(primary));
          }
        }
      }
    }
    return String.join(" or ", stuck);
  }

  private static final java.util.regex.Pattern FN_DECL = java.util.regex.Pattern.compile("^fn\\s+(\\w+)\\s*\\(");

  /**
   * The RCU callback threads run every callback function: each function whose inlined body (the
   * actions called from its declaration) never ran, although some call_rcu names it, is an RCU
   * callback that never ran. Its statements are covered by that warning.
   */
  private static void callbacks(List<SourceMap.Action> acts, PathsRun coverage, SourceMap map, List<Warning> out, Set<String> told) {
    Map<String, List<SourceMap.Action>> byFn = new LinkedHashMap<>();
    Map<String, SourceMap.Loc> fnLoc = new LinkedHashMap<>();
    for (SourceMap.Action a : acts) {
      if (a.calledFrom() == null || a.calledFrom().isEmpty()) {
        a.statements().forEach(l -> told.add(key(l))); // taking a callback: no statement of the model's
        continue;
      }
      SourceMap.Loc f = a.calledFrom().get(0);
      java.util.regex.Matcher m = FN_DECL.matcher(f.text() == null ? "" : f.text().strip());
      if (m.find()) {
        byFn.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(a);
        fnLoc.putIfAbsent(m.group(1), f);
      }
    }
    byFn.forEach((fn, fnActs) -> {
      if (fnActs.stream().anyMatch(a -> a.fault() == null && coverage.fired(a.name()))) {
        return;
      }
      fnActs.forEach(a -> a.statements().forEach(l -> told.add(key(l))));
      java.util.regex.Pattern call = java.util.regex.Pattern.compile("\\bcall_rcu\\s*\\(.*,\\s*"
          + java.util.regex.Pattern.quote(fn) + "\\s*\\)");
      if (calledOutside(call, dev.inflight.translator.resolve.Resolver.RCU_CALLBACK_THREADS, map)) {
        out.add(new Warning(Warning.MECHANISM_NEVER_RAN, "RCU callback " + fn + " never ran: no call_rcu(…, " + fn
            + ") reached its grace period, so nothing it does was checked", fnLoc.get(fn)));
      }
    });
  }

  /**
   * `work item gc_work never ran: unix_gc was never called, so nothing it does was checked`, and
   * the same for a daemon thread.
   */
  private static String mechanism(SourceMap.Thread t) {
    String tail = ", so nothing it does was checked";
    if (t.workItem() != null) {
      String fn = workFunction(entryLoc(t));
      return "work item " + t.workItem() + " never ran" + (fn == null ? tail : ": " + fn + " was never called" + tail);
    }
    return "daemon thread " + t.name() + " never ran" + tail;
  }

  /**
   * Whether the model uses a mechanism at all: a work item some step can `queue_work`, an RCU
   * callback some step can pass to `call_rcu`. A library may declare one for a code path the
   * model never calls (the translator already warns that the function is never called); that
   * mechanism is not part of the model, so its never running says nothing. Daemon threads the
   * model declares itself always count.
   */
  private static boolean used(SourceMap.Thread t, SourceMap map) {
    if (t.workItem() == null) {
      return true;
    }
    java.util.regex.Pattern call = java.util.regex.Pattern.compile("\\bqueue_work\\s*\\(\\s*"
        + java.util.regex.Pattern.quote(t.workItem()) + "\\s*\\)");
    return calledOutside(call, t.name(), map);
  }

  /** Whether a statement of a thread kind other than {@code thread} matches {@code call}. */
  private static boolean calledOutside(java.util.regex.Pattern call, String thread, SourceMap map) {
    for (SourceMap.Action a : map.actions()) {
      if (a.thread().equals(thread)) {
        continue;
      }
      for (SourceMap.Loc l : a.statements()) {
        if (l.text() != null && call.matcher(TraceMapper.code(l.text())).find()) {
          return true;
        }
      }
    }
    return false;
  }

  /** The function of `work W: FN`, from the declaration's text; null if it cannot be read. */
  private static String workFunction(SourceMap.Loc decl) {
    String text = decl == null || decl.text() == null ? "" : TraceMapper.code(decl.text());
    int colon = text.indexOf(':');
    if (text.startsWith("work ") && colon > 0) {
      String fn = text.substring(colon + 1).strip();
      return fn.matches("\\w+") ? fn : null;
    }
    return null;
  }

  private static SourceMap.Loc entryLoc(SourceMap.Thread t) {
    for (SourceMap.Label l : t.labels()) {
      if (l.name().equals(t.entry())) {
        return l.loc();
      }
    }
    return t.labels().isEmpty() ? null : t.labels().get(0).loc();
  }

  /** Statements of the model's own file that only never-fired (non-fault) actions run. */
  private static String key(SourceMap.Loc l) {
    return l.file() + ":" + l.line() + ":" + l.col();
  }

  private static List<Warning> statements(SourceMap map, PathsRun coverage, Set<String> silentThreads, Set<String> told) {
    String root = map.files().isEmpty() ? null : map.files().get(0);
    Map<String, SourceMap.Loc> all = new LinkedHashMap<>();
    Set<String> reached = new HashSet<>();
    for (SourceMap.Action a : map.actions()) {
      if (a.fault() != null || !coverage.knows(a.name())) {
        continue;
      }
      boolean fired = coverage.fired(a.name());
      for (SourceMap.Loc l : a.statements()) {
        String key = key(l);
        if (told.contains(key)) {
          continue;
        }
        if (fired) {
          reached.add(key);
        } else if (!silentThreads.contains(a.thread()) && (root == null || root.equals(l.file()))) {
          all.putIfAbsent(key, l);
        }
      }
    }
    // Statements no path runs at all (their guards contradict, or nothing leads there): no action lists them.
    for (SourceMap.Thread t : map.threads()) {
      if (t.unreached() == null || silentThreads.contains(t.name()) || t.instances().isEmpty()) {
        continue;
      }
      for (SourceMap.Loc l : t.unreached()) {
        if (!told.contains(key(l)) && (root == null || root.equals(l.file()))) {
          all.putIfAbsent(key(l), l);
        }
      }
    }
    List<Warning> out = new ArrayList<>();
    List<SourceMap.Loc> never = all.entrySet().stream().filter(e -> !reached.contains(e.getKey())).map(Map.Entry::getValue)
        .sorted((x, y) -> x.line() != y.line() ? Integer.compare(x.line(), y.line()) : Integer.compare(x.col(), y.col()))
        .toList();
    for (int i = 0; i < never.size() && i < MAX_STATEMENTS; i++) {
      SourceMap.Loc l = never.get(i);
      out.add(new Warning(Warning.STATEMENT_NEVER_REACHED,
          "statement never reached: `" + (l.text() == null ? "?" : TraceMapper.code(l.text())) + "` at " + TraceMapper.where(l), l));
    }
    if (never.size() > MAX_STATEMENTS) {
      out.add(new Warning(Warning.STATEMENT_NEVER_REACHED,
          "and " + (never.size() - MAX_STATEMENTS) + " more statements never reached", null));
    }
    return out;
  }
}

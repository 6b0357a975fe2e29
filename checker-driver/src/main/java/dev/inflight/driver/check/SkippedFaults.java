package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The faults of checks a run skipped (`--check`/`--skip`) that ended runs: such a fault is still
 * a state constraint (docs/semantics.md, "Checks"), so nothing after it was explored, and a check
 * that holds may hold only because of it. The run learns them from {@code FaultsReached}
 * (translator emit/RanHook), as {@link PathsRun#faults()}.
 */
final class SkippedFaults {
  /** At most this many faults are told one by one. */
  static final int MAX_TOLD = 5;

  /** Where a fault ended a run: its kind, the thread kind and the DSL place of the fault path. */
  record Cut(String kind, String check, String threadKind, String thread, int line, SourceMap.Loc loc) {}

  private SkippedFaults() {}

  /** Each distinct fault the run reached, with the check that watches it and its place. */
  static List<Cut> cuts(SourceMap map, PathsRun coverage) {
    Map<String, Cut> out = new LinkedHashMap<>();
    for (TlcValue.RecordV f : coverage.faults()) {
      String kind = f.get("kind") instanceof TlcValue.StrV s ? s.value() : null;
      if (kind == null || !(f.get("line") instanceof TlcValue.IntV line)) {
        continue;
      }
      String instance = f.get("thread") instanceof TlcValue.ModelV m ? m.name() : null;
      SourceMap.Thread t = map.threads().stream()
          .filter(x -> x.instances().stream().anyMatch(i -> i.tla().equals(instance))).findFirst().orElse(null);
      String display = t == null ? "init" : t.instances().stream().filter(i -> i.tla().equals(instance))
          .map(SourceMap.Instance::display).findFirst().orElse(instance);
      SourceMap.Loc loc = null;
      for (SourceMap.Action a : map.actions()) {
        if (kind.equals(a.fault()) && t != null && t.name().equals(a.thread()) && a.primary() != null
            && a.primary().line() == line.value()) {
          loc = a.primary();
          break;
        }
      }
      String check = map.properties().stream().filter(p -> p.faults() != null && p.faults().contains(kind))
          .map(SourceMap.Property::name).findFirst().orElse(kind);
      Cut c = new Cut(kind, check, t == null ? null : t.name(), display, (int) line.value(), loc);
      out.putIfAbsent(kind + "|" + c.threadKind() + "|" + (loc == null ? "line " + line.value() : TraceMapper.where(loc)), c);
    }
    return new ArrayList<>(out.values());
  }

  /**
   * `rcu_discipline is not checked in this run, and its fault rcu_sleep ended runs of reader at
   * m.ifl:15 (`await go == 1`): nothing after it was explored`, one per fault and place.
   */
  static List<Warning> warnings(List<Cut> cuts) {
    List<Warning> out = new ArrayList<>();
    for (int i = 0; i < cuts.size() && i < MAX_TOLD; i++) {
      Cut c = cuts.get(i);
      String at = c.loc() == null ? " at line " + c.line()
          : " at " + TraceMapper.where(c.loc()) + " (`" + TraceMapper.code(c.loc().text()) + "`)";
      out.add(new Warning(Warning.SKIPPED_FAULT_REACHED, c.check() + " is not checked in this run, and its fault " + c.kind()
          + " ended runs of " + c.thread() + at + ": nothing after it was explored", c.loc()));
    }
    if (cuts.size() > MAX_TOLD) {
      out.add(new Warning(Warning.SKIPPED_FAULT_REACHED, "and " + (cuts.size() - MAX_TOLD)
          + " more faults of checks this run skips ended runs", null));
    }
    return out;
  }
}

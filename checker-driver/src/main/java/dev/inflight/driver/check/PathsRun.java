package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.driver.tlc.TlcValueParseException;
import dev.inflight.driver.tlc.TlcValueParser;
import dev.inflight.translator.emit.RanHook;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which paths of a model took a step in a TLC run that had the {@code Ran} hook on
 * (translator emit/RanHook): TLC printed {@code <<"inflight-ran", k>>} the first time the path
 * numbered k generated a state.
 *
 * @param known the paths the run could have taken (every path of the source map)
 * @param fired those it took
 * @param faults the fault records of the states where a fault ended a run, when the run had the
 *     constraint {@code FaultsReached} (a check that skips fault checks: RanHook), in the order
 *     TLC printed them
 */
public record PathsRun(Set<String> known, Set<String> fired, List<TlcValue.RecordV> faults) {
  private static final Pattern LINE = Pattern.compile("^<<\"" + Pattern.quote(RanHook.TAG) + "\", (\\d{1,9})>>$");

  public PathsRun {
    known = Set.copyOf(known);
    fired = Set.copyOf(fired);
    faults = List.copyOf(faults);
  }

  public PathsRun(Set<String> known, Set<String> fired) {
    this(known, fired, List.of());
  }

  /** The paths of {@code map} that the lines TLC printed outside its frames say ran. */
  public static PathsRun of(SourceMap map, List<String> unframedLines) {
    Map<Integer, String> byNumber = new HashMap<>();
    Set<String> known = new HashSet<>();
    for (SourceMap.Action a : map.actions()) {
      known.add(a.name());
      if (a.ran() != null) {
        byNumber.put(a.ran(), a.name());
      }
    }
    Set<String> fired = new HashSet<>();
    for (String line : unframedLines) {
      Matcher m = LINE.matcher(line.strip());
      if (m.matches()) {
        String path = byNumber.get(Integer.parseInt(m.group(1)));
        if (path != null) {
          fired.add(path);
        }
      }
    }
    List<TlcValue.RecordV> faults = new ArrayList<>();
    PrintedTuples.of(unframedLines, RanHook.FAULT_TAG).forEach(t -> record(t, faults));
    return new PathsRun(known, fired, faults);
  }

  /** The record of {@code <<"inflight-fault", [kind |-> …]>>}, added to {@code out} once. */
  private static void record(String printed, List<TlcValue.RecordV> out) {
    try {
      if (TlcValueParser.parse(printed) instanceof TlcValue.SeqV t && t.elements().size() == 2
          && t.elements().get(1) instanceof TlcValue.RecordV r && !out.contains(r)) {
        out.add(r); // each worker prints a fault once: with several workers it may come twice
      }
    } catch (TlcValueParseException e) {
      // not a value: a line the model printed itself, left to the report
    }
  }

  /** True when {@code path} took at least one step. */
  public boolean fired(String path) {
    return fired.contains(path);
  }

  /** True when {@code path} is a path of the model (taken or not). */
  public boolean knows(String path) {
    return known.contains(path);
  }
}

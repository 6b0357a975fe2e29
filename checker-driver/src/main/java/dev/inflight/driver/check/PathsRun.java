package dev.inflight.driver.check;

import dev.inflight.translator.emit.RanHook;
import dev.inflight.translator.emit.SourceMap;
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
 */
public record PathsRun(Set<String> known, Set<String> fired) {
  private static final Pattern LINE = Pattern.compile("^<<\"" + Pattern.quote(RanHook.TAG) + "\", (\\d{1,9})>>$");

  public PathsRun {
    known = Set.copyOf(known);
    fired = Set.copyOf(fired);
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
    return new PathsRun(known, fired);
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

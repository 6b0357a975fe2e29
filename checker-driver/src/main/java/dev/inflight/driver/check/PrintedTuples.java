package dev.inflight.driver.check;

import java.util.ArrayList;
import java.util.List;

/**
 * The tuples a module's hooks have TLC print, {@code <<"tag", value>>}, found among the lines TLC
 * printed outside its frames: each joined into one string, since TLC continues a long value over
 * several lines (CostProbe's completions, RanHook's faults).
 */
final class PrintedTuples {
  private PrintedTuples() {}

  /** Every {@code <<"tag", …>>} TLC printed, in order, each on one line. */
  static List<String> of(List<String> lines, String tag) {
    String quoted = "\"" + tag + "\"";
    List<String> out = new ArrayList<>();
    StringBuilder cur = null;
    for (String line : lines) {
      String t = line.strip();
      // `<<"tag", v>>` on one line; `<< "tag",` where TLC continues a long value
      if (cur == null && t.startsWith("<<") && t.substring(2).stripLeading().startsWith(quoted)) {
        cur = new StringBuilder();
      }
      if (cur != null) {
        cur.append(' ').append(t);
        if (t.endsWith(">>")) {
          out.add(cur.toString().strip());
          cur = null;
        }
      }
    }
    return out;
  }
}

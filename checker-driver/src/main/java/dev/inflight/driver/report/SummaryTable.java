package dev.inflight.driver.report;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table `inflight check` prints after several models: one row per model with the properties
 * that decided it (every violated one, or the count of them all when they hold), the verdict, the distinct
 * states and the time; then one line of totals and the exit code.
 */
public final class SummaryTable {
  private SummaryTable() {}

  public static String render(RunResult run) {
    return render(run, run.exitCode());
  }

  /** The table with {@code exit} as the exit code (`check --expect` exits by its expectations). */
  public static String render(RunResult run, int exit) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"model", "property", "verdict", "distinct states", "time"});
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, Integer> names = new LinkedHashMap<>();
    run.reports().forEach(r -> names.merge(String.valueOf(r.model()), 1, Integer::sum));
    for (CheckReport r : run.reports()) {
      // Two files may declare the same model name: then the file tells them apart.
      String model = r.model() != null && names.get(r.model()) == 1 ? r.model() : fileName(r.file());
      String property = switch (r.verdict()) {
        case HOLDS -> "all " + r.properties().stream().filter(p -> !"bound".equals(p.kind())).count();
        case VIOLATED -> r.violations().isEmpty() ? "?" : String.join(", ", r.violations().stream()
            .filter(v -> !"bound".equals(v.property().kind())).map(v -> v.property().name()).toList());
        case INCOMPLETE -> r.violated() != null ? r.violated().name() : "-";
        default -> "-";
      };
      String states = r.statistics().distinct() >= 0 ? String.format(Locale.ROOT, "%,d", r.statistics().distinct()) : "-";
      String time = String.format(Locale.ROOT, "%.1f s", (r.translateMillis() + r.tlcMillis()) / 1000.0);
      rows.add(new String[] {model, property, verdict(r.verdict()), states, time});
      counts.merge(verdict(r.verdict()).toLowerCase(Locale.ROOT), 1, Integer::sum);
    }
    for (String f : run.skipped()) {
      rows.add(new String[] {fileName(f), "-", "skipped", "-", "-"});
      counts.merge("skipped", 1, Integer::sum);
    }
    int[] w = new int[5];
    for (String[] row : rows) {
      for (int i = 0; i < 5; i++) {
        w[i] = Math.max(w[i], row[i].length());
      }
    }
    StringBuilder b = new StringBuilder();
    for (String[] row : rows) {
      String line = pad(row[0], w[0]) + "  " + pad(row[1], w[1]) + "  " + pad(row[2], w[2]) + "  "
          + lpad(row[3], w[3]) + "  " + lpad(row[4], w[4]);
      b.append(line.stripTrailing()).append('\n');
    }
    int total = run.reports().size() + run.skipped().size();
    List<String> parts = new ArrayList<>();
    for (String k : List.of("holds", "violated", "incomplete", "bad input", "internal error", "skipped")) {
      if (counts.containsKey(k)) {
        parts.add(counts.get(k) + " " + k);
      }
    }
    b.append(total).append(total == 1 ? " model: " : " models: ").append(String.join(", ", parts))
        .append("; exit ").append(exit).append('\n');
    return b.toString();
  }

  static String verdict(Verdict v) {
    return switch (v) {
      case HOLDS -> "holds";
      case VIOLATED -> "VIOLATED";
      case BAD_INPUT -> "bad input";
      case INCOMPLETE -> "INCOMPLETE";
      case INTERNAL_ERROR -> "INTERNAL ERROR";
    };
  }

  private static String fileName(String f) {
    Path p = Path.of(f).getFileName();
    return p == null ? f : p.toString();
  }

  private static String pad(String s, int n) {
    return s + " ".repeat(Math.max(0, n - s.length()));
  }

  private static String lpad(String s, int n) {
    return " ".repeat(Math.max(0, n - s.length())) + s;
  }
}

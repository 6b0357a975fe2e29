package dev.inflight.driver.cli;

import dev.inflight.driver.report.Numbers;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.report.CostReport;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The tables `--sweep` prints: one row per value of the const. */
final class SweepTable {
  private SweepTable() {}

  static String check(Sweep sw, List<CheckReport> reports) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {sw.name(), "verdict", "distinct states", "TLC"});
    for (int i = 0; i < reports.size(); i++) {
      CheckReport r = reports.get(i);
      rows.add(new String[] {sw.values().get(i), verdict(r), Numbers.count(r.statistics().distinct()),
          String.format(Locale.ROOT, "%.1f s", r.tlcMillis() / 1000.0)});
    }
    return table(rows);
  }

  static String cost(Sweep sw, List<CostReport> reports) {
    Set<String> ops = new LinkedHashSet<>();
    reports.forEach(r -> r.ops().stream().filter(o -> o.count() > 0).forEach(o -> ops.add(o.op())));
    List<String[]> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of(sw.name(), "verdict"));
    ops.forEach(o -> {
      head.add(o + " mean");
      head.add(o + " max");
    });
    boolean totals = reports.stream().anyMatch(r -> r.workload() != null);
    if (totals) {
      head.add("workload total");
    }
    head.add("distinct states");
    rows.add(head.toArray(String[]::new));
    for (int i = 0; i < reports.size(); i++) {
      CostReport r = reports.get(i);
      List<String> row = new ArrayList<>(List.of(sw.values().get(i), r.verdict().name().toLowerCase(Locale.ROOT)));
      for (String o : ops) {
        CostReport.OpStats s = r.op(o);
        row.add(s == null || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%,.0f ns", s.mean()));
        row.add(s == null || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%,d ns", s.max()));
      }
      if (totals) {
        row.add(r.workload() == null ? "-" : dev.inflight.driver.report.WorkloadText.human(r.workload().totalNs()));
      }
      row.add(Numbers.count(r.check().statistics().distinct()));
      rows.add(row.toArray(String[]::new));
    }
    return table(rows);
  }

  private static String verdict(CheckReport r) {
    String v = r.verdict().name().toLowerCase(Locale.ROOT);
    return r.violated() == null ? v : v + " (" + r.violated().name() + ")";
  }

  /** Left-aligned first column and words, right-aligned numbers, two spaces between columns. */
  static String table(List<String[]> rows) {
    int cols = rows.get(0).length;
    int[] w = new int[cols];
    boolean[] numeric = new boolean[cols];
    java.util.Arrays.fill(numeric, true);
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      for (int c = 0; c < cols; c++) {
        w[c] = Math.max(w[c], r[c].length());
        if (i > 0 && !r[c].matches("-|[-+]?[\\d,.]+( ?(ns|s|x))?")) {
          numeric[c] = false;
        }
      }
    }
    StringBuilder b = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < cols; c++) {
        String cell = r[c];
        boolean left = c == 0 || !numeric[c];
        line.append(left ? Numbers.format("%-" + w[c] + "s", cell) : Numbers.format("%" + w[c] + "s", cell));
        if (c < cols - 1) {
          line.append("  ");
        }
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    return b.toString();
  }
}

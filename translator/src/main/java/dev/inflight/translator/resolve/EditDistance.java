package dev.inflight.translator.resolve;

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps), only
 * as far as "did you mean" needs it: anything above {@code max} is reported as {@code max + 1}.
 * The work is a band of width {@code 2 max + 1} along the diagonal, so two similar 20,000-letter
 * names cost 100,000 cells, not a 1.6 GB table.
 */
final class EditDistance {
  private EditDistance() {}

  static int bounded(String a, String b, int max) {
    int n = a.length();
    int m = b.length();
    if (Math.abs(n - m) > max) {
      return max + 1;
    }
    int over = max + 1;
    int[] prev2 = new int[m + 1];
    int[] prev = new int[m + 1];
    int[] cur = new int[m + 1];
    for (int j = 0; j <= m; j++) {
      prev[j] = j <= max ? j : over;
    }
    for (int i = 1; i <= n; i++) {
      int from = Math.max(1, i - max);
      int to = Math.min(m, i + max);
      java.util.Arrays.fill(cur, over);
      cur[0] = i <= max ? i : over;
      int rowMin = cur[0];
      for (int j = from; j <= to; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int d = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, prev2[j - 2] + 1);
        }
        cur[j] = Math.min(d, over);
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > max) {
        return over;
      }
      int[] t = prev2;
      prev2 = prev;
      prev = cur;
      cur = t;
    }
    return Math.min(prev[m], over);
  }
}

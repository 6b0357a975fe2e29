package dev.inflight.translator.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The banded distance agrees with the full table wherever "did you mean" looks (distance ≤ 2). */
class EditDistanceTest {

  /** Optimal string alignment distance by the full n×m table. */
  static int full(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  @Test
  void agreesWithTheFullTableUpToTheBound() {
    Random rnd = new Random(13);
    for (int k = 0; k < 20_000; k++) {
      String a = word(rnd);
      String b = rnd.nextBoolean() ? mutate(a, rnd) : word(rnd);
      int exact = full(a, b);
      assertThat(EditDistance.bounded(a, b, 2)).as("%s / %s", a, b).isEqualTo(Math.min(exact, 3));
    }
  }

  @Test
  void examples() {
    assertThat(Resolver.distance("sk", "sk")).isZero();
    assertThat(Resolver.distance("skk", "sk")).isEqualTo(1);
    assertThat(Resolver.distance("refnct", "refcnt")).isEqualTo(1);
    assertThat(Resolver.distance("abc", "xyz")).isEqualTo(3);
    assertThat(Resolver.distance("a".repeat(20_000), "a".repeat(19_999) + "b")).isEqualTo(1);
    assertThat(Resolver.distance("a".repeat(20_000), "b".repeat(20_000))).isEqualTo(3);
  }

  private static String word(Random rnd) {
    StringBuilder b = new StringBuilder();
    int n = rnd.nextInt(8);
    for (int i = 0; i < n; i++) {
      b.append((char) ('a' + rnd.nextInt(3)));
    }
    return b.toString();
  }

  private static String mutate(String a, Random rnd) {
    StringBuilder b = new StringBuilder(a);
    for (int e = rnd.nextInt(4); e > 0; e--) {
      int at = b.length() == 0 ? 0 : rnd.nextInt(b.length());
      switch (rnd.nextInt(4)) {
        case 0 -> b.insert(at, (char) ('a' + rnd.nextInt(3)));
        case 1 -> { if (b.length() > 0) b.deleteCharAt(at); }
        case 2 -> { if (b.length() > 0) b.setCharAt(at, (char) ('a' + rnd.nextInt(3))); }
        default -> { if (at + 1 < b.length()) { char c = b.charAt(at); b.setCharAt(at, b.charAt(at + 1)); b.setCharAt(at + 1, c); } }
      }
    }
    return b.toString();
  }
}

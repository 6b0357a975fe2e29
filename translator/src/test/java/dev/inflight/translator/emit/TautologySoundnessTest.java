package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.RandomGuards;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Tautology} against brute force: the written-out ENABLED (emit/Enabled) drops a
 * disjunction Tautology calls valid, so a wrong "valid" would make a thread look enabled where it
 * is not, and weak fairness would then force steps the model does not have (a hang hidden). For
 * 6,000 random conditions, many of them disjunctions likely to be valid (a condition or its
 * negation; comparisons of one integer with literals, such as {@code x > 1 \/ x = 1 \/ x \leq 0}),
 * each one called valid must hold in every state of small domains.
 */
class TautologySoundnessTest {

  @Test
  void everyConditionCalledValidHoldsInEveryState() {
    List<Map<String, Object>> states = RandomGuards.states();
    int claims = 0;
    for (long seed = 0; seed < 6000; seed++) {
      Random r = new Random(seed);
      TlaExpr e = candidate(r);
      if (!Tautology.holds(e, 12)) {
        continue;
      }
      claims++;
      for (Map<String, Object> s : states) {
        assertThat(RandomGuards.truth(e, s)).as("seed %d: %s called valid, false in %s", seed, e, s).isTrue();
      }
    }
    // the test must exercise the claims it guards (1,101 of the 6,000 when it was written)
    assertThat(claims).isGreaterThan(500);
  }

  private static TlaExpr candidate(Random r) {
    return switch (r.nextInt(4)) {
      case 0 -> new TlaExpr.Or(List.of(RandomGuards.guard(r, 2), Tla.negation(RandomGuards.guard(r, 1))));
      case 1 -> {
        TlaExpr g = RandomGuards.guard(r, 2);
        yield new TlaExpr.Or(List.of(g, Tla.negation(g), RandomGuards.atom(r)));
      }
      case 2 -> {
        String v = r.nextBoolean() ? "x" : "y";
        List<TlaExpr> cmps = new ArrayList<>();
        for (int i = 0, n = 2 + r.nextInt(3); i < n; i++) {
          cmps.add(RandomGuards.cmp(r, v));
        }
        yield new TlaExpr.Or(cmps);
      }
      default -> RandomGuards.guard(r, 3);
    };
  }
}

package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.Exclusive;
import dev.inflight.translator.tla.RandomGuards;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Assuming} against brute force: the written-out ENABLED (emit/Enabled) reads a condition
 * below a guard with the guard's conjuncts as TRUE and their negations as FALSE, and a wrong
 * simplification would make the fairness of a thread weaker or stronger than the model says. For
 * 6,000 random guards {@code g} and conditions {@code e} made partly of {@code g}'s conjuncts and
 * their negations, {@code Assuming.of(g, e)} must have {@code e}'s value in every state of small
 * domains where {@code g} holds.
 */
class AssumingSoundnessTest {

  @Test
  void theSimplifiedConditionAgreesWhereverTheGuardHolds() {
    List<Map<String, Object>> states = RandomGuards.states();
    int changed = 0;
    for (long seed = 0; seed < 6000; seed++) {
      Random r = new Random(seed);
      TlaExpr g = RandomGuards.guard(r, 2);
      TlaExpr c = Exclusive.canonical(g);
      List<TlaExpr> facts = c instanceof TlaExpr.And a ? a.items() : List.of(c);
      TlaExpr e = condition(r, facts, 3);
      TlaExpr simplified = Assuming.of(g, e);
      if (!simplified.equals(e)) {
        changed++;
      }
      for (Map<String, Object> s : states) {
        if (RandomGuards.truth(g, s)) {
          assertThat(RandomGuards.truth(simplified, s)).as("seed %d: under %s, %s read as %s in %s", seed, g, e, simplified, s)
              .isEqualTo(RandomGuards.truth(e, s));
        }
      }
    }
    // the test must exercise the rewriting it guards (5,068 of the 6,000 when it was written)
    assertThat(changed).isGreaterThan(2000);
  }

  /** A condition whose leaves are often one of {@code facts} or a fact's negation. */
  private static TlaExpr condition(Random r, List<TlaExpr> facts, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      TlaExpr f = facts.get(r.nextInt(facts.size()));
      return switch (r.nextInt(3)) {
        case 0 -> f;
        case 1 -> Tla.negation(f);
        default -> RandomGuards.atom(r);
      };
    }
    List<TlaExpr> two = new ArrayList<>(List.of(condition(r, facts, depth - 1), condition(r, facts, depth - 1)));
    return switch (r.nextInt(4)) {
      case 0 -> Tla.negation(two.get(0));
      case 1 -> Tla.and(two);
      case 2 -> new TlaExpr.Or(two);
      default -> new TlaExpr.If(two.get(0), new TlaExpr.Bool(true), two.get(1));
    };
  }
}

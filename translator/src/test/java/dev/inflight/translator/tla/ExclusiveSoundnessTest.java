package dev.inflight.translator.tla;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Exclusive} against brute force: emit/MergedPaths joins two arms when Exclusive says their
 * guards never hold together, and a wrong "exclusive" would drop the behaviours of one arm. Random
 * guard pairs over two integers, a string and two Booleans (comparisons with literals on either
 * side, string and Boolean equalities, membership, negation, conjunction, disjunction, and a
 * guard's short-circuit {@code IF a THEN TRUE ELSE b}), many of them built from each other (a
 * negation, a conjunct's negation added) so that "exclusive" is often the answer; each pair
 * Exclusive calls exclusive is evaluated in every state of the variables' small domains, and none
 * may satisfy both.
 */
class ExclusiveSoundnessTest {
  @Test
  void noPairCalledExclusiveHoldsTogetherInAnyState() {
    List<Map<String, Object>> states = RandomGuards.states();
    int claims = 0;
    for (long seed = 0; seed < 6000; seed++) {
      Random r = new Random(seed);
      TlaExpr a = RandomGuards.guard(r, 3);
      TlaExpr b = related(r, a);
      if (!Exclusive.of(a, b)) {
        continue;
      }
      claims++;
      for (Map<String, Object> s : states) {
        assertThat(RandomGuards.truth(a, s) && RandomGuards.truth(b, s)).as("seed %d: %s and %s both hold in %s", seed, a, b, s).isFalse();
      }
    }
    // the test must exercise the claims it guards (3,678 of the 6,000 pairs when it was written)
    assertThat(claims).isGreaterThan(1500);
  }

  /** A second guard: unrelated, the first's negation, or a conjunction with one conjunct's negation. */
  private static TlaExpr related(Random r, TlaExpr a) {
    TlaExpr c = Exclusive.canonical(a);
    List<TlaExpr> conj = c instanceof TlaExpr.And and ? and.items() : List.of(c);
    TlaExpr some = conj.get(r.nextInt(conj.size()));
    return switch (r.nextInt(5)) {
      case 0 -> RandomGuards.guard(r, 3);
      case 1 -> Tla.negation(a);
      case 2 -> Tla.and(RandomGuards.guard(r, 1), Tla.negation(some));
      case 3 -> Tla.and(sibling(r, some), RandomGuards.guard(r, 1));
      default -> Tla.negation(Exclusive.canonical(a));
    };
  }

  /** An atom about the same variable as {@code e} when it is a comparison, else a random atom. */
  private static TlaExpr sibling(Random r, TlaExpr e) {
    if (e instanceof TlaExpr.Infix in && in.left() instanceof TlaExpr.Name n && RandomGuards.INTS.contains(n.id())) {
      return RandomGuards.cmp(r, n.id());
    }
    return RandomGuards.atom(r);
  }
}

package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.RandomGuards;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Absorption} against brute force, on disjunctions of the shape the written-out ENABLED
 * has: a path's chain of checks {@code c1 /\ ... /\ ck /\ R}, the fault paths of those checks
 * ({@code ~c1}, {@code c1 /\ ~c2}, ...; now and then one left out, so nothing may be absorbed),
 * sometimes another disjunct ending in the same {@code R} (to be factored), and other random
 * disjuncts, in random order. Like a dereference, an atom that reads {@code y} has
 * no value where {@code x = 0} (TLC would stop with an error), and a chain reads one only after a
 * check {@code x # 0}. Where each disjunct can be read on its own in every state of small domains
 * (as a path tree's alternatives can), the rewritten disjunction must be readable from left to
 * right in every state too and have the same value.
 */
class AbsorptionSoundnessTest {
  /** Thrown where a formula reads an atom that has no value in the state. */
  private static final class Undefined extends RuntimeException {
    Undefined() {
      super(null, null, false, false);
    }
  }

  @Test
  void theAbsorbedDisjunctionHasTheSameValueAndReadsNothingUndefined() {
    List<Map<String, Object>> states = RandomGuards.states();
    int changed = 0;
    int kept = 0;
    for (long seed = 0; seed < 4000; seed++) {
      Random r = new Random(seed);
      TlaExpr e = disjunction(r);
      if (!((TlaExpr.Or) e).items().stream().allMatch(x -> definedEverywhere(x, states))) {
        continue;
      }
      kept++;
      TlaExpr absorbed = Absorption.of(e);
      if (!absorbed.equals(e)) {
        changed++;
      }
      for (Map<String, Object> s : states) {
        boolean value;
        try {
          value = eval(absorbed, s);
        } catch (Undefined u) {
          throw new AssertionError("seed " + seed + ": " + e + " written " + absorbed + " reads an undefined atom in " + s);
        }
        assertThat(value).as("seed %d: %s written %s in %s", seed, e, absorbed, s).isEqualTo(eval(e, s));
      }
    }
    // the test must exercise the rewriting it guards
    assertThat(kept).isGreaterThan(2000);
    assertThat(changed).isGreaterThan(kept / 3);
  }

  private static boolean definedEverywhere(TlaExpr e, List<Map<String, Object>> states) {
    try {
      states.forEach(s -> eval(e, s));
      return true;
    } catch (Undefined u) {
      return false;
    }
  }

  /** A chain with its fault paths and some other disjuncts, shuffled. */
  private static TlaExpr disjunction(Random r) {
    List<TlaExpr> chain = new ArrayList<>();
    int k = 1 + r.nextInt(4);
    for (int i = 0; i < k; i++) {
      chain.add(i == 0 && r.nextBoolean() ? Tla.neq(Tla.name("x"), Tla.num(0)) : check(r, i > 0 && chain.get(0).equals(Tla.neq(Tla.name("x"), Tla.num(0)))));
    }
    List<TlaExpr> items = new ArrayList<>();
    List<TlaExpr> main = new ArrayList<>(chain);
    TlaExpr rest = r.nextInt(3) == 0 ? new TlaExpr.Or(List.of(check(r, false), check(r, false))) : check(r, false);
    main.add(rest);
    items.add(new TlaExpr.And(main));
    if (r.nextInt(3) == 0) { // another way to the same rest (a put's two outcomes, then the same code)
      items.add(new TlaExpr.And(List.of(check(r, false), rest)));
    }
    int skip = r.nextInt(4) == 0 ? r.nextInt(k) : -1;
    for (int i = 0; i < k; i++) {
      if (i == skip) {
        continue;
      }
      List<TlaExpr> fault = new ArrayList<>(chain.subList(0, i));
      fault.add(Tla.negation(chain.get(i)));
      items.add(fault.size() == 1 ? fault.get(0) : new TlaExpr.And(fault));
    }
    for (int extra = r.nextInt(3); extra > 0; extra--) {
      items.add(check(r, false));
    }
    if (r.nextBoolean()) {
      Collections.shuffle(items, r);
    }
    return new TlaExpr.Or(items);
  }

  /** An atom, or a conjunction of two; one that reads y only when {@code readsY}. */
  private static TlaExpr check(Random r, boolean readsY) {
    TlaExpr a = atom(r, readsY);
    return r.nextInt(4) == 0 ? new TlaExpr.And(List.of(a, atom(r, readsY))) : a;
  }

  private static TlaExpr atom(Random r, boolean readsY) {
    TlaExpr a = RandomGuards.atom(r);
    while (!readsY && Binders.names(a).contains("y")) {
      a = RandomGuards.atom(r);
    }
    return a;
  }

  /** TLC's left-to-right value of {@code e} in {@code s}; an atom reading y where x = 0 has none. */
  private static boolean eval(TlaExpr e, Map<String, Object> s) {
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      return !eval(p.arg(), s);
    }
    if (e instanceof TlaExpr.And a) {
      for (TlaExpr x : a.items()) {
        if (!eval(x, s)) {
          return false;
        }
      }
      return true;
    }
    if (e instanceof TlaExpr.Or o) {
      for (TlaExpr x : o.items()) {
        if (eval(x, s)) {
          return true;
        }
      }
      return false;
    }
    if (e instanceof TlaExpr.If f) {
      return eval(f.c(), s) ? eval(f.t(), s) : eval(f.e(), s);
    }
    if (e instanceof TlaExpr.Infix in && (in.op() == BinOp.AND || in.op() == BinOp.OR)) {
      boolean l = eval(in.left(), s);
      return in.op() == BinOp.AND ? l && eval(in.right(), s) : l || eval(in.right(), s);
    }
    if (Binders.names(e).contains("y") && s.get("x").equals(0L)) {
      throw new Undefined();
    }
    return RandomGuards.truth(e, s);
  }
}

package dev.inflight.translator.tla;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
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
  private static final List<String> INTS = List.of("x", "y");
  private static final List<String> BOOLS = List.of("b1", "b2");
  private static final List<Long> VALUES = List.of(-3L, -2L, -1L, 0L, 1L, 2L, 3L);
  private static final List<String> STRINGS = List.of("a", "b", "c");
  private static final Map<String, Set<Long>> SETS = Map.of("S", Set.of(0L, 1L), "T", Set.of(1L, 2L));

  @Test
  void noPairCalledExclusiveHoldsTogetherInAnyState() {
    List<Map<String, Object>> states = states();
    int claims = 0;
    for (long seed = 0; seed < 6000; seed++) {
      Random r = new Random(seed);
      TlaExpr a = guard(r, 3);
      TlaExpr b = related(r, a);
      if (!Exclusive.of(a, b)) {
        continue;
      }
      claims++;
      for (Map<String, Object> s : states) {
        assertThat(truth(a, s) && truth(b, s)).as("seed %d: %s and %s both hold in %s", seed, a, b, s).isFalse();
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
      case 0 -> guard(r, 3);
      case 1 -> Tla.negation(a);
      case 2 -> Tla.and(guard(r, 1), Tla.negation(some));
      case 3 -> Tla.and(sibling(r, some), guard(r, 1));
      default -> Tla.negation(Exclusive.canonical(a));
    };
  }

  /** An atom about the same variable as {@code e} when it is a comparison, else a random atom. */
  private static TlaExpr sibling(Random r, TlaExpr e) {
    if (e instanceof TlaExpr.Infix in && in.left() instanceof TlaExpr.Name n && INTS.contains(n.id())) {
      return cmp(r, n.id());
    }
    return atom(r);
  }

  private static TlaExpr guard(Random r, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return atom(r);
    }
    return switch (r.nextInt(4)) {
      case 0 -> Tla.negation(guard(r, depth - 1));
      case 1 -> Tla.and(guard(r, depth - 1), guard(r, depth - 1));
      case 2 -> new TlaExpr.Or(List.of(guard(r, depth - 1), guard(r, depth - 1)));
      default -> new TlaExpr.If(guard(r, depth - 1), new TlaExpr.Bool(true), guard(r, depth - 1));
    };
  }

  private static TlaExpr atom(Random r) {
    return switch (r.nextInt(5)) {
      case 0, 1 -> cmp(r, INTS.get(r.nextInt(INTS.size())));
      case 2 -> new TlaExpr.Infix(r.nextBoolean() ? BinOp.EQ : BinOp.NEQ, Tla.name("s"), Tla.str(STRINGS.get(r.nextInt(3))));
      case 3 -> r.nextBoolean() ? Tla.name(BOOLS.get(r.nextInt(2)))
          : Tla.eq(Tla.name(BOOLS.get(r.nextInt(2))), new TlaExpr.Bool(r.nextBoolean()));
      default -> new TlaExpr.Infix(r.nextBoolean() ? BinOp.IN : BinOp.NOTIN, Tla.name(INTS.get(r.nextInt(2))),
          Tla.name(r.nextBoolean() ? "S" : "T"));
    };
  }

  private static TlaExpr cmp(Random r, String var) {
    List<BinOp> ops = List.of(BinOp.EQ, BinOp.NEQ, BinOp.LT, BinOp.GT, BinOp.LEQ, BinOp.GEQ);
    BinOp op = ops.get(r.nextInt(ops.size()));
    TlaExpr k = Tla.num(r.nextInt(5) - 2);
    return r.nextInt(4) == 0 ? new TlaExpr.Infix(op, k, Tla.name(var)) : new TlaExpr.Infix(op, Tla.name(var), k);
  }

  private static List<Map<String, Object>> states() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (long x : VALUES) {
      for (long y : VALUES) {
        for (String s : STRINGS) {
          for (int bits = 0; bits < 4; bits++) {
            Map<String, Object> m = new HashMap<>(SETS);
            m.put("x", x);
            m.put("y", y);
            m.put("s", s);
            m.put("b1", (bits & 1) != 0);
            m.put("b2", (bits & 2) != 0);
            out.add(m);
          }
        }
      }
    }
    return out;
  }

  private static boolean truth(TlaExpr e, Map<String, Object> s) {
    return (Boolean) value(e, s);
  }

  private static Object value(TlaExpr e, Map<String, Object> s) {
    if (e instanceof TlaExpr.Num n) {
      return n.v();
    }
    if (e instanceof TlaExpr.Str t) {
      return t.v();
    }
    if (e instanceof TlaExpr.Bool b) {
      return b.v();
    }
    if (e instanceof TlaExpr.Name n) {
      return s.get(n.id());
    }
    if (e instanceof TlaExpr.Sourced x) {
      return value(x.e(), s);
    }
    if (e instanceof TlaExpr.Prefix p && p.op() == UnOp.NOT) {
      return !truth(p.arg(), s);
    }
    if (e instanceof TlaExpr.And a) {
      return a.items().stream().allMatch(i -> truth(i, s));
    }
    if (e instanceof TlaExpr.Or o) {
      return o.items().stream().anyMatch(i -> truth(i, s));
    }
    if (e instanceof TlaExpr.If f) {
      return truth(f.c(), s) ? value(f.t(), s) : value(f.e(), s);
    }
    if (e instanceof TlaExpr.Infix in) {
      Object l = value(in.left(), s);
      Object r = value(in.right(), s);
      return switch (in.op()) {
        case EQ -> l.equals(r);
        case NEQ -> !l.equals(r);
        case LT -> (Long) l < (Long) r;
        case GT -> (Long) l > (Long) r;
        case LEQ -> (Long) l <= (Long) r;
        case GEQ -> (Long) l >= (Long) r;
        case IN -> ((Set<?>) r).contains(l);
        case NOTIN -> !((Set<?>) r).contains(l);
        case AND -> (Boolean) l && (Boolean) r;
        case OR -> (Boolean) l || (Boolean) r;
        default -> throw new IllegalArgumentException("no value for " + in.op());
      };
    }
    throw new IllegalArgumentException("no value for " + e);
  }
}

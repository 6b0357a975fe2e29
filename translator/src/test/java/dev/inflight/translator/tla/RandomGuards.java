package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random Boolean guards over two integers {@code x, y}, a string {@code s}, two Booleans {@code b1,
 * b2} and two sets {@code S, T} of integers, every state of small domains of them, and the value
 * of a guard in a state: for the brute-force tests of what the translator decides from a guard's
 * text (tla/ExclusiveSoundnessTest, emit/AssumingSoundnessTest).
 */
public final class RandomGuards {
  static final List<String> INTS = List.of("x", "y");
  private static final List<String> BOOLS = List.of("b1", "b2");
  private static final List<Long> VALUES = List.of(-3L, -2L, -1L, 0L, 1L, 2L, 3L);
  private static final List<String> STRINGS = List.of("a", "b", "c");
  private static final Map<String, Set<Long>> SETS = Map.of("S", Set.of(0L, 1L), "T", Set.of(1L, 2L));

  private RandomGuards() {}

  /** A guard of at most {@code depth} connectives: negation, conjunction, disjunction, short-circuit IF. */
  public static TlaExpr guard(Random r, int depth) {
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

  /** A comparison, string or Boolean equality, Boolean variable or membership. */
  public static TlaExpr atom(Random r) {
    return switch (r.nextInt(5)) {
      case 0, 1 -> cmp(r, INTS.get(r.nextInt(INTS.size())));
      case 2 -> new TlaExpr.Infix(r.nextBoolean() ? BinOp.EQ : BinOp.NEQ, Tla.name("s"), Tla.str(STRINGS.get(r.nextInt(3))));
      case 3 -> r.nextBoolean() ? Tla.name(BOOLS.get(r.nextInt(2)))
          : Tla.eq(Tla.name(BOOLS.get(r.nextInt(2))), new TlaExpr.Bool(r.nextBoolean()));
      default -> new TlaExpr.Infix(r.nextBoolean() ? BinOp.IN : BinOp.NOTIN, Tla.name(INTS.get(r.nextInt(2))),
          Tla.name(r.nextBoolean() ? "S" : "T"));
    };
  }

  /** {@code var op k} or {@code k op var} for a small literal {@code k}. */
  public static TlaExpr cmp(Random r, String var) {
    List<BinOp> ops = List.of(BinOp.EQ, BinOp.NEQ, BinOp.LT, BinOp.GT, BinOp.LEQ, BinOp.GEQ);
    BinOp op = ops.get(r.nextInt(ops.size()));
    TlaExpr k = Tla.num(r.nextInt(5) - 2);
    return r.nextInt(4) == 0 ? new TlaExpr.Infix(op, k, Tla.name(var)) : new TlaExpr.Infix(op, Tla.name(var), k);
  }

  /** Every state of the variables' domains (588). */
  public static List<Map<String, Object>> states() {
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

  /** The value of a Boolean guard in state {@code s}. */
  public static boolean truth(TlaExpr e, Map<String, Object> s) {
    return (Boolean) value(e, s);
  }

  /** The value of {@code e} in state {@code s} (the node kinds the guards are made of). */
  public static Object value(TlaExpr e, Map<String, Object> s) {
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

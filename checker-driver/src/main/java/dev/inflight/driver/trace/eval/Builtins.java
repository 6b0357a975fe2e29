package dev.inflight.driver.trace.eval;

import static dev.inflight.driver.trace.eval.Values.asSet;
import static dev.inflight.driver.trace.eval.Values.fn;
import static dev.inflight.driver.trace.eval.Values.num;

import dev.inflight.driver.trace.eval.Values.EvalException;
import dev.inflight.driver.trace.eval.Values.Fn;
import dev.inflight.translator.tla.BinOp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The standard-module operators and the infix operators the translator emits, on evaluator values. */
final class Builtins {
  private Builtins() {}

  /** A standard-module operator applied to values, or empty when {@code op} is not one. */
  static Optional<Object> apply(String op, List<Object> a) {
    switch (op) {
      case "Cardinality":
        return Optional.of((long) asSet(a.get(0)).size());
      case "Len":
        return Optional.of((long) fn(a.get(0)).seq().size());
      case "Append": {
        List<Object> s = new ArrayList<>(fn(a.get(0)).seq());
        s.add(a.get(1));
        return Optional.of(Fn.ofSeq(s));
      }
      case "Head": {
        List<Object> s = fn(a.get(0)).seq();
        if (s.isEmpty()) {
          throw new EvalException("Head of <<>>");
        }
        return Optional.of(s.get(0));
      }
      case "Tail": {
        List<Object> s = fn(a.get(0)).seq();
        if (s.isEmpty()) {
          throw new EvalException("Tail of <<>>");
        }
        return Optional.of(Fn.ofSeq(s.subList(1, s.size())));
      }
      case "PrintT":
      case "Print":
        return Optional.of(op.equals("Print") ? a.get(1) : Boolean.TRUE);
      case "TLCGet":
        throw new EvalException("TLCGet");
      default:
        return Optional.empty();
    }
  }

  static Object infix(BinOp op, Object l, Object r) {
    switch (op) {
      case EQ:
        return l.equals(r);
      case NEQ:
        return !l.equals(r);
      case EQUIV:
        return l.equals(r);
      case LT:
        return num(l) < num(r);
      case GT:
        return num(l) > num(r);
      case LEQ:
        return num(l) <= num(r);
      case GEQ:
        return num(l) >= num(r);
      case IN:
        return asSet(r).contains(l);
      case NOTIN:
        return !asSet(r).contains(l);
      case SUBSETEQ:
        return asSet(r).containsAll(asSet(l));
      case CUP: {
        List<Object> out = new ArrayList<>(asSet(l));
        out.addAll(asSet(r));
        return Values.set(out);
      }
      case CAP: {
        List<Object> out = new ArrayList<>(asSet(l));
        out.retainAll(asSet(r));
        return Values.set(out);
      }
      case SETMINUS: {
        List<Object> out = new ArrayList<>(asSet(l));
        out.removeAll(asSet(r));
        return Values.set(out);
      }
      case RANGE: {
        List<Object> out = new ArrayList<>();
        for (long i = num(l); i <= num(r); i++) {
          out.add(i);
        }
        return Values.set(out);
      }
      case PLUS:
        return Math.addExact(num(l), num(r));
      case MINUS:
        return Math.subtractExact(num(l), num(r));
      case MUL:
        return Math.multiplyExact(num(l), num(r));
      case DIV:
        return Math.floorDiv(num(l), num(r));
      case MOD:
        return Math.floorMod(num(l), num(r));
      case POW: {
        long x = 1;
        for (long i = 0; i < num(r); i++) {
          x = Math.multiplyExact(x, num(l));
        }
        return x;
      }
      case CONCAT: {
        List<Object> out = new ArrayList<>(fn(l).seq());
        out.addAll(fn(r).seq());
        return Fn.ofSeq(out);
      }
      case MAPS_TO:
        return new Fn(Map.of(l, r));
      case FUN_MERGE: {
        Map<Object, Object> m = new LinkedHashMap<>(fn(r).map());
        m.putAll(fn(l).map());
        return new Fn(m);
      }
      default:
        throw new EvalException("not evaluated: " + op);
    }
  }

  /** Keeps a Set-typed helper visible to the evaluator. */
  static boolean isSet(Object v) {
    return v instanceof Set<?>;
  }
}

package dev.inflight.driver.trace.eval;

import dev.inflight.driver.tlc.TlcValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values the evaluator computes with: {@code Long}, {@code Boolean}, {@code String} (a TLA+
 * string), {@link Model} (a model value), {@link Fn} (a function; records have string keys,
 * tuples and sequences the keys 1..n) and {@code Set<Object>}. Each has a value-based equals, so
 * TLA+ equality is Java equality whatever order TLC printed a set or a record in.
 */
final class Values {
  private Values() {}

  /** A model value ({@code sock_1}, {@code NULL}). */
  record Model(String name) {}

  /** A function, record, tuple or sequence: its graph. */
  record Fn(Map<Object, Object> map) {
    Fn {
      map = Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    Object apply(Object arg) {
      Object v = map.get(arg);
      if (v == null) {
        throw new EvalException("not in the domain: " + arg);
      }
      return v;
    }

    /** The elements of a sequence (keys 1..n), in order. */
    List<Object> seq() {
      List<Object> out = new ArrayList<>();
      for (long i = 1; i <= map.size(); i++) {
        Object v = map.get(i);
        if (v == null) {
          throw new EvalException("not a sequence");
        }
        out.add(v);
      }
      return out;
    }

    static Fn ofSeq(List<Object> elems) {
      Map<Object, Object> m = new LinkedHashMap<>();
      for (int i = 0; i < elems.size(); i++) {
        m.put((long) (i + 1), elems.get(i));
      }
      return new Fn(m);
    }
  }

  static Set<Object> set(java.util.Collection<Object> elems) {
    return Collections.unmodifiableSet(new HashSet<>(elems));
  }

  /** A value TLC printed, as an evaluator value. */
  static Object of(TlcValue v) {
    if (v instanceof TlcValue.IntV i) {
      return i.value();
    } else if (v instanceof TlcValue.BoolV b) {
      return b.value();
    } else if (v instanceof TlcValue.StrV s) {
      return s.value();
    } else if (v instanceof TlcValue.ModelV m) {
      return new Model(m.name());
    } else if (v instanceof TlcValue.SetV s) {
      List<Object> out = new ArrayList<>();
      s.elements().forEach(e -> out.add(of(e)));
      return set(out);
    } else if (v instanceof TlcValue.SeqV s) {
      List<Object> out = new ArrayList<>();
      s.elements().forEach(e -> out.add(of(e)));
      return Fn.ofSeq(out);
    } else if (v instanceof TlcValue.RecordV r) {
      Map<Object, Object> m = new HashMap<>();
      r.fields().forEach((k, x) -> m.put(k, of(x)));
      return new Fn(m);
    } else if (v instanceof TlcValue.FunV f) {
      Map<Object, Object> m = new HashMap<>();
      f.entries().forEach(e -> m.put(of(e.getKey()), of(e.getValue())));
      return new Fn(m);
    }
    throw new EvalException("unknown value " + v);
  }

  /**
   * {@code v} printed as TLC printed {@code shape}, a value of the same form (a function or
   * record with the same domain, in its order; an integer; anything else equal to it).
   */
  static TlcValue like(TlcValue shape, Object v) {
    if (shape instanceof TlcValue.IntV && v instanceof Long l) {
      return new TlcValue.IntV(l);
    } else if (shape instanceof TlcValue.FunV f && v instanceof Fn fn && fn.map().size() == f.entries().size()) {
      List<Map.Entry<TlcValue, TlcValue>> entries = new ArrayList<>();
      f.entries().forEach(e -> entries.add(Map.entry(e.getKey(), like(e.getValue(), fn.apply(of(e.getKey()))))));
      return new TlcValue.FunV(entries);
    } else if (shape instanceof TlcValue.RecordV r && v instanceof Fn fn && fn.map().keySet().equals(r.fields().keySet())) {
      LinkedHashMap<String, TlcValue> fields = new LinkedHashMap<>();
      r.fields().forEach((k, x) -> fields.put(k, like(x, fn.apply(k))));
      return new TlcValue.RecordV(fields);
    } else if (shape != null && of(shape).equals(v)) {
      return shape;
    }
    throw new EvalException("not of the form TLC printed: " + v);
  }

  /** TLC's order of values for CHOOSE: integers, strings, and model values by their place in the .cfg ({@code modelOrder}). */
  static int order(Map<String, Integer> modelOrder, Object x, Object y) {
    if (x instanceof Long a && y instanceof Long b) {
      return Long.compare(a, b);
    }
    if (x instanceof Model a && y instanceof Model b) {
      return Integer.compare(modelOrder.getOrDefault(a.name(), Integer.MAX_VALUE), modelOrder.getOrDefault(b.name(), Integer.MAX_VALUE));
    }
    if (x instanceof String a && y instanceof String b) {
      return a.compareTo(b);
    }
    throw new EvalException("CHOOSE over values of no known order");
  }

  static boolean bool(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    throw new EvalException("not a Boolean: " + v);
  }

  static long num(Object v) {
    if (v instanceof Long l) {
      return l;
    }
    throw new EvalException("not an integer: " + v);
  }

  @SuppressWarnings("unchecked")
  static Set<Object> asSet(Object v) {
    if (v instanceof Set<?> s) {
      return (Set<Object>) s;
    }
    throw new EvalException("not a set: " + v);
  }

  static Fn fn(Object v) {
    if (v instanceof Fn f) {
      return f;
    }
    throw new EvalException("not a function: " + v);
  }

  /** Thrown for anything the evaluator cannot decide; the caller then falls back. */
  static final class EvalException extends RuntimeException {
    EvalException(String message) {
      super(message, null, false, false);
    }
  }
}

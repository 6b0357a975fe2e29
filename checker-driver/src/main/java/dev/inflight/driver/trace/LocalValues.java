package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Thread-local values as traces show them: a local per thread, and its initial value. */
final class LocalValues {
  private LocalValues() {}

  /**
   * A local's value per thread, as a function from its kind's threads: {@code value} itself
   * when the local is a variable of its own, else the local's field of each thread's record.
   * A function's local is left out for threads whose frame of it is NULL (not inside it).
   */
  static TlcValue of(SourceMap.Variable v, TlcValue value) {
    if (v.field() == null || !(value instanceof TlcValue.FunV f)) {
      return value;
    }
    List<Map.Entry<TlcValue, TlcValue>> out = new ArrayList<>();
    for (Map.Entry<TlcValue, TlcValue> e : f.entries()) {
      TlcValue at = e.getValue();
      for (String field : v.field().split("\\.")) {
        at = at instanceof TlcValue.RecordV r ? r.get(field) : null;
      }
      if (at != null) {
        out.add(Map.entry(e.getKey(), at));
      }
    }
    return new TlcValue.FunV(out);
  }

  /** The initial value of a local of {@code v}'s type (null for a type no local has). */
  static TlcValue initialLike(TlcValue v) {
    if (v instanceof TlcValue.ModelV) {
      return new TlcValue.ModelV("NULL");
    }
    if (v instanceof TlcValue.IntV) {
      return new TlcValue.IntV(0);
    }
    if (v instanceof TlcValue.BoolV) {
      return new TlcValue.BoolV(false);
    }
    if (v instanceof TlcValue.SetV) {
      return new TlcValue.SetV(List.of());
    }
    if (v instanceof TlcValue.SeqV) {
      return new TlcValue.SeqV(List.of());
    }
    return null;
  }

  static boolean isDefault(TlcValue v) {
    return v == null
        || (v instanceof TlcValue.ModelV m && m.name().equals("NULL"))
        || (v instanceof TlcValue.IntV i && i.value() == 0)
        || (v instanceof TlcValue.BoolV bo && !bo.value())
        || (v instanceof TlcValue.SetV s && s.elements().isEmpty());
  }
}

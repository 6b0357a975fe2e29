package dev.inflight.driver.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.emit.SourceMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A function's locals read from the kind's record, where a frame is NULL outside the function. */
class LocalValuesTest {
  private static TlcValue.RecordV rec(Object... kv) {
    LinkedHashMap<String, TlcValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (TlcValue) kv[i + 1]);
    }
    return new TlcValue.RecordV(m);
  }

  @Test
  void aThreadOutsideTheFunctionHasNoValueAndTheInitialValueFollowsTheType() {
    SourceMap.Variable s = new SourceMap.Variable("rx_locals", "local", "sk_free.s", "rx", null, "sk_free.s");
    TlcValue rx1 = new TlcValue.ModelV("rx_1");
    TlcValue rx2 = new TlcValue.ModelV("rx_2");
    TlcValue locals = new TlcValue.FunV(List.of(
        Map.entry(rx1, rec("n", new TlcValue.IntV(0), "sk_free", rec("s", new TlcValue.ModelV("sock_1")))),
        Map.entry(rx2, rec("n", new TlcValue.IntV(0), "sk_free", new TlcValue.ModelV("NULL")))));

    TlcValue.FunV perThread = (TlcValue.FunV) LocalValues.of(s, locals);

    assertThat(perThread.domain()).containsExactly(rx1);
    assertThat(perThread.get(rx1)).contains(new TlcValue.ModelV("sock_1"));
    assertThat(LocalValues.initialLike(new TlcValue.ModelV("sock_1"))).isEqualTo(new TlcValue.ModelV("NULL"));
    assertThat(LocalValues.initialLike(new TlcValue.IntV(3))).isEqualTo(new TlcValue.IntV(0));
    assertThat(LocalValues.initialLike(new TlcValue.BoolV(true))).isEqualTo(new TlcValue.BoolV(false));
    assertThat(LocalValues.initialLike(new TlcValue.SetV(List.of(rx1)))).isEqualTo(new TlcValue.SetV(List.of()));
  }
}

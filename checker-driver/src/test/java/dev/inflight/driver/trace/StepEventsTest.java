package dev.inflight.driver.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.Translator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a step cost, told from the totals of the states before and after it; with totals capped
 * (SourceMap.Cost#latCap) and not recomputed, a total at the cap is told as past every bound.
 */
class StepEventsTest {
  @TempDir
  Path tmp;

  private TraceMapper mapper() throws Exception {
    Path model = tmp.resolve("m.ifl");
    Files.writeString(model, """
        model m
        cost { cpus = 1 }
        latency take <= 100
        lock l
        op fn take() {
          lock l
          unlock l
        }
        thread a { take() }
        thread b {
          lock l
          cost 30
          unlock l
        }
        """);
    Translator.Result r = Translator.translate(model, Translator.Options.defaults());
    assertThat(r.ok()).isTrue();
    assertThat(r.emitted().sourceMap().cost().latCap()).isEqualTo(101L);
    return new TraceMapper(r.emitted().sourceMap());
  }

  private static TlcState state(long a, TlcValue opEnd) {
    LinkedHashMap<String, TlcValue> vars = new LinkedHashMap<>();
    vars.put("lat", new TlcValue.FunV(List.of(Map.entry(new TlcValue.ModelV("a"), new TlcValue.IntV(a)),
        Map.entry(new TlcValue.ModelV("b"), new TlcValue.IntV(0)))));
    vars.put("op_end", opEnd);
    return new TlcState(1, null, null, vars);
  }

  private static TlcValue record(Object... kv) {
    LinkedHashMap<String, TlcValue> f = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      f.put((String) kv[i], (TlcValue) kv[i + 1]);
    }
    return new TlcValue.RecordV(f);
  }

  private static List<String> told(StepEvents events, TlcState prev, TlcState cur, Long past) {
    List<DslStep.Change> out = new ArrayList<>();
    events.costChanges(prev, cur, "b", past, out);
    return out.stream().map(DslStep.Change::text).toList();
  }

  @Test
  void aTotalAtTheCapIsToldAsPastEveryBound() throws Exception {
    StepEvents events = new StepEvents(mapper());
    TlcValue none = record("op", new TlcValue.StrV("none"));

    assertThat(told(events, state(90, none), state(101, none), 101L))
        .containsExactly("cost: +11 or more ns waiting on b; a's operation so far more than 100 ns");
    assertThat(told(events, state(60, none), state(90, none), 101L))
        .containsExactly("cost: +30 ns waiting on b; a's operation so far 90 ns");
    TlcValue end = record("op", new TlcValue.StrV("take"), "thread", new TlcValue.ModelV("a"), "ns", new TlcValue.IntV(101));
    assertThat(told(events, state(101, none), state(0, end), 101L))
        .containsExactly("cost: +? ns; a's take took more than 100 ns in all");
    // totals recomputed without the cap (past = null): told as they are
    assertThat(told(events, state(90, none), state(120, none), null))
        .containsExactly("cost: +30 ns waiting on b; a's operation so far 120 ns");
  }
}

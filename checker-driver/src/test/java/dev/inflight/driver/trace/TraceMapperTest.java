package dev.inflight.driver.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.tlc.TlcEvent;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcOutputParser;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcResultBuilder;
import dev.inflight.driver.trace.eval.TraceEvaluator;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.SourceMap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Maps a recorded TLC counterexample of examples/tutorial/refcount_uaf.ifl to DSL terms. The
 * fixture (src/test/resources/trace/, see its README for how to re-record it) is real `-tool`
 * output for the module the translator generates; the source map is that translation's.
 */
class TraceMapperTest {

  private static final String FILE = "../examples/tutorial/refcount_uaf.ifl";

  private static SourceMap map;
  private static TlcResult result;
  private static DslTrace trace;

  @BeforeAll
  static void replay() throws IOException {
    // the source map of the translation the recording was made from: the translator's today
    // (fixtureStillMatchesTheTranslator checks that the recorded run still fits it)
    Translator.Result translated = Translator.translate(Path.of(FILE), Translator.Options.defaults());
    assertThat(translated.ok()).as("refcount_uaf.ifl translates").isTrue();
    map = translated.emitted().sourceMap();
    List<TlcEvent> events = TlcOutputParser.parse(resource("refcount_uaf.out"));
    TlcResultBuilder b = new TlcResultBuilder();
    events.forEach(b);
    result = b.build(12); // TLC's exit code for an invariant violation, as recorded
    SourceMap.Property uaf = map.properties().stream().filter(p -> "NoUseAfterFree".equals(p.tla()))
        .findFirst().orElseThrow();
    // each step told by its path, as `inflight check` tells it (ModelChecker)
    trace = new TraceMapper(map, new TraceEvaluator(translated.emitted())).map(result, uaf);
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = TraceMapperTest.class.getResourceAsStream("/trace/" + name)) {
      assertThat(in).as("test resource /trace/" + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void fixtureIsTheExpectedTlcRun() {
    assertThat(map.model()).isEqualTo("refcount_uaf");
    assertThat(result.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoUseAfterFree"));
    assertThat(result.problems()).isEmpty();
    assertThat(result.trace()).hasSize(7);
  }

  @Test
  void oneStepPerStateWithThreadAndDslLine() {
    List<DslStep> steps = trace.steps();

    assertThat(steps).hasSize(7);
    assertThat(steps).extracting(DslStep::index).containsExactly(1, 2, 3, 4, 5, 6, 7);
    assertThat(steps).extracting(DslStep::thread)
        .containsExactly(null, "producer", "producer", "producer", "producer", "consumer", "consumer");
    // the consumer's stable wait (line 24) and its read (25) are one step, told at the read
    assertThat(steps.subList(1, 7)).extracting(s -> s.loc().line()).containsExactly(17, 18, 19, 20, 25, 26);
    assertThat(steps.get(5).statements()).extracting(SourceMap.Loc::line).containsExactly(24, 25);
    assertThat(steps.subList(1, 7)).allSatisfy(s -> assertThat(s.loc().file()).isEqualTo(FILE));
    assertThat(steps.subList(1, 7)).extracting(DslStep::action).containsExactly("producer_L17", "producer_L18",
        "producer_L19", "producer_L20_2", "consumer_L24", "consumer_L26_uaf");
    assertThat(steps.get(4).loc().text()).startsWith("put sk.refcnt");
    assertThat(steps.get(6).loc().text()).startsWith("touch sk");
  }

  @Test
  void initialStateShowsTheGlobals() {
    DslStep first = trace.steps().get(0);

    assertThat(first.loc()).isNull();
    assertThat(first.action()).isNull();
    assertThat(first.fault()).isNull();
    assertThat(changes(first)).containsExactly("shared = null");
  }

  @Test
  void eachStepSaysWhatChangedInDslNames() {
    List<DslStep> s = trace.steps();

    assertThat(changes(s.get(1))).containsExactlyInAnyOrder("sock#1 allocated (refcnt=1, state=0)",
        "producer.sk: null -> sock#1");
    assertThat(changes(s.get(2))).containsExactly("sock#1.state: 0 -> 1");
    assertThat(changes(s.get(3))).containsExactly("shared: null -> sock#1");
    // The producer's thread ends with this put: its local going back to null is not news.
    assertThat(changes(s.get(4))).containsExactly("sock#1.refcnt: 1 -> 0", "sock#1 freed");
    assertThat(changes(s.get(5))).containsExactly("consumer.sk: null -> sock#1(freed)");
    assertThat(changes(s.get(6))).as("a fault step changes only `fault`, which the step itself tells").isEmpty();
  }

  @Test
  void changesKeepTheirParts() {
    DslStep.Change refcnt = trace.steps().get(4).changes().stream()
        .filter(c -> c.what().equals("sock#1.refcnt")).findFirst().orElseThrow();
    assertThat(refcnt).isEqualTo(DslStep.Change.field("sock#1", "refcnt", "1", "0"));
    assertThat(refcnt.render()).isEqualTo("sock#1.refcnt: 1 -> 0");
    DslStep.Change freed = trace.steps().get(4).changes().stream()
        .filter(c -> c.kind() == DslStep.Change.Kind.FREE).findFirst().orElseThrow();
    assertThat(freed).isEqualTo(new DslStep.Change(DslStep.Change.Kind.FREE, "sock#1", null, null, "live", "freed", null, "sock#1 freed"));
  }

  @Test
  void onlyTheLastStepFaults() {
    List<DslStep> s = trace.steps();

    assertThat(s.get(6).fault()).isEqualTo("use_after_free");
    assertThat(s.subList(0, 6)).allSatisfy(x -> assertThat(x.fault()).isNull());
  }

  @Test
  void summaryNamesUserObjectFreerAndLines() {
    assertThat(trace.summary()).isEqualTo("use-after-free: consumer uses sock#1 at " + FILE + ":26; "
        + "sock#1 was freed by producer at step 5 (" + FILE + ":20)");
    assertThat(trace.property().name()).isEqualTo("no_use_after_free");
    assertThat(trace.loopFrom()).isNull();
    assertThat(trace.stutters()).isFalse();
    assertThat(trace.notes()).isEmpty();
  }

  @Test
  void modelValuesAndActionsAreLookedUpInTheSourceMap() {
    TraceMapper m = new TraceMapper(map);

    assertThat(m.displayOf("sock_1")).isEqualTo("sock#1");
    assertThat(m.displayOf("NULL")).isEqualTo("null");
    assertThat(m.displayOf("producer")).isEqualTo("producer");
    assertThat(m.displayOf("unknown_value")).isEqualTo("unknown_value");
    assertThat(m.action("consumer_L26_uaf")).hasValueSatisfying(a -> {
      assertThat(a.fault()).isEqualTo("use_after_free");
      assertThat(a.primary().line()).isEqualTo(26);
    });
    assertThat(m.action("nope")).isEmpty();
    assertThat(TraceMapper.where(trace.steps().get(4).loc())).isEqualTo(FILE + ":20");
  }

  @Test
  void replayingThroughTheCheckerGivesTheVerdict() {
    CheckReport r = ModelChecker.interpret(FILE, List.of(), map, result, List.of("sock: 1 object (derived)"), 0, 0);

    assertThat(r.verdict()).isEqualTo(Verdict.VIOLATED);
    assertThat(r.model()).isEqualTo("refcount_uaf");
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    assertThat(r.message()).isNull();
    assertThat(r.trace().summary()).isEqualTo(trace.summary());
    assertThat(r.trace().steps()).hasSize(7);
    assertThat(r.statistics().distinct()).isEqualTo(9);
    assertThat(r.statistics().generated()).isEqualTo(10);
    assertThat(r.statistics().depth()).isEqualTo(7);
  }

  /**
   * The recording is only worth something while the translator still generates these steps: each
   * action the recorded trace took must still exist, for the same thread and DSL line.
   */
  @Test
  void fixtureStillMatchesTheTranslator() {
    Translator.Result now = Translator.translate(Path.of(FILE), Translator.Options.defaults());
    assertThat(now.ok()).as("refcount_uaf.ifl translates").isTrue();
    TraceMapper current = new TraceMapper(now.emitted().sourceMap());

    for (DslStep s : trace.steps().subList(1, trace.steps().size())) {
      assertThat(current.action(s.action()))
          .as("action %s of the recorded trace is gone or moved: the translator changed, re-record "
              + "src/test/resources/trace as its README says", s.action())
          .hasValueSatisfying(a -> {
            assertThat(a.thread()).isEqualTo(s.thread());
            assertThat(a.primary().line()).isEqualTo(s.loc().line());
          });
    }
  }

  private static List<String> changes(DslStep s) {
    return s.changes().stream().map(DslStep.Change::render).toList();
  }
}

package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcOutcome.IncompleteReason;
import dev.inflight.driver.tlc.TlcOutcome.Kind;
import dev.inflight.driver.tlc.TlcValue.FunV;
import dev.inflight.driver.tlc.TlcValue.IntV;
import dev.inflight.driver.tlc.TlcValue.ModelV;
import dev.inflight.driver.tlc.TlcValue.RecordV;
import dev.inflight.driver.tlc.TlcValue.SeqV;
import dev.inflight.driver.tlc.TlcValue.SetV;
import dev.inflight.driver.tlc.TlcValue.StrV;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parses real TLC outputs recorded under src/test/resources/tlc (see the README there). */
class TlcFixturesTest {

    static String fixture(String name) {
        try (InputStream in = TlcFixturesTest.class.getResourceAsStream("/tlc/" + name + ".out")) {
            assertThat(in).as("fixture " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TlcResult result(String name, int exitCode) {
        TlcResult r = TlcResultBuilder.fromOutput(fixture(name), exitCode);
        assertThat(r.problems()).as("problems").isEmpty();
        assertThat(r.exitCode()).isEqualTo(exitCode);
        return r;
    }

    @Test
    void invariantViolationWithParameterizedActions() {
        TlcResult r = result("UafRace", 12);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(r.outcome().isViolation()).isTrue();
        assertThat(r.trace()).hasSize(5);
        assertThat(r.lasso()).isNull();
        assertThat(r.trace()).extracting(TlcState::index).containsExactly(1, 2, 3, 4, 5);
        assertThat(r.trace()).extracting(TlcState::action)
                .containsExactly(null, "rx_L1", "rx_L1", "rx_L2", "rx_L2");
        assertThat(r.trace().get(1).actionLocation()).isEqualTo(new TlaLocation(27, 5, 34, 50, "UafRace"));
        assertThat(r.trace().get(4).actionLocation()).isEqualTo(new TlaLocation(38, 5, 51, 31, "UafRace"));

        TlcState first = r.trace().get(0);
        assertThat(first.isInitial()).isTrue();
        // print order, not declaration order (pc, sock_heap, rx_s, fault, log, freed, balance, note, hist)
        assertThat(first.vars().keySet())
                .containsExactly("balance", "freed", "fault", "pc", "rx_s", "hist", "sock_heap", "log", "note");
        assertThat(first.get("rx_s")).isEqualTo(TlcValueParser.parse("(rx_1 :> NULL @@ rx_2 :> NULL)"));
        assertThat(first.get("note")).isEqualTo(new StrV("q\"t"));
        assertThat(first.get("freed")).isEqualTo(new SetV(List.of()));
        assertThat(first.get("log")).isEqualTo(new SeqV(List.of()));

        TlcState last = r.trace().get(4);
        assertThat(last.get("balance")).isEqualTo(new IntV(-4));
        assertThat(last.get("freed")).isEqualTo(new SetV(List.of(new ModelV("sock_1"))));
        RecordV fault = (RecordV) last.get("fault");
        assertThat(fault.fields().keySet()).containsExactly("kind", "thread", "obj", "line");
        assertThat(fault.get("kind")).isEqualTo(new StrV("use_after_free"));
        assertThat(fault.get("thread")).isEqualTo(new ModelV("rx_2"));
        assertThat(fault.get("obj")).isEqualTo(new ModelV("sock_1"));
        assertThat(fault.get("line")).isEqualTo(new IntV(12));
        FunV pc = (FunV) last.get("pc");
        assertThat(pc.get(new ModelV("rx_1"))).contains(new StrV("Done"));
        FunV heap = (FunV) last.get("sock_heap");
        RecordV sock1 = (RecordV) heap.get(new ModelV("sock_1")).orElseThrow();
        assertThat(sock1.get("st")).isEqualTo(new StrV("freed"));
        assertThat(sock1.get("refcnt")).isEqualTo(new IntV(0));

        // hist wraps over four lines in state 5; log (model values) stays on one long line
        SeqV hist = (SeqV) last.get("hist");
        assertThat(hist.elements()).hasSize(4);
        assertThat(hist.get(4)).isEqualTo(TlcValueParser.parse("[pc |-> \"L2\", op |-> \"put\", rc |-> 0]"));
        SeqV log = (SeqV) last.get("log");
        assertThat(log.elements()).hasSize(4);
        assertThat(((RecordV) log.get(2)).get("thread")).isEqualTo(new ModelV("rx_2"));

        TlcStatistics s = r.statistics();
        assertThat(s).isEqualTo(new TlcStatistics(1, 12, 12, 3, 5, 1348));
        assertThat(r.warnings()).isEmpty();
        assertThat(r.errorLocations()).isEmpty();
        assertThat(r.unframedLines()).anyMatch(l -> l.startsWith("Parsing file ") && l.endsWith("UafRace.tla"));
    }

    @Test
    void invariantViolatedInInitialStateWithWrappedValues() {
        TlcResult r = result("InitInvariant", 12);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.InvariantViolatedInitial("FirstIdIsTwo"));
        assertThat(r.trace()).hasSize(1);
        TlcState s = r.trace().get(0);
        assertThat(s.index()).isEqualTo(1);
        assertThat(s.action()).isNull();
        assertThat(s.vars().keySet()).containsExactly("fn", "st", "mv", "nest", "big");
        assertThat(s.get("st")).isEqualTo(new StrV("q\"t"));
        SeqV big = (SeqV) s.get("big");
        assertThat(big.elements()).hasSize(6);
        assertThat(((RecordV) big.get(6)).get("id")).isEqualTo(new IntV(6));
        FunV fn = (FunV) s.get("fn");
        assertThat(fn.domain()).containsExactly(new ModelV("A"), new ModelV("B"));
        RecordV nest = (RecordV) s.get("nest");
        assertThat(nest.get("a")).isEqualTo(TlcValueParser.parse("{<<-2, \"zz\">>, <<1, \"x\\ny\">>}"));
        assertThat(((SeqV) nest.get("b")).get(12)).isEqualTo(TlcValueParser.parse("{12, 13, 14}"));
        assertThat(((StrV) ((SeqV) ((SetV) nest.get("a")).elements().get(1)).get(2)).value()).isEqualTo("x\ny");
        // no 2190/2199 after an initial-state violation
        assertThat(r.statistics().generated()).isEqualTo(TlcStatistics.UNKNOWN);
        assertThat(r.statistics().durationMs()).isEqualTo(1202);
    }

    @Test
    void deadlockWithSingleVariable() {
        TlcResult r = result("Deadlock", 11);
        assertThat(r.kind()).isEqualTo(Kind.DEADLOCK);
        assertThat(r.trace()).hasSize(4);
        assertThat(r.trace()).extracting(st -> st.get("x"))
                .containsExactly(new IntV(0), new IntV(1), new IntV(2), new IntV(3));
        assertThat(r.trace().get(3).action()).isEqualTo("Next");
        assertThat(r.trace().get(3).actionLocation()).isEqualTo(new TlaLocation(6, 9, 6, 27, "Deadlock"));
        assertThat(r.statistics()).isEqualTo(new TlcStatistics(1, 4, 4, 0, 4, r.statistics().durationMs()));
    }

    @Test
    void livenessLassoBackToState() {
        TlcResult r = result("LiveLasso", 13);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.LivenessViolated());
        assertThat(r.trace()).hasSize(5);
        assertThat(r.trace().get(4).get("x")).isEqualTo(new IntV(0));
        assertThat(r.trace().get(4).get("tag")).isEqualTo(new StrV("wrap"));
        assertThat(r.lasso()).isEqualTo(
                new TlcLasso.BackToState(2, "Next", new TlaLocation(7, 9, 7, 68, "LiveLasso")));
        assertThat(r.statistics().generated()).isEqualTo(6);
        assertThat(r.statistics().distinct()).isEqualTo(5);
    }

    @Test
    void livenessStuttering() {
        TlcResult r = result("LiveStutter", 13);
        assertThat(r.kind()).isEqualTo(Kind.LIVENESS_VIOLATED);
        assertThat(r.trace()).hasSize(4);
        assertThat(r.trace().get(3).get("x")).isEqualTo(new IntV(3));
        assertThat(r.lasso()).isEqualTo(new TlcLasso.Stuttering(5));
    }

    @Test
    void actionPropertyViolation() {
        TlcResult r = result("ActionProperty", 13);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.ActionPropertyViolated("Grows"));
        assertThat(r.trace()).extracting(st -> st.get("x"))
                .containsExactly(new IntV(0), new IntV(1), new IntV(2), new IntV(0));
    }

    @Test
    void assertionFailure() {
        TlcResult r = result("AssertFail", 14);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.AssertionFailed("x too big"));
        assertThat(r.trace()).hasSize(3);
        assertThat(r.errorLocations()).containsExactly(new TlaLocation(5, 9, 6, 21, "AssertFail"),
                new TlaLocation(5, 12, 5, 37, "AssertFail"));
    }

    @Test
    void evaluationErrorOutOfDomain() {
        TlcResult r = result("EvalError", 75);
        assertThat(r.kind()).isEqualTo(Kind.EVALUATION_ERROR);
        var e = (TlcOutcome.EvaluationError) r.outcome();
        assertThat(e.message()).isEqualTo("""
                The exception was a java.lang.RuntimeException
                : Attempted to apply tuple
                <<10, 20>>
                to integer 3 which is out of domain.""");
        assertThat(e.locations()).hasSize(5);
        assertThat(e.locations().get(0)).isEqualTo(new TlaLocation(8, 9, 9, 21, "EvalError"));
        assertThat(e.locations().get(4)).isEqualTo(new TlaLocation(6, 12, 6, 19, "EvalError"));
        assertThat(r.errorLocations()).isEqualTo(e.locations());
        assertThat(r.trace()).hasSize(3);
        assertThat(r.trace().get(2).get("i")).isEqualTo(new IntV(3));
        assertThat(r.trace().get(2).get("acc")).isEqualTo(new IntV(30));
    }

    @Test
    void evaluationErrorInInvariantOnInitialState() {
        TlcResult r = result("EvalErrorInvariant", 75);
        var e = (TlcOutcome.EvaluationError) r.outcome();
        assertThat(e.message()).isEqualTo("Attempted to apply tuple\n<<1, 2>>\nto integer 0 which is out of domain.");
        assertThat(e.locations()).containsExactly(new TlaLocation(7, 8, 7, 15, "EvalErrorInvariant"));
        assertThat(r.trace()).hasSize(1);
        assertThat(r.trace().get(0).get("x")).isEqualTo(new IntV(0));
    }

    @Test
    void anInvariantThatCannotBeEvaluatedLaterIsNamedWithItsNestedCauseAndTrace() {
        TlcResult r = result("DivInvariant", 76);
        var e = (TlcOutcome.EvaluationError) r.outcome();
        assertThat(e.message()).isEqualTo("Evaluating invariant Inv failed.\nThe second argument of \\div is 0.");
        assertThat(r.trace()).hasSize(2);
        assertThat(r.trace().get(1).get("x")).isEqualTo(new IntV(0));
    }

    @Test
    void parseError() {
        TlcResult r = result("ParseError", 150);
        assertThat(r.kind()).isEqualTo(Kind.PARSE_ERROR);
        String text = ((TlcOutcome.ParseError) r.outcome()).text();
        assertThat(text).startsWith("***Parse Error***")
                .contains("Encountered \"1\" at line 5, column 20")
                .doesNotContain("Parsing file");
        assertThat(r.trace()).isEmpty();
    }

    @Test
    void semanticError() {
        TlcResult r = result("SemanticError", 150);
        String text = ((TlcOutcome.ParseError) r.outcome()).text();
        assertThat(text).startsWith("Semantic errors:")
                .contains("line 5, col 14 to line 5, col 14 of module SemanticError")
                .contains("Unknown operator: `z'.");
    }

    @Test
    void configErrors() {
        TlcResult unassigned = result("ConfigError", 151);
        assertThat(unassigned.outcome()).isEqualTo(new TlcOutcome.ConfigError(
                "The constant parameter N is not assigned a value by the configuration file."));
        TlcResult syntax = result("ConfigSyntax", 255);
        assertThat(syntax.outcome()).isEqualTo(new TlcOutcome.ConfigError(
                "TLC found an error in the configuration file at line 3\n"
                        + "It was expecting a keyword, but did not find it."));
        assertThat(syntax.messages()).extracting(TlcMessage::code).containsExactly(2262, 2187, 5006, 1000, 2186);
    }

    @Test
    void successWithStatisticsAndPrintOutput() {
        List<TlcProgress> progress = new ArrayList<>();
        TlcResultBuilder b = new TlcResultBuilder().onProgress(progress::add);
        TlcOutputParser.parse(fixture("Success")).forEach(b);
        TlcResult r = b.build(0);
        assertThat(r.isSuccess()).isTrue();
        assertThat(r.outcome().isViolation()).isFalse();
        assertThat(r.statistics()).isEqualTo(new TlcStatistics(1, 422, 231, 0, 41, 1653));
        assertThat(r.trace()).isEmpty();
        assertThat(r.unframedLines()).contains("<<\"bound\", 20>>");
        assertThat(progress).containsExactly(new TlcProgress(422, 231, 0, 15_467, 8_466, 41));
    }

    @Test
    void outOfMemory() {
        TlcResult r = result("OutOfMemory", 75);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.OUT_OF_MEMORY));
        assertThat(r.statistics().durationMs()).isEqualTo(12081);
    }

    @Test
    void stackOverflowIsIncompleteNotAnEvaluationError() {
        TlcResult r = result("StackOverflow", 75);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.STACK_OVERFLOW));
        assertThat(r.statistics().distinct()).isZero();
    }

    @Test
    void successWithStatesLeftOnQueueIsIncomplete() {
        String out = """
                @!@!@STARTMSG 2193:0 @!@!@
                Model checking completed. No error has been found.
                @!@!@ENDMSG 2193 @!@!@
                @!@!@STARTMSG 2199:0 @!@!@
                20 states generated, 14 distinct states found, 1 states left on queue.
                @!@!@ENDMSG 2199 @!@!@
                """;
        TlcResult r = TlcResultBuilder.fromOutput(out, 0);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.LEFT_ON_QUEUE));
        assertThat(r.statistics().leftOnQueue()).isEqualTo(1);
    }

    @Test
    void killedOrTimedOutRunsAreIncomplete() {
        String partial = fixture("UafRace").lines().limit(40).reduce("", (a, l) -> a + l + "\n");
        TlcResultBuilder timedOut = new TlcResultBuilder();
        TlcOutputParser.parse(partial).forEach(timedOut);
        timedOut.markTimedOut();
        assertThat(timedOut.build(137).outcome()).isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.TIMEOUT));

        assertThat(TlcResultBuilder.fromOutput(partial, 143).outcome())
                .isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.KILLED));
    }

    @Test
    void noVerdictIsClassifiedByExitCode() {
        TlcResult r = TlcResultBuilder.fromOutput("Error: unrecognized option: -dumpTrace", 1);
        assertThat(r.kind()).isEqualTo(Kind.TLC_FAILURE);
        assertThat(((TlcOutcome.TlcFailure) r.outcome()).text())
                .contains("exited with code 1").contains("unrecognized option: -dumpTrace");
        assertThat(TlcResultBuilder.fromOutput("", 152).outcome())
                .isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.STATE_LIMIT));
    }

    @Test
    void stderrOutOfMemoryIsDetected() {
        TlcResultBuilder b = new TlcResultBuilder();
        TlcOutputParser.parse(fixture("Deadlock").lines().limit(30).reduce("", (a, l) -> a + l + "\n")).forEach(b);
        b.addStderr("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space");
        assertThat(b.build(1).outcome()).isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.OUT_OF_MEMORY));
    }

    @Test
    void warningsAreCollected() {
        String out = """
                @!@!@STARTMSG 2279:3 @!@!@
                Declaring symmetry during liveness checking is dangerous.
                @!@!@ENDMSG 2279 @!@!@
                @!@!@STARTMSG 2193:0 @!@!@
                Model checking completed. No error has been found.
                @!@!@ENDMSG 2193 @!@!@
                """;
        TlcResult r = TlcResultBuilder.fromOutput(out, 0);
        assertThat(r.isSuccess()).isTrue();
        assertThat(r.warnings()).extracting(TlcMessage::code).containsExactly(2279);
    }

    @Test
    void onlyTheFirstCounterexampleIsKept() {
        String trace = """
                @!@!@STARTMSG 2110:1 @!@!@
                Invariant %s is violated.
                @!@!@ENDMSG 2110 @!@!@
                @!@!@STARTMSG 2121:1 @!@!@
                The behavior up to this point is:
                @!@!@ENDMSG 2121 @!@!@
                @!@!@STARTMSG 2217:4 @!@!@
                1: <Initial predicate>
                x = %d

                @!@!@ENDMSG 2217 @!@!@
                """;
        TlcResult r = TlcResultBuilder.fromOutput(trace.formatted("A", 1) + trace.formatted("B", 2), 0);
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("A"));
        assertThat(r.trace()).hasSize(1);
        assertThat(r.trace().get(0).get("x")).isEqualTo(new IntV(1));
    }

    @Test
    void durationFormats() {
        assertThat(TlcResultBuilder.duration("Finished in 792ms at (2026-11-30 01:55:05)")).isEqualTo(792);
        assertThat(TlcResultBuilder.duration("Finished in 45s at (2026-11-30 01:55:05)")).isEqualTo(45_000);
        assertThat(TlcResultBuilder.duration("Finished in 02min 05s at (2026-11-30 01:55:05)")).isEqualTo(125_000);
        assertThat(TlcResultBuilder.duration("Finished in 01h 02min at (2026-11-30 01:55:05)"))
                .isEqualTo(3_720_000);
    }

    @Test
    void progressWithoutRates() {
        TlcProgress p = TlcProgress.parse(
                "Progress(5) at 2026-11-30 02:47:34: 6 states generated, 5 distinct states found, 0 states left on queue.");
        assertThat(p).isEqualTo(new TlcProgress(6, 5, 0, -1, -1, 5));
        TlcProgress big = TlcProgress.parse("Progress(366) at 2026-11-30 02:49:06: 24,497,154 states generated "
                + "(22,504,943 s/min), 8,232,853 distinct states found (7,556,111 ds/min), 67,145 states left on queue.");
        assertThat(big).isEqualTo(new TlcProgress(24_497_154, 8_232_853, 67_145, 22_504_943, 7_556_111, 366));
    }
}

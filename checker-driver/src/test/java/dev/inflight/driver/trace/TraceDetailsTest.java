package dev.inflight.driver.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A trace tells what each step did: an atomic block by its first statement, a function's return
 * value even when it is null, a work item's run starting and ending as two different steps, and
 * an RCU callback's code as called from the `call_rcu` that queued it.
 */
class TraceDetailsTest {
  static final Path MODEL = Path.of("src/test/resources/models/trace_details.ifl");
  static DslTrace work;
  static DslTrace rcu;

  @BeforeAll
  static void check() {
    CheckOptions o = CheckOptions.defaults().withVacuity(false);
    work = trace(new ModelChecker(o.withSelection(new CheckOptions.Selection(List.of("bumped_once"), List.of(), false))).check(MODEL));
    rcu = trace(new ModelChecker(o.withSelection(new CheckOptions.Selection(List.of("no_use_after_free"), List.of(), false))).check(MODEL));
  }

  static DslTrace trace(CheckReport r) {
    assertThat(r.trace()).as(r.verdict() + " " + r.message()).isNotNull();
    return r.trace();
  }

  static DslStep step(DslTrace t, String code) {
    return t.steps().stream().filter(s -> s.loc() != null && TraceMapper.code(s.loc().text()).equals(code)).findFirst().orElseThrow();
  }

  @Test
  void anAtomicBlockIsHeadedByItsFirstStatement() {
    DslStep s = step(work, "g = s");
    assertThat(s.statements()).extracting(l -> TraceMapper.code(l.text())).contains("g = s", "queue_work(w)");
    assertThat(work.steps()).noneMatch(x -> x.loc() != null && x.loc().text().strip().equals("queue_work(w)") && x.index() == s.index());
  }

  @Test
  void aReturnValueIsShownEvenWhenItIsNull() {
    DslStep s = work.steps().stream().filter(x -> x.statements().stream().anyMatch(l -> l.text().strip().equals("r = none(s)")))
        .findFirst().orElseThrow();
    assertThat(s.changes()).extracting(DslStep.Change::render).contains("a.r = null (returned by none)");
  }

  @Test
  void aResultTheSameStepUsesIsNotShownAsWhatTheCallReturned() {
    DslTrace t = trace(new ModelChecker(CheckOptions.defaults().withVacuity(false)).check(Path.of("src/test/resources/models/pick_used.ifl")));
    DslStep s = step(t, "g = x");
    // x = pick(…) and g = x run as one step, after which x is dead and back at 0
    assertThat(s.changes()).extracting(DslStep.Change::render).containsExactly("g: 0 -> 3");
  }

  @Test
  void aCallInsideALargerExpressionIsNotShownAsWhatTheStepAssigned() {
    DslTrace t = trace(new ModelChecker(CheckOptions.defaults().withVacuity(false)).check(Path.of("src/test/resources/models/expr_fn_result.ifl")));
    DslStep s = step(t, "x = val(g) + 1");
    assertThat(s.changes()).extracting(DslStep.Change::render).noneMatch(c -> c.contains("returned by"));
    assertThat(t.steps().get(t.steps().size() - 1).index()).isEqualTo(s.index()); // the faulting step ends the trace
  }

  @Test
  void aCallThatHasNotReturnedWhenItsStepEndsReturnedNothing() {
    DslTrace t = trace(new ModelChecker(CheckOptions.defaults().withVacuity(false)).check(Path.of("src/test/resources/models/call_in_progress.ifl")));
    DslStep s = step(t, "free x");
    assertThat(s.statements()).extracting(l -> TraceMapper.code(l.text())).contains("r = peek(x)");
    // peek's body runs in the next step, where it faults: r was never assigned
    assertThat(s.changes()).extracting(DslStep.Change::render).containsExactly("a.peek.o: null -> obj#1(freed)", "obj#1 freed");
  }

  @Test
  void aPickThatFaultsReturnedNothing() {
    CheckReport r = new ModelChecker(CheckOptions.defaults().withVacuity(false)).check(Path.of("src/test/resources/models/unprotected_rcu_pick.ifl"));
    assertThat(r.violated().name()).isEqualTo("rcu_discipline");
    assertThat(trace(r).summary()).isEqualTo("RCU walk outside a read-side section: rx picks from an RCU-protected set without rcu_read_lock()"
        + " at src/test/resources/models/unprotected_rcu_pick.ifl:17 (suspicious rcu_dereference_check() usage: nothing keeps the element from being freed)");
    DslStep s = step(trace(r), "h = rcu_pick(hooks)");
    assertThat(s.fault()).isEqualTo("unprotected_rcu_pick");
    assertThat(s.changes()).isEmpty();
  }

  @Test
  void aWorkRunStartsAndEndsInTwoDifferentSteps() {
    List<String> notes = work.steps().stream().filter(s -> s.note() != null).map(DslStep::note).toList();
    assertThat(notes).contains("a run of bump() starts, queued at " + MODEL + ":22", "bump() is done");
  }

  @Test
  void aCallbackQueuedWhileOneReaderIsInsideWaitsForThatReader() {
    DslTrace t = trace(new ModelChecker(CheckOptions.defaults().withVacuity(false))
        .check(Path.of("src/test/resources/models/rcu_reader_inside.ifl")));
    assertThat(t.steps()).flatExtracting(DslStep::changes).extracting(DslStep.Change::render)
        .contains("callback reclaim(obj#1) pending: runs after reader leaves its read-side section");
  }

  @Test
  void anRcuCallbackRunsOnBehalfOfItsCallRcu() {
    DslStep start = rcu.steps().stream().filter(s -> s.note() != null && s.note().startsWith("callback")).findFirst().orElseThrow();
    assertThat(start.note()).isEqualTo("callback release_rcu(sock#1) starts, queued at " + MODEL + ":25");
    DslStep free = step(rcu, "free sk");
    assertThat(free.calledFrom()).extracting(l -> l.line()).containsExactly(25);
  }
}

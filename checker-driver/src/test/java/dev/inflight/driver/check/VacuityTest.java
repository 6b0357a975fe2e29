package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcCoverage;
import dev.inflight.translator.emit.SourceMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Vacuity} on hand-made source maps and coverage, without TLC. */
class VacuityTest {
  private static SourceMap.Loc loc(int line, String text) {
    return new SourceMap.Loc("m.ifl", line, 3, line, 3 + text.strip().length(), text);
  }

  private static SourceMap.Action action(String name, String thread, String from, String to, SourceMap.Loc... stmts) {
    return new SourceMap.Action(name, thread, from, to, null, stmts.length == 0 ? null : stmts[0], null, List.of(stmts), null, null);
  }

  /** An action of the RCU callback threads inside the callback free_it (declared at line 20). */
  private static SourceMap.Action inCallback(String name, SourceMap.Loc stmt) {
    return new SourceMap.Action(name, "rcu_cb", "L20", "L20", null, stmt, List.of(loc(20, "fn free_it(p) {")), List.of(stmt), null, null);
  }

  private static SourceMap map(List<SourceMap.Action> actions) {
    SourceMap.Thread user = new SourceMap.Thread("user", "Thread_user", List.of(new SourceMap.Instance("user", "user")), "L5",
        List.of(new SourceMap.Label("L5", loc(5, "  x = alloc s")), new SourceMap.Label("L7", loc(7, "  if c {"))), false, List.of(), null);
    SourceMap.Thread cb = new SourceMap.Thread("rcu_cb", "Thread_rcu_cb",
        List.of(new SourceMap.Instance("rcu_cb_1", "rcu_cb[1]")), "L20",
        List.of(new SourceMap.Label("L20", loc(20, "fn free_it(p) {"))), true, List.of("L20"), null);
    return new SourceMap(1, "m", "m", List.of("m.ifl"), List.of(user, cb), List.of(), List.of(), actions, List.of(), null);
  }

  @Test
  void aCallbackTheModelQueuesOnAPathNeverTakenIsReported() {
    List<SourceMap.Action> actions = List.of(
        action("user_L5", "user", "L5", "L7", loc(5, "  x = alloc s")),
        action("user_L7_1", "user", "L7", "Done", loc(7, "  if c {"), loc(8, "    call_rcu(x, free_it)")),
        action("user_L7_2", "user", "L7", "Done", loc(7, "  if c {"), loc(10, "    put x.r")),
        inCallback("rcu_cb_L21", loc(21, "  free p")));
    TlcCoverage cov = new TlcCoverage(Map.of("user_L5", new TlcCoverage.Counts(1, 1), "user_L7_1", new TlcCoverage.Counts(0, 0),
        "user_L7_2", new TlcCoverage.Counts(1, 1), "rcu_cb_L21", new TlcCoverage.Counts(0, 0)));

    List<Warning> w = Vacuity.find(map(actions), cov);

    assertThat(w).extracting(Warning::kind).containsExactly(Warning.MECHANISM_NEVER_RAN, Warning.STATEMENT_NEVER_REACHED);
    assertThat(w.get(0).message()).startsWith("RCU callback free_it never ran");
    assertThat(w.get(0).loc().line()).isEqualTo(20);
    assertThat(w.get(1).message()).isEqualTo("statement never reached: `call_rcu(x, free_it)` at m.ifl:8");
  }

  @Test
  void aCallbackOnlyAnUncalledLibraryFunctionQueuesIsNotPartOfTheModel() {
    List<SourceMap.Action> actions = List.of(
        action("user_L5", "user", "L5", "L7", loc(5, "  x = alloc s")),
        action("user_L7", "user", "L7", "Done", loc(7, "  if c {"), loc(10, "    put x.r")),
        inCallback("rcu_cb_L21", loc(21, "  free p")));
    TlcCoverage cov = new TlcCoverage(Map.of("user_L5", new TlcCoverage.Counts(1, 1), "user_L7", new TlcCoverage.Counts(1, 1),
        "rcu_cb_L21", new TlcCoverage.Counts(0, 0)));

    assertThat(Vacuity.find(map(actions), cov)).isEmpty();
  }

  @Test
  void aThreadThatRanButNeverFinishedSaysWhereItWaits() {
    List<SourceMap.Action> actions = List.of(
        action("user_L5", "user", "L5", "L7", loc(5, "  x = alloc s")),
        action("user_L7", "user", "L7", "Done", loc(7, "  await ready")));
    TlcCoverage cov = new TlcCoverage(Map.of("user_L5", new TlcCoverage.Counts(1, 1), "user_L7", new TlcCoverage.Counts(0, 0)));

    List<Warning> w = Vacuity.find(map(actions), cov);

    assertThat(w).extracting(Warning::message).containsExactly("thread user never finished: it waits forever at `await ready` (m.ifl:7)");
  }

  @Test
  void withoutCoverageThereIsNothingToSay() {
    assertThat(Vacuity.find(map(List.of()), null)).isEmpty();
  }
}

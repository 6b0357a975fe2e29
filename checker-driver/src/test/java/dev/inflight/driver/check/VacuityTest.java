package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.SourceMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Vacuity} on hand-made source maps and paths run, without TLC. */
class VacuityTest {
  private static SourceMap.Loc loc(int line, String text) {
    return new SourceMap.Loc("m.ifl", line, 3, line, 3 + text.strip().length(), text);
  }

  private static SourceMap.Action action(String name, String thread, String from, String to, SourceMap.Loc... stmts) {
    return new SourceMap.Action(name, thread, from, to, null, stmts.length == 0 ? null : stmts[0], null, List.of(stmts), null, null, null);
  }

  /** An action of the RCU callback threads inside the callback free_it (declared at line 20). */
  private static SourceMap.Action inCallback(String name, SourceMap.Loc stmt) {
    return new SourceMap.Action(name, "rcu_cb", "L20", "L20", null, stmt, List.of(loc(20, "fn free_it(p) {")), List.of(stmt), null, null, null);
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
    PathsRun cov = new PathsRun(Set.of("user_L5", "user_L7_1", "user_L7_2", "rcu_cb_L21"), Set.of("user_L5", "user_L7_2"));

    List<Warning> w = Vacuity.find(map(actions), cov);

    assertThat(w).extracting(Warning::kind).containsExactly(Warning.MECHANISM_NEVER_RAN, Warning.STATEMENT_NEVER_REACHED);
    assertThat(w.get(0).message()).startsWith("RCU callback free_it never ran");
    assertThat(w.get(0).loc().line()).isEqualTo(20);
    assertThat(w.get(1).message()).isEqualTo("statement never reached: `call_rcu(x, free_it)` at m.ifl:8");
  }

  @Test
  void faultsTlcPrintedAreReadOnceEachAndToldAsCutByASkippedCheck() {
    SourceMap.Loc touch = loc(9, "  touch x");
    SourceMap.Action uaf = new SourceMap.Action("user_L7_uaf", "user", "L7", null, "use_after_free", touch, null, List.of(touch),
        null, null, null);
    SourceMap.Loc alloc = loc(5, "  x = alloc s");
    SourceMap.Action first = new SourceMap.Action("user_L5", "user", "L5", "L7", null, alloc, null, List.of(alloc), null, null, 1);
    SourceMap base = map(List.of(first, uaf));
    SourceMap m = new SourceMap(1, "m", "m", List.of("m.ifl"), base.threads(), List.of(), List.of(), base.actions(),
        List.of(new SourceMap.Property("no_use_after_free", "NoUseAfterFree", "builtin", null, null, "…")
            .watching(List.of("use_after_free", "get_zero"))), null);
    // FaultsReached's prints as TLC writes them: on one line, continued over lines (another
    // object), and the first again from a second worker
    String once = "<<\"inflight-fault\", [kind |-> \"use_after_free\", thread |-> user, line |-> 9, obj |-> s_1]>>";
    List<String> printed = List.of(
        "<<\"inflight-ran\", 1>>",
        once,
        "<< \"inflight-fault\",",
        "   [ kind |-> \"use_after_free\",",
        "     thread |-> user,",
        "     line |-> 9,",
        "     obj |-> s_2 ] >>",
        once);

    PathsRun cov = PathsRun.of(m, printed);

    assertThat(cov.fired()).containsExactly("user_L5");
    assertThat(cov.faults()).extracting(f -> f.get("obj").render()).containsExactly("s_1", "s_2");
    // one warning per fault and place, whatever the object
    List<Warning> w = Vacuity.find(m, cov);
    assertThat(w).filteredOn(x -> x.kind().equals(Warning.SKIPPED_FAULT_REACHED)).hasSize(1);
    assertThat(w.get(0).kind()).isEqualTo(Warning.SKIPPED_FAULT_REACHED);
    assertThat(w.get(0).message()).isEqualTo("no_use_after_free is not checked in this run, and its fault use_after_free ended"
        + " runs of user at m.ifl:9 (`touch x`): nothing after it was explored");
    assertThat(w.get(0).loc()).isEqualTo(touch);
  }

  @Test
  void aStatementNoPathRunsIsReportedFromTheThreadsUnreachedList() {
    // line 9 is in no action: every path to it had contradicting guards (Path#guard)
    SourceMap base = map(List.of(
        action("user_L5", "user", "L5", "L7", loc(5, "  x = alloc s")),
        action("user_L7", "user", "L7", "Done", loc(7, "  if c {"), loc(8, "    g = 1"))));
    SourceMap.Thread u = base.threads().get(0);
    SourceMap.Thread user = new SourceMap.Thread(u.name(), u.tlaSet(), u.instances(), u.entry(), u.labels(), u.daemon(), u.rest(),
        u.workItem(), List.of(loc(9, "    g = 2")));
    SourceMap m = new SourceMap(1, "m", "m", List.of("m.ifl"), List.of(user, base.threads().get(1)), List.of(), List.of(), base.actions(),
        List.of(), null);
    PathsRun cov = new PathsRun(Set.of("user_L5", "user_L7"), Set.of("user_L5", "user_L7"));

    assertThat(Vacuity.find(m, cov)).extracting(Warning::message).containsExactly("statement never reached: `g = 2` at m.ifl:9");
  }

  @Test
  void aCallbackOnlyAnUncalledLibraryFunctionQueuesIsNotPartOfTheModel() {
    List<SourceMap.Action> actions = List.of(
        action("user_L5", "user", "L5", "L7", loc(5, "  x = alloc s")),
        action("user_L7", "user", "L7", "Done", loc(7, "  if c {"), loc(10, "    put x.r")),
        inCallback("rcu_cb_L21", loc(21, "  free p")));
    PathsRun cov = new PathsRun(Set.of("user_L5", "user_L7", "rcu_cb_L21"), Set.of("user_L5", "user_L7"));

    assertThat(Vacuity.find(map(actions), cov)).isEmpty();
  }

  @Test
  void aThreadThatRanButNeverFinishedSaysWhereItWaits() {
    List<SourceMap.Action> actions = List.of(
        action("user_L5", "user", "L5", "L7", loc(5, "  x = alloc s")),
        action("user_L7", "user", "L7", "Done", loc(7, "  await ready")));
    PathsRun cov = new PathsRun(Set.of("user_L5", "user_L7"), Set.of("user_L5"));

    List<Warning> w = Vacuity.find(map(actions), cov);

    assertThat(w).extracting(Warning::message).containsExactly("thread user never finished: it waits forever at `await ready` (m.ifl:7)");
  }

  @Test
  void thePathsRunAreThoseTlcPrintedByNumber() {
    SourceMap m = map(List.of(
        new SourceMap.Action("user_L5", "user", "L5", "L7", null, null, null, List.of(), null, null, 1),
        new SourceMap.Action("user_L5_f", "user", "L5", null, "null_deref", null, null, List.of(), null, null, null),
        new SourceMap.Action("user_L7", "user", "L7", "Done", null, null, null, List.of(), null, null, 2)));

    // each worker prints a path once; other lines (Print output, SANY) are not paths
    PathsRun r = PathsRun.of(m, List.of("<<\"inflight-ran\", 2>>", "Parsing file m.tla", "<<\"inflight-ran\", 2>>",
        "<<\"inflight-cost\", 1>>", "<<\"inflight-ran\", 9>>"));

    assertThat(r.fired()).containsExactly("user_L7");
    assertThat(r.known()).containsExactlyInAnyOrder("user_L5", "user_L5_f", "user_L7");
  }

  @Test
  void withoutCoverageThereIsNothingToSay() {
    assertThat(Vacuity.find(map(List.of()), null)).isEmpty();
  }
}

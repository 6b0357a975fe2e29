package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Vacuity warnings after a passing check, and `check Spec.tla` on hand-written TLA+. The model
 * src/test/resources/vacuity/never.ifl holds, but its GC work item and RCU callback are queued only
 * past a threshold it never reaches, and one thread waits for a flag nobody sets.
 */
class VacuityAndTlaTest {
  private static final Path NEVER = Path.of("src/test/resources/vacuity/never.ifl");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  @Test
  void aModelWhoseGcAndCallbackNeverRunHoldsWithWarnings() throws IOException {
    Path json = tmp.resolve("never.json");

    Run r = Cli.run("check", NEVER.toString(), "--output", json.toString(), "--progress", "always");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    int waitLine = Cli.lineOf(NEVER, "await ready");
    int workDecl = Cli.lineOf(NEVER, "work gc_work: unix_gc");
    List<String> warnings = r.out().lines().filter(l -> l.startsWith("warning[vacuity]: ")).toList();
    assertThat(warnings).containsExactly(
        "warning[vacuity]: thread waiter never finished: it waits forever at `await ready` (" + NEVER + ":" + waitLine + ")",
        "warning[vacuity]: work item gc_work never ran: unix_gc was never called, so nothing it does was checked (" + NEVER
            + ":" + workDecl + ")",
        "warning[vacuity]: RCU callback sock_free_rcu never ran: no call_rcu(…, sock_free_rcu) reached its grace period,"
            + " so nothing it does was checked (" + NEVER + ":" + Cli.lineOf(NEVER, "fn sock_free_rcu(s) {") + ")",
        "warning[vacuity]: statement never reached: `queue_work(gc_work)` at " + NEVER + ":" + Cli.lineOf(NEVER, "queue_work(gc_work)"),
        "warning[vacuity]: statement never reached: `call_rcu(sk, sock_free_rcu)` at " + NEVER + ":"
            + Cli.lineOf(NEVER, "call_rcu(sk, sock_free_rcu)"));
    assertThat(r.out()).contains("all properties hold: ").contains("no_leaked_inflight");

    JsonNode m = JSON.readTree(json.toFile()).get("models").get(0);
    List<String> kinds = new ArrayList<>();
    m.get("warnings").forEach(w -> kinds.add(w.get("kind").asText()));
    assertThat(kinds).containsExactly("thread-never-finished", "mechanism-never-ran", "mechanism-never-ran",
        "statement-never-reached", "statement-never-reached");
    assertThat(m.get("warnings").get(1).get("loc").get("line").asInt()).isEqualTo(workDecl);

    // --progress always draws on stderr even when it is not a terminal, then leaves one final line.
    assertThat(r.err()).contains("\r").containsPattern("never: holds, \\d+ distinct states, depth \\d+, 0:0\\d\033\\[K\n");
  }

  /**
   * A skipped fault check still ends runs at its faults (a state constraint): the run says where,
   * and a thread whose runs end there stops at the fault rather than waiting forever.
   */
  @Test
  void aSkippedCheckWhoseFaultEndsRunsIsToldWhere() {
    Path model = Path.of("src/test/resources/vacuity/skipped_fault.ifl");
    int await = Cli.lineOf(model, "await go == 1");

    Run r = Cli.run("check", model.toString(), "--check", "never_reclaimed");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.out().lines().filter(l -> l.startsWith("warning[vacuity]: ")).toList()).containsExactly(
        "warning[vacuity]: rcu_discipline is not checked in this run, and its fault rcu_sleep ended runs of reader at "
            + model + ":" + await + " (`await go == 1`): nothing after it was explored",
        "warning[vacuity]: thread reader never finished: it stops at `await go == 1` (" + model + ":" + await
            + "), where the fault rcu_sleep of rcu_discipline (not checked) ends its runs (" + model + ":"
            + Cli.lineOf(model, "rcu_read_lock()") + ")",
        "warning[vacuity]: RCU callback reclaim never ran: no call_rcu(…, reclaim) reached its grace period, so nothing it"
            + " does was checked (" + model + ":" + Cli.lineOf(model, "fn reclaim(o: obj) {") + ")");
  }

  @Test
  void aSkippedUseAfterFreeThatEndsRunsIsToldWhere() {
    Path uaf = Cli.example("tutorial/refcount_uaf.ifl");

    Run r = Cli.run("check", uaf.toString(), "--skip", "no_use_after_free");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.out().lines().filter(l -> l.startsWith("warning[vacuity]: ")).toList()).containsExactly(
        "warning[vacuity]: no_use_after_free is not checked in this run, and its fault use_after_free ended runs of consumer at "
            + uaf + ":" + Cli.lineOf(uaf, "touch sk") + " (`touch sk`): nothing after it was explored");
    // FaultsReached, the constraint that tells the faults, holds in every state: the same run
    // without the vacuity hook explores the same states
    Run plain = Cli.run("check", uaf.toString(), "--skip", "no_use_after_free", "--no-vacuity");
    assertThat(plain.exit()).as(plain.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(plain.out()).doesNotContain("warning[vacuity]");
    assertThat(statesLine(plain.out())).isEqualTo(statesLine(r.out())).startsWith("9 distinct states, 12 generated");
  }

  private static String statesLine(String out) {
    return out.lines().filter(l -> l.contains(" distinct states, ")).findFirst().orElse("").replaceAll("; TLC .*", "");
  }

  // ------------------------------------------------------------------ plain TLA+

  private Path counter(String invariants) throws IOException {
    Files.writeString(tmp.resolve("Counter.tla"), """
        ---- MODULE Counter ----
        EXTENDS Naturals
        VARIABLES x, y

        Init == x = 0 /\\ y = 0

        IncX == x < 3 /\\ x' = x + 1 /\\ UNCHANGED y
        IncY == y < 2 /\\ y' = y + 1 /\\ UNCHANGED x
        Never == x > 10 /\\ x' = 0 /\\ UNCHANGED y
        Stop == x = 3 /\\ y = 2 /\\ UNCHANGED <<x, y>>

        Next == IncX \\/ IncY \\/ Never \\/ Stop

        TypeOK == x \\in 0..3 /\\ y \\in 0..2
        Small == x + y < 4
        ====
        """);
    Files.writeString(tmp.resolve("Counter.cfg"), "INIT Init\nNEXT Next\nINVARIANTS " + invariants + "\n");
    return tmp.resolve("Counter.tla");
  }

  @Test
  void plainTlaViolationHasATraceInTlaTermsAndExit1() throws IOException {
    Path spec = counter("TypeOK Small");
    Path sarif = tmp.resolve("tla.sarif");

    Run r = Cli.run("check", spec.toString(), "--output", sarif.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("module Counter (").contains("VIOLATED: Small (invariant Small)")
        .contains("invariant Small is false in state 5")
        .containsPattern("(?m)^   2  IncX  +\\S*Counter\\.tla:7  IncX == x < 3")
        .contains("x: 0 -> 1")
        .containsPattern("(?m)^   5  IncY  +\\S*Counter\\.tla:8  IncY ==")
        .contains("y: 0 -> 1");
    JsonNode result = JSON.readTree(sarif.toFile()).get("runs").get(0).get("results").get(0);
    assertThat(result.get("ruleId").asText()).isEqualTo("Counter/Small");
    assertThat(result.get("codeFlows").get(0).get("threadFlows").get(0).get("locations")).hasSize(5);
    assertThat(OutputFormatsTest.sarifSchema().validate(JSON.readTree(sarif.toFile()))).isEmpty();
  }

  @Test
  void plainTlaThatHoldsExits0AndWarnsAboutAnActionNeverTaken() throws IOException {
    Path spec = counter("TypeOK");

    Run r = Cli.run("check", spec.toString(), "--format", "json");

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    JsonNode m = JSON.readTree(r.out()).get("models").get(0);
    assertThat(m.get("language").asText()).isEqualTo("tla");
    assertThat(m.get("verdict").asText()).isEqualTo("holds");
    List<String> props = new ArrayList<>();
    m.get("properties").forEach(p -> props.add(p.get("name").asText() + "=" + p.get("verdict").asText()));
    assertThat(props).containsExactly("TypeOK=holds", "deadlock=holds");
    assertThat(m.get("properties").get(0).get("loc").get("line").asInt()).isEqualTo(14);
    assertThat(m.get("statistics").get("distinctStates").asLong()).isEqualTo(12);
    assertThat(m.get("warnings").get(0).get("message").asText()).isEqualTo("action Never was never taken: no reachable state enables it");
  }

  @Test
  void plainTlaParseErrorIsBadInputAndAMissingCfgIsSaid() throws IOException {
    Path bad = Files.writeString(tmp.resolve("Bad.tla"), "---- MODULE Bad ----\nx == ==\n====\n");
    Files.writeString(tmp.resolve("Bad.cfg"), "INIT x\n");
    Path lone = Files.writeString(tmp.resolve("Lone.tla"), "---- MODULE Lone ----\n====\n");

    Run r = Cli.run("check", bad.toString(), lone.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("error: SANY rejected the module:").contains("Was expecting \"Expression or Instance\"")
        .contains("error: no `Lone.cfg` beside `").contains("write one, or name it with --config FILE");
    assertThat(r.out()).containsPattern("(?m)^Bad +- +bad input").containsPattern("(?m)^Lone +- +bad input");
  }
}

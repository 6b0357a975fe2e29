package dev.inflight.driver.bench;

import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Raw TLC on a generated module, as a user would run it by hand following the command {@code
 * inflight translate} prints: {@code java -XX:+UseParallelGC -Xmn32m -cp <this jar> tlc2.TLC
 * -workers 1 -metadir M -config X.cfg X.tla} in a fresh directory, no {@code -tool}, no coverage
 * (the young generation as {@code inflight check} sets it, TlcRunner#YOUNG_GENERATION: with the
 * JVM's default sizing the peak resident set measures the collector's appetite, up to a gigabyte
 * on a model whose live data is a few hundred megabytes). Its distinct states per second are counted from the moment TLC
 * starts computing initial states (after JVM start-up and SANY) to the end of the process, so
 * that they measure exploration; peak memory is the process's maximum resident set, from
 * {@code /usr/bin/time} when the machine has it.
 */
final class RawTlc {
  /**
   * One run: the module's size, TLC's distinct states, the whole process's wall time, distinct
   * states per second of exploration (from "Computing initial states" to the end of the process)
   * and that time itself, and the peak resident set (-1 where unknown).
   */
  record Run(long moduleBytes, long distinct, double wallSeconds, double statesPerSecond, double exploreSeconds, long peakKb) {}

  private static final Pattern DISTINCT = Pattern.compile("([0-9,]+) distinct states found");
  private static final Pattern RSS = Pattern.compile("^inflight-maxrss (\\d+)$");
  private static final Path TIME = Path.of("/usr/bin/time");

  private RawTlc() {}

  static Run run(Path model, Path dir) throws IOException {
    Emitted e = Translator.translate(model, Translator.Options.defaults()).emitted();
    Files.createDirectories(dir);
    Translator.write(e, dir);
    return runModule(dir, e.moduleName(), e.moduleName() + ".cfg");
  }

  /** Raw TLC on the module {@code name}.tla in {@code dir} with the configuration {@code cfg} there. */
  static Run runModule(Path dir, String name, String cfg) throws IOException {
    long bytes = Files.size(dir.resolve(name + ".tla"));
    List<String> cmd = new ArrayList<>();
    boolean time = Files.isExecutable(TIME);
    if (time) {
      cmd.addAll(List.of(TIME.toString(), "-f", "inflight-maxrss %M"));
    }
    cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseParallelGC",
        TlcRunner.YOUNG_GENERATION, "-Djava.io.tmpdir=" + dir.toAbsolutePath(), "-cp", classPath(), "tlc2.TLC",
        "-workers", "1", "-metadir", dir.resolve("states").toAbsolutePath().toString(), "-config", cfg, name + ".tla"));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
    long t0 = System.nanoTime();
    Process p = pb.start();
    long explore = -1;
    long distinct = -1;
    long peak = -1;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        if (explore < 0 && line.startsWith("Computing initial states")) {
          explore = System.nanoTime();
        }
        Matcher d = DISTINCT.matcher(line);
        if (d.find()) {
          distinct = Long.parseLong(d.group(1).replace(",", ""));
        }
        Matcher m = RSS.matcher(line.strip());
        if (m.find()) {
          peak = Long.parseLong(m.group(1));
        }
      }
    }
    try {
      p.waitFor();
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", ex);
    }
    long end = System.nanoTime();
    double seconds = explore < 0 ? -1 : (end - explore) / 1e9;
    double rate = explore < 0 || distinct < 0 ? -1 : distinct / seconds;
    return new Run(bytes, distinct, (end - t0) / 1e9, rate, seconds, time ? peak : -1);
  }

  /** This JVM's class path with every entry absolute (TLC runs in another directory). */
  private static String classPath() {
    List<String> out = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      out.add(Path.of(e).toAbsolutePath().toString());
    }
    return String.join(java.io.File.pathSeparator, out);
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }
}

package dev.inflight.driver.bench;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.translator.Translator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The benchmark harness behind bench/run: for every model under the given directories, one
 * table row with the verdict, TLC's state counts and depth, TLC's wall time (one subprocess
 * run, JVM start included) and the translator's time (median of 5 warm runs in this JVM).
 * Prints a Markdown table; not a test.
 */
public final class Bench {
  private Bench() {}

  public static void main(String[] args) throws IOException {
    List<Path> models = new ArrayList<>();
    for (String a : args.length == 0 ? new String[] {"examples"} : args) {
      Path p = Path.of(a);
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          s.filter(f -> f.toString().endsWith(".ifl")).sorted().forEach(models::add);
        }
      } else {
        models.add(p);
      }
    }
    // Warm the translator up once over everything, so the per-model times measure translation.
    for (Path m : models) {
      Translator.translate(m, Translator.Options.defaults());
    }
    System.out.println("| model | verdict | distinct states | states generated | depth | TLC wall (ms) | translate (ms) |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|");
    for (Path m : models) {
      long[] t = new long[5];
      for (int i = 0; i < t.length; i++) {
        long t0 = System.nanoTime();
        Translator.translate(m, Translator.Options.defaults());
        t[i] = System.nanoTime() - t0;
      }
      Arrays.sort(t);
      CheckReport r = new ModelChecker(CheckOptions.defaults()).check(m);
      String verdict = r.verdict().name().toLowerCase() + (r.violated() == null ? "" : " " + r.violated().name());
      System.out.printf("| %s | %s | %s | %s | %s | %d | %.1f |%n", Translator.display(m), verdict,
          num(r.statistics().distinct()), num(r.statistics().generated()), num(r.statistics().depth()),
          r.tlcMillis(), t[2] / 1e6);
    }
  }

  private static String num(long n) {
    return n < 0 ? "-" : String.format("%,d", n);
  }
}

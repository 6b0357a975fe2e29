package dev.inflight.driver.bench;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.CostRequest;
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
    boolean cost = args.length > 0 && args[0].equals("--cost");
    if (cost) {
      args = Arrays.copyOfRange(args, 1, args.length);
    }
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
    if (cost) {
      costOverhead(models);
      return;
    }
    // Warm the translator up once over everything, so the per-model times measure translation.
    for (Path m : models) {
      Translator.translate(m, Translator.Options.defaults());
    }
    System.out.println("| model | verdict | distinct states | states generated | depth | check: TLC wall (ms) | translate (ms) "
        + "| module (KB) | raw TLC: wall (s) | raw TLC: distinct states/s | raw TLC: peak RSS (MiB) |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    Path raw = Files.createTempDirectory("inflight-bench-raw-");
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
      RawTlc.Run x = RawTlc.run(m, raw.resolve(String.valueOf(models.indexOf(m))));
      System.out.printf(java.util.Locale.ROOT, "| %s | %s | %s | %s | %s | %d | %.1f | %,d | %.1f | %s | %s |%n", Translator.display(m), verdict,
          num(r.statistics().distinct()), num(r.statistics().generated()), num(r.statistics().depth()),
          r.tlcMillis(), t[2] / 1e6, (x.moduleBytes() + 512) / 1024, x.wallSeconds(),
          x.statesPerSecond() < 0 ? "-" : num(Math.round(x.statesPerSecond())), x.peakKb() < 0 ? "-" : num(x.peakKb() / 1024));
    }
    RawTlc.delete(raw);
  }

  /**
   * `bench/run --cost MODEL...`: what tracking costs costs. For each model, TLC's distinct
   * states and wall time for a plain check of the model without its latency bounds (no cost
   * state at all) and for a cost run (ghost cost state, state graph dumped).
   */
  static void costOverhead(List<Path> models) throws IOException {
    System.out.println("| model | distinct states, plain | distinct states, costs | ratio | TLC wall (ms), plain | TLC wall (ms), costs | ratio |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|");
    Path tmp = Files.createTempDirectory("inflight-bench-");
    try {
      for (Path m : models) {
        // The same model without its latency bounds: nothing then asks for cost state.
        String text = Files.readString(m).replaceAll("(?m)^latency .*$", "");
        Path plain = tmp.resolve(m.getFileName());
        Files.writeString(plain, text);
        CheckReport p = new ModelChecker(CheckOptions.defaults().withVacuity(false)).check(plain);
        ModelChecker.Run c = new ModelChecker(CheckOptions.defaults().withVacuity(false).withCost(CostRequest.exhaustive())).run(m);
        long pd = p.statistics().distinct();
        long cd = c.report().statistics().distinct();
        System.out.printf(java.util.Locale.ROOT, "| %s | %s | %s | %.2f | %d | %d | %.2f |%n", Translator.display(m), num(pd), num(cd),
            (double) cd / pd, p.tlcMillis(), c.report().tlcMillis(), (double) c.report().tlcMillis() / p.tlcMillis());
      }
    } finally {
      try (Stream<Path> s = Files.walk(tmp)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  private static String num(long n) {
    return n < 0 ? "-" : String.format(java.util.Locale.ROOT, "%,d", n);
  }
}

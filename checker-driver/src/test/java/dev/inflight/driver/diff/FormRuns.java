package dev.inflight.driver.diff;

import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * TLC's results on an example's default translation and on its per-path form, each computed once
 * per test JVM: the form tests (FoldedFormTest, LocalsFormTest) compare them with other forms of
 * the same example, and trace/LabelAttributionTest attributes the per-path form's trace. Every run
 * is the same: the generated .cfg, 1 worker, liveness at the end.
 */
public final class FormRuns {
  private static final Map<Path, TlcResult> DEFAULT_FORM = new ConcurrentHashMap<>();
  private static final Map<Path, TlcResult> PER_PATH_FORM = new ConcurrentHashMap<>();

  private FormRuns() {}

  /** TLC on the example's default translation. */
  public static TlcResult defaultForm(Path file) throws IOException {
    return once(DEFAULT_FORM, file, Translator.Options.defaults(), "default");
  }

  /** TLC on the example's per-path form (Translator.Options#withPathActions), whose trace names each step's path. */
  public static TlcResult perPathForm(Path file) throws IOException {
    return perPathForm(file, null);
  }

  /**
   * {@link #perPathForm(Path)}, given the example's per-path form when the caller has translated
   * it already (null: translated here, when TLC has not run on it yet).
   */
  public static TlcResult perPathForm(Path file, Emitted translated) throws IOException {
    return once(PER_PATH_FORM, file, Translator.Options.defaults().withPathActions(true), "paths", translated);
  }

  private static TlcResult once(Map<Path, TlcResult> cache, Path file, Translator.Options opts, String form) throws IOException {
    return once(cache, file, opts, form, null);
  }

  private static TlcResult once(Map<Path, TlcResult> cache, Path file, Translator.Options opts, String form,
      Emitted translated) throws IOException {
    Path key = file.toAbsolutePath().normalize();
    TlcResult known = cache.get(key);
    if (known != null) {
      return known;
    }
    Path dir = Files.createTempDirectory("inflight-form-");
    try {
      TlcResult r = tlc(dir, translated != null ? translated : Translator.translate(file, opts).emitted(), form);
      cache.put(key, r);
      return r;
    } finally {
      try (Stream<Path> walk = Files.walk(dir)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Runs TLC (1 worker, liveness at the end) on an emitted module in its own directory under {@code tmp}. */
  static TlcResult tlc(Path tmp, Emitted e, String form) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(e.moduleName() + "-" + form));
    Translator.write(e, dir);
    return new TlcRunner(TlcOptions.defaults().withWorkers(1).withExtraArgs(List.of("-lncheck", "final")))
        .run(dir, e.moduleName() + ".tla", e.moduleName() + ".cfg");
  }
}

package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcProgress;
import dev.inflight.translator.resolve.Library;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Options of `inflight check`.
 *
 * @param overrides `--set K=V`
 * @param workers TLC worker threads
 * @param timeout wall-clock limit for TLC, or null
 * @param maxStates stop after this many distinct states, or null
 * @param keepDir keep the generated module and TLC's files here, or null for a temp dir
 * @param progress called on TLC progress reports, or null
 * @param vacuity run TLC with coverage and warn about parts of a passing model that never ran
 * @param config for a plain TLA+ spec: its .cfg, or null for the one beside it
 */
public record CheckOptions(Map<String, String> overrides, int workers, Duration timeout, Long maxStates,
    Path keepDir, Library library, Consumer<TlcProgress> progress, boolean vacuity, Path config) {

  public static CheckOptions defaults() {
    return new CheckOptions(Map.of(), 1, null, null, null, Library.standard(), null, true, null);
  }

  public CheckOptions withOverrides(Map<String, String> o) {
    return new CheckOptions(o, workers, timeout, maxStates, keepDir, library, progress, vacuity, config);
  }

  public CheckOptions withWorkers(int n) {
    return new CheckOptions(overrides, n, timeout, maxStates, keepDir, library, progress, vacuity, config);
  }

  public CheckOptions withTimeout(Duration t) {
    return new CheckOptions(overrides, workers, t, maxStates, keepDir, library, progress, vacuity, config);
  }

  public CheckOptions withMaxStates(Long n) {
    return new CheckOptions(overrides, workers, timeout, n, keepDir, library, progress, vacuity, config);
  }

  public CheckOptions withKeepDir(Path d) {
    return new CheckOptions(overrides, workers, timeout, maxStates, d, library, progress, vacuity, config);
  }

  public CheckOptions withLibrary(Library l) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, l, progress, vacuity, config);
  }

  public CheckOptions withProgress(Consumer<TlcProgress> p) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, p, vacuity, config);
  }

  public CheckOptions withVacuity(boolean v) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, v, config);
  }

  public CheckOptions withConfig(Path c) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, c);
  }
}

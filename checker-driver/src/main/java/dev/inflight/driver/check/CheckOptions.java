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
 */
public record CheckOptions(Map<String, String> overrides, int workers, Duration timeout, Long maxStates,
    Path keepDir, Library library, Consumer<TlcProgress> progress) {

  public static CheckOptions defaults() {
    return new CheckOptions(Map.of(), 1, null, null, null, Library.standard(), null);
  }

  public CheckOptions withOverrides(Map<String, String> o) {
    return new CheckOptions(o, workers, timeout, maxStates, keepDir, library, progress);
  }

  public CheckOptions withWorkers(int n) {
    return new CheckOptions(overrides, n, timeout, maxStates, keepDir, library, progress);
  }

  public CheckOptions withTimeout(Duration t) {
    return new CheckOptions(overrides, workers, t, maxStates, keepDir, library, progress);
  }

  public CheckOptions withMaxStates(Long n) {
    return new CheckOptions(overrides, workers, timeout, n, keepDir, library, progress);
  }

  public CheckOptions withKeepDir(Path d) {
    return new CheckOptions(overrides, workers, timeout, maxStates, d, library, progress);
  }

  public CheckOptions withLibrary(Library l) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, l, progress);
  }

  public CheckOptions withProgress(Consumer<TlcProgress> p) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, p);
  }
}

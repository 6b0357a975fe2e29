package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcProgress;
import dev.inflight.translator.resolve.Library;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
 * @param profile the machine profile for the cost model (a name or path), or null for the model's
 * @param cost collect operation latencies (`inflight cost`), or null for a plain check
 * @param selection which properties to check, and whether to find every violation
 * @param reference translate with the statement-level reference translation (`--reference`)
 * @param symmetry let runs without temporal properties use the model's symmetry (`--symmetry on|off`)
 */
public record CheckOptions(Map<String, String> overrides, int workers, Duration timeout, Long maxStates,
    Path keepDir, Library library, Consumer<TlcProgress> progress, boolean vacuity, Path config,
    String profile, CostRequest cost, Selection selection, boolean reference, boolean symmetry) {

  /**
   * `--check` / `--skip` (empty: no restriction), and whether to look for every violated property
   * (false: stop at the first, `--fail-fast`).
   */
  public record Selection(List<String> check, List<String> skip, boolean all) {
    public Selection {
      check = List.copyOf(check);
      skip = List.copyOf(skip);
    }

    public static final Selection EVERYTHING = new Selection(List.of(), List.of(), true);
  }

  public CheckOptions(Map<String, String> overrides, int workers, Duration timeout, Long maxStates,
      Path keepDir, Library library, Consumer<TlcProgress> progress, boolean vacuity, Path config) {
    this(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, null, null, Selection.EVERYTHING, false, true);
  }

  public CheckOptions withSymmetry(boolean on) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, profile, cost, selection, reference, on);
  }

  public CheckOptions withReference(boolean r) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, profile, cost, selection, r, symmetry);
  }

  public CheckOptions withSelection(Selection s) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, profile, cost, s, reference, symmetry);
  }

  public CheckOptions withProfile(String p) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, p, cost, selection, reference, symmetry);
  }

  public CheckOptions withCost(CostRequest c) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, profile, c, selection, reference, symmetry);
  }

  public static CheckOptions defaults() {
    return new CheckOptions(Map.of(), 1, null, null, null, Library.standard(), null, true, null);
  }

  public CheckOptions withOverrides(Map<String, String> o) {
    return new CheckOptions(o, workers, timeout, maxStates, keepDir, library, progress, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withWorkers(int n) {
    return new CheckOptions(overrides, n, timeout, maxStates, keepDir, library, progress, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withTimeout(Duration t) {
    return new CheckOptions(overrides, workers, t, maxStates, keepDir, library, progress, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withMaxStates(Long n) {
    return new CheckOptions(overrides, workers, timeout, n, keepDir, library, progress, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withKeepDir(Path d) {
    return new CheckOptions(overrides, workers, timeout, maxStates, d, library, progress, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withLibrary(Library l) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, l, progress, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withProgress(Consumer<TlcProgress> p) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, p, vacuity, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withVacuity(boolean v) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, v, config, profile, cost, selection, reference, symmetry);
  }

  public CheckOptions withConfig(Path c) {
    return new CheckOptions(overrides, workers, timeout, maxStates, keepDir, library, progress, vacuity, c, profile, cost, selection, reference, symmetry);
  }
}

package dev.inflight.translator.lower;

/**
 * Where the step logic ({@link Exec} and the classes it hands work to) sends what it makes of a
 * path. The step of one instruction may continue the path (or copies of it) at successors, end
 * paths (faults, the thread's end), and defer work; {@link PathWalker} takes all of it in the
 * order it was produced, depth first: a continuation is explored to the end of its step before
 * anything produced after it. The order matters: actions are numbered in it ({@code T_L12_1},
 * {@code T_L12_2}, fault paths {@code T_L12_uaf}, {@code T_L12_uaf2}), and the golden snapshots
 * pin those names.
 */
interface PathSink {
  /** Continues {@code p} at node {@code next}, after everything produced before this call. */
  void go(int next, Path p);

  /** Ends {@code p} here: a fault path, or a path that reached the thread's end. */
  void end(Path p);

  /**
   * Runs {@code rest} once every path produced before it has been explored to its end. A step
   * that builds a further path after continuing one (a `put` that stays above zero, then drops
   * to zero) builds it in {@code rest}, so that its fault paths, names and cost constants come
   * after those of the paths continued before it.
   */
  void then(Runnable rest);
}

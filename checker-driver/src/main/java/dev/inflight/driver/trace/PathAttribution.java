package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcState;

/**
 * Which path of a label's action a trace step took (docs/semantics.md, "One action per label"):
 * TLC names only the label's action, so the path is found from the states before and after.
 */
public interface PathAttribution {
  /**
   * The path action that takes {@code before} to {@code after} for the label action
   * {@code labelAction}, or a result without a path (and a note saying why) when none or
   * several do.
   */
  Result attribute(String labelAction, TlcState before, TlcState after);

  /**
   * Running totals capped (SourceMap.Cost#latCap): the trace with its states' totals as the
   * module without the cap has them, or empty when they cannot be recomputed.
   */
  default java.util.Optional<java.util.List<TlcState>> uncapped(java.util.List<TlcState> trace) {
    return java.util.Optional.empty();
  }

  /** {@code path} is null when no single path matched; {@code note} then says why. */
  record Result(String path, String note) {}
}

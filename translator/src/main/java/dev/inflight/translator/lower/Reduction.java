package dev.inflight.translator.lower;

/**
 * The reductions beyond the statement-level steps that a translation may apply, each a way for a
 * step to go on past a mover (docs/semantics.md, "Stable waits" and "Lock releases"). All are on
 * by default; each can be turned off to cross-check it. None applies to the reference
 * translation, nor when costs are tracked: the cost model charges a waiting thread by where it
 * waits.
 */
public enum Reduction {
  /** A step that passes an `await` no thread can make false again goes on (StableAwaits). */
  STABLE_WAITS,
  /** A step before the release of a global lock nothing else reads goes on into it (LockReleases). */
  LOCK_RELEASES
}

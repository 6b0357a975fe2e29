package dev.inflight.driver.check;

import dev.inflight.translator.emit.SourceMap;

/**
 * A warning about a check that passed but may have passed vacuously: part of the model never ran.
 *
 * @param kind {@link #MECHANISM_NEVER_RAN}, {@link #THREAD_NEVER_FINISHED}, {@link #STATEMENT_NEVER_REACHED} or
 *     {@link #SKIPPED_FAULT_REACHED}
 * @param message one line in the model's terms
 * @param loc where in the model, or null
 */
public record Warning(String kind, String message, SourceMap.Loc loc) {
  /** A work item, RCU callback or daemon thread never ran. */
  public static final String MECHANISM_NEVER_RAN = "mechanism-never-ran";
  /** A declared thread never reached its end (or never started). */
  public static final String THREAD_NEVER_FINISHED = "thread-never-finished";
  /** A statement of the model ran in no explored behaviour. */
  public static final String STATEMENT_NEVER_REACHED = "statement-never-reached";
  /** A fault of a check the run skips ended runs (it still cuts them off). */
  public static final String SKIPPED_FAULT_REACHED = "skipped-fault-reached";
}

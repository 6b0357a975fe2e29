/**
 * Running TLC and reading what it prints.
 *
 * <p>{@link dev.inflight.driver.tlc.TlcRunner} starts one TLC subprocess per check in {@code -tool}
 * mode; {@link dev.inflight.driver.tlc.TlcOutputParser} splits its stdout into framed
 * {@link dev.inflight.driver.tlc.TlcMessage}s and unframed text lines;
 * {@link dev.inflight.driver.tlc.TlcResultBuilder} turns those events into a typed
 * {@link dev.inflight.driver.tlc.TlcResult} (outcome, trace of {@link dev.inflight.driver.tlc.TlcState}s
 * with parsed {@link dev.inflight.driver.tlc.TlcValue}s, statistics).
 */
package dev.inflight.driver.tlc;

package dev.inflight.translator;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs work that recurses over a model's syntax tree on a thread with a large stack. Every phase
 * (parser, resolver, checker, lowering, printer) recurses once per level of nesting; the input is
 * limited to {@link dev.inflight.translator.parse.Nesting#LIMIT} levels, and this stack leaves a
 * wide margin over what those levels need, whatever thread the caller runs on (a picocli main
 * thread, a pool thread of `--jobs`, a test).
 */
public final class DeepStack {
  /** Reserved, not committed: the memory is only touched as deep as the recursion goes. */
  static final long STACK_BYTES = 512L << 20;
  private static final String NAME = "inflight-deep-stack";

  private DeepStack() {}

  /** The value of {@code work}, computed on a deep-stack thread; its exceptions and errors are rethrown here. */
  public static <T> T call(Supplier<T> work) {
    if (Thread.currentThread().getName().equals(NAME)) {
      return work.get();
    }
    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        result.set(work.get());
      } catch (Throwable e) {
        failure.set(e);
      }
    }, NAME, STACK_BYTES);
    t.setDaemon(true);
    t.start();
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true; // translation is short: finish it, then pass the interrupt on
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable e = failure.get();
    if (e instanceof RuntimeException re) {
      throw re;
    }
    if (e instanceof Error err) {
      throw err;
    }
    if (e != null) {
      throw new IllegalStateException(e);
    }
    return result.get();
  }
}

package dev.inflight.driver.tlc;

import java.util.function.Supplier;
import tlc2.tool.queue.IStateQueue;

/**
 * Works around a lost wake-up in this TLC's state queue (TLC 2.18; fixed upstream by
 * tlaplus/tlaplus#1438). For its periodic work (progress, checkpoints) TLC's main thread
 * suspends the workers: it sets {@code stop}, sees that not every worker is waiting yet, and
 * then waits to be told that they are. When the last worker reaches the barrier between those
 * two steps, its notification finds nobody waiting and is lost, and both threads wait forever: a
 * check that hangs with no CPU use, seen here with one worker after half an hour of a liveness
 * run. Every {@code periodMillis} this watch calls the queue's own recovery,
 * {@link IStateQueue#resumeAllStuck()}, which wakes whoever waits on the barrier; each waiter
 * re-checks its condition under the queue's lock and waits again when it must, so a wake-up
 * that was not needed changes nothing. It runs in the TLC subprocess ({@link TlcMain}).
 */
final class QueueWatch {
  /** How often the queue is nudged: a stuck check loses at most this long. */
  static final long PERIOD_MILLIS = 1_000;

  private QueueWatch() {}

  /** Starts a daemon thread nudging the queue {@code queue} supplies (null: none yet). */
  static Thread start(Supplier<IStateQueue> queue, long periodMillis) {
    Thread t = new Thread(() -> {
      while (true) {
        try {
          Thread.sleep(periodMillis);
        } catch (InterruptedException e) {
          return;
        }
        IStateQueue q = queue.get();
        if (q != null) {
          q.resumeAllStuck();
        }
      }
    }, "inflight-queue-watch");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** The running model checker's state queue, once TLC has made one. */
  static IStateQueue mainQueue() {
    return tlc2.TLCGlobals.mainChecker instanceof tlc2.tool.ModelChecker m ? m.theStateQueue : null;
  }
}

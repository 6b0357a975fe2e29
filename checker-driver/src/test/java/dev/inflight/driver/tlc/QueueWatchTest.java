package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tlc2.TLCGlobals;
import tlc2.tool.queue.MemStateQueue;
import tlc2.tool.queue.StateQueue;

/**
 * The lost wake-up of TLC's suspend barrier (QueueWatch): TLC's main thread decides to wait for
 * the one worker, the worker reaches the barrier and notifies before the main thread waits, and
 * the main thread then waits on a notification that already came. Both threads are held at the
 * barrier's monitor and let go together, so either can take it first; when the worker does, the
 * main thread is stuck (this TLC never wakes it), and the watch must get it out.
 */
class QueueWatchTest {
  @TempDir
  Path tmp;

  @Test
  void theSuspendBarrierNeverStaysStuckWithTheWatch() throws Exception {
    int stuck = 0;
    int rounds = 30;
    int workers = TLCGlobals.getNumWorkers();
    TLCGlobals.setNumWorkers(1);
    try {
      for (int i = 0; i < rounds; i++) {
        stuck += round() ? 1 : 0;
      }
    } finally {
      TLCGlobals.setNumWorkers(workers);
    }
    // the interleaving this guards against happened, and each time the watch ended it
    assertThat(stuck).as("rounds in which the main thread waited on a lost wake-up").isPositive();
  }

  /** One race; true when the main thread ended up waiting after the worker's notification. */
  private boolean round() throws Exception {
    StateQueue q = new MemStateQueue(tmp.toString());
    q.enqueue(null); // a state to explore, so the worker waits only because of the barrier
    Object mu = field(q, "mu");
    boolean[] suspended = new boolean[1];
    Thread main = new Thread(() -> suspended[0] = q.suspendAll(), "tlc-main");
    Thread worker = new Thread(q::sDequeue, "tlc-worker");
    main.setDaemon(true); // a failing round leaves them waiting
    worker.setDaemon(true);
    Thread watch;
    synchronized (mu) {
      main.start();
      awaitState(main, Thread.State.BLOCKED);
      worker.start();
      awaitState(worker, Thread.State.BLOCKED);
    }
    // who takes mu first is up to the JVM; give the stuck case time to show before the watch runs
    awaitState(worker, Thread.State.WAITING);
    Thread.sleep(20);
    boolean wasStuck = main.getState() == Thread.State.WAITING;
    watch = QueueWatch.start(() -> q, 10);
    main.join(5_000);
    watch.interrupt();
    assertThat(main.isAlive()).as("TLC's main thread still waits at the barrier").isFalse();
    assertThat(suspended[0]).as("suspendAll's result").isTrue();
    q.finishAll();
    worker.join(5_000);
    assertThat(worker.isAlive()).isFalse();
    return wasStuck;
  }

  private static void awaitState(Thread t, Thread.State s) throws InterruptedException {
    for (int i = 0; i < 5_000 && t.getState() != s; i++) {
      Thread.sleep(1);
    }
    assertThat(t.getState()).as(t.getName()).isEqualTo(s);
  }

  private static Object field(Object o, String name) throws ReflectiveOperationException {
    Field f = StateQueue.class.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(o);
  }
}

package dev.inflight.driver.report;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.tlc.TlcProgress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The live progress line on a terminal's standard error: distinct states, states per second,
 * queue, depth and elapsed time of the model being checked, rewritten in place
 * ({@code \r} and erase-to-end-of-line) on every report, then replaced by one final line when the
 * model is done. Thread-safe: several models may report at once ({@code --jobs}).
 */
public final class ProgressLine {
  private final PrintWriter err;
  private final LongSupplier clock;
  private final int total;
  private int done;
  private boolean showing;
  private String current;
  private String lastModel;
  private long lastDistinct;
  private long lastMillis;
  private long rate;

  /**
   * @param err where to draw (a terminal)
   * @param total how many models the run checks (shown as `[2/7]` when more than one)
   * @param clock milliseconds, for the elapsed time and the rate (tests pass a fake one)
   */
  public ProgressLine(PrintWriter err, int total, LongSupplier clock) {
    this.err = err;
    this.total = total;
    this.clock = clock;
  }

  public ProgressLine(PrintWriter err, int total) {
    this(err, total, System::currentTimeMillis);
  }

  /** A listener for one model's TLC run; {@code started} is when the model's check began. */
  public java.util.function.Consumer<TlcProgress> listener(String model, long started) {
    return p -> update(model, started, p);
  }

  /** Redraws the line for {@code model}'s latest report. */
  public synchronized void update(String model, long started, TlcProgress p) {
    long now = clock.getAsLong();
    if (!model.equals(lastModel)) {
      lastModel = model;
      lastDistinct = 0;
      lastMillis = started;
      rate = -1;
    }
    if (now > lastMillis && p.distinct() >= lastDistinct) {
      long r = (p.distinct() - lastDistinct) * 1000 / (now - lastMillis);
      rate = rate < 0 ? r : (rate + r) / 2;
    }
    lastDistinct = p.distinct();
    lastMillis = now;
    current = line(model, p, rate, now - started);
    err.print("\r" + current + "\033[K");
    err.flush();
    showing = true;
  }

  /** Replaces the line with the model's final line. */
  public synchronized void finish(String model, CheckReport r) {
    done++;
    err.print((showing ? "\r" : "") + finalLine(model, r) + (showing ? "\033[K" : "") + "\n");
    err.flush();
    showing = false;
    current = null;
    lastModel = null;
  }

  /**
   * Runs {@code print} (which writes to the same terminal, e.g. a report on stdout) with the
   * progress line cleared, then draws the line again, so other models' progress never lands in
   * the middle of a report.
   */
  public synchronized void above(Runnable print) {
    if (showing) {
      err.print("\r\033[K");
      err.flush();
    }
    print.run();
    if (showing && current != null) {
      err.print(current + "\033[K");
      err.flush();
    }
  }

  String prefix(String model) {
    return (total > 1 ? "[" + (done + 1) + "/" + total + "] " : "") + model + ": ";
  }

  /** `[2/7] slow: 1,234,567 distinct states (45,678/s), queue 12,345, depth 17, 0:07`. */
  String line(String model, TlcProgress p, long perSecond, long elapsedMs) {
    StringBuilder b = new StringBuilder(prefix(model));
    b.append(String.format(Locale.ROOT, "%,d distinct states", Math.max(0, p.distinct())));
    if (perSecond >= 0) {
      b.append(String.format(Locale.ROOT, " (%,d/s)", perSecond));
    }
    if (p.queue() >= 0) {
      b.append(String.format(Locale.ROOT, ", queue %,d", p.queue()));
    }
    if (p.depth() >= 0) {
      b.append(", depth ").append(p.depth());
    }
    b.append(", ").append(elapsed(elapsedMs));
    return b.toString();
  }

  /** `slow: holds, 2,345,678 distinct states, depth 45, 0:12`. */
  String finalLine(String model, CheckReport r) {
    StringBuilder b = new StringBuilder((total > 1 ? "[" + done + "/" + total + "] " : "") + model + ": ");
    b.append(SummaryTable.verdict(r.verdict())).append(", ");
    if (r.statistics().distinct() >= 0) {
      b.append(String.format(Locale.ROOT, "%,d distinct states", r.statistics().distinct()));
      if (r.statistics().depth() >= 0) {
        b.append(", depth ").append(r.statistics().depth());
      }
      b.append(", ");
    }
    b.append(elapsed(r.translateMillis() + r.tlcMillis()));
    return b.toString();
  }

  static String elapsed(long ms) {
    long s = ms / 1000;
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}

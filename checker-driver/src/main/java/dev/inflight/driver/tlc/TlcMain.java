package dev.inflight.driver.tlc;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The main class of a TLC subprocess that reports progress often. TLC prints its progress (2200)
 * once a minute, a constant it was compiled with; but it registers its statistics as the platform
 * MBean {@code tlc2.tool:type=ModelChecker}. This wrapper samples that MBean every
 * {@code -Dinflight.progressMillis} milliseconds and prints one line per sample on standard error:
 *
 * <pre>@inflight-progress GENERATED DISTINCT QUEUE DEPTH</pre>
 *
 * <p>then runs {@code tlc2.TLC.main} with the arguments unchanged. It also watches standard input,
 * which the parent keeps open for as long as it lives: at end of file (the parent exited, even by
 * {@code kill -9}) it deletes the directories named by {@code -Dinflight.orphanCleanup} and halts, so
 * no TLC is left running reparented to init, filling a disk that nobody will read. It runs in the subprocess only, and
 * depends on nothing but the JDK and TLC. Standard error is used because TLC's framed messages on
 * standard output must not be interleaved with foreign lines. And it nudges TLC's state queue out
 * of a lost wake-up that can hang a check ({@link QueueWatch}).
 */
public final class TlcMain {
    /** The prefix of a progress line on standard error. */
    public static final String PREFIX = "@inflight-progress ";
    /** The system property giving the sampling interval. */
    public static final String INTERVAL_PROPERTY = "inflight.progressMillis";
    /** The system property naming directories to delete when the parent dies (path-separator separated). */
    public static final String ORPHAN_CLEANUP_PROPERTY = "inflight.orphanCleanup";
    /** The exit status of an orphaned TLC. */
    static final int ORPHANED = 143;

    private TlcMain() {}

    public static void main(String[] args) throws Exception {
        long every = Long.getLong(INTERVAL_PROPERTY, 0L);
        if (every > 0) {
            Thread t = new Thread(() -> sample(every), "inflight-progress");
            t.setDaemon(true);
            t.start();
        }
        String cleanup = System.getProperty(ORPHAN_CLEANUP_PROPERTY);
        if (cleanup != null) {
            Thread w = new Thread(() -> watchParent(cleanup), "inflight-parent-watch");
            w.setDaemon(true);
            w.start();
        }
        QueueWatch.start(QueueWatch::mainQueue, QueueWatch.PERIOD_MILLIS);
        tlc2.TLC.main(args);
    }

    /** Blocks until standard input ends (the parent is gone), then cleans up and halts. */
    private static void watchParent(String cleanup) {
        try {
            while (System.in.read() >= 0) {
                // the parent never writes; anything read is ignored
            }
        } catch (java.io.IOException e) {
            // a broken pipe means the same: the parent is gone
        }
        for (String d : cleanup.split(java.io.File.pathSeparator)) {
            if (!d.isEmpty()) {
                TlcRunner.deleteQuietly(java.nio.file.Path.of(d));
            }
        }
        Runtime.getRuntime().halt(ORPHANED);
    }

    private static void sample(long every) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("tlc2.tool:type=ModelChecker");
            while (true) {
                Thread.sleep(every);
                if (!server.isRegistered(name)) {
                    continue;
                }
                try {
                    long generated = ((Number) server.getAttribute(name, "StatesGenerated")).longValue();
                    long distinct = ((Number) server.getAttribute(name, "DistinctStatesGenerated")).longValue();
                    long queue = ((Number) server.getAttribute(name, "StateQueueSize")).longValue();
                    long depth = ((Number) server.getAttribute(name, "Progress")).longValue();
                    System.err.println(PREFIX + generated + " " + distinct + " " + queue + " " + depth);
                } catch (Exception e) {
                    // unregistered between the check and the read, or not started yet: try again later
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // no MBean server: no live progress, TLC runs on
        }
    }

    /** Parses a progress line of standard error; null if it is not one. */
    public static TlcProgress parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        String[] f = line.substring(PREFIX.length()).trim().split(" ");
        if (f.length != 4) {
            return null;
        }
        try {
            return new TlcProgress(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
                    TlcStatistics.UNKNOWN, TlcStatistics.UNKNOWN, Long.parseLong(f[3]));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

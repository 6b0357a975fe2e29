package dev.inflight.driver.tlc;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * This package's classes as a jar, for a TLC subprocess whose {@link TlcMain} would otherwise come
 * from a class directory (the test suite and IDE runs use target/classes): a class archive
 * ({@link TlcClassArchive}) maps only jars, so without one every such TLC JVM loads, parses and
 * verifies TLC's classes again. The subprocess loads nothing of Inflight's outside this package
 * ({@link TlcMain} depends on the JDK and TLC only).
 *
 * <p>The jar is named after a hash of the package's class files ({@code tlc-side-<hash>.jar} in
 * the archive directory), so a recompiled class gets a new jar, and with it a new archive key; it
 * is written under a temporary name and moved into place, so parallel runs never see half a jar.
 * Like an archive, a jar in use has its modification time refreshed once a day and is pruned with
 * the archives after {@value TlcClassArchive#STALE_DAYS} days unused.
 */
final class TlcSideJar {
    private static final String PACKAGE = TlcMain.class.getPackageName().replace('.', '/');

    private TlcSideJar() {}

    /**
     * The jar of this package's classes under {@code classesDir}, made in {@code cacheDir} if it is
     * not there yet; null on any trouble (the caller then uses the class directory as it is).
     */
    static Path of(Path classesDir, Path cacheDir) {
        try {
            Path pkg = classesDir.resolve(PACKAGE);
            List<Path> classes;
            try (var s = Files.list(pkg)) {
                classes = s.filter(p -> p.getFileName().toString().endsWith(".class")).sorted().toList();
            }
            if (classes.isEmpty() || !new TlcClassArchive(cacheDir).ownDir()) {
                return null;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path c : classes) {
                sha.update(c.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update(Files.readAllBytes(c));
            }
            Path jar = cacheDir.resolve("tlc-side-" + HexFormat.of().formatHex(sha.digest(), 0, 12) + ".jar");
            if (Files.isRegularFile(jar)) {
                Instant now = Instant.now();
                if (Files.getLastModifiedTime(jar).toInstant().isBefore(now.minus(Duration.ofDays(1)))) {
                    Files.setLastModifiedTime(jar, FileTime.from(now));
                }
                return jar;
            }
            Path tmp = cacheDir.resolve("tlc-side-" + UUID.randomUUID() + ".tmp");
            try {
                try (OutputStream out = Files.newOutputStream(tmp); JarOutputStream j = new JarOutputStream(out)) {
                    for (Path c : classes) {
                        JarEntry e = new JarEntry(PACKAGE + "/" + c.getFileName());
                        e.setTime(0);
                        j.putNextEntry(e);
                        j.write(Files.readAllBytes(c));
                        j.closeEntry();
                    }
                }
                try {
                    Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            return jar;
        } catch (IOException | NoSuchAlgorithmException | RuntimeException e) {
            return null;
        }
    }
}

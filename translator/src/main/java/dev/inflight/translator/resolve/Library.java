package dev.inflight.translator.resolve;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where `include "kernel/x.ifl"` finds library models after looking next to the including file:
 * a directory on disk (the repository's specs/ when run from a checkout), else the copy packaged
 * in the jar under {@code inflight/specs/}.
 */
public final class Library {

  /** A library file: its display path and its bytes. */
  public record Entry(String displayPath, Path path, byte[] bytes) {}

  private final Path dir;

  private Library(Path dir) {
    this.dir = dir;
  }

  /** The library in a directory (e.g. the checkout's specs/). */
  public static Library at(Path dir) {
    return new Library(dir);
  }

  /** The packaged library only. */
  public static Library packaged() {
    return new Library(null);
  }

  /** Finds the library the usual way: $INFLIGHT_SPECS, else the packaged copy. */
  public static Library standard() {
    String env = System.getenv("INFLIGHT_SPECS");
    if (env != null && Files.isDirectory(Path.of(env))) {
      return at(Path.of(env));
    }
    return packaged();
  }

  public Optional<Entry> find(String relative) {
    if (relative.contains("..") || relative.startsWith("/") || relative.startsWith("\\") || relative.contains(":")
        || relative.chars().anyMatch(c -> c < 0x20)) {
      return Optional.empty();
    }
    try {
      if (dir != null) {
        Path p = dir.resolve(relative);
        if (Files.isRegularFile(p)) {
          return Optional.of(new Entry("specs/" + relative, p, Files.readAllBytes(p)));
        }
      }
      try (InputStream in = Library.class.getClassLoader().getResourceAsStream("inflight/specs/" + relative)) {
        if (in != null) {
          return Optional.of(new Entry("specs/" + relative, null, in.readAllBytes()));
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }
}

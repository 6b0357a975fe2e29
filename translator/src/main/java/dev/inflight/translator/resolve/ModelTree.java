package dev.inflight.translator.resolve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The files a model may read besides the library: those under the directory of the top-level
 * model file. Models may come from untrusted pull requests and their diagnostics may be
 * published (SARIF uploads), so `include "/etc/passwd"`, `include "../../secret.ifl"` or a
 * symbolic link out of the tree must not open anything.
 */
final class ModelTree {
  /** The tree's directory as given (absolute, normalized), and with symbolic links resolved. */
  private final Path dir;
  private final Path realDir;

  private ModelTree(Path dir, Path realDir) {
    this.dir = dir;
    this.realDir = realDir;
  }

  /** The tree of a top-level model file; a model without a file (source text in a test) has none. */
  static ModelTree of(Path rootFile) {
    if (rootFile == null || rootFile.toAbsolutePath().getParent() == null) {
      return new ModelTree(null, null);
    }
    Path d = rootFile.toAbsolutePath().normalize().getParent();
    Path real;
    try {
      real = d.toRealPath();
    } catch (IOException e) {
      real = d;
    }
    return new ModelTree(d, real);
  }

  /** A path found in the tree, or why the path may not be used (exactly one is non-null). */
  record Lookup(Path file, String refused) {}

  /** Why {@code relative} may not name a model file at all, or null when its form is fine. */
  static String badForm(String relative, String extension) {
    if (relative.isEmpty()) {
      return "the path is empty";
    }
    if (relative.startsWith("/") || relative.startsWith("\\") || relative.startsWith("~") || relative.matches("^[A-Za-z]:.*")) {
      return "absolute paths are not allowed";
    }
    if (relative.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      return "the path holds a control character";
    }
    if (!relative.endsWith(extension)) {
      return "it is not a `" + extension + "` file";
    }
    return null;
  }

  /**
   * {@code relative} looked up next to {@code from}: the file when it exists inside the tree, a
   * refusal when it leads out of it, and neither (null file and reason) when there is no such file
   * and the library may be asked instead.
   */
  Lookup sibling(Path from, String relative) {
    if (dir == null || from == null) {
      return new Lookup(null, null);
    }
    Path base = from.toAbsolutePath().normalize().getParent();
    if (base == null || !base.startsWith(dir)) {
      return new Lookup(null, null); // a library file: its includes come from the library
    }
    Path p;
    try {
      p = base.resolve(relative).normalize();
    } catch (InvalidPathException e) {
      return new Lookup(null, "it is not a valid path");
    }
    if (!p.startsWith(dir)) {
      return new Lookup(null, "it is outside the model's directory");
    }
    if (!Files.exists(p)) {
      return new Lookup(null, null);
    }
    try {
      if (!p.toRealPath().startsWith(realDir)) {
        return new Lookup(null, "a symbolic link leads outside the model's directory");
      }
    } catch (IOException e) {
      return new Lookup(null, null);
    }
    return new Lookup(p, null);
  }
}

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.parse.ModelParser;
import dev.inflight.translator.parse.SourceLoader;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Loads what an `include` names: the file next to the including one inside the model's tree
 * ({@link ModelTree}), else the library's; each file once. Records who includes what in
 * {@link Program#includes} (override layers, {@link Extensions}) and adds each file read to
 * {@link Program#files}; {@link Declarations} collects its declarations.
 */
final class IncludeLoader {
  /** A file read for an `include`, and where it was found. */
  record Loaded(ModelFile file, Path path) {}

  private final Program program;
  private final Diagnostics diags;
  private final Library library;
  /** Where includes next to the model may come from. */
  private final ModelTree tree;
  private final Set<String> includedKeys = new HashSet<>();

  IncludeLoader(Program program, Diagnostics diags, Library library, ModelTree tree) {
    this.program = program;
    this.diags = diags;
    this.library = library;
    this.tree = tree;
  }

  /** Marks the model file itself as read: an include of it reads nothing. */
  void markRead(Path path, String display) {
    includedKeys.add(key(path, display));
  }

  /**
   * The file {@code inc} names, parsed and added to the program's files; null when it cannot be
   * read (reported) or was read already.
   */
  Loaded load(Decl.Include inc, Path from, SourceFile includer) {
    SourceFile source = null;
    Path found = null;
    String bad = ModelTree.badForm(inc.path(), ".ifl");
    ModelTree.Lookup near = bad != null ? null : tree.sibling(from, inc.path());
    if (bad != null || near.refused() != null) {
      diags.includeOutsideTree(inc.span(), inc.path(), bad != null ? bad : near.refused());
      return null;
    }
    if (near.file() != null) {
      Path sibling = near.file();
      found = sibling;
      String display = displayPath(sibling);
      edge(includer, display);
      if (!includedKeys.add(key(sibling, display))) {
        if (key(sibling, display).equals(key(from, display))) {
          diags.selfInclude(inc.span(), inc.path());
        }
        return null;
      }
      source = SourceLoader.read(sibling, display, diags);
      if (source == null) {
        return null;
      }
    }
    if (source == null) {
      Optional<Library.Entry> e = library.find(inc.path());
      if (e.isEmpty()) {
        diags.includeNotFound(inc.span(), inc.path());
        return null;
      }
      edge(includer, e.get().displayPath());
      if (!includedKeys.add(key(e.get().path(), e.get().displayPath()))) {
        if (includer != null && e.get().displayPath().equals(includer.path())) {
          diags.selfInclude(inc.span(), inc.path());
        }
        return null;
      }
      source = SourceLoader.decode(e.get().bytes(), e.get().displayPath(), diags);
      found = e.get().path();
      if (source == null) {
        return null;
      }
    }
    ModelFile file = ModelParser.parse(source, diags);
    program.files.add(file);
    return new Loaded(file, found);
  }

  /** Records that {@code includer} includes the file shown as {@code display} (its SourceFile's path). */
  private void edge(SourceFile includer, String display) {
    if (includer != null) {
      program.includes.computeIfAbsent(includer.path(), k -> new java.util.LinkedHashSet<>()).add(display);
    }
  }

  /** A path as diagnostics show it: relative to the working directory when inside it. */
  static String displayPath(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = p.toAbsolutePath().normalize();
    return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
  }

  /** The file a path names, whatever the name (symbolic links resolved): one file is read once under any of them. */
  private static String key(Path p, String display) {
    if (p != null) {
      try {
        return p.toRealPath().toString();
      } catch (java.io.IOException e) {
        return p.toAbsolutePath().normalize().toString();
      }
    }
    return "lib:" + display;
  }
}

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.parse.ModelParser;
import dev.inflight.translator.parse.SourceLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cost model's set-up (docs/cost-model.md): whether costs are tracked, and the machine
 * profile: the `--profile` choice or the model's `profile`, read from the model's tree or the
 * library, with the model's own `cost { }` entries.
 */
final class CostSetup {
  private final Program program;
  private final Diagnostics diags;
  private final ResolveContext cx;
  private final List<Decl.Cost> costBlocks;
  private final Library library;
  /** Where profiles next to the model may come from. */
  private final ModelTree tree;
  private final Path rootPath;

  CostSetup(ResolveContext cx, Library library, ModelTree tree, Path rootPath) {
    this.cx = cx;
    this.program = cx.program;
    this.diags = cx.diags;
    this.costBlocks = cx.costBlocks;
    this.library = library;
    this.tree = tree;
    this.rootPath = rootPath;
  }

  /**
   * Decides whether costs are tracked and loads the machine profile: the `--profile` choice or
   * the model's `profile`, then the model's own `cost { }` entries over it.
   */
  void setUpCosts(ModelFile root, String override, boolean trackCost) {
    CostModel cost = program.cost;
    Decl.Profile profileDecl = cx.profileDecl;
    cost.tracked = trackCost || !cost.latencies.isEmpty();
    cost.sampled = trackCost;
    if (!cost.tracked) {
      return;
    }
    Span at = profileDecl != null ? profileDecl.span()
        : !cost.latencies.isEmpty() ? cost.latencies.get(0).span() : root.source().span(0, 0);
    String wanted = override != null ? override : profileDecl != null ? profileDecl.path() : null;
    if (wanted != null) {
      loadProfile(wanted, override != null ? null : profileDecl.span(), at);
    }
    // The model's own entries refine its profile; an explicit --profile wins over them (the model
    // only adds entries that profile lacks), so `--profile single-cpu` means that machine.
    for (Decl.Cost c : costBlocks) {
      entries(c).forEach((k, v) -> {
        if (override == null) {
          cost.profile.put(k, v);
        } else {
          cost.profile.putIfAbsent(k, v);
        }
      });
    }
    if (wanted == null && costBlocks.isEmpty()) {
      diags.costs().noProfile(at);
    }
  }

  private void loadProfile(String wanted, Span declSpan, Span at) {
    List<String> tries = new ArrayList<>();
    tries.add(wanted);
    if (!wanted.endsWith(".cost")) {
      tries.add(wanted + ".cost");
    }
    SourceFile source = null;
    for (String t : tries) {
      // --profile is the user's own command line; the model's `profile` stays inside its tree.
      Path direct = declSpan == null ? Path.of(t) : null;
      Path sibling = declSpan == null || ModelTree.badForm(t, ".cost") == null ? tree.sibling(rootPath, t).file() : null;
      for (Path p : java.util.Arrays.asList(direct, sibling)) {
        if (p != null && java.nio.file.Files.isRegularFile(p)) {
          source = SourceLoader.read(p, IncludeLoader.displayPath(p), diags);
          break;
        }
      }
      if (source == null) {
        Optional<Library.Entry> e = library.find(t.startsWith("specs/") ? t.substring(6) : t);
        if (e.isEmpty()) {
          e = library.find("profiles/" + t);
        }
        if (e.isPresent()) {
          source = SourceLoader.decode(e.get().bytes(), e.get().displayPath(), diags);
        }
      }
      if (source != null) {
        break;
      }
    }
    if (source == null) {
      diags.costs().profileNotFound(declSpan != null ? declSpan : at, wanted, "xeon-2011, manycore-2023, single-cpu");
      return;
    }
    program.cost.profileName = source.path();
    ModelFile file = ModelParser.parse(source, diags);
    for (Decl d : file.decls()) {
      if (d instanceof Decl.Cost c) {
        program.cost.profile.putAll(entries(c));
      }
    }
  }

  private Map<String, Long> entries(Decl.Cost c) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (Decl.CostEntry e : c.entries()) {
      if (e.name() == null) {
        continue;
      }
      Long v = e.value() instanceof Expr.IntLit i ? i.value() : null;
      if (v == null || v < 0 || (e.name().text().equals("cpus") && v < 1)) {
        diags.costs().badCostValue(e.span(), e.name().text());
        continue;
      }
      out.put(e.name().text(), v);
    }
    return out;
  }
}

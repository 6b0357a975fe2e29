package dev.inflight.translator;

import dev.inflight.translator.ast.Deepest;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.check.Checker;
import dev.inflight.translator.diag.Code;
import dev.inflight.translator.diag.Severity;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.Emitter;
import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.lower.Lowerer;
import dev.inflight.translator.lower.Reduction;
import dev.inflight.translator.parse.ModelParser;
import dev.inflight.translator.parse.Nesting;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.resolve.Resolved;
import dev.inflight.translator.resolve.Resolver;
import dev.inflight.translator.resolve.WorkloadResolver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The translator's front door: a model file in, a TLA+ module, .cfg and source map out, or the
 * diagnostics that stopped it. Runs parse → resolve → check → lower → emit, stopping after the
 * first phase that reports an error (each phase reports every error it finds).
 */
public final class Translator {

  /**
   * Options of one translation: `--set` overrides, where the model library is, a state limit,
   * and the cost model: a machine profile replacing the model's (null: the model's) and whether
   * to track costs even without a latency property (a cost report needs them); then forms for
   * cross-checking, and the reductions on (all of them by default; {@link #withStableWaits},
   * {@link #withLockReleases}).
   */
  public record Options(Map<String, String> overrides, Library library, Long maxStates, String profile, boolean trackCost,
      String workload, Map<String, Long> prices, boolean reference, boolean pathActions, boolean localVariables, boolean ranHook,
      boolean separateBranches, Set<Reduction> reductions) {
    public Options {
      reductions = Set.copyOf(reductions);
    }

    public Options(Map<String, String> overrides, Library library, Long maxStates) {
      this(overrides, library, maxStates, null, false, null, Map.of(), false, false, false, false, false, ALL_REDUCTIONS);
    }

    public Options(Map<String, String> overrides, Library library, Long maxStates, String profile, boolean trackCost,
        String workload, Map<String, Long> prices, boolean reference) {
      this(overrides, library, maxStates, profile, trackCost, workload, prices, reference, false, false, false, false, ALL_REDUCTIONS);
    }

    private static final Set<Reduction> ALL_REDUCTIONS = EnumSet.allOf(Reduction.class);

    public static Options defaults() {
      return new Options(Map.of(), Library.standard(), null);
    }

    public Options withOverrides(Map<String, String> o) {
      return new Options(o, library, maxStates, profile, trackCost, workload, prices, reference, pathActions, localVariables, ranHook, separateBranches, reductions);
    }

    public Options withMaxStates(Long n) {
      return new Options(overrides, library, n, profile, trackCost, workload, prices, reference, pathActions, localVariables, ranHook, separateBranches, reductions);
    }

    /** Costs tracked on {@code profileChoice} (null: the model's own profile). */
    public Options withCosts(String profileChoice) {
      return new Options(overrides, library, maxStates, profileChoice, true, workload, prices, reference, pathActions, localVariables, ranHook, separateBranches, reductions);
    }

    public Options withProfile(String profileChoice) {
      return new Options(overrides, library, maxStates, profileChoice, trackCost, workload, prices, reference, pathActions, localVariables, ranHook, separateBranches, reductions);
    }

    /**
     * The workload the costs are for: null for none, {@link WorkloadResolver#FIRST} for the
     * model's first, else its name; and profile entries that replace the profile's (`--price`).
     */
    public Options withWorkload(String choice, Map<String, Long> priceOverrides) {
      return new Options(overrides, library, maxStates, profile, trackCost, choice, Map.copyOf(priceOverrides), reference, pathActions, localVariables, ranHook, separateBranches, reductions);
    }

    /**
     * The statement-level reference translation (docs/semantics.md, "The reference
     * translation"): every instruction its own step, no merging and no shortcut; slower, for
     * cross-checking a verdict.
     */
    public Options withReference(boolean on) {
      return new Options(overrides, library, maxStates, profile, trackCost, workload, prices, on, pathActions, localVariables, ranHook, separateBranches, reductions);
    }

    /**
     * The per-path form (docs/semantics.md, "One action per label"): Next names every path's
     * action, as before label actions existed, so TLC reports which path each step took. For
     * cross-checking the path attribution of traces; slower.
     */
    public Options withPathActions(boolean on) {
      return new Options(overrides, library, maxStates, profile, trackCost, workload, prices, reference, on, localVariables, ranHook, separateBranches, reductions);
    }

    /**
     * With the {@code Ran(k)} hook (emit/RanHook): each fault-free path ends with a mark a check
     * turns on to learn which paths ran (vacuity warnings). Off, the module has no trace of it.
     */
    public Options withRanHook(boolean on) {
      return new Options(overrides, library, maxStates, profile, trackCost, workload, prices, reference, pathActions, localVariables, on, separateBranches, reductions);
    }

    /**
     * Every path of a label its own disjunct, as before the arms of a branch inside one step were
     * joined (emit/MergedPaths; docs/semantics.md, "Branches joined"). The same action; for tests
     * of the other parts of a label's fold, and for cross-checking.
     */
    public Options withSeparateBranches(boolean on) {
      return new Options(overrides, library, maxStates, profile, trackCost, workload, prices, reference, pathActions, localVariables, ranHook, on, reductions);
    }

    /**
     * Stable waits (docs/semantics.md, "Stable waits"): on (the default), a step that passes an
     * `await` no thread can make false again goes on into the thread's next shared instruction.
     * Off, every wait ends its step, as in the reference translation; for cross-checking.
     */
    public Options withStableWaits(boolean on) {
      return with(Reduction.STABLE_WAITS, on);
    }

    /**
     * Lock releases (docs/semantics.md, "Lock releases"): on (the default), the step before the
     * release of a global lock that nothing but `lock` and `unlock` reads, and that the thread
     * surely holds, goes on into the release. Off, every `unlock` is a step of its own; for
     * cross-checking.
     */
    public Options withLockReleases(boolean on) {
      return with(Reduction.LOCK_RELEASES, on);
    }

    private Options with(Reduction r, boolean on) {
      Set<Reduction> rs = EnumSet.noneOf(Reduction.class);
      rs.addAll(reductions);
      if (on) {
        rs.add(r);
      } else {
        rs.remove(r);
      }
      return new Options(overrides, library, maxStates, profile, trackCost, workload, prices, reference, pathActions, localVariables, ranHook, separateBranches, rs);
    }

    /**
     * Every thread-local its own state variable (a function from the kind's threads), as before
     * locals became one record per thread kind (docs/semantics.md, "Locals"). The same states;
     * for cross-checking that layout against this one.
     */
    public Options withLocalVariables(boolean on) {
      return new Options(overrides, library, maxStates, profile, trackCost, workload, prices, reference, pathActions, on, ranHook, separateBranches, reductions);
    }
  }

  /** What came out: diagnostics (errors and warnings), and the module when there were no errors. */
  public record Result(List<Diagnostic> diagnostics, Checked checked, Emitted emitted) {
    public boolean ok() {
      return emitted != null;
    }
  }

  private Translator() {}

  public static Result translate(Path file, Options options) {
    Diagnostics diags = new Diagnostics();
    String display = display(file);
    SourceFile source = SourceLoader.readTopLevel(file, display, diags);
    if (source == null) {
      return new Result(diags.all(), null, null);
    }
    return translate(source, file, options, diags);
  }

  /** Translates source text (e.g. from a test); {@code path} locates relative includes, may be null. */
  public static Result translate(SourceFile source, Path path, Options options, Diagnostics diags) {
    ModelFile[] parsed = new ModelFile[1];
    try {
      return DeepStack.call(() -> phases(source, path, options, diags, parsed));
    } catch (StackOverflowError e) {
      // Past the nesting limits something still recursed too deep (lowering a long run of
      // statements, say): a diagnostic at the deepest place of the model, never a crash.
      diags.nestingTooDeep(parsed[0] != null ? Deepest.of(parsed[0]) : source.span(0, 0), Nesting.LIMIT);
      return new Result(diags.all(), null, null);
    }
  }

  /**
   * An error that leaves an included file's declarations out: it was not found or not allowed,
   * could not be read, or does not parse (the root file's own input and syntax errors stop the
   * translation before names are resolved).
   */
  private static boolean lostAnInclude(Diagnostic d) {
    return d.severity() == Severity.ERROR
        && (d.code().losesTheFile() || d.code() == Code.INCLUDE_NOT_FOUND || d.code() == Code.INCLUDE_OUTSIDE_TREE);
  }

  private static Result phases(SourceFile source, Path path, Options options, Diagnostics diags, ModelFile[] parsedOut) {
    ModelFile parsed = ModelParser.parse(source, diags);
    parsedOut[0] = parsed;
    if (diags.hasErrors()) {
      return new Result(diags.all(), null, null);
    }
    Resolved resolved = Resolver.resolve(parsed, path, options.library(), options.profile(), options.trackCost(), diags);
    if (diags.all().stream().anyMatch(Translator::lostAnInclude)) {
      // What an unreadable (or unparsable) included file declares is missing, so every later
      // error may only follow from it: one mistake, one message.
      return new Result(diags.all().stream().filter(Translator::lostAnInclude).toList(), null, null);
    }
    if (diags.all().stream().anyMatch(d -> d.code() == Code.TOO_LARGE_INLINED)) {
      // Checking inlines the same calls (inference types a function's body at each call): it
      // would take as long as the expansion the error is about.
      return new Result(diags.all(), null, null);
    }
    WorkloadResolver.resolve(resolved.program(), options.workload(), diags);
    Map<String, String> overrides = WorkloadResolver.overrides(resolved.program(), options.overrides());
    WorkloadResolver.reprice(resolved.program(), options.prices(), diags);
    boolean resolveFailed = diags.hasErrors();
    Checked checked;
    try {
      // Checking goes on after name errors: unresolved names are poison and stay silent, so
      // one run reports a file's mistakes of every kind.
      checked = Checker.check(resolved, overrides, diags);
    } catch (RuntimeException e) {
      if (resolveFailed) {
        return new Result(diags.all(), null, null);
      }
      throw e;
    }
    if (diags.hasErrors()) {
      return new Result(diags.all(), checked, null);
    }
    Lowered lowered = Lowerer.lower(checked, diags, options.reference(), options.localVariables(), options.reductions());
    if (diags.hasErrors()) {
      return new Result(diags.all(), checked, null);
    }
    Emitted emitted = Emitter.emit(lowered, options.maxStates(), options.pathActions(), options.ranHook(), options.separateBranches());
    return new Result(diags.all(), checked, emitted);
  }

  /** Writes {@code <Module>.tla}, {@code <Module>.cfg} and {@code <Module>.srcmap.json} into dir. */
  public static Path write(Emitted e, Path dir) {
    return write(e, dir, true);
  }

  /**
   * Writes {@code <Module>.tla} and {@code <Module>.cfg} into dir, and {@code <Module>.srcmap.json}
   * when {@code withSourceMap} (a check that keeps the map in memory and its files nowhere skips
   * it: TLC does not read it, and writing it loads Jackson's databind).
   */
  public static Path write(Emitted e, Path dir, boolean withSourceMap) {
    try {
      Files.createDirectories(dir);
      Path tla = dir.resolve(e.moduleName() + ".tla");
      Files.writeString(tla, e.tla(), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(e.moduleName() + ".cfg"), e.cfg(), StandardCharsets.UTF_8);
      if (withSourceMap) {
        Files.writeString(dir.resolve(e.moduleName() + ".srcmap.json"), sourceMapJson(e), StandardCharsets.UTF_8);
      }
      return tla;
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
  }

  public static String sourceMapJson(Emitted e) {
    return dev.inflight.translator.emit.SourceMapJson.write(e.sourceMap());
  }

  /** A path as the user should see it: relative to the working directory when inside it. */
  public static String display(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = p.toAbsolutePath().normalize();
    return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : p.toString();
  }
}

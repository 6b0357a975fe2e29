package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.driver.trace.Undefined;
import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks one model end to end: translate, run TLC in a subprocess on the generated module, and
 * map the result back to the DSL.
 */
public final class ModelChecker {
  /** How often TLC reports its state counts while it runs, when someone listens. */
  public static final java.time.Duration LIVE_PROGRESS = java.time.Duration.ofMillis(500);

  private final CheckOptions options;

  public ModelChecker(CheckOptions options) {
    this.options = options;
  }

  /** A check's report, and the operation latencies it collected when costs were asked for. */
  /** A check's report; for a cost run the latencies it collected and the model's cost facts (else null). */
  public record Run(CheckReport report, CostSamples costs, SourceMap.Cost costModel) {}

  public CheckReport check(Path file) {
    return run(file).report();
  }

  /** Checks {@code file}; with {@link CheckOptions#cost()} set, also collects operation latencies. */
  public Run run(Path file) {
    long t0 = System.nanoTime();
    // --timeout counts from here: translation included.
    Long deadline = options.timeout() == null ? null : t0 + options.timeout().toNanos();
    Translator.Options topts = new Translator.Options(options.overrides(), options.library(), options.maxStates())
        .withProfile(options.profile()).withReference(options.reference())
        .withRanHook(options.vacuity() && options.cost() == null); // vacuity warnings: which paths ran
    if (options.cost() != null) {
      topts = topts.withCosts(options.profile()).withWorkload(options.cost().workload(), options.cost().prices());
    }
    Translator.Result tr = Translator.translate(file, topts);
    long translateMs = (System.nanoTime() - t0) / 1_000_000;
    String display = Translator.display(file);
    if (!tr.ok()) {
      return new Run(CheckReport.of(display, CheckReport.INFLIGHT, null, Verdict.BAD_INPUT, null, tr.diagnostics(), List.of(), null,
          null, TlcStatistics.unknown(), List.of(), List.of(), translateMs, 0), null, null);
    }
    Emitted emitted = tr.emitted();
    SourceMap map = emitted.sourceMap();
    List<String> pools = pools(map);
    PropertyChoice.Result choice = PropertyChoice.of(map.properties(), options.selection().check(), options.selection().skip());
    if (choice.error() != null) {
      return new Run(CheckReport.of(display, CheckReport.INFLIGHT, map.model(), Verdict.BAD_INPUT, choice.error(), tr.diagnostics(),
          map.properties(), null, null, TlcStatistics.unknown(), pools, List.of(), translateMs, 0), null, null);
    }
    if (deadline != null && System.nanoTime() >= deadline) {
      return new Run(CheckReport.of(display, CheckReport.INFLIGHT, map.model(), Verdict.INCOMPLETE,
          incompleteMessage(TlcOutcome.IncompleteReason.TIMEOUT) + " (the time ran out while translating)", tr.diagnostics(),
          map.properties(), null, null, TlcStatistics.unknown(), pools, List.of(), translateMs, 0), null, null);
    }
    Path dir = null;
    boolean temp = options.keepDir() == null;
    Thread cleanup = null;
    try {
      dir = temp ? Files.createTempDirectory("inflight-") : Files.createDirectories(options.keepDir());
      if (temp) {
        // Ctrl-C runs shutdown hooks, not finally blocks: remove the generated files then too.
        Path d = dir;
        cleanup = new Thread(() -> deleteTree(d), "inflight-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
      }
      Translator.write(emitted, dir, !temp); // the source map is in memory; a kept directory gets its file
      TlcOptions tlc = TlcOptions.defaults().withWorkers(options.workers());
      if (temp) {
        tlc = tlc.withOrphanCleanup(List.of(dir)); // TLC removes it too if Inflight is killed
      } else {
        tlc = tlc.withKeepDir(dir.resolve("tlc"));
      }
      List<String> extraArgs = new ArrayList<>();
      if (map.properties().stream().anyMatch(p -> p.kind().equals("hang") || p.kind().equals("eventually"))) {
        // Temporal properties once, on the whole state graph, instead of again and again on the
        // part explored so far (TLC's default): about half the time on the larger examples.
        extraArgs.addAll(List.of("-lncheck", "final"));
      }
      tlc = tlc.withExtraArgs(extraArgs);
      if (options.progress() != null) {
        tlc = tlc.withLiveProgress(LIVE_PROGRESS);
      }
      if (options.cost() != null) {
        return costRun(display, tr, map, pools, dir, tlc, deadline, translateMs);
      }
      CheckReport report = check(display, tr, map, pools, dir, tlc, choice.chosen(), deadline, translateMs);
      return new Run(report, null, null);
    } catch (IOException e) {
      return new Run(CheckReport.of(display, CheckReport.INFLIGHT, map.model(), Verdict.INTERNAL_ERROR, "cannot run TLC: " + e.getMessage(),
          tr.diagnostics(), map.properties(), null, null, TlcStatistics.unknown(), pools, List.of(), translateMs, 0), null, null);
    } finally {
      if (temp && dir != null) {
        deleteTree(dir);
      }
      if (cleanup != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
          // the hook runs anyway
        }
      }
    }
  }

  /** A plain check: every violated property of the chosen ones (PropertyRuns), then vacuity warnings. */
  private CheckReport check(String display, Translator.Result tr, SourceMap map, List<String> pools, Path dir, TlcOptions tlc,
      java.util.Set<String> chosen, Long deadline, long translateMs) throws IOException {
    Emitted emitted = tr.emitted();
    String module = emitted.moduleName();
    int[] n = {0};
    PropertyRuns.Outcome o = new PropertyRuns(map, emitted.cfg(), chosen, options.selection().all(), options.maxStates(), deadline,
        new dev.inflight.driver.trace.eval.TraceEvaluator(emitted))
        .withSymmetry(options.symmetry())
        .withFaultsReached(options.vacuity())
        .run((cfg, timeout) -> {
          String name = module + (n[0]++ == 0 ? "" : "_" + n[0]) + ".cfg";
          if (options.vacuity() && n[0] == 1) {
            // Vacuity needs the paths that ran, and only of a model that holds: that is the
            // first run or none. The module's Ran hook, turned on here, has TLC print each path
            // the first time it takes a step (translator emit/RanHook); TLC's -coverage, which
            // told the same, cost about a quarter more CPU (bench/RESULTS.md, "Fixed costs").
            cfg = cfg + dev.inflight.translator.emit.RanHook.CFG_OVERRIDE;
          }
          Files.writeString(dir.resolve(name), cfg);
          TlcOptions t = timeout == null ? tlc : tlc.withTimeout(timeout);
          return new TlcRunner(t).run(dir, module + ".tla", name, options.progress());
        });
    CheckReport report = new CheckReport(display, CheckReport.INFLIGHT, map.model(), o.verdict(), o.message(), tr.diagnostics(),
        map.properties(), o.violations(), o.verdicts(), o.statistics(), pools, List.of(), translateMs, o.tlcMillis(),
        o.lastSymmetric() ? symmetry(map) : List.of());
    if (options.vacuity() && report.verdict() == Verdict.HOLDS && o.lastResult() != null) {
      report = report.withWarnings(Vacuity.find(map, PathsRun.of(map, o.lastResult().unframedLines())));
    }
    return report;
  }

  /** A cost run: one TLC run that explores every behaviour, then the latencies it printed or dumped. */
  private Run costRun(String display, Translator.Result tr, SourceMap map, List<String> pools, Path dir, TlcOptions tlc,
      Long deadline, long translateMs) throws IOException {
    Emitted emitted = tr.emitted();
    String module = emitted.moduleName();
    CostRequest cost = options.cost();
    // Latency bounds are judged on the samples, so TLC explores every behaviour instead of
    // stopping at the first slow one.
    // Exhaustive: CostProbe prints each distinct completion (one worker keeps the lines of a
    // print together). Random behaviours: they walk the state graph TLC dumps.
    String cfg = module + "_cost.cfg";
    boolean walks = cost.simulate() != null;
    Files.writeString(dir.resolve(cfg), CostRuns.config(emitted.cfg(), map, !walks));
    if (walks) {
      List<String> extra = new ArrayList<>(tlc.extraArgs());
      extra.addAll(List.of("-dump", "dot,actionlabels", dir.resolve("graph").toString()));
      tlc = tlc.withExtraArgs(extra);
    } else {
      tlc = tlc.withWorkers(1);
    }
    if (deadline != null) {
      tlc = tlc.withTimeout(java.time.Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime())));
    }
    long t1 = System.nanoTime();
    TlcResult result = new TlcRunner(tlc).run(dir, module + ".tla", cfg, options.progress());
    long tlcMs = (System.nanoTime() - t1) / 1_000_000;
    CheckReport report = interpret(display, tr.diagnostics(), map, result, pools, translateMs, tlcMs, options.maxStates(),
        new dev.inflight.driver.trace.eval.TraceEvaluator(emitted));
    CostSamples samples = null;
    TraceMapper names = new TraceMapper(map);
    Path graph = dir.resolve("graph.dot");
    if (report.verdict() == Verdict.INCOMPLETE) {
      samples = null;
    } else if (cost.simulate() == null) {
      samples = CostSamples.fromPrints(result.unframedLines(), map, names::displayOf, cost.describe());
    } else {
      samples = Files.exists(graph) ? CostSamples.fromGraph(StateGraph.read(graph), cost, map, names::displayOf) : null;
    }
    return new Run(report, samples, map.cost());
  }

  /** The model's symmetric sets as the report names them: `rx: 2 threads`, `sock: 3 objects`. */
  static List<String> symmetry(SourceMap map) {
    return map.symmetry() == null ? List.of() : map.symmetry().sets().stream()
        .map(s -> s.name() + ": " + s.size() + (s.kind().equals("thread") ? " threads" : " objects")).toList();
  }

  static List<String> pools(SourceMap map) {
    List<String> out = new ArrayList<>();
    for (SourceMap.Struct s : map.structs()) {
      out.add(s.name() + ": " + s.bound() + " object" + (s.bound() == 1 ? "" : "s") + (s.boundDerived() ? " (derived)" : ""));
    }
    return out;
  }

  /** Turns TLC's verdict into ours; public for tests that replay recorded TLC output. */
  public static CheckReport interpret(String file, List<Diagnostic> diags, SourceMap map, TlcResult result,
      List<String> pools, long translateMs, long tlcMs) {
    return interpret(file, diags, map, result, pools, translateMs, tlcMs, null);
  }

  /**
   * As above, for a run limited by {@code --max-states} (null: no limit). A limited run that
   * reached the limit explored only part of the state space, so "no error found" means
   * incomplete, never "holds".
   */
  public static CheckReport interpret(String file, List<Diagnostic> diags, SourceMap map, TlcResult result,
      List<String> pools, long translateMs, long tlcMs, Long maxStates) {
    return interpret(file, diags, map, result, pools, translateMs, tlcMs, maxStates, null);
  }

  /** As above, telling each step of a label action as the path it took ({@code attribution}, null: by its label). */
  public static CheckReport interpret(String file, List<Diagnostic> diags, SourceMap map, TlcResult result,
      List<String> pools, long translateMs, long tlcMs, Long maxStates, dev.inflight.driver.trace.PathAttribution attribution) {
    TraceMapper mapper = new TraceMapper(map, attribution);
    TlcOutcome o = result.outcome();
    SourceMap.Property undefined = o instanceof TlcOutcome.EvaluationError ee ? Undefined.property(map, ee) : null;
    TlcStatistics stats = result.statistics();
    List<SourceMap.Property> props = map.properties();
    Verdict verdict;
    String message = null;
    SourceMap.Property violated = null;
    DslTrace trace = null;
    if (o instanceof TlcOutcome.Success) {
      boolean limited = maxStates != null && stats.distinct() >= maxStates;
      verdict = limited ? Verdict.INCOMPLETE : Verdict.HOLDS;
      if (limited) {
        message = limitMessage(maxStates) + reached(stats);
      }
    } else if (o instanceof TlcOutcome.InvariantViolated iv) {
      violated = property(map, iv.invariant());
      trace = mapper.map(result, violated);
      verdict = violated != null && "bound".equals(violated.kind()) ? Verdict.INCOMPLETE : Verdict.VIOLATED;
      if (verdict == Verdict.INCOMPLETE) {
        message = trace.summary();
      }
    } else if (o instanceof TlcOutcome.InvariantViolatedInitial iv) {
      violated = property(map, iv.invariant());
      trace = mapper.map(result, violated);
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.Deadlock) {
      violated = props.stream().filter(p -> p.kind().equals("deadlock")).findFirst().orElse(null);
      trace = mapper.map(result, violated);
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.LivenessViolated) {
      // TLC does not say which temporal property the lasso violates: no_hang when a thread it
      // watches never finishes on it, else the `eventually` properties.
      SourceMap.Property hang = props.stream().filter(p -> p.kind().equals("hang")).findFirst().orElse(null);
      List<SourceMap.Property> live = props.stream().filter(p -> p.kind().equals("eventually")).toList();
      if (hang != null && (live.isEmpty() || !mapper.hungThreads(result, hang).isEmpty())) {
        violated = hang;
      } else {
        violated = live.size() == 1 ? live.get(0)
            : new SourceMap.Property(String.join(" or ", live.stream().map(SourceMap.Property::name).toList()), null, "eventually", null, null,
                "one of these `eventually` properties");
      }
      trace = mapper.map(result, violated);
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.Incomplete inc) {
      verdict = Verdict.INCOMPLETE;
      message = incompleteMessage(inc.reason()) + reached(stats);
    } else if (o instanceof TlcOutcome.EvaluationError ee && overflow(ee)) {
      // the model's own numbers went past TLC's: a limit of the checker, like a model bound
      verdict = Verdict.INCOMPLETE;
      message = overflowMessage(map, ee);
    } else if (undefined != null) {
      // an invariant that reads a field of null or divides by 0 does not hold in that state
      violated = undefined;
      trace = mapper.map(result, violated);
      verdict = Verdict.VIOLATED;
    } else {
      verdict = Verdict.INTERNAL_ERROR;
      message = failureMessage(map, o);
    }
    return CheckReport.of(file, CheckReport.INFLIGHT, map.model(), verdict, message, diags, props, violated, trace, stats, pools,
        List.of(), translateMs, tlcMs);
  }

  /** How TLC begins the message of an arithmetic result outside its integers (32 bits, signed). */
  static final String OVERFLOW = "Overflow when computing ";

  /** Whether TLC stopped on a sum or product outside its integers, in a step or a property. */
  static boolean overflow(TlcOutcome.EvaluationError ee) {
    return Undefined.cause(ee.message()).startsWith(OVERFLOW);
  }

  /** An integer overflow: the step or property, the sum or product, and what to do. */
  static String overflowMessage(SourceMap map, TlcOutcome.EvaluationError ee) {
    String what = Undefined.cause(ee.message()).substring(OVERFLOW.length()).strip();
    SourceMap.Property in = Undefined.property(map, ee);
    String where = in == null ? where(map, ee.locations())
        : " (in `" + in.name() + "`" + (in.loc() == null ? "" : " at " + TraceMapper.where(in.loc())) + ")";
    return "integer overflow: `" + what + "` is outside TLC's integers (-2147483648 to 2147483647)" + where
        + ", so the run stopped there; use smaller numbers (a smaller constant, costs in a larger unit)";
  }

  /** Why TLC failed on a generated module, with TLC's own words and the DSL step it was in. */
  static String failureMessage(SourceMap map, TlcOutcome o) {
    if (o instanceof TlcOutcome.EvaluationError ee) {
      return "TLC could not evaluate the generated module: " + tlcWords(ee.message()) + where(map, ee.locations());
    }
    return "TLC rejected the generated module (" + o.kind() + "): " + tlcWords(describe(o));
  }

  /** `--max-states` reached: what that means. */
  static String limitMessage(long maxStates) {
    return "stopped at the --max-states limit of " + String.format(java.util.Locale.ROOT, "%,d", maxStates)
        + " distinct states: no violation among the states explored, but not every behaviour was explored";
  }

  /** `: 1,234 distinct states, depth 9, 56 on the queue when it stopped`, from what TLC last reported. */
  static String reached(TlcStatistics s) {
    if (s.distinct() < 0) {
      return "";
    }
    StringBuilder b = new StringBuilder(" (reached ").append(String.format(java.util.Locale.ROOT, "%,d", s.distinct()))
        .append(" distinct states");
    if (s.depth() >= 0) {
      b.append(", depth ").append(s.depth());
    }
    if (s.leftOnQueue() >= 0) {
      b.append(", ").append(String.format(java.util.Locale.ROOT, "%,d", s.leftOnQueue())).append(" still to explore");
    }
    return b.append(")").toString();
  }

  /** Why a run stopped before exploring every state, in words (shared with TlaChecker). */
  static String incompleteMessage(TlcOutcome.IncompleteReason reason) {
    return switch (reason) {
      case TIMEOUT -> "timed out before exploring every state";
      case STATE_LIMIT -> "TLC stopped: the state space is too large";
      case OUT_OF_MEMORY -> "TLC ran out of memory";
      case STACK_OVERFLOW -> "TLC ran out of stack (the module nests deeper than TLC's "
          + TlcRunner.THREAD_STACK.substring("-Xss".length()) + " thread stack: a smaller model, fewer declarations or shorter steps, fits)";
      default -> "TLC stopped early (" + reason.name().toLowerCase().replace('_', ' ') + ")";
    };
  }

  private static SourceMap.Property property(SourceMap map, String tla) {
    return TraceMapper.property(map, tla);
  }

  private static String describe(TlcOutcome o) {
    if (o instanceof TlcOutcome.ParseError p) {
      return p.text();
    }
    if (o instanceof TlcOutcome.ConfigError c) {
      return c.text();
    }
    if (o instanceof TlcOutcome.TlcFailure f) {
      return f.text();
    }
    if (o instanceof TlcOutcome.AssertionFailed a) {
      return a.message();
    }
    return o.toString();
  }

  /** TLC's message without its boilerplate ("TLC threw an unexpected exception. …"), on one line. */
  static String tlcWords(String s) {
    if (s == null) {
      return "";
    }
    List<String> keep = new ArrayList<>();
    for (String line : s.strip().split("\n")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("TLC threw an unexpected exception") || l.startsWith("This was probably caused by")
          || l.startsWith("See the User Output") || l.matches("The exception was a [\\w.$]+")) {
        continue;
      }
      keep.add(l.startsWith(": ") ? l.substring(2) : l);
    }
    String joined = String.join(" ", keep);
    return joined.isEmpty() ? s.strip() : joined;
  }

  private static String where(SourceMap map, List<dev.inflight.driver.tlc.TlaLocation> locs) {
    for (dev.inflight.driver.tlc.TlaLocation l : locs) {
      for (SourceMap.Action a : map.actions()) {
        if (a.tlaFirstLine() != null && a.tlaFirstLine() <= l.beginLine() && l.beginLine() <= a.tlaLastLine()) {
          return " (in the step at " + TraceMapper.where(a.primary()) + ")";
        }
      }
    }
    return "";
  }

  static void deleteTree(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort: a temp dir left behind is harmless
    }
  }
}

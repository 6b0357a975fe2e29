package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlaLocation;
import dev.inflight.driver.tlc.TlcCoverage;
import dev.inflight.driver.tlc.TlcLasso;
import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.SourceMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a hand-written TLA+ module with TLC and reports it like a model: the same verdicts and
 * exit codes (a violation is 1; a parse, configuration or evaluation error in the spec is bad
 * input, 2; an incomplete run 3), with the counterexample in TLA+ terms: each step names the action
 * TLC took (with its place in the module) and the variables it changed.
 */
public final class TlaChecker {
  private static final Pattern CFG_SECTION = Pattern.compile(
      "\\b(INVARIANTS?|PROPERTY|PROPERTIES|CONSTANTS?|CONSTRAINTS?|ACTION_CONSTRAINTS?|SPECIFICATION|INIT|NEXT|SYMMETRY|VIEW|"
          + "CHECK_DEADLOCK|POSTCONDITION|ALIAS)\\b");

  private final CheckOptions options;

  public TlaChecker(CheckOptions options) {
    this.options = options;
  }

  /** True for files `inflight check` hands to TLC as they are. */
  public static boolean isTla(Path file) {
    return file.getFileName() != null && file.getFileName().toString().endsWith(".tla");
  }

  public CheckReport check(Path spec) {
    String display = Translator.display(spec);
    String fileName = spec.getFileName().toString();
    String module = fileName.substring(0, fileName.length() - ".tla".length());
    if (!Files.isRegularFile(spec)) {
      return bad(display, module, Files.exists(spec) ? "`" + display + "` is not a file" : "cannot read `" + display + "`: no such file");
    }
    Path cfg = options.config() != null ? options.config() : spec.resolveSibling(module + ".cfg");
    if (!Files.isRegularFile(cfg)) {
      return bad(display, module, options.config() != null ? "cannot read the configuration `" + Translator.display(cfg) + "`"
          : "no `" + module + ".cfg` beside `" + display + "`: write one, or name it with --config FILE");
    }
    String cfgText;
    List<String> specLines;
    try {
      cfgText = Files.readString(cfg, StandardCharsets.UTF_8);
      specLines = Files.readAllLines(spec, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return bad(display, module, "cannot read `" + display + "`: " + e.getMessage());
    }
    List<SourceMap.Property> props = properties(cfgText, specLines, display);
    Path dir = spec.toAbsolutePath().getParent();
    TlcOptions tlc = TlcOptions.defaults().withWorkers(options.workers());
    if (options.timeout() != null) {
      tlc = tlc.withTimeout(options.timeout());
    }
    if (options.keepDir() != null) {
      tlc = tlc.withKeepDir(options.keepDir().toAbsolutePath());
    }
    List<String> extra = new ArrayList<>();
    if (options.vacuity()) {
      extra.addAll(List.of("-coverage", "60"));
    }
    tlc = tlc.withExtraArgs(extra);
    if (options.progress() != null) {
      tlc = tlc.withLiveProgress(ModelChecker.LIVE_PROGRESS);
    }
    long t0 = System.nanoTime();
    TlcResult result;
    try {
      result = new TlcRunner(tlc).run(dir, fileName, cfg.toAbsolutePath().toString(), options.progress());
    } catch (IOException e) {
      return CheckReport.of(display, CheckReport.TLA, module, Verdict.INTERNAL_ERROR, "cannot run TLC: " + e.getMessage(),
          List.of(), props, null, null, dev.inflight.driver.tlc.TlcStatistics.unknown(), List.of(), List.of(), 0, 0);
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    return interpret(display, module, specLines, props, result, ms, options.maxStates(), options.vacuity());
  }

  private static CheckReport bad(String display, String module, String message) {
    return CheckReport.of(display, CheckReport.TLA, module, Verdict.BAD_INPUT, message, List.of(), List.of(), null, null,
        dev.inflight.driver.tlc.TlcStatistics.unknown(), List.of(), List.of(), 0, 0);
  }

  /** TLC's verdict in our terms; public for tests that replay recorded output. */
  public static CheckReport interpret(String display, String module, List<String> specLines, List<SourceMap.Property> props,
      TlcResult result, long tlcMs, Long maxStates, boolean vacuity) {
    TlcOutcome o = result.outcome();
    Verdict verdict;
    String message = null;
    SourceMap.Property violated = null;
    if (o instanceof TlcOutcome.Success) {
      boolean limited = maxStates != null && result.statistics().distinct() >= maxStates;
      verdict = limited ? Verdict.INCOMPLETE : Verdict.HOLDS;
    } else if (o instanceof TlcOutcome.InvariantViolated iv) {
      violated = find(props, iv.invariant(), "invariant");
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.InvariantViolatedInitial iv) {
      violated = find(props, iv.invariant(), "invariant");
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.Deadlock) {
      violated = find(props, "deadlock", "deadlock");
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.LivenessViolated) {
      List<SourceMap.Property> temporal = props.stream().filter(p -> p.kind().equals("property")).toList();
      violated = temporal.size() == 1 ? temporal.get(0)
          : new SourceMap.Property(temporal.isEmpty() ? "temporal property"
              : String.join(" or ", temporal.stream().map(SourceMap.Property::name).toList()), null, "property", null, null,
              "a temporal property");
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.ActionPropertyViolated ap) {
      violated = find(props, ap.property(), "property");
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.AssertionFailed af) {
      violated = new SourceMap.Property("assertion", null, "assertion", null, null, "Assert failed: " + af.message());
      verdict = Verdict.VIOLATED;
    } else if (o instanceof TlcOutcome.ParseError pe) {
      verdict = Verdict.BAD_INPUT;
      message = "SANY rejected the module:\n" + pe.text().strip();
    } else if (o instanceof TlcOutcome.ConfigError ce) {
      verdict = Verdict.BAD_INPUT;
      message = "TLC rejected the configuration: " + ce.text().strip();
    } else if (o instanceof TlcOutcome.EvaluationError ee) {
      verdict = Verdict.BAD_INPUT;
      message = "TLC could not evaluate the spec: " + ee.message().strip()
          + (ee.locations().isEmpty() ? "" : " (at " + display + ":" + ee.locations().get(ee.locations().size() - 1).beginLine() + ")");
    } else if (o instanceof TlcOutcome.Incomplete inc) {
      verdict = Verdict.INCOMPLETE;
      message = ModelChecker.incompleteMessage(inc.reason());
    } else {
      verdict = Verdict.INTERNAL_ERROR;
      message = "TLC failed: " + (o instanceof TlcOutcome.TlcFailure f ? f.text().strip() : o.toString());
    }
    if (verdict == Verdict.INCOMPLETE && message == null) {
      message = "stopped at the --max-states limit of " + maxStates + " distinct states";
    }
    DslTrace trace = null;
    if (!result.trace().isEmpty() && verdict == Verdict.VIOLATED) {
      trace = trace(result, violated, display, specLines);
    }
    List<Warning> warnings = List.of();
    if (vacuity && verdict == Verdict.HOLDS) {
      warnings = actionsNeverTaken(TlcCoverage.of(result.messages()), specLines, display);
    }
    return CheckReport.of(display, CheckReport.TLA, module, verdict, message, List.of(), props, violated, trace,
        result.statistics(), List.of(), warnings, 0, tlcMs);
  }

  private static SourceMap.Property find(List<SourceMap.Property> props, String name, String kind) {
    return props.stream().filter(p -> p.name().equals(name)).findFirst()
        .orElse(new SourceMap.Property(name, name, kind, null, null, kind + " " + name));
  }

  /** The properties a .cfg asks TLC to check: its invariants, temporal properties, and deadlock unless disabled. */
  static List<SourceMap.Property> properties(String cfg, List<String> specLines, String display) {
    String text = cfg.replaceAll("\\\\\\*[^\n]*", "").replaceAll("(?s)\\(\\*.*?\\*\\)", "");
    List<SourceMap.Property> out = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    Matcher m = CFG_SECTION.matcher(text);
    List<int[]> sections = new ArrayList<>();
    List<String> names = new ArrayList<>();
    while (m.find()) {
      sections.add(new int[] {m.start(), m.end()});
      names.add(m.group(1));
    }
    boolean deadlock = true;
    for (int i = 0; i < sections.size(); i++) {
      String body = text.substring(sections.get(i)[1], i + 1 < sections.size() ? sections.get(i + 1)[0] : text.length()).strip();
      String kw = names.get(i);
      if (kw.startsWith("INVARIANT") || kw.startsWith("PROPER")) {
        boolean inv = kw.startsWith("INVARIANT");
        for (String n : body.split("\\s+")) {
          if (!n.isEmpty() && seen.add(n)) {
            out.add(new SourceMap.Property(n, n, inv ? "invariant" : "property", null, definition(n, specLines, display),
                (inv ? "invariant " : "temporal property ") + n));
          }
        }
      } else if (kw.equals("CHECK_DEADLOCK") && body.toUpperCase().startsWith("FALSE")) {
        deadlock = false;
      }
    }
    if (deadlock) {
      out.add(new SourceMap.Property("deadlock", null, "deadlock", null, null, "some state has no successor"));
    }
    return out;
  }

  /** Where `Name ==` (or `Name(args) ==`) is defined in the module, or null. */
  static SourceMap.Loc definition(String name, List<String> lines, String display) {
    Pattern def = Pattern.compile("^\\s*" + Pattern.quote(name) + "\\s*(\\([^)]*\\))?\\s*==");
    for (int i = 0; i < lines.size(); i++) {
      if (def.matcher(lines.get(i)).find()) {
        int col = lines.get(i).indexOf(name) + 1;
        return new SourceMap.Loc(display, i + 1, col, i + 1, col + name.length(), lines.get(i));
      }
    }
    return null;
  }

  /** The counterexample in TLA+ terms: the action of each step (as the `thread`), where it is, what changed. */
  static DslTrace trace(TlcResult result, SourceMap.Property violated, String display, List<String> lines) {
    List<TlcState> states = new ArrayList<>(result.trace());
    if (result.lasso() instanceof TlcLasso.BackToState b && b.closing(states) != null) {
      states.add(b.closing(states)); // the step back to state N (DslTrace#loopFrom)
    }
    List<DslStep> steps = new ArrayList<>();
    for (int i = 0; i < states.size(); i++) {
      TlcState cur = states.get(i);
      List<DslStep.Change> changes = new ArrayList<>();
      if (i == 0) {
        for (Map.Entry<String, TlcValue> e : cur.vars().entrySet()) {
          changes.add(DslStep.Change.variable(e.getKey(), null, e.getValue().render()));
        }
        steps.add(new DslStep(cur.index(), null, null, null, List.of(), List.of(), changes, null));
        continue;
      }
      TlcState prev = states.get(i - 1);
      for (Map.Entry<String, TlcValue> e : cur.vars().entrySet()) {
        TlcValue before = prev.get(e.getKey());
        if (!Objects.equals(before, e.getValue())) {
          changes.add(DslStep.Change.variable(e.getKey(), before == null ? "?" : before.render(), e.getValue().render()));
        }
      }
      SourceMap.Loc loc = loc(cur.actionLocation(), display, lines);
      steps.add(new DslStep(cur.index(), cur.action(), cur.action(), loc, List.of(), List.of(), changes, null));
    }
    Integer loopFrom = result.lasso() instanceof TlcLasso.BackToState b ? b.stateIndex() : null;
    boolean stutters = result.lasso() instanceof TlcLasso.Stuttering;
    String summary;
    if (violated == null) {
      summary = "violated";
    } else {
      summary = switch (violated.kind()) {
        case "invariant" -> "invariant " + violated.name() + " is false in state " + result.trace().size();
        case "deadlock" -> "deadlock: state " + result.trace().size() + " has no successor";
        case "assertion" -> violated.description();
        case "property" -> loopFrom != null ? violated.name() + " fails on a behaviour that loops back to state " + loopFrom
            : stutters ? violated.name() + " fails on a behaviour that stutters after state " + result.trace().size()
                : violated.name() + " is violated";
        default -> violated.name() + " is violated";
      };
    }
    return new DslTrace(violated, summary, steps, loopFrom, stutters, List.of());
  }

  private static SourceMap.Loc loc(TlaLocation l, String display, List<String> lines) {
    if (l == null) {
      return null;
    }
    String text = l.beginLine() >= 1 && l.beginLine() <= lines.size() ? lines.get(l.beginLine() - 1) : null;
    return new SourceMap.Loc(display, l.beginLine(), l.beginColumn(), l.endLine(), l.endColumn(), text);
  }

  private static final Pattern COVERED_ACTION = Pattern.compile("^\\s*(\\w+)");

  /** A passing spec whose Next has a disjunct TLC never took. */
  static List<Warning> actionsNeverTaken(TlcCoverage coverage, List<String> lines, String display) {
    List<Warning> out = new ArrayList<>();
    if (coverage == null) {
      return out;
    }
    coverage.actions().forEach((name, counts) -> {
      if (!counts.fired() && COVERED_ACTION.matcher(name).find()) {
        out.add(new Warning(Warning.STATEMENT_NEVER_REACHED, "action " + name + " was never taken: no reachable state enables it",
            definition(name, lines, display)));
      }
    });
    return out;
  }
}

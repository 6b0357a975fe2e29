package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.TlaChecker;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.report.JsonReport;
import dev.inflight.driver.report.JunitReport;
import dev.inflight.driver.report.ProgressLine;
import dev.inflight.driver.report.RunResult;
import dev.inflight.driver.report.SarifReport;
import dev.inflight.driver.report.SummaryTable;
import dev.inflight.driver.report.TextReport;
import dev.inflight.translator.Translator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight check FILE|DIR...`: translate, run TLC, report in DSL terms (or TLA+ terms for a .tla). */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Check models exhaustively with TLC and report each verdict, with a counterexample in the model's terms.",
        "A directory is searched for *.ifl models; a .tla file is checked as plain TLA+ with the .cfg beside it."},
    footer = {"", "With several models the exit code is the highest of their codes.",
        "",
        "Formats: text (default), json (docs/output-formats.md), junit (JUnit XML), sarif (SARIF 2.1.0).",
        "  --output FILE writes --format's document (else the format the extension names: .json, .xml, .sarif)",
        "  to FILE, and the terminal keeps the text report. --output FORMAT:FILE writes FORMAT to FILE and",
        "  leaves --format on stdout. --output is repeatable."})
final class CheckCommand implements Callable<Integer> {
  enum Progress { auto, always, never }

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Mixin
  RunOptions run;

  @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Model files (.ifl), TLA+ modules (.tla), or directories to search for .ifl files.")
  List<Path> files;

  @Option(names = "--keep", paramLabel = "DIR", description = "Keep the generated module, .cfg, source map and TLC's files in DIR.")
  Path keep;

  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "text, json, junit or sarif (default: text).")
  OutputTargets.Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "[FORMAT:]FILE",
      description = "Write the report to FILE (repeatable); the terminal then shows the text report.")
  List<String> outputs = new ArrayList<>();

  @Option(names = "--check", paramLabel = "NAME,...", split = ",",
      description = "Check only these properties (built-in checks, invariants, eventually properties).")
  List<String> checkOnly = new ArrayList<>();

  @Option(names = "--skip", paramLabel = "NAME,...", split = ",", description = "Do not check these properties.")
  List<String> skip = new ArrayList<>();

  @Option(names = "--fail-fast",
      description = "Stop at the first violation: report one counterexample per model and skip the models after a failing one.")
  boolean failFast;

  @Option(names = "--expect",
      description = "Compare each model's verdict with its `// expect:` line (holds, violated PROPERTY, incomplete): "
          + "exit 0 when every model gives what it expects, 1 when one does not (CI over models that show bugs).")
  boolean expect;

  @Option(names = {"-j", "--jobs"}, paramLabel = "N", defaultValue = "1",
      description = "Check N models at once, each in its own TLC process (default: ${DEFAULT-VALUE}).")
  int jobs;

  @Option(names = "--shard", paramLabel = "I/N",
      description = "Check only shard I of N of the models (every N-th, in path order), for CI matrix jobs; see `inflight merge`.")
  String shard;

  @Option(names = {"-q", "--quiet"}, description = "No progress line.")
  boolean quiet;

  @Option(names = "--progress", paramLabel = "WHEN", defaultValue = "auto",
      description = "Progress line on stderr: auto (when stderr is a terminal), always, never (default: ${DEFAULT-VALUE}).")
  Progress progress;

  @Option(names = "--no-vacuity", description = "Do not warn about parts of a passing model that never ran.")
  boolean noVacuity;

  @Option(names = "--reference", description = "Check with the statement-level reference translation (every statement its own step; "
      + "slower): cross-checks a verdict (docs/semantics.md).")
  boolean reference;

  /** `--symmetry`: whether runs without temporal properties may use the model's symmetry. */
  enum Symmetry { on, off }

  @Option(names = "--symmetry", paramLabel = "on|off", defaultValue = "on",
      description = "Reduce by the symmetry of thread arrays and object pools in runs without temporal properties "
          + "(no_hang, eventually): on or off (default: ${DEFAULT-VALUE}; docs/semantics.md, \"Symmetry\").")
  Symmetry symmetry;

  @Option(names = "--config", paramLabel = "FILE", description = "For a .tla file: the TLC configuration (default: the .cfg beside it).")
  Path config;

  @Option(names = "--profile", paramLabel = "P", description = "Machine profile for `latency` bounds: a name in specs/profiles/ or a .cost file (default: the model's `profile`).")
  String profile;

  @Option(names = "--sweep", paramLabel = "K=RANGE", description = "Check once per value of const K (K=1..5 or K=1,2,8) and print a table of verdicts.")
  String sweep;

  @Override
  public Integer call() {
    if (keep != null && Files.exists(keep) && !Files.isDirectory(keep)) {
      throw usage("--keep needs a directory, but `" + keep + "` is a file");
    }
    if (jobs < 1) {
      throw usage("--jobs must be at least 1");
    }
    CheckOptions opts = run.apply(CheckOptions.defaults()).withOverrides(common.overrides)
        .withVacuity(!noVacuity).withConfig(config).withProfile(profile)
        .withSelection(new CheckOptions.Selection(checkOnly, skip, !failFast)).withReference(reference)
        .withSymmetry(symmetry == Symmetry.on);
    List<OutputTargets.Target> targets = OutputTargets.parse(outputs, format, this::usage);
    List<Path> models = ModelFiles.expand(files, this::usage);
    if (shard != null) {
      int[] s = ModelFiles.shard(shard, this::usage);
      models = ModelFiles.shardOf(models, s[0], s[1]);
    }
    checkConfig(models);
    if (expect && (failFast || sweep != null)) {
      throw usage("--expect compares every model with its `// expect:` line, so it cannot be combined with "
          + (failFast ? "--fail-fast" : "--sweep"));
    }
    if (sweep != null) {
      return sweep(models, opts);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // An --output without a FORMAT: prefix takes --format's document to its file, and the terminal
    // keeps the text; with only prefixed outputs, --format still goes to stdout.
    boolean redirected = outputs.stream().anyMatch(o -> OutputTargets.prefix(o) == null);
    OutputTargets.Format stdoutFormat = format != null && !redirected ? format : OutputTargets.Format.text;
    boolean showProgress = !quiet && (progress == Progress.always || (progress == Progress.auto && Terminal.stderrIsTerminal()));
    ProgressLine line = showProgress ? new ProgressLine(err, models.size()) : null;

    RunResult result = runAll(models, opts, line, stdoutFormat == OutputTargets.Format.text ? out : null, err);
    java.io.StringWriter expected = new java.io.StringWriter();
    int exit = expect ? Expectations.compare(models, result, new PrintWriter(expected)) : result.exitCode();

    if (stdoutFormat == OutputTargets.Format.text) {
      if (result.reports().size() + result.skipped().size() > 1) {
        if (result.reports().stream().anyMatch(r -> r.verdict() != Verdict.BAD_INPUT)) {
          out.println();
        }
        out.print(SummaryTable.render(result, exit));
      }
      out.print(expected);
    } else {
      out.print(OutputTargets.render(stdoutFormat, result));
      err.print(expected);
      err.flush();
    }
    out.flush();
    String failed = OutputTargets.write(targets, result);
    if (failed != null) {
      err.println("error: " + failed);
      err.flush();
      return Math.max(exit, ExitCodes.BAD_INPUT);
    }
    return exit;
  }

  /** `--config` names a .cfg for plain TLA+ models: it must exist, and there must be one. */
  private void checkConfig(List<Path> models) {
    if (config == null) {
      return;
    }
    if (models.stream().noneMatch(TlaChecker::isTla)) {
      throw usage("--config applies to .tla modules only, and no .tla file is given (a .ifl model has its own configuration)");
    }
    if (!Files.isRegularFile(config)) {
      throw usage("--config `" + config + "`: no such file");
    }
  }

  /** `--sweep K=…`: the model checked once per value of K, one table row each. */
  private int sweep(List<Path> models, CheckOptions opts) {
    Sweep sw = Sweep.parse(sweep, this::usage);
    if (models.size() != 1) {
      throw usage("--sweep takes one model");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<CheckReport> reports = new ArrayList<>();
    int exit = 0;
    for (String v : sw.values()) {
      java.util.Map<String, String> o = new java.util.LinkedHashMap<>(common.overrides);
      o.put(sw.name(), v);
      CheckReport r = new ModelChecker(opts.withOverrides(o)).check(models.get(0));
      if (r.verdict() == Verdict.BAD_INPUT) {
        TextReport.print(r, new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose());
      }
      reports.add(r);
      exit = Math.max(exit, r.verdict().exitCode);
    }
    out.print(SweepTable.check(sw, reports));
    out.flush();
    return exit;
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  private RunResult runAll(List<Path> models, CheckOptions opts, ProgressLine line, PrintWriter textOut, PrintWriter err) {
    int n = models.size();
    CheckReport[] reports = new CheckReport[n];
    boolean[] skipped = new boolean[n];
    ExecutorService pool = jobs > 1 ? Executors.newFixedThreadPool(Math.min(jobs, n), r -> {
      Thread t = new Thread(r, "inflight-check");
      t.setDaemon(true);
      return t;
    }) : null;
    try {
      List<Future<CheckReport>> futures = new ArrayList<>();
      if (pool != null) {
        for (int i = 0; i < n; i++) {
          int k = i;
          futures.add(pool.submit(() -> checkOne(models.get(k), k, n, opts, line)));
        }
      }
      boolean stop = false;
      int printed = 0;
      for (int i = 0; i < n; i++) {
        if (stop) {
          skipped[i] = true;
          if (pool != null) {
            futures.get(i).cancel(true);
          }
          continue;
        }
        CheckReport got;
        if (pool == null) {
          got = checkOne(models.get(i), i, n, opts, line);
        } else {
          try {
            got = futures.get(i).get();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
          } catch (CancellationException e) {
            skipped[i] = true;
            continue;
          } catch (ExecutionException e) {
            got = CheckReport.internalError(Translator.display(models.get(i)), CheckReport.INFLIGHT, String.valueOf(e.getCause()));
          }
        }
        CheckReport r = got;
        reports[i] = r;
        if (line != null) {
          line.finish(name(models.get(i)), r);
        }
        boolean separate = r.verdict() != Verdict.BAD_INPUT && printed++ > 0; // bad input prints only on stderr
        Runnable print = () -> {
          if (textOut != null) {
            if (separate) {
              textOut.println();
            }
            TextReport.print(r, textOut, err, common.verbose());
          } else if (!r.diagnostics().isEmpty() || (r.verdict() == Verdict.BAD_INPUT && r.message() != null)) {
            // Machine formats on stdout: the diagnostics still go to stderr for the human reading the log.
            TextReport.print(r, new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose());
          }
        };
        if (line != null) {
          line.above(print);
        } else {
          print.run();
        }
        if (failFast && r.verdict() != Verdict.HOLDS) {
          stop = true;
        }
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    List<CheckReport> done = new ArrayList<>();
    List<String> notRun = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (reports[i] != null) {
        done.add(reports[i]);
      } else if (skipped[i]) {
        notRun.add(Translator.display(models.get(i)));
      }
    }
    return new RunResult(done, notRun);
  }

  private CheckReport checkOne(Path model, int index, int total, CheckOptions opts, ProgressLine line) {
    CheckOptions o = keep == null ? opts : opts.withKeepDir(total == 1 ? keep : keep.resolve("model" + (index + 1)));
    if (line != null) {
      o = o.withProgress(line.listener(name(model), System.currentTimeMillis()));
    }
    boolean tla = TlaChecker.isTla(model);
    try {
      return tla ? new TlaChecker(o).check(model) : new ModelChecker(o).check(model);
    } catch (Throwable t) {
      // One model's crash is that model's verdict: the others are still checked, and JSON, JUnit
      // and SARIF are still written.
      java.io.StringWriter trace = new java.io.StringWriter();
      int code = Crash.report(t, common.verbose(), new PrintWriter(trace));
      spec.commandLine().getErr().print(trace);
      String message = trace.toString().lines().findFirst().orElse("internal error").replaceFirst("^error: (internal error: )?", "");
      CheckReport r = CheckReport.internalError(Translator.display(model), tla ? CheckReport.TLA : CheckReport.INFLIGHT, message);
      return code == ExitCodes.INCOMPLETE ? CheckReport.of(r.file(), r.language(), null, Verdict.INCOMPLETE, message, List.of(),
          List.of(), null, null, r.statistics(), List.of(), List.of(), 0, 0) : r;
    }
  }

  /** What the progress line calls a model: its file name without the extension. */
  private static String name(Path model) {
    return model.getFileName() == null ? model.toString() : model.getFileName().toString().replaceFirst("\\.(ifl|tla)$", "");
  }
}

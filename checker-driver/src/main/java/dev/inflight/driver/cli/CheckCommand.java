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
    footer = {"", "Exit codes:",
        "  0  all properties hold",
        "  1  a property is violated",
        "  2  bad input or usage",
        "  3  incomplete (timeout, state limit, model bound exceeded, out of memory)",
        "  4  internal error",
        "With several models the exit code is the highest of their codes.",
        "",
        "Formats: text (default), json (docs/output-formats.md), junit (JUnit XML), sarif (SARIF 2.1.0).",
        "  --output FILE writes --format's document (else the format the extension names: .json, .xml, .sarif)",
        "  to FILE, and the terminal keeps the text report. --output FORMAT:FILE writes FORMAT to FILE and",
        "  leaves --format on stdout. --output is repeatable."})
final class CheckCommand implements Callable<Integer> {
  enum Format { text, json, junit, sarif }

  enum Progress { auto, always, never }

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Model files (.ifl), TLA+ modules (.tla), or directories to search for .ifl files.")
  List<Path> files;

  @Option(names = "--workers", paramLabel = "N|auto", defaultValue = "1",
      description = "TLC worker threads (default: ${DEFAULT-VALUE}; on 2 cores 1 is usually fastest).")
  String workers;

  @Option(names = "--timeout", paramLabel = "SECONDS", description = "Stop TLC after this many seconds (exit 3).")
  Long timeout;

  @Option(names = "--max-states", paramLabel = "N", description = "Stop exploring after N distinct states (exit 3 if the limit was hit).")
  Long maxStates;

  @Option(names = "--keep", paramLabel = "DIR", description = "Keep the generated module, .cfg, source map and TLC's files in DIR.")
  Path keep;

  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "text, json, junit or sarif (default: text).")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "[FORMAT:]FILE",
      description = "Write the report to FILE (repeatable); the terminal then shows the text report.")
  List<String> outputs = new ArrayList<>();

  @Option(names = "--fail-fast", description = "Stop at the first model that does not hold; the rest are reported as skipped.")
  boolean failFast;

  @Option(names = {"-j", "--jobs"}, paramLabel = "N", defaultValue = "1",
      description = "Check N models at once, each in its own TLC process (default: ${DEFAULT-VALUE}).")
  int jobs;

  @Option(names = {"-q", "--quiet"}, description = "No progress line.")
  boolean quiet;

  @Option(names = "--progress", paramLabel = "WHEN", defaultValue = "auto",
      description = "Progress line on stderr: auto (when it is a terminal), always, never (default: ${DEFAULT-VALUE}).")
  Progress progress;

  @Option(names = "--no-vacuity", description = "Do not warn about parts of a passing model that never ran.")
  boolean noVacuity;

  @Option(names = "--reference", description = "Check with the statement-level reference translation (every statement its own step; "
      + "slower): cross-checks a verdict (docs/semantics.md).")
  boolean reference;

  @Option(names = "--config", paramLabel = "FILE", description = "For a .tla file: the TLC configuration (default: the .cfg beside it).")
  Path config;

  @Option(names = "--profile", paramLabel = "P", description = "Machine profile for `latency` bounds: a name in specs/profiles/ or a .cost file (default: the model's `profile`).")
  String profile;

  @Option(names = "--sweep", paramLabel = "K=RANGE", description = "Check once per value of const K (K=1..5 or K=1,2,8) and print a table of verdicts.")
  String sweep;

  /** One output destination. */
  record Target(Format format, Path file) {}

  @Override
  public Integer call() {
    int w = parseWorkers();
    if (timeout != null && timeout < 1) {
      throw usage("--timeout must be at least 1 second");
    }
    if (keep != null && Files.exists(keep) && !Files.isDirectory(keep)) {
      throw usage("--keep needs a directory, but `" + keep + "` is a file");
    }
    if (maxStates != null && maxStates < 1) {
      throw usage("--max-states must be at least 1");
    }
    if (jobs < 1) {
      throw usage("--jobs must be at least 1");
    }
    List<Target> targets = targets();
    List<Path> models = expand();
    CheckOptions opts = CheckOptions.defaults().withOverrides(common.overrides).withWorkers(w)
        .withTimeout(timeout == null ? null : Duration.ofSeconds(timeout)).withMaxStates(maxStates)
        .withVacuity(!noVacuity).withConfig(config).withProfile(profile).withReference(reference);
    if (sweep != null) {
      return sweep(models, opts);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // An --output without a FORMAT: prefix takes --format's document to its file, and the terminal
    // keeps the text; with only prefixed outputs, --format still goes to stdout.
    boolean redirected = outputs.stream().anyMatch(o -> prefix(o) == null);
    Format stdoutFormat = format != null && !redirected ? format : Format.text;
    boolean showProgress = !quiet && (progress == Progress.always || (progress == Progress.auto && System.console() != null));
    ProgressLine line = showProgress ? new ProgressLine(err, models.size()) : null;

    RunResult run = runAll(models, opts, line, stdoutFormat == Format.text ? out : null, err);

    if (stdoutFormat == Format.text) {
      if (run.reports().size() + run.skipped().size() > 1) {
        if (run.reports().stream().anyMatch(r -> r.verdict() != Verdict.BAD_INPUT)) {
          out.println();
        }
        out.print(SummaryTable.render(run));
      }
    } else {
      out.print(render(stdoutFormat, run));
    }
    out.flush();
    for (Target t : targets) {
      try {
        if (t.file().toAbsolutePath().getParent() != null) {
          Files.createDirectories(t.file().toAbsolutePath().getParent());
        }
        Files.writeString(t.file(), render(t.format(), run), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("error: cannot write `" + t.file() + "`: " + e.getMessage());
        err.flush();
        return Math.max(run.exitCode(), ExitCodes.BAD_INPUT);
      }
    }
    return run.exitCode();
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
        TextReport.print(r, new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose);
      }
      reports.add(r);
      exit = Math.max(exit, r.verdict().exitCode);
    }
    out.print(SweepTable.check(sw, reports));
    out.flush();
    return exit;
  }

  private int parseWorkers() {
    int w;
    if (workers.equals("auto")) {
      w = Runtime.getRuntime().availableProcessors();
    } else {
      try {
        w = Integer.parseInt(workers);
      } catch (NumberFormatException e) {
        throw usage("--workers takes a number or `auto`, not `" + workers + "`");
      }
      if (w < 1) {
        throw usage("--workers must be at least 1");
      }
    }
    return w;
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  /** The --output destinations with their formats. */
  private List<Target> targets() {
    List<Target> out = new ArrayList<>();
    for (String o : outputs) {
      Format f = prefix(o);
      String file = f == null ? o : o.substring(o.indexOf(':') + 1);
      if (f == null) {
        f = format != null ? format : byExtension(file);
      }
      if (file.isEmpty()) {
        throw usage("--output needs a file name");
      }
      Path p = Path.of(file);
      if (Files.isDirectory(p)) {
        throw usage("--output needs a file, but `" + file + "` is a directory");
      }
      out.add(new Target(f, p));
    }
    return out;
  }

  /** The format of `FORMAT:FILE`, or null when there is no (known) prefix. */
  private static Format prefix(String output) {
    int colon = output.indexOf(':');
    if (colon <= 0) {
      return null;
    }
    try {
      return Format.valueOf(output.substring(0, colon).toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException notAFormat) {
      return null;
    }
  }

  private static Format byExtension(String file) {
    String f = file.toLowerCase(Locale.ROOT);
    if (f.endsWith(".json") && !f.endsWith(".sarif.json")) {
      return Format.json;
    }
    if (f.endsWith(".sarif") || f.endsWith(".sarif.json")) {
      return Format.sarif;
    }
    if (f.endsWith(".xml")) {
      return Format.junit;
    }
    return Format.text;
  }

  /** The files to check: directories replaced by the .ifl files under them, in path order. */
  private List<Path> expand() {
    List<Path> out = new ArrayList<>();
    for (Path f : files) {
      if (Files.isDirectory(f)) {
        try (Stream<Path> s = Files.walk(f)) {
          List<Path> found = s.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".ifl"))
              .sorted().toList();
          if (found.isEmpty()) {
            throw usage("no .ifl models under `" + f + "`");
          }
          out.addAll(found);
        } catch (IOException e) {
          throw usage("cannot read the directory `" + f + "`: " + e.getMessage());
        }
      } else {
        out.add(f);
      }
    }
    return out;
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
        CheckReport r;
        if (pool == null) {
          r = checkOne(models.get(i), i, n, opts, line);
        } else {
          try {
            r = futures.get(i).get();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
          } catch (CancellationException e) {
            skipped[i] = true;
            continue;
          } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
          }
        }
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
            TextReport.print(r, textOut, err, common.verbose);
          } else if (!r.diagnostics().isEmpty() || (r.verdict() == Verdict.BAD_INPUT && r.message() != null)) {
            // Machine formats on stdout: the diagnostics still go to stderr for the human reading the log.
            TextReport.print(r, new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose);
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
    return TlaChecker.isTla(model) ? new TlaChecker(o).check(model) : new ModelChecker(o).check(model);
  }

  /** What the progress line calls a model: its file name without the extension. */
  private static String name(Path model) {
    return model.getFileName() == null ? model.toString() : model.getFileName().toString().replaceFirst("\\.(ifl|tla)$", "");
  }

  static String render(Format f, RunResult run) {
    return switch (f) {
      case json -> JsonReport.render(run);
      case junit -> JunitReport.render(run);
      case sarif -> SarifReport.render(run);
      case text -> {
        StringBuilder b = new StringBuilder();
        for (CheckReport r : run.reports()) {
          if (b.length() > 0) {
            b.append('\n');
          }
          b.append(TextReport.render(r, false));
        }
        if (run.reports().size() + run.skipped().size() > 1) {
          b.append('\n').append(SummaryTable.render(run));
        }
        yield b.toString();
      }
    };
  }
}

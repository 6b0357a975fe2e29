package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.TlaChecker;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.check.Violation;
import dev.inflight.driver.report.CheckDocument;
import dev.inflight.driver.report.JsonReport;
import dev.inflight.driver.report.TextReport;
import dev.inflight.driver.report.TraceChart;
import dev.inflight.translator.Translator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight trace FILE --format html|svg|dot`: a counterexample as a sequence chart. */
@Command(name = "trace", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Draw a counterexample as a sequence chart: threads as lanes, each object's lifetime as a bar from alloc to"
        + " free with its refcount values, the faulting step highlighted and the violated property in the last row.",
        "With --from, the chart comes from a saved result (inflight check --output json:FILE) and TLC does not run;"
            + " otherwise the model is checked first.",
        "The chart goes to standard output unless -o names a file."},
    footer = {"", "The exit code is that of `inflight check` for the model (1 when there is a counterexample to draw)."})
final class TraceCommand implements Callable<Integer> {
  enum Format { html, svg, dot }

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Mixin
  RunOptions run;

  @Parameters(arity = "0..1", paramLabel = "FILE",
      description = "The model (.ifl) or TLA+ module (.tla) to check; with --from, which model of the result (file or model name).")
  Path file;

  @Option(names = "--from", paramLabel = "RESULT.json", description = "Draw from a saved JSON result instead of checking again.")
  Path from;

  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "html", description = "html, svg or dot (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the chart to FILE (default: standard output).")
  Path output;

  @Option(names = "--property", paramLabel = "NAME", description = "Which violated property's counterexample (default: the first).")
  String property;

  @Option(names = "--expand", description = "Show steps inside library functions and their locals as they are, not collapsed.")
  boolean expand;

  @Option(names = "--config", paramLabel = "FILE", description = "For a .tla file: the TLC configuration.")
  Path config;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (from == null && file == null) {
      throw usage("give a model FILE to check, or --from RESULT.json");
    }
    if (output != null) {
      String why = OutputTargets.unwritable(output);
      if (why != null) {
        throw usage("cannot write `" + output + "`: " + why);
      }
    }
    CheckReport r = from != null ? saved() : checked(err);
    if (r == null) {
      return ExitCodes.BAD_INPUT;
    }
    Violation v = violation(r);
    if (v == null || v.trace() == null) {
      if (from == null) {
        TextReport.print(r, new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose());
      }
      if (r.verdict() == Verdict.HOLDS) {
        err.println("no counterexample to draw: every property holds");
      } else if (property != null && r.verdict() == Verdict.VIOLATED) {
        throw usage("`" + property + "` is not violated in this result; violated: "
            + String.join(", ", r.violations().stream().map(x -> x.property().name()).toList()));
      } else {
        err.println("no counterexample to draw: " + (r.message() != null ? r.message() : r.verdict().meaning));
      }
      err.flush();
      return r.verdict().exitCode;
    }
    String name = r.model() != null ? r.model() : "model";
    boolean bound = "bound".equals(v.property().kind());
    String title = (CheckReport.TLA.equals(r.language()) ? "module " : "model ") + name + ": "
        + (bound ? "model bound exceeded" : "VIOLATED " + v.property().name());
    TraceChart chart = TraceChart.of(title, v.trace(), expand);
    String text = switch (format) {
      case html -> chart.html();
      case svg -> chart.svg();
      case dot -> chart.dot();
    };
    if (output == null) {
      out.print(text);
      out.flush();
    } else {
      try {
        Files.writeString(output, text, StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("error: cannot write `" + output + "`: " + OutputTargets.reason(e));
        err.flush();
        return ExitCodes.BAD_INPUT;
      }
      err.println("wrote " + output + ": " + v.trace().summary());
      err.flush();
    }
    return r.verdict().exitCode;
  }

  /** The violation to draw: --property's, or the first. */
  private Violation violation(CheckReport r) {
    for (Violation v : r.violations()) {
      if (property == null || property.equals(v.property().name())) {
        return v;
      }
    }
    return null;
  }

  /** The model's report from the saved result; null (after a message) when it cannot be read or chosen. */
  private CheckReport saved() {
    CheckDocument doc;
    try {
      if (!Files.isRegularFile(from)) {
        throw usage("--from `" + from + "`: no such file");
      }
      doc = JsonReport.read(from);
    } catch (IOException e) {
      throw usage("--from `" + from + "`: " + e.getMessage());
    }
    List<CheckDocument.Model> models = doc.models();
    if (file != null) {
      String wanted = file.toString();
      String display = Translator.display(file);
      models = models.stream().filter(m -> m.file().equals(wanted) || m.file().equals(display) || wanted.equals(m.model())).toList();
      if (models.isEmpty()) {
        throw usage("--from `" + from + "` has no model `" + wanted + "`; it has: "
            + String.join(", ", doc.models().stream().map(CheckDocument.Model::file).toList()));
      }
    } else {
      List<CheckDocument.Model> traced = models.stream().filter(m -> m.violations() != null && !m.violations().isEmpty()).toList();
      if (traced.size() > 1) {
        throw usage("--from `" + from + "` has counterexamples of several models: name one (FILE): "
            + String.join(", ", traced.stream().map(CheckDocument.Model::file).toList()));
      }
      models = traced.isEmpty() ? models : traced;
    }
    if (models.isEmpty()) {
      throw usage("--from `" + from + "` holds no model");
    }
    return models.get(0).toReport();
  }

  /** Checks the model now. */
  private CheckReport checked(PrintWriter err) {
    int missing = MissingFiles.report(List.of(file), err);
    if (missing != 0) {
      return null;
    }
    CheckOptions opts = run.apply(CheckOptions.defaults()).withOverrides(common.overrides).withVacuity(false).withConfig(config);
    return TlaChecker.isTla(file) ? new TlaChecker(opts).check(file) : new ModelChecker(opts).check(file);
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}

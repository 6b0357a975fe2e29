package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.TlaChecker;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.report.TextReport;
import dev.inflight.driver.report.TraceChart;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight trace FILE --format dot|svg|html`: the counterexample as a sequence chart. */
@Command(name = "trace", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Check a model and draw its counterexample as a sequence chart: threads as lanes, each object's "
        + "lifetime as a bar from alloc to free with its refcount values, the faulting step highlighted.",
        "svg needs Graphviz `dot` on PATH; without it the .dot file is written and the command to render it is printed."},
    footer = {"", "Exit codes: those of `inflight check` for the model (1 when there is a counterexample to draw)."})
final class TraceCommand implements Callable<Integer> {
  enum Format { dot, svg, html }

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(paramLabel = "FILE", description = "The model (.ifl) or TLA+ module (.tla).")
  Path file;

  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "html", description = "dot, svg or html (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Where to write the chart (default: MODEL-trace.FORMAT here).")
  Path output;

  @Option(names = "--timeout", paramLabel = "SECONDS", description = "Stop TLC after this many seconds (exit 3).")
  Long timeout;

  @Option(names = "--config", paramLabel = "FILE", description = "For a .tla file: the TLC configuration.")
  Path config;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (timeout != null && timeout < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--timeout must be at least 1 second");
    }
    CheckOptions opts = CheckOptions.defaults().withOverrides(common.overrides).withVacuity(false).withConfig(config)
        .withTimeout(timeout == null ? null : Duration.ofSeconds(timeout));
    CheckReport r = TlaChecker.isTla(file) ? new TlaChecker(opts).check(file) : new ModelChecker(opts).check(file);
    if (r.trace() == null) {
      TextReport.print(r, out, err, common.verbose);
      if (r.verdict() == Verdict.HOLDS) {
        out.println("no counterexample to draw: every property holds");
      }
      out.flush();
      return r.verdict().exitCode;
    }
    String name = r.model() != null ? r.model() : "model";
    String title = (CheckReport.TLA.equals(r.language()) ? "module " : "model ") + name + ": "
        + (r.violated() == null ? "counterexample" : (r.verdict() == Verdict.VIOLATED ? "VIOLATED " : "") + r.violated().name());
    TraceChart chart = TraceChart.of(title, r.trace());
    Path target = output != null ? output : Path.of(name + "-trace." + format.name());
    if (target.toAbsolutePath().getParent() != null) {
      Files.createDirectories(target.toAbsolutePath().getParent());
    }
    switch (format) {
      case html -> write(target, chart.html(), out);
      case dot -> write(target, chart.dot(), out);
      case svg -> {
        String dot = dotLookup.get();
        Path dotFile = target.resolveSibling(stripExt(target.getFileName().toString()) + ".dot");
        if (dot == null) {
          write(dotFile, chart.dot(), out);
          err.println("note: Graphviz `dot` is not on PATH, so no SVG was drawn; render the .dot with");
          err.println("  dot -Tsvg " + dotFile + " -o " + target);
          err.println("  (Graphviz: apt-get install graphviz, brew install graphviz), or use --format html, which needs nothing");
          err.flush();
        } else if (!renderSvg(dot, chart.dot(), target, err)) {
          write(dotFile, chart.dot(), out);
          return ExitCodes.INTERNAL_ERROR;
        } else {
          out.println("wrote " + target);
        }
      }
      default -> throw new IllegalStateException();
    }
    out.println(r.trace().summary());
    out.flush();
    return r.verdict().exitCode;
  }

  private static void write(Path target, String text, PrintWriter out) throws IOException {
    Files.writeString(target, text, StandardCharsets.UTF_8);
    out.println("wrote " + target);
  }

  private static String stripExt(String n) {
    int dot = n.lastIndexOf('.');
    return dot > 0 ? n.substring(0, dot) : n;
  }

  /** Finds Graphviz `dot`; tests replace it to exercise both the rendering and the fallback. */
  static java.util.function.Supplier<String> dotLookup = TraceCommand::findDot;

  /** The `dot` executable on PATH, or null. */
  static String findDot() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path p = Path.of(dir.isEmpty() ? "." : dir, "dot");
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p.toString();
      }
    }
    return null;
  }

  private static boolean renderSvg(String dot, String source, Path target, PrintWriter err) {
    try {
      Process p = new ProcessBuilder(List.of(dot, "-Tsvg", "-o", target.toString())).redirectErrorStream(true).start();
      p.getOutputStream().write(source.getBytes(StandardCharsets.UTF_8));
      p.getOutputStream().close();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        err.println("error: Graphviz `dot` did not finish within 60 s");
        return false;
      }
      if (p.exitValue() != 0) {
        err.println("error: Graphviz `dot` failed (exit " + p.exitValue() + "): " + log.strip());
        return false;
      }
      return true;
    } catch (IOException e) {
      err.println("error: cannot run Graphviz `dot`: " + e.getMessage());
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}

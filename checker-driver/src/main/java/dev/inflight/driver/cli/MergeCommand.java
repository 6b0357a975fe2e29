package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.report.CheckDocument;
import dev.inflight.driver.report.JsonReport;
import dev.inflight.driver.report.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight merge SHARD.json...`: the JSON results of several runs (CI shards) as one result, in any format. */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Merge the JSON results of several `inflight check` runs (the shards of a CI matrix, --shard I/N) into one"
        + " result, written as text, JSON, JUnit XML or SARIF like `inflight check` writes it.",
        "Each shard saves `--output json:shard-I.json`; a last job runs `inflight merge shard-*.json --output junit:… --output sarif:…`."},
    footer = {"", "The exit code is that of the merged result: the worst over all models of all shards."})
final class MergeCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "JSON results of `inflight check --output json:FILE`.")
  List<Path> results;

  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "text, json, junit or sarif on standard output (default: text).")
  OutputTargets.Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "[FORMAT:]FILE", description = "Write the merged result to FILE (repeatable).")
  List<String> outputs = new ArrayList<>();

  @Override
  public Integer call() {
    List<OutputTargets.Target> targets = OutputTargets.parse(outputs, format, this::usage);
    List<CheckReport> reports = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (Path p : results) {
      if (!Files.isRegularFile(p)) {
        throw usage("`" + p + "`: no such file");
      }
      try {
        CheckDocument d = JsonReport.read(p);
        RunResult r = d.toRun();
        reports.addAll(r.reports());
        skipped.addAll(r.skipped());
      } catch (IOException e) {
        throw usage("`" + p + "`: " + e.getMessage());
      }
    }
    RunResult merged = new RunResult(reports, skipped);
    PrintWriter out = spec.commandLine().getOut();
    boolean redirected = outputs.stream().anyMatch(o -> OutputTargets.prefix(o) == null);
    out.print(OutputTargets.render(format != null && !redirected ? format : OutputTargets.Format.text, merged));
    out.flush();
    String failed = OutputTargets.write(targets, merged);
    if (failed != null) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("error: " + failed);
      err.flush();
      return Math.max(merged.exitCode(), ExitCodes.BAD_INPUT);
    }
    return merged.exitCode();
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}

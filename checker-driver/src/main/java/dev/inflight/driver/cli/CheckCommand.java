package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.Verdict;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight check FILE...`: translate, run TLC, report in DSL terms. */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Check models exhaustively with TLC and report each verdict, with a counterexample in the model's terms.",
    footer = {"", "Exit codes:",
        "  0  all properties hold",
        "  1  a property is violated",
        "  2  bad input or usage",
        "  3  incomplete (timeout, state limit, model bound exceeded, out of memory)",
        "  4  internal error",
        "With several files the exit code is the highest of their codes."})
final class CheckCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Model files (.ifl).")
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

  @Override
  public Integer call() {
    int w;
    if (workers.equals("auto")) {
      w = Runtime.getRuntime().availableProcessors();
    } else {
      try {
        w = Integer.parseInt(workers);
      } catch (NumberFormatException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--workers takes a number or `auto`, not `" + workers + "`");
      }
      if (w < 1) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--workers must be at least 1");
      }
    }
    if (timeout != null && timeout < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--timeout must be at least 1 second");
    }
    if (keep != null && java.nio.file.Files.exists(keep) && !java.nio.file.Files.isDirectory(keep)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--keep needs a directory, but `" + keep + "` is a file");
    }
    if (maxStates != null && maxStates < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--max-states must be at least 1");
    }
    CheckOptions opts = CheckOptions.defaults().withOverrides(common.overrides).withWorkers(w)
        .withTimeout(timeout == null ? null : Duration.ofSeconds(timeout)).withMaxStates(maxStates);
    Verdict worst = Verdict.HOLDS;
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    for (int i = 0; i < files.size(); i++) {
      Path f = files.get(i);
      CheckOptions o = keep == null ? opts : opts.withKeepDir(files.size() == 1 ? keep : keep.resolve("model" + (i + 1)));
      CheckReport r = new ModelChecker(o).check(f);
      if (i > 0) {
        out.println();
      }
      TextReport.print(r, out, err, common.verbose);
      worst = worst.worst(r.verdict());
    }
    return worst.exitCode;
  }
}

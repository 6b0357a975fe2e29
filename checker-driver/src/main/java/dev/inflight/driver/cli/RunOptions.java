package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** How TLC runs, for every command that runs it (check, trace, cost, diff): one declaration of each option. */
final class RunOptions {
  @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
  CommandLine.Model.CommandSpec mixee;

  @Option(names = "--workers", paramLabel = "N|auto", defaultValue = "1",
      description = "TLC worker threads (default: ${DEFAULT-VALUE}; on 2 cores 1 is usually fastest).")
  String workers;

  @Option(names = "--timeout", paramLabel = "SECONDS",
      description = "Stop after this many seconds in all, translation included (exit 3).")
  Long timeout;

  @Option(names = "--max-states", paramLabel = "N", description = "Stop exploring after N distinct states (exit 3 if the limit was hit).")
  Long maxStates;

  /** {@code base} with these options, after checking their values (a usage error otherwise). */
  CheckOptions apply(CheckOptions base) {
    if (timeout != null && timeout < 1) {
      throw usage("--timeout must be at least 1 second");
    }
    if (maxStates != null && maxStates < 1) {
      throw usage("--max-states must be at least 1");
    }
    return base.withWorkers(workers()).withTimeout(timeout == null ? null : Duration.ofSeconds(timeout)).withMaxStates(maxStates);
  }

  private int workers() {
    if (workers.equals("auto")) {
      return Runtime.getRuntime().availableProcessors();
    }
    int w;
    try {
      w = Integer.parseInt(workers);
    } catch (NumberFormatException e) {
      throw usage("--workers takes a number or `auto`, not `" + workers + "`");
    }
    if (w < 1) {
      throw usage("--workers must be at least 1");
    }
    return w;
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(mixee.commandLine(), message);
  }
}

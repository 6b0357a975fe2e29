package dev.inflight.driver.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Options every subcommand takes. */
final class CommonOptions {
  @Option(names = {"-v", "--verbose"}, description = "Show TLA+ action names in traces and stack traces on internal errors.")
  boolean verbose;

  @Option(names = "--set", paramLabel = "K=V", description = "Override a const of the model, e.g. --set CPUS=3 (repeatable).")
  Map<String, String> overrides = new LinkedHashMap<>();
}

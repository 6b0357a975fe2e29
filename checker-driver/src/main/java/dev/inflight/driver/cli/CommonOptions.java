package dev.inflight.driver.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Options of the subcommands that translate a model; `--verbose` comes from the root (every command inherits it). */
final class CommonOptions {
  @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
  CommandLine.Model.CommandSpec mixee;

  @Option(names = "--set", paramLabel = "K=V", description = "Override a const of the model, e.g. --set CPUS=3 (repeatable).")
  Map<String, String> overrides = new LinkedHashMap<>();

  /** `--verbose`, given before or after the subcommand. */
  boolean verbose() {
    return InflightCommand.verbose(mixee);
  }
}

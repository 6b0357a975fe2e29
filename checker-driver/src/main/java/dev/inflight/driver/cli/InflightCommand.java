package dev.inflight.driver.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * `inflight`: the root command; it only dispatches. Its subcommands are added by
 * {@link Main#commandLine(java.io.PrintWriter, java.io.PrintWriter, String...)}.
 */
@Command(name = "inflight",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Model checker frontend for Linux kernel object lifetimes:",
        "compiles an .ifl model to TLA+, checks it with TLC, and tells the result in the model's terms."},
    footer = {"", "Models may come from untrusted pull requests: they read only their own directory and specs/."})
public final class InflightCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Option(names = {"-v", "--verbose"}, scope = CommandLine.ScopeType.INHERIT,
      description = "Show TLA+ action names in traces, and stack traces on internal errors.")
  boolean verbose;

  /** Whether `--verbose` was given to the command of {@code spec} (or before it). */
  static boolean verbose(CommandLine.Model.CommandSpec spec) {
    CommandLine.Model.OptionSpec o = spec == null ? null : spec.findOption("--verbose");
    return o != null && Boolean.TRUE.equals(o.getValue());
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.BAD_INPUT;
  }
}

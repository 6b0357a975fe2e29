package dev.inflight.driver.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `inflight`: the root command; it only dispatches. */
@Command(name = "inflight",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Model checker frontend for Linux kernel object lifetimes:",
        "compiles an .ifl model to TLA+, checks it with TLC, and tells the result in the model's terms."},
    subcommands = {CheckCommand.class, CostCommand.class, DiffCommand.class, TraceCommand.class, TranslateCommand.class, LintCommand.class, InitCommand.class,
        CompletionCommand.class, CommandLine.HelpCommand.class},
    footer = {"", "Exit codes:",
        "  0  all properties hold",
        "  1  a property is violated",
        "  2  bad input or usage",
        "  3  incomplete (timeout, state limit, model bound exceeded, out of memory)",
        "  4  internal error"})
public final class InflightCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.BAD_INPUT;
  }
}

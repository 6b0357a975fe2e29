package dev.inflight.driver.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `inflight completion`: the bash/zsh completion script, from picocli's AutoComplete. */
@Command(name = "completion", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Print a bash (and zsh) completion script for inflight.",
        "Use: source <(inflight completion)   or save it to /etc/bash_completion.d/inflight"})
final class CompletionCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    CommandLine root = spec.root().commandLine();
    String script = AutoComplete.bash(root.getCommandName(), root);
    var out = spec.commandLine().getOut();
    out.print(script);
    out.flush();
    return ExitCodes.HOLDS;
  }
}

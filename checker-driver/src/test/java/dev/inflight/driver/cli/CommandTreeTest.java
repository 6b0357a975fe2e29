package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * A command line that starts with a self-contained subcommand gets a tree with only that one
 * (Main#commandLine): the subcommand must be the same command as in the whole tree.
 */
class CommandTreeTest {
  private static CommandLine tree(String... args) {
    return Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), args);
  }

  @ParameterizedTest
  @ValueSource(strings = {"check", "cost", "diff", "trace", "merge", "translate", "lint", "init"})
  void aSubcommandAloneIsTheSameCommand(String name) {
    CommandLine alone = tree(name, "--help");
    CommandLine whole = tree();
    assertThat(alone.getSubcommands()).containsOnlyKeys(name);
    CommandLine a = alone.getSubcommands().get(name);
    CommandLine w = whole.getSubcommands().get(name);
    assertThat(a.getUsageMessage(CommandLine.Help.Ansi.OFF)).isEqualTo(w.getUsageMessage(CommandLine.Help.Ansi.OFF));
    assertThat(a.getCommandSpec().qualifiedName()).isEqualTo("inflight " + name);
    assertThat(a.getCommandSpec().findOption("--verbose")).as("the root's inherited --verbose").isNotNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "--help", "help", "completion", "chek", "-v"})
  void anythingElseGetsTheWholeTree(String first) {
    CommandLine cl = first.isEmpty() ? tree() : tree(first);
    assertThat(cl.getSubcommands().keySet())
        .containsExactly("check", "cost", "diff", "trace", "merge", "translate", "lint", "init", "completion", "help");
  }
}

package dev.inflight.driver.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/** Entry point of the `inflight` command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    int code = run(args, out, err);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /**
   * Runs one command line and returns its exit code; whatever goes wrong inside (an exception, a
   * stack overflow, running out of memory) becomes a message and exit 3 or 4, never a stack trace.
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    try {
      return commandLine(out, err).execute(args);
    } catch (Throwable t) {
      // picocli hands exceptions to the handler below; errors (StackOverflowError, OutOfMemoryError) come here.
      return Crash.report(t, List.of(args).contains("--verbose") || List.of(args).contains("-v"), err);
    }
  }

  /** The whole command tree writing to the given streams, so tests can run it in-process. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    InflightCommand root = new InflightCommand();
    CommandLine cl = new CommandLine(root);
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    exitCodeHelp(cl);
    cl.setParameterExceptionHandler((ex, args) -> {
      PrintWriter e = ex.getCommandLine().getErr();
      e.println("error[usage]: " + dev.inflight.translator.diag.Text.clean(ex.getMessage()));
      e.println("  = help: see `" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help`");
      e.flush();
      return ExitCodes.BAD_INPUT;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) ->
        Crash.report(ex, parseResult.expandedArgs().contains("--verbose") || parseResult.expandedArgs().contains("-v"),
            commandLine.getErr()));
    return cl;
  }

  /** Every command's --help lists the exit codes, from the one enum that defines them. */
  private static void exitCodeHelp(CommandLine cl) {
    cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCodes.helpList());
    cl.getSubcommands().values().forEach(Main::exitCodeHelp);
  }
}

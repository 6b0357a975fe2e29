package dev.inflight.driver.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of the `inflight` command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    int code = commandLine(out, err).execute(args);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /** The whole command tree writing to the given streams, so tests can run it in-process. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    InflightCommand root = new InflightCommand();
    CommandLine cl = new CommandLine(root);
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setParameterExceptionHandler((ex, args) -> {
      PrintWriter e = ex.getCommandLine().getErr();
      e.println("error[usage]: " + ex.getMessage());
      e.println("  = help: see `" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help`");
      e.flush();
      return ExitCodes.BAD_INPUT;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter e = commandLine.getErr();
      boolean verbose = parseResult.expandedArgs().contains("--verbose") || parseResult.expandedArgs().contains("-v");
      e.println("error: internal error: " + ex);
      if (verbose) {
        ex.printStackTrace(e);
      } else {
        e.println("  = note: this is a bug in Inflight; run again with --verbose for the stack trace");
      }
      e.flush();
      return ExitCodes.INTERNAL_ERROR;
    });
    return cl;
  }
}

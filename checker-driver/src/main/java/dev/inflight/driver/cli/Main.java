package dev.inflight.driver.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
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
      return commandLine(out, err, args).execute(args);
    } catch (Throwable t) {
      // picocli hands exceptions to the handler below; errors (StackOverflowError, OutOfMemoryError) come here.
      return Crash.report(t, List.of(args).contains("--verbose") || List.of(args).contains("-v"), err);
    }
  }

  /**
   * The subcommands, in the order `inflight --help` lists them. {@link #SELF_CONTAINED} are those
   * that never look at their siblings (`completion` and `help` read the whole tree).
   */
  private static final Map<String, Supplier<Object>> SUBCOMMANDS = new LinkedHashMap<>();
  private static final List<String> SELF_CONTAINED = List.of("check", "cost", "diff", "trace", "merge", "translate", "lint", "init");

  static {
    SUBCOMMANDS.put("check", CheckCommand::new);
    SUBCOMMANDS.put("cost", CostCommand::new);
    SUBCOMMANDS.put("diff", DiffCommand::new);
    SUBCOMMANDS.put("trace", TraceCommand::new);
    SUBCOMMANDS.put("merge", MergeCommand::new);
    SUBCOMMANDS.put("translate", TranslateCommand::new);
    SUBCOMMANDS.put("lint", LintCommand::new);
    SUBCOMMANDS.put("init", InitCommand::new);
    SUBCOMMANDS.put("completion", CompletionCommand::new);
    SUBCOMMANDS.put("help", CommandLine.HelpCommand::new);
  }

  /** The whole command tree writing to the given streams, so tests can run it in-process. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    return commandLine(out, err, new String[0]);
  }

  /**
   * The command tree for the command line {@code args}: when it starts with a self-contained
   * subcommand, the root with only that one, since picocli reads every registered command's
   * annotations up front (a fifth of the CPU of `inflight translate` on a tutorial model,
   * bench/RESULTS.md "Fixed costs"); otherwise (no subcommand yet, `--help`, `help`,
   * `completion`, a misspelt name) the whole tree, as before. Parsing is the same either way:
   * picocli dispatches on the first argument that names a subcommand.
   */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err, String... args) {
    InflightCommand root = new InflightCommand();
    CommandLine cl = new CommandLine(root);
    if (args.length > 0 && SELF_CONTAINED.contains(args[0])) {
      cl.addSubcommand(args[0], SUBCOMMANDS.get(args[0]).get());
    } else {
      SUBCOMMANDS.forEach((name, make) -> cl.addSubcommand(name, make.get()));
    }
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    exitCodeHelp(cl);
    cl.setParameterExceptionHandler((ex, a) -> {
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

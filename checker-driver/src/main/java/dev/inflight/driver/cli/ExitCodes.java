package dev.inflight.driver.cli;

/** The process exit codes, as listed in `inflight --help`. */
public final class ExitCodes {
  private ExitCodes() {}

  public static final int HOLDS = 0;
  public static final int VIOLATED = 1;
  public static final int BAD_INPUT = 2;
  public static final int INCOMPLETE = 3;
  public static final int INTERNAL_ERROR = 4;

  static final String[] HELP_LIST = {
      "Exit codes:",
      "  0  all properties hold",
      "  1  a property is violated",
      "  2  bad input or usage",
      "  3  incomplete (timeout, state limit, model bound exceeded, out of memory)",
      "  4  internal error",
  };
}

package dev.inflight.driver.cli;

import dev.inflight.driver.check.Verdict;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The process exit codes: those of {@link Verdict}, the one enum that defines them. Every command's
 * `--help` lists them from there ({@link #helpList()}).
 */
public final class ExitCodes {
  private ExitCodes() {}

  public static final int HOLDS = Verdict.HOLDS.exitCode;
  public static final int VIOLATED = Verdict.VIOLATED.exitCode;
  public static final int BAD_INPUT = Verdict.BAD_INPUT.exitCode;
  public static final int INCOMPLETE = Verdict.INCOMPLETE.exitCode;
  public static final int INTERNAL_ERROR = Verdict.INTERNAL_ERROR.exitCode;

  /** Code → meaning, in order, for picocli's exit-code list. */
  static Map<String, String> helpList() {
    Map<String, String> m = new LinkedHashMap<>();
    for (Verdict v : Verdict.values()) {
      m.put(Integer.toString(v.exitCode), v == Verdict.VIOLATED ? v.meaning + " (cost, diff: or a latency bound)" : v.meaning);
    }
    return m;
  }
}

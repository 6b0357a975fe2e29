package dev.inflight.driver.check;

/** The outcome of checking one model, with the process exit code it maps to. */
public enum Verdict {
  HOLDS(0, "all properties hold"),
  VIOLATED(1, "a property is violated"),
  BAD_INPUT(2, "bad input or usage"),
  INCOMPLETE(3, "incomplete (timeout, state limit, model bound exceeded, out of memory)"),
  INTERNAL_ERROR(4, "internal error");

  public final int exitCode;
  public final String meaning;

  Verdict(int exitCode, String meaning) {
    this.exitCode = exitCode;
    this.meaning = meaning;
  }

  /** The worse of two verdicts: the higher exit code. */
  public Verdict worst(Verdict other) {
    return other.exitCode > exitCode ? other : this;
  }
}

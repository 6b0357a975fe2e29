package dev.inflight.translator.diag;

/**
 * The catalog of diagnostic codes. Codes are stable: tests, docs and users' scripts refer to
 * them, so a code is never renumbered or reused. docs/diagnostics.md lists them.
 */
public enum Code {
  // Input files (E00xx)
  FILE_NOT_FOUND("E0001"),
  NOT_A_FILE("E0002"),
  NOT_UTF8("E0003"),
  EMPTY_FILE("E0004"),
  FILE_UNREADABLE("E0005"),
  FILE_TOO_LARGE("E0006"),
  NOT_A_REGULAR_FILE("E0007"),
  LINK_OUT_OF_DIRECTORY("E0008"),

  // Syntax (E01xx)
  UNEXPECTED_TOKEN("E0100"),
  INVALID_CHARACTER("E0101"),
  NOT_ASSIGNABLE("E0102"),
  NOT_A_STATEMENT("E0103"),
  INTEGER_TOO_LARGE("E0104"),
  NESTING_TOO_DEEP("E0105"),
  UNTERMINATED("E0106"),

  // Names (E02xx)
  UNKNOWN_NAME("E0200"),
  DUPLICATE_DECLARATION("E0201"),
  UNKNOWN_STRUCT("E0202"),
  UNKNOWN_FIELD("E0203"),
  INCLUDE_NOT_FOUND("E0204"),
  UNKNOWN_CHECK("E0205"),
  ASSIGN_TO_CONST("E0206"),
  UNKNOWN_FUNCTION("E0207"),
  BAD_OVERRIDE("E0208"),
  MISPLACED_DECLARATION("E0209"),
  INCLUDE_OUTSIDE_TREE("E0210"),
  BAD_EXTENSION("E0211"),

  // Types (E03xx)
  TYPE_MISMATCH("E0300"),
  WRONG_ARITY("E0301"),
  NOT_A_REFCOUNT("E0302"),
  NOT_CONSTANT("E0303"),
  NOT_A_LOCK("E0304"),
  BAD_RELEASE_FN("E0305"),

  // Program structure (E04xx)
  RECURSION("E0400"),
  UNBOUNDED_LOOP("E0401"),
  LOOP_IN_ATOMIC("E0402"),
  RETURN_OUTSIDE_FN("E0403"),
  CALL_IN_EXPRESSION("E0404"),
  BAD_BOUND("E0405"),
  NO_THREADS("E0406"),
  LOOP_OUTSIDE_DAEMON("E0407"),
  NOT_IN_INIT("E0408"),
  SECOND_INIT("E0409"),
  TOO_LARGE_INLINED("E0410"),
  STEP_TOO_WIDE("E0411"),

  // Cost model (E05xx)
  NO_PROFILE("E0500"),
  PROFILE_NOT_FOUND("E0501"),
  UNKNOWN_COST("E0502"),
  UNKNOWN_OP("E0503"),
  WHEN_ON_SHARED_OP("E0504"),
  BAD_COST_VALUE("E0505"),
  UNKNOWN_WORKLOAD("E0506"),
  BAD_WORKLOAD_VALUE("E0507"),
  WORKLOAD_UNKNOWN_OP("E0508"),
  WORKLOAD_UNKNOWN_CONST("E0509"),
  EMPTY_WORKLOAD("E0510"),
  UNKNOWN_PRICE("E0511"),
  UNKNOWN_WORKLOAD_ENTRY("E0512"),

  // Warnings (W0xxx)
  UNUSED_FUNCTION("W0001"),
  DERIVED_BOUND("W0002"),
  READ_BEFORE_ASSIGN("W0003"),
  UNUSED_VARIABLE("W0004"),
  UNUSED_CONST("W0005"),
  WORK_NEVER_QUEUED("W0006"),
  SELF_INCLUDE("W0007"),
  DUPLICATE_CHECK("W0008");

  private final String id;

  Code(String id) {
    this.id = id;
  }

  /** The stable identifier printed as `error[E0200]`. */
  public String id() {
    return id;
  }

  /**
   * Whether the diagnostic leaves a file's text unknown: an input error (E00xx: not found, not
   * readable, not UTF-8 …) or a syntax error (E01xx), after which nothing the file declares is.
   */
  public boolean losesTheFile() {
    return id.startsWith("E00") || id.startsWith("E01");
  }
}

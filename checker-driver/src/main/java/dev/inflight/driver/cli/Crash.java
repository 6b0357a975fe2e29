package dev.inflight.driver.cli;

import java.io.PrintWriter;

/**
 * What the user sees when Inflight itself fails: one line and exit 4 (3 when memory ran out, an
 * incomplete run), the stack trace only with --verbose. Never the JVM's raw trace and exit 1,
 * which CI would read as "a property is violated".
 */
final class Crash {
  private Crash() {}

  static int report(Throwable t, boolean verbose, PrintWriter err) {
    if (t instanceof OutOfMemoryError) {
      err.println("error: Inflight ran out of memory (" + t.getMessage() + ")");
      err.println("  = help: give the JVM more memory, e.g. JAVA_TOOL_OPTIONS=-Xmx8g");
    } else if (t instanceof StackOverflowError) {
      err.println("error: internal error: the stack overflowed");
      err.println("  = note: this is a bug in Inflight (deep input should give E0105); run again with --verbose for the stack trace");
    } else {
      err.println("error: internal error: " + t);
      err.println("  = note: this is a bug in Inflight; run again with --verbose for the stack trace");
    }
    if (verbose) {
      t.printStackTrace(err);
    }
    err.flush();
    return t instanceof OutOfMemoryError ? ExitCodes.INCOMPLETE : ExitCodes.INTERNAL_ERROR;
  }
}

package dev.inflight.driver.check;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A model written into a test's temporary directory and checked in-process (this package's tests). */
final class CheckedModels {
  private CheckedModels() {}

  static CheckReport check(Path dir, String name, String text, CheckOptions options) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return new ModelChecker(options).check(f);
  }

  static CheckReport check(Path dir, String name, String text) throws IOException {
    return check(dir, name, text, CheckOptions.defaults());
  }

  /** What a failed assertion shows: the verdict, its message, the trace's summary and any diagnostics. */
  static String describe(CheckReport r) {
    return r.verdict() + " " + r.message() + (r.trace() == null ? "" : " / " + r.trace().summary())
        + (r.diagnostics().isEmpty() ? "" : " " + r.diagnostics());
  }
}

package dev.inflight.driver.cli;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Checks, before any work, that the files a command names exist: each missing one is an E0001. */
final class MissingFiles {
  private MissingFiles() {}

  /** Prints an E0001 for each missing file and returns 2, or returns 0 when all exist. */
  static int report(List<Path> files, PrintWriter err) {
    Diagnostics d = new Diagnostics();
    for (Path f : files) {
      if (!Files.exists(f)) {
        d.fileNotFound(Translator.display(f));
      }
    }
    if (d.all().isEmpty()) {
      return ExitCodes.HOLDS;
    }
    err.print(DiagnosticRenderer.renderAll(d.all()));
    err.flush();
    return ExitCodes.BAD_INPUT;
  }
}

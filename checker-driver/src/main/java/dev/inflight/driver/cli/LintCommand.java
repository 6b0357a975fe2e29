package dev.inflight.driver.cli;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.resolve.Library;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** `inflight lint FILE...`: every error and warning, without running TLC. */
@Command(name = "lint", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Report every error and warning in models without checking them (exit 0 when there are no errors, else 2).")
final class LintCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Model files (.ifl).")
  List<Path> files;

  @Override
  public Integer call() {
    int code = ExitCodes.HOLDS;
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    for (Path f : files) {
      Translator.Result r;
      try {
        r = Translator.translate(f, new Translator.Options(common.overrides, Library.standard(), null));
      } catch (Throwable t) {
        // One file's crash does not hide the other files' diagnostics.
        err.print(Translator.display(f) + ": ");
        code = Math.max(code, Crash.report(t, common.verbose(), err));
        continue;
      }
      if (!r.diagnostics().isEmpty()) {
        err.print(DiagnosticRenderer.renderAll(r.diagnostics()));
        err.flush();
      }
      if (r.ok()) {
        long warnings = r.diagnostics().size();
        int actions = r.emitted().sourceMap().actions().size();
        int kinds = r.emitted().sourceMap().threads().size();
        out.println(Translator.display(f) + ": ok (" + plural(kinds, "thread kind") + ", " + plural(actions, "action")
            + (warnings > 0 ? ", " + plural((int) warnings, "warning") : "") + ")");
      } else {
        long errors = r.diagnostics().stream().filter(d -> d.isError()).count();
        err.println(Translator.display(f) + ": " + plural((int) errors, "error"));
        err.flush();
        code = ExitCodes.BAD_INPUT;
      }
    }
    out.flush();
    return code;
  }

  static String plural(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }
}

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
@Command(name = "lint", mixinStandardHelpOptions = true,
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
      Translator.Result r = Translator.translate(f, new Translator.Options(common.overrides, Library.standard(), null));
      if (!r.diagnostics().isEmpty()) {
        err.print(DiagnosticRenderer.renderAll(r.diagnostics()));
        err.flush();
      }
      if (r.ok()) {
        long warnings = r.diagnostics().size();
        int actions = r.emitted().sourceMap().actions().size();
        out.println(Translator.display(f) + ": ok (" + r.emitted().sourceMap().threads().size() + " thread kinds, "
            + actions + " actions" + (warnings > 0 ? ", " + warnings + " warning" + (warnings == 1 ? "" : "s") : "") + ")");
      } else {
        code = ExitCodes.BAD_INPUT;
      }
    }
    out.flush();
    return code;
  }
}

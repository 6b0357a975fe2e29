package dev.inflight.driver.cli;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.resolve.Library;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight translate FILE -o DIR`: write the TLA+ module, .cfg and source map. */
@Command(name = "translate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Translate a model to a TLA+ module, its TLC .cfg and a .srcmap.json mapping it back to the model.")
final class TranslateCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(paramLabel = "FILE", description = "The model file (.ifl).")
  Path file;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Directory for the generated files.")
  Path outDir;

  @Override
  public Integer call() {
    if (java.nio.file.Files.exists(outDir) && !java.nio.file.Files.isDirectory(outDir)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "-o needs a directory, but `" + outDir + "` is a file");
    }
    Translator.Result r = Translator.translate(file, new Translator.Options(common.overrides, Library.standard(), null));
    var err = spec.commandLine().getErr();
    if (!r.diagnostics().isEmpty()) {
      err.print(DiagnosticRenderer.renderAll(r.diagnostics()));
      err.flush();
    }
    if (!r.ok()) {
      return ExitCodes.BAD_INPUT;
    }
    Path tla = Translator.write(r.emitted(), outDir);
    var out = spec.commandLine().getOut();
    String base = r.emitted().moduleName();
    out.println("wrote " + tla);
    out.println("wrote " + outDir.resolve(base + ".cfg"));
    out.println("wrote " + outDir.resolve(base + ".srcmap.json"));
    out.flush();
    return ExitCodes.HOLDS;
  }
}

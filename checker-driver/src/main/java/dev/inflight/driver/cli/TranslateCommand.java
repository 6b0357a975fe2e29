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
    out.println(byHand(base));
    out.flush();
    return ExitCodes.HOLDS;
  }

  /**
   * How to run TLC on the module by hand, with the heap settings `check` gives TLC: with the JVM's
   * default young generation TLC's heap grows far past what it keeps (1,285 against 240 MiB on
   * examples/seeds/unix_gc/async_wait.ifl, bench/RESULTS.md).
   */
  static String byHand(String base) {
    String jar = "inflight.jar";
    try {
      var src = TranslateCommand.class.getProtectionDomain().getCodeSource();
      Path p = src == null ? null : Path.of(src.getLocation().toURI());
      if (p != null && p.getFileName() != null && p.getFileName().toString().endsWith(".jar")) {
        jar = shellWord(p.toString());
      }
    } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
      // keep the placeholder
    }
    return "TLC by hand, in that directory: java -XX:+UseParallelGC " + dev.inflight.driver.tlc.TlcRunner.YOUNG_GENERATION + " -cp " + jar
        + " tlc2.TLC -workers 1 -config " + base + ".cfg " + base + ".tla";
  }

  /** {@code s} as one word of a POSIX shell command line: as it is when safe, else single-quoted. */
  static String shellWord(String s) {
    return s.matches("[\\w./+@%=:,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }
}

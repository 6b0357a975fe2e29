package dev.inflight.translator;

import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The example models under the repository's {@code examples/} directory, found by walking it, so
 * a new example is picked up by the example-driven tests without touching them. Paths are relative
 * to the translator module directory (Maven runs the tests there).
 */
final class ExampleModels {

  /** The repository's examples, seen from the translator module. */
  static final Path EXAMPLES = Path.of("../examples");

  /** The repository's model library, so includes do not depend on $INFLIGHT_SPECS. */
  static final Path SPECS = Path.of("../specs");

  private ExampleModels() {}

  /**
   * One example.
   *
   * @param file where it is on disk
   * @param relative its path inside {@code examples/}, with `/` separators (e.g. {@code tutorial/leak.ifl})
   */
  record Example(Path file, String relative) {

    /** The path shown to users and written into the outputs, e.g. {@code examples/tutorial/leak.ifl}. */
    String display() {
      return "examples/" + relative;
    }

    /** The relative path without {@code .ifl}, e.g. {@code tutorial/leak}. */
    String stem() {
      return relative.substring(0, relative.length() - ".ifl".length());
    }

    @Override
    public String toString() {
      return display();
    }
  }

  /** Every {@code .ifl} file under {@link #EXAMPLES}, sorted by relative path. */
  static List<Example> all() {
    try (Stream<Path> walk = Files.walk(EXAMPLES)) {
      return walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".ifl"))
          .map(p -> new Example(p, slashes(EXAMPLES.relativize(p))))
          .sorted(java.util.Comparator.comparing(Example::relative))
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Options with no overrides and the checkout's model library. */
  static Translator.Options options() {
    return new Translator.Options(Map.of(), Library.at(SPECS), null);
  }

  /**
   * Translates an example with its repo-relative display path and {@link #options()}. Computed once
   * per example and test JVM: GoldenTest, SanyAcceptsGeneratedModulesTest and RanHookTest each read
   * every example's default translation, and the large library examples take a second or more
   * each. A translation is a pure function of the files, and its result is read, never changed.
   */
  static Translator.Result translate(Example e) {
    return DEFAULT.computeIfAbsent(e, x -> translate(x, options()));
  }

  private static final Map<Example, Translator.Result> DEFAULT = new java.util.concurrent.ConcurrentHashMap<>();

  /** As above, with {@code options}. */
  static Translator.Result translate(Example e, Translator.Options options) {
    Diagnostics diags = new Diagnostics();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(e.file());
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
    SourceFile source = SourceLoader.decode(bytes, e.display(), diags);
    if (source == null) {
      return new Translator.Result(diags.all(), null, null);
    }
    return Translator.translate(source, e.file(), options, diags);
  }

  static String slashes(Path p) {
    return p.toString().replace('\\', '/');
  }
}

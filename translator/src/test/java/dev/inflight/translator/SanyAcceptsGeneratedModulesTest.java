package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.ExampleModels.Example;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.testing.Sany;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example's generated module, written with its .cfg and source map into a fresh directory,
 * passes SANY's parser and semantic analysis, and its root module is the one the translator named;
 * no variable it binds is a name of the module.
 */
class SanyAcceptsGeneratedModulesTest {

  @TempDir
  Path tmp;

  @TestFactory
  Stream<DynamicTest> everyExampleModuleIsAcceptedBySany() {
    List<Example> examples = ExampleModels.all();
    assertThat(examples).isNotEmpty();
    return examples.stream().map(e -> DynamicTest.dynamicTest(e.display(), e.file().toUri(), () -> check(e)));
  }

  private void check(Example e) {
    Translator.Result r = ExampleModels.translate(e);
    assertThat(r.ok()).as("%s does not translate:%n%s", e.display(), DiagnosticRenderer.renderAll(r.diagnostics()))
        .isTrue();
    String module = r.emitted().moduleName();
    Path dir = tmp.resolve(e.stem());
    Path tla = Translator.write(r.emitted(), dir);

    assertThat(tla).isEqualTo(dir.resolve(module + ".tla"));
    assertThat(dir.resolve(module + ".cfg")).hasContent(r.emitted().cfg());
    assertThat(dir.resolve(module + ".srcmap.json")).exists();

    Sany.Result sany = Sany.parse(tla);
    assertThat(sany.ok()).as("SANY rejects the module of %s:%n%s", e.display(), sany.describe()).isTrue();
    assertThat(sany.errors()).isEmpty();
    assertThat(sany.rootModule().getName().toString()).isEqualTo(module);
    BoundVariablesTest.assertNoBoundVariableIsAModuleName(r.emitted().module());
  }
}

package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.resolve.Library;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * `override fn` and `extend struct`: a model builds on an included file without copying it.
 * What they do is checked on the generated module; each misuse gives one exact diagnostic.
 */
class ExtensionsTest {
  @TempDir
  Path dir;

  /** The "library": one struct with a pool bound, a function, and a caller of it. */
  private static final String LIB = """
      struct obj bound 1 {
        ref r = 1
        v = 0
      }
      fn bump(o) {
        o.v = o.v + 1
      }
      fn use(o) {
        bump(o)
      }
      """;

  private Translator.Result translate(String model) throws IOException {
    Files.writeString(dir.resolve("lib.ifl"), LIB, StandardCharsets.UTF_8);
    Path f = dir.resolve("m.ifl");
    Files.writeString(f, model, StandardCharsets.UTF_8);
    return Translator.translate(f, new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null));
  }

  private String errors(Translator.Result r) {
    return DiagnosticRenderer.renderAll(r.diagnostics().stream().filter(d -> d.isError()).toList());
  }

  @Test
  void anOverrideReplacesTheFunctionForEveryCallerAndAnExtensionAddsAFieldAndSetsTheBound() throws IOException {
    Translator.Result r = translate("""
        model m
        include "lib.ifl"
        extend struct obj bound 3 {
          hits = 0
        }
        override fn bump(o) {
          o.hits = o.hits + 2
        }
        thread t {
          x = alloc obj
          use(x)
        }
        """);
    assertThat(r.ok()).as(errors(r)).isTrue();
    String tla = r.emitted().tla();
    // the included caller `use` now runs the model's bump: hits is written, v never is
    assertThat(tla).contains("hits = ").contains(".hits + 2").doesNotContain(".v + 1");
    assertThat(r.emitted().cfg()).contains("Pool_obj = {obj_1, obj_2, obj_3}");
  }

  @Test
  void anOverrideMayComeBeforeTheIncludeAndKeepsTheOperation() throws IOException {
    Files.writeString(dir.resolve("ops.ifl"), "struct o2 { v = 0 }\nop send fn do_send(x) { x.v = 1 }\n", StandardCharsets.UTF_8);
    Translator.Result r = translate("""
        model m
        override fn do_send(x) {
          x.v = 2
        }
        include "ops.ifl"
        thread t {
          y = alloc o2
          do_send(y)
        }
        """);
    assertThat(r.ok()).as(errors(r)).isTrue();
    assertThat(r.emitted().tla()).contains(".v = 2").doesNotContain(".v = 1");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      "fn without override|fn bump(o) { o.v = 2 }|error[E0201]: duplicate declaration of function `bump`"
          + "|help: to replace the included `bump`, write `override fn bump(…) { … }`",
      "override of nothing|override fn bmp(o) { o.v = 2 }|error[E0211]: `override fn bmp` replaces nothing: no function `bmp` is declared"
          + "|help: did you mean `bump`?",
      "wrong parameters|override fn bump(o, n) { o.v = n }|error[E0211]: `override fn bump` takes 2 parameters, but the `bump` it replaces takes 1 parameter"
          + "|help: give it the same parameters as the function it replaces",
      "two overrides|override fn bump(o) { o.v = 2 } override fn bump(o) { o.v = 3 }|error[E0201]: duplicate declaration of override of function `bump`"
          + "|help: keep one: a function is replaced once, or again in a file that includes the one with the first `override`",
      "extend unknown struct|extend struct ob { w = 0 }|error[E0202]: unknown struct `ob`|help: did you mean `obj`?",
      "field twice|extend struct obj { v = 1 }|error[E0201]: duplicate declaration of field `v`|help: rename one of them",
  })
  void misuseGivesOneDiagnostic(String what, String decl, String message, String help) throws IOException {
    Translator.Result r = translate("model m\ninclude \"lib.ifl\"\n" + decl + "\nthread t {\n  x = alloc obj\n  use(x)\n}\n");
    String text = errors(r);
    assertThat(r.diagnostics().stream().filter(d -> d.isError()).count()).as(text).isEqualTo(1);
    assertThat(text).startsWith(message + "\n").contains(help);
  }

  @Test
  void aModelOverridesALibraryLayersOverrideAndSiblingLayersClash() throws IOException {
    // layer.ifl builds on lib.ifl by overriding bump; the model replaces that override in turn
    Files.writeString(dir.resolve("layer.ifl"), "include \"lib.ifl\"\noverride fn bump(o) {\n  o.v = o.v + 5\n}\n",
        StandardCharsets.UTF_8);
    Translator.Result r = translate("""
        model m
        include "layer.ifl"
        override fn bump(o) {
          o.v = 7
        }
        thread t {
          x = alloc obj
          use(x)
        }
        """);
    assertThat(r.ok()).as(errors(r)).isTrue();
    assertThat(r.emitted().tla()).contains(".v = 7").doesNotContain("+ 5").doesNotContain("+ 1");
    // two layers neither of which includes the other: which one is meant is not said
    Files.writeString(dir.resolve("other.ifl"), "include \"lib.ifl\"\noverride fn bump(o) {\n  o.v = 9\n}\n",
        StandardCharsets.UTF_8);
    Translator.Result both = translate("model m\ninclude \"layer.ifl\"\ninclude \"other.ifl\"\nthread t {\n  x = alloc obj\n  use(x)\n}\n");
    assertThat(errors(both)).startsWith("error[E0201]: duplicate declaration of override of function `bump`\n");
    assertThat(both.diagnostics().stream().filter(d -> d.isError()).count()).isEqualTo(1);
  }

  @Test
  void aLibraryFunctionsLocalIsNotTheModelsGlobalSpelledAlike() throws IOException {
    Files.writeString(dir.resolve("make.ifl"), "struct o3 { v = 0 }\nfn make() {\n  b = alloc o3\n  b.v = 1\n  return b\n}\n",
        StandardCharsets.UTF_8);
    // the model's `b` is an integer; the library's `b` stays the function's own object local
    Translator.Result r = translate("model m\ninclude \"make.ifl\"\nvar b = 0\nthread t {\n  x = make()\n  b = 2\n}\n");
    assertThat(r.ok()).as(errors(r)).isTrue();
    assertThat(r.emitted().tla()).contains("b' = 2").containsPattern("\\.make\\.b\\b");
  }

  @Test
  void overridingAFunctionOfTheSameFileIsAnError() throws IOException {
    Translator.Result r = translate("model m\nfn f(o) { }\noverride fn f(o) { }\nthread t { }\n");
    assertThat(errors(r)).startsWith("error[E0211]: `override fn f` is in the file that declares `f`\n")
        .contains("help: edit `f` itself; `override` replaces a function of an included file");
  }

  @Test
  void aLibraryStructsUnderivableBoundSuggestsExtend() throws IOException {
    Files.writeString(dir.resolve("loop.ifl"), "struct node { v = 0 }\nfn grow() {\n  n = alloc node\n}\n",
        StandardCharsets.UTF_8);
    Path f = dir.resolve("m.ifl");
    Files.writeString(f, "model m\ninclude \"loop.ifl\"\ndaemon thread t { loop { grow() } }\n", StandardCharsets.UTF_8);
    Translator.Result r = Translator.translate(f, new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null));
    assertThat(errors(r)).contains("write `extend struct node bound N` in the model");
  }
}

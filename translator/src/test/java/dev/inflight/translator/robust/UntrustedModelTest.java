package dev.inflight.translator.robust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
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
 * A model from an untrusted pull request reads only its own directory and the library, cannot
 * inject lines into the generated configuration, cannot make Inflight read forever, and its
 * diagnostics neither drive the terminal nor flood the log.
 */
class UntrustedModelTest {

  @TempDir
  Path dir;

  static Translator.Options options(Map<String, String> overrides) {
    return new Translator.Options(overrides, Library.at(Path.of("../specs")), null);
  }

  private Translator.Result translate(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return Translator.translate(f, options(Map.of()));
  }

  private String first(Translator.Result r) {
    assertThat(r.diagnostics()).isNotEmpty();
    return DiagnosticRenderer.render(r.diagnostics().get(0));
  }

  private String where(String name) {
    return Translator.display(dir.resolve(name));
  }

  @ParameterizedTest(name = "include \"{0}\"")
  @CsvSource(delimiter = '|', value = {
      "/etc/hostname|absolute paths are not allowed",
      "../../../../etc/passwd|it is not a `.ifl` file",
      "~/x.ifl|absolute paths are not allowed",
      "../outside.ifl|it is outside the model's directory",
      "sub/../../outside.ifl|it is outside the model's directory",
      "link/secret.ifl|a symbolic link leads outside the model's directory",
  })
  void includesStayInsideTheModelsDirectory(String path, String why) throws IOException {
    Path outside = Files.createDirectories(dir.resolve("outside"));
    Files.writeString(dir.resolve("outside.ifl"), "SECRET LINE\n");
    Files.writeString(outside.resolve("secret.ifl"), "SECRET LINE\n");
    Files.createSymbolicLink(Files.createDirectories(dir.resolve("tree")).resolve("link"), outside);
    Translator.Result r = translate("tree/m.ifl", "model m\ninclude \"" + path + "\"\nthread t { }\n");
    String text = DiagnosticRenderer.renderAll(r.diagnostics());
    assertThat(first(r)).isEqualTo("error[E0210]: cannot include `" + path + "`: " + why + "\n"
        + " --> " + where("tree/m.ifl") + ":2:1\n"
        + "  |\n"
        + "2 | include \"" + path + "\"\n"
        + "  | " + "^".repeat(10 + path.length()) + "\n"
        + "  = help: include `.ifl` files by a relative path inside the model's directory, or library models such as `kernel/af_unix.ifl`\n");
    assertThat(text).doesNotContain("SECRET");
  }

  @Test
  void aModelFileLinkedOutOfItsDirectoryIsNotRead() throws IOException {
    Files.writeString(dir.resolve("secret.ifl"), "SECRET LINE\n");
    Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("tree")).resolve("evil.ifl"), dir.resolve("secret.ifl"));
    Translator.Result r = Translator.translate(link, options(Map.of()));
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(first(r)).isEqualTo("error[E0008]: `" + where("tree/evil.ifl")
        + "` is a symbolic link that leads outside its directory, which a model may not read\n"
        + "  = help: give the file's own path (a model reads only the directory it is in, and the library)\n");
    assertThat(DiagnosticRenderer.renderAll(r.diagnostics())).doesNotContain("SECRET");
  }

  @Test
  void aModelFileLinkedWithinItsDirectoryIsRead() throws IOException {
    Files.createDirectories(dir.resolve("tree/v2"));
    Files.writeString(dir.resolve("tree/v2/m.ifl"), "model m\nvar g = 0\nthread t { g = 1 }\n");
    Path link = Files.createSymbolicLink(dir.resolve("tree/current.ifl"), Path.of("v2/m.ifl"));
    Translator.Result r = Translator.translate(link, options(Map.of()));
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
  }

  @Test
  void aFileIncludedUnderTwoNamesIsReadOnce() throws IOException {
    Files.createDirectories(dir.resolve("tree"));
    Files.writeString(dir.resolve("tree/common.ifl"), "var shared = 0\n");
    Files.createSymbolicLink(dir.resolve("tree/alias.ifl"), Path.of("common.ifl"));
    Translator.Result r = translate("tree/m.ifl", "model m\ninclude \"common.ifl\"\ninclude \"alias.ifl\"\nthread t { shared = 1 }\n");
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
  }

  @Test
  void aFileThatIncludesItselfIsToldSo() throws IOException {
    Files.createDirectories(dir.resolve("tree"));
    Files.createSymbolicLink(dir.resolve("tree/me.ifl"), Path.of("m.ifl"));
    Translator.Result r = translate("tree/m.ifl", "model m\ninclude \"m.ifl\"\ninclude \"me.ifl\"\nvar g = 0\nthread t { g = 1 }\n");
    assertThat(r.ok()).isTrue();
    assertThat(r.diagnostics()).extracting(d -> d.code().id() + " " + d.message()).containsExactly(
        "W0007 `m.ifl` includes itself: the include reads nothing", "W0007 `me.ifl` includes itself: the include reads nothing");
  }

  @Test
  void includesInsideTheTreeAndFromTheLibraryStillWork() throws IOException {
    Files.createDirectories(dir.resolve("tree/sub"));
    Files.writeString(dir.resolve("tree/sub/common.ifl"), "var shared = 0\n");
    Translator.Result r = translate("tree/m.ifl", "model m\ninclude \"sub/common.ifl\"\ninclude \"kernel/packet.ifl\"\n"
        + "thread t { shared = 1 }\n");
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
  }

  @Test
  void aModelsProfileStaysInsideItsTreeToo() throws IOException {
    Files.writeString(dir.resolve("secret.cost"), "SECRET LINE\n");
    Translator.Result r = translate("tree/m.ifl", "model m\nprofile \"../secret.cost\"\nop fn f() { }\nlatency f <= 10\n"
        + "thread t { f() }\n");
    assertThat(first(r)).startsWith("error[E0501]: cannot find machine profile `../secret.cost`\n");
    assertThat(DiagnosticRenderer.renderAll(r.diagnostics())).doesNotContain("SECRET");
  }

  // ---------------------------------------------------------------- files that never end

  @Test
  void aDeviceIsNotReadForever() {
    Translator.Result r = Translator.translate(Path.of("/dev/zero"), options(Map.of()));
    assertThat(first(r)).isEqualTo("error[E0007]: `/dev/zero` is not a regular file (a device, pipe or socket)\n"
        + "  = help: give a `.ifl` file\n");
  }

  @Test
  void aFileOverOneMebibyteIsRefused() throws IOException {
    Path big = dir.resolve("big.ifl");
    Files.write(big, new byte[(1 << 20) + 1]);
    Translator.Result r = Translator.translate(big, options(Map.of()));
    assertThat(first(r)).isEqualTo("error[E0006]: `" + where("big.ifl") + "` is larger than 1 MiB, the most a model may be\n"
        + "  = help: models are small: split it, or check that this is the file you meant\n");
  }

  // ---------------------------------------------------------------- what diagnostics echo

  @Test
  void controlBytesInTheSourceAreEscapedInTheSnippet() throws IOException {
    Translator.Result r = translate("m.ifl", "model m\nthread t {\n  x = \u001b[31m\n}\n");
    assertThat(first(r)).isEqualTo("error[E0101]: invalid character `\\x1b` (U+001B)\n"
        + " --> " + where("m.ifl") + ":3:7\n"
        + "  |\n"
        + "3 |   x = \\x1b[31m\n"
        + "  |       ^^^^\n");
  }

  @Test
  void aBinaryFileGivesOneShortMessage() throws IOException {
    byte[] junk = new byte[3000];
    for (int i = 0; i < junk.length; i++) {
      junk[i] = (byte) (i % 7 == 0 ? 0x1b : 0xe9);
    }
    Path f = dir.resolve("bin.ifl");
    Files.write(f, junk);
    Translator.Result r = Translator.translate(f, options(Map.of()));
    String all = DiagnosticRenderer.renderAll(r.diagnostics());
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(all).doesNotContain("\u001b").hasSizeLessThan(600);
    assertThat(all).startsWith("error[E0003]: the file is not valid UTF-8 (bad byte at offset 1)\n");
  }

  @Test
  void aLongLineIsShownAsAWindowAroundTheCaret() throws IOException {
    String pad = "a".repeat(500);
    Translator.Result r = translate("m.ifl", "model m\nvar " + pad + " = 0\nthread t {\n  " + pad + " = " + pad + " + ) \n}\n");
    String[] lines = first(r).split("\n");
    assertThat(lines[0]).isEqualTo("error[E0100]: unexpected `)`, expected an expression");
    assertThat(lines[3]).hasSizeLessThanOrEqualTo(125).startsWith("4 | …").endsWith("a + ) ");
    assertThat(lines[4].indexOf('^')).isEqualTo(lines[3].indexOf(')'));
  }

  // ---------------------------------------------------------------- generated files

  @Test
  void aNewlineInTheFileNameCannotAddConfigurationLines() throws IOException {
    Translator.Result r = translate("inj\nASSUME FALSE\nx.ifl", "model m\nvar g = 0\nthread t { g = 1 }\n");
    assertThat(r.ok()).isTrue();
    assertThat(r.emitted().cfg().lines()).noneMatch(l -> l.startsWith("ASSUME"));
    assertThat(r.emitted().cfg().lines().findFirst().orElseThrow()).endsWith("inj?ASSUME FALSE?x.ifl.");
    assertThat(r.emitted().tla()).doesNotContain("\nASSUME");
  }

  @ParameterizedTest(name = "model {0}")
  @CsvSource({"TLC, TLC_", "Naturals, Naturals_", "Sequences, Sequences_", "Toolbox, Toolbox_"})
  void aModelNamedLikeAStandardModuleGetsAnotherModuleName(String model, String module) throws IOException {
    Translator.Result r = translate(model + ".ifl", "model " + model + "\nvar g = 0\nthread t { g = 1 }\n");
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    assertThat(r.emitted().moduleName()).isEqualTo(module);
    assertThat(r.emitted().sourceMap().model()).isEqualTo(model);
    Sany.Result sany = Sany.parse(Translator.write(r.emitted(), dir.resolve("out")));
    assertThat(sany.ok()).as(sany.describe()).isTrue();
  }

  @Test
  void anOverrideTooLargeSaysSo() throws IOException {
    Path f = dir.resolve("m.ifl");
    Files.writeString(f, "model m\nconst N = 1\nvar g = 0\nthread t { g = N }\n");
    Translator.Result r = Translator.translate(f, options(Map.of("N", "99999999999999999999")));
    assertThat(first(r)).isEqualTo("error[E0208]: bad override `--set N=99999999999999999999`: `99999999999999999999` is too large:"
        + " integers in a model are at most 2147483647\n"
        + "  = help: write `--set NAME=VALUE` with a declared const and an integer or boolean\n");
  }
}

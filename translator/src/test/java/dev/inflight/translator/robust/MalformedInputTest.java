package dev.inflight.translator.robust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.resolve.Library;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Bad input never crashes the translator: every mutation of a real example (tokens deleted,
 * duplicated, swapped, replaced by other tokens of the language) either translates or yields
 * error diagnostics with a place in the file. An exception here would reach a user as exit 4.
 */
class MalformedInputTest {

  private static final List<String> EXAMPLES = examples();

  private static List<String> examples() {
    List<String> texts = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of("../examples"))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".ifl")).sorted().toList()) {
        texts.add(Files.readString(p, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return texts;
  }

  private static final List<String> TOKENS = List.of(
      "{", "}", "(", ")", "=", "==", ".", ",", ";", ":", "[", "]", "null", "true", "0", "7", "x", "sk",
      "thread", "fn", "struct", "ref", "lock", "unlock", "get", "put", "free", "touch", "alloc", "if", "else",
      "while", "bound", "for", "in", "either", "or", "await", "atomic", "loop", "daemon", "return", "var",
      "set", "queue", "of", "max", "check", "invariant", "eventually", "work", "count", "live", "closure",
      "call_rcu", "rcu_read_lock", "forall", "exists", "&&", "||", "!", "+", "-", "*", "\"s\"", "include");

  @Provide
  Arbitrary<String> mutated() {
    Arbitrary<Integer> which = Arbitraries.integers().between(0, EXAMPLES.size() - 1);
    Arbitrary<List<Integer>> edits = Arbitraries.integers().between(0, 1_000_000).list().ofMinSize(1).ofMaxSize(4);
    return which.flatMap(w -> edits.map(e -> mutate(EXAMPLES.get(w), e)));
  }

  /** Applies a few token-level edits, driven by the given numbers. */
  static String mutate(String text, List<Integer> edits) {
    List<String> toks = new ArrayList<>(List.of(text.split("(?<=\\s)|(?=\\s)")));
    for (int e : edits) {
      if (toks.isEmpty()) {
        break;
      }
      int at = e % toks.size();
      switch (e % 4) {
        case 0 -> toks.remove(at);
        case 1 -> toks.add(at, toks.get(at));
        case 2 -> toks.set(at, TOKENS.get((e / 4) % TOKENS.size()));
        default -> {
          int other = (e / 7) % toks.size();
          String t = toks.get(at);
          toks.set(at, toks.get(other));
          toks.set(other, t);
        }
      }
    }
    return String.join("", toks);
  }

  @Property(tries = 60)
  void mutatedExamplesNeverCrashTheTranslator(@ForAll("mutated") String source) {
    Diagnostics diags = new Diagnostics();
    Translator.Result r = Translator.translate(new SourceFile("m.ifl", source), null,
        new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null), diags);
    if (!r.ok()) {
      assertThat(r.diagnostics()).as("a failed translation explains itself").anyMatch(Diagnostic::isError);
      for (Diagnostic d : r.diagnostics()) {
        assertThat(d.message()).isNotBlank();
      }
    } else {
      assertThat(r.emitted().tla()).contains("---- MODULE");
    }
  }
}

package dev.inflight.translator.robust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * In-process fuzzing of the translator: mutated models (tokens deleted, duplicated, swapped or
 * replaced; lines moved; deep nesting, 30,000-letter names, control and invalid bytes, hostile
 * includes spliced in) must each either translate, with a module SANY accepts, or be rejected
 * with error diagnostics; an exception or error escaping the translator is a failure.
 *
 * <p>The normal suite runs {@value #DEFAULT_COUNT} inputs. The long run (bench/RESULTS.md):
 * <pre>nice mvn -B -q -pl translator test -Dtest=FuzzTest -Dinflight.fuzz.count=100000</pre>
 * with {@code -Dinflight.fuzz.seed=N} to vary the inputs. Failing inputs are written to
 * target/fuzz-failures/.
 */
class FuzzTest {
  static final int DEFAULT_COUNT = 400;

  private static final List<String> MODELS = models();

  private static List<String> models() {
    List<String> texts = new ArrayList<>();
    for (Path root : List.of(Path.of("../examples"), Path.of("../specs/kernel"))) {
      try (Stream<Path> s = Files.walk(root)) {
        for (Path p : s.filter(f -> f.toString().endsWith(".ifl")).sorted().toList()) {
          texts.add(Files.readString(p, StandardCharsets.UTF_8));
        }
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
    return texts;
  }

  private static final List<String> TOKENS = List.of(
      "{", "}", "(", ")", "=", "==", ".", ",", ";", ":", "[", "]", "->", "null", "true", "0", "7", "99999999999", "x", "sk",
      "thread", "fn", "op", "struct", "ref", "lock", "unlock", "get", "put", "free", "touch", "alloc", "if", "else", "while",
      "bound", "for", "in", "either", "or", "await", "atomic", "loop", "daemon", "return", "var", "set", "queue", "of", "max",
      "check", "invariant", "eventually", "work", "count", "live", "closure", "call_rcu", "rcu_read_lock", "rcu_read_unlock()",
      "synchronize_rcu()", "forall", "exists", "&&", "||", "!", "+", "-", "*", "=>", "\"s\"", "include", "model TLC",
      "cost", "profile", "latency", "unfair", "static", "pick(", "sock_put(sk)", "queue_work(", "\u001b[31m", "\u202e");

  /** One hostile input from a seed; bytes, since some are not UTF-8. */
  static byte[] input(long seed) {
    Random r = new Random(seed);
    String text = MODELS.get(pick(r));
    List<String> toks = new ArrayList<>(List.of(text.split("(?<=\\s)|(?=\\s)")));
    int kind = r.nextInt(20);
    if (kind < 12) {
      for (int e = 1 + r.nextInt(4); e > 0 && !toks.isEmpty(); e--) {
        int at = r.nextInt(toks.size());
        switch (r.nextInt(4)) {
          case 0 -> toks.remove(at);
          case 1 -> toks.add(at, toks.get(at));
          case 2 -> toks.set(at, TOKENS.get(r.nextInt(TOKENS.size())));
          default -> {
            int other = r.nextInt(toks.size());
            String t = toks.get(at);
            toks.set(at, toks.get(other));
            toks.set(other, t);
          }
        }
      }
      return String.join("", toks).getBytes(StandardCharsets.UTF_8);
    }
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    int at = r.nextInt(lines.size());
    int n = 1 + r.nextInt(r.nextBoolean() ? 300 : 6000);
    String splice = switch (kind) {
      case 12 -> "  x = " + "(".repeat(n) + "1" + ")".repeat(n);
      case 13 -> "  b = " + "!".repeat(n) + "true";
      case 14 -> "  x = 1" + "+1".repeat(n * 10);
      case 15 -> "if x == 0 { ".repeat(n) + "x = 1" + " }".repeat(n);
      case 16 -> "var " + "a".repeat(n * 5) + " = 0\nthread t" + r.nextInt(9) + " { x = " + "a".repeat(n * 5 - 1) + "b }";
      case 17 -> "include \"" + List.of("/etc/passwd", "../../../../etc/hostname", "../x.ifl", "kernel/../../pom.xml", "~/.ssh/id_rsa",
          "kernel/af_unix.ifl").get(r.nextInt(6)) + "\"";
      case 18 -> {
        int from = r.nextInt(lines.size());
        yield String.join("\n", lines.subList(Math.min(from, at), Math.max(from, at)));
      }
      default -> null;
    };
    if (splice != null) {
      lines.add(at, splice);
      return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    for (int e = 1 + r.nextInt(8); e > 0 && b.length > 0; e--) {
      b[r.nextInt(b.length)] = (byte) r.nextInt(256); // control bytes, invalid UTF-8, NUL
    }
    return b;
  }

  /**
   * Mostly models that translate in milliseconds: one in ten of those that include the AF_UNIX
   * library (tenths of a second each).
   */
  private static int pick(Random r) {
    while (true) {
      int i = r.nextInt(MODELS.size());
      if (!heavy(MODELS.get(i)) || r.nextInt(10) == 0) {
        return i;
      }
    }
  }

  private static boolean heavy(String model) {
    return List.of("kernel/af_unix", "kernel/scm", "kernel/unix_gc", "kernel/garbage").stream().anyMatch(model::contains);
  }

  @Test
  void hostileInputsNeverCrashTheTranslatorAndEveryModuleIsAcceptedBySany() throws IOException {
    int count = Integer.getInteger("inflight.fuzz.count", DEFAULT_COUNT);
    long seed = Long.getLong("inflight.fuzz.seed", 13L);
    Translator.Options options = new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null);
    int translated = 0;
    int rejected = 0;
    int sanyChecked = 0;
    List<String> failures = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int i = 0; i < count; i++) {
      if (i > 0 && i % 10_000 == 0) {
        System.out.printf(java.util.Locale.ROOT, "fuzz: %,d inputs, %,d translated, %d failures, %.0f s%n", i, translated, failures.size(),
            (System.nanoTime() - t0) / 1e9);
      }
      long s = seed * 1_000_003L + i;
      byte[] bytes = input(s);
      try {
        Diagnostics diags = new Diagnostics();
        SourceFile source = SourceLoader.decode(bytes, "m.ifl", diags);
        Translator.Result r = source == null ? new Translator.Result(diags.all(), null, null)
            : Translator.translate(source, null, options, diags);
        if (r.ok()) {
          translated++;
          Sany.Result sany = Sany.parseText(r.emitted().moduleName(), r.emitted().tla());
          sanyChecked++;
          if (!sany.ok()) {
            failures.add(save(s, bytes, "SANY rejects the module:\n" + sany.describe()));
          }
        } else {
          rejected++;
          if (r.diagnostics().stream().noneMatch(Diagnostic::isError)) {
            failures.add(save(s, bytes, "rejected without an error"));
          }
        }
      } catch (Throwable e) {
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        failures.add(save(s, bytes, w.toString()));
      }
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    System.out.printf(java.util.Locale.ROOT, "fuzz: %,d inputs (seed %d): %,d translated (%,d accepted by SANY), %,d rejected with"
        + " diagnostics, %d failures; %.1f s%n", count, seed, translated, sanyChecked, rejected, failures.size(), ms / 1000.0);
    assertThat(failures).as("inputs written to target/fuzz-failures/").isEmpty();
  }

  private static String save(long seed, byte[] bytes, String why) {
    try {
      Path dir = Files.createDirectories(Path.of("target/fuzz-failures"));
      Files.write(dir.resolve("seed-" + seed + ".ifl"), bytes);
      Files.writeString(dir.resolve("seed-" + seed + ".txt"), why);
    } catch (IOException e) {
      // the message below still says what went wrong
    }
    return "seed " + seed + ": " + why.lines().findFirst().orElse("");
  }
}

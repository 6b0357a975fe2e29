package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightLexer;
import dev.inflight.grammar.InflightParser;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.misc.IntervalSet;

/** Source text to AST. Syntax errors become diagnostics; the AST holds Error nodes for them. */
public final class ModelParser {

  private ModelParser() {}

  public static ModelFile parse(SourceFile source, Diagnostics diags) {
    InflightLexer lexer = new InflightLexer(CharStreams.fromString(source.text(), source.path()));
    lexer.removeErrorListeners();
    CommonTokenStream tokens = new CommonTokenStream(lexer);
    tokens.fill();
    // What the lexer could not read, reported before parsing and not again by the parser or later
    // phases, whatever the parser's recovery makes of it: a bad character, one message for its
    // line (the first; `été` is one mistake); a string or comment never closed, one message at
    // its opening, and nothing about the line (a string) or the rest of the file (a comment).
    java.util.Set<Integer> errorLines = new java.util.HashSet<>();
    int swallowed = Integer.MAX_VALUE;
    for (Token t : tokens.getTokens()) {
      int type = t.getType();
      if (type == InflightLexer.BAD_CHAR && errorLines.add(t.getLine())) {
        diags.invalidCharacter(source.span(t.getStartIndex(), t.getStopIndex() + 1), describe(t));
      } else if (type == InflightLexer.UNTERMINATED_STRING || type == InflightLexer.UNTERMINATED_COMMENT) {
        boolean comment = type == InflightLexer.UNTERMINATED_COMMENT;
        if (errorLines.add(t.getLine()) || comment) {
          diags.unterminated(source.span(t.getStartIndex(), t.getStartIndex() + (comment ? 2 : 1)), comment);
        }
        if (comment) {
          swallowed = t.getStartIndex();
        }
      }
    }
    Token deep = Nesting.tooDeep(tokens.getTokens());
    if (deep != null) {
      // Parsing would recurse once per level: stop here, with the place where it gets too deep.
      diags.nestingTooDeep(source.span(deep.getStartIndex(), deep.getStopIndex() + 1), Nesting.LIMIT);
      return new ModelFile(source, source.span(0, 0), List.of());
    }
    InflightParser parser = new InflightParser(tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(new Listener(source, diags, errorLines, java.util.Set.copyOf(errorLines), swallowed));
    InflightParser.FileContext tree = parser.file();
    return new AstBuilder(source, diags, errorLines).build(tree);
  }

  /** What a long list of expected tokens means, by the rule the parser is in. */
  private static String byRule(Parser p, IntervalSet set) {
    List<String> stack = p.getRuleInvocationStack();
    String rule = stack.isEmpty() ? "" : stack.get(0);
    // Where an expression must start, the set has literals but no `}` (a block could end).
    boolean exprStart = set.contains(InflightLexer.INT) && !set.contains(p.getTokenType("'}'"));
    if (exprStart) {
      return "an expression";
    }
    switch (rule) {
      case "expr":
        return "an expression";
      case "stmt":
      case "block":
      case "ifStatement":
        return "a statement or `}`";
      case "member":
        return "a struct member (`ref`, `lock`, `set`, `queue` or `NAME = VALUE`) or `}`";
      case "topDecl":
      case "file":
        return "a declaration (`model`, `include`, `const`, `struct`, `var`, `lock`, `set`, `queue`, `thread`, `fn`, `check`, `invariant`, `eventually`, `cost`, `profile`, `latency`)";
      default:
        return null;
    }
  }

  private static final class Listener extends BaseErrorListener {
    private final java.util.Set<Integer> syntaxErrorLines;
    private final SourceFile source;
    private final Diagnostics diags;

    /** The lines with a character the lexer could not read, or a string never closed. */
    private final java.util.Set<Integer> badCharLines;
    /** Where a comment never closed starts (it runs to the end of the file), or MAX_VALUE. */
    private final int swallowed;

    Listener(SourceFile source, Diagnostics diags, java.util.Set<Integer> syntaxErrorLines, java.util.Set<Integer> badCharLines,
        int swallowed) {
      this.syntaxErrorLines = syntaxErrorLines;
      this.badCharLines = badCharLines;
      this.swallowed = swallowed;
      this.source = source;
      this.diags = diags;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int col,
        String msg, RecognitionException e) {
      Token t = (Token) offendingSymbol;
      int start = t.getStartIndex();
      int end = t.getType() == Token.EOF ? start : t.getStopIndex() + 1;
      boolean inSwallowed = t.getType() == Token.EOF ? swallowed != Integer.MAX_VALUE : t.getStartIndex() >= swallowed;
      if (badCharLines.contains(line) || inSwallowed) {
        syntaxErrorLines.add(line);
        return; // reported before parsing (ModelParser#parse)
      }
      String expected = null;
      if (recognizer instanceof Parser p) {
        IntervalSet set = e != null ? e.getExpectedTokens() : p.getExpectedTokens();
        expected = set != null && set.size() > 6 ? byRule(p, set) : null;
        if (expected == null) {
          expected = formatExpected(set, p.getVocabulary());
        }
      }
      syntaxErrorLines.add(line);
      String help = null;
      if (recognizer instanceof Parser p && t.getText().equals(">") && t.getTokenIndex() > 0) {
        Token before = p.getInputStream().get(t.getTokenIndex() - 1);
        if (before.getText().equals("-") && before.getStopIndex() + 1 == t.getStartIndex()) {
          start = before.getStartIndex(); // C's `->`
          help = dev.inflight.translator.diag.Idioms.ARROW;
        }
      }
      diags.unexpectedToken(source.span(start, end), help == null ? describe(t) : "`->`", expected, help);
    }
  }

  static String describe(Token t) {
    if (t.getType() == Token.EOF) {
      return "end of file";
    }
    String text = t.getText();
    if (t.getType() == InflightLexer.ID) {
      return "name `" + text + "`";
    }
    if (t.getType() == InflightLexer.INT) {
      return "number `" + text + "`";
    }
    if (t.getType() == InflightLexer.STRING) {
      return "string " + text;
    }
    if (t.getType() == InflightLexer.BAD_CHAR) {
      int cp = text.codePointAt(0);
      return "`" + text + "` (U+" + String.format("%04X", cp) + ")";
    }
    return "`" + text + "`";
  }

  static String formatExpected(IntervalSet set, Vocabulary vocab) {
    if (set == null || set.isNil()) {
      return null;
    }
    List<String> names = new ArrayList<>();
    boolean anyName = set.contains(InflightLexer.ID);
    java.util.Set<String> soft = java.util.Set.of("'model'", "'include'", "'bound'", "'max'", "'of'", "'release'",
        "'static'", "'check'", "'invariant'", "'eventually'", "'set'", "'queue'");
    for (int type : set.toList()) {
      String literal = vocab.getLiteralName(type);
      if (anyName && literal != null && soft.contains(literal)) {
        continue; // `a name` covers the words that are keywords only at declaration starts
      }
      if (type == Token.EOF) {
        names.add("end of file");
      } else if (type == InflightLexer.ID) {
        names.add("a name");
      } else if (type == InflightLexer.INT) {
        names.add("a number");
      } else if (type == InflightLexer.STRING) {
        names.add("a string");
      } else if (type == InflightLexer.BAD_CHAR) {
        continue;
      } else {
        String lit = vocab.getLiteralName(type);
        names.add(lit != null ? "`" + lit.substring(1, lit.length() - 1) + "`" : vocab.getDisplayName(type));
      }
    }
    if (names.isEmpty()) {
      return null;
    }
    if (names.size() > 8) {
      return "one of " + String.join(", ", names.subList(0, 8)) + ", …";
    }
    if (names.size() == 1) {
      return names.get(0);
    }
    return "one of " + String.join(", ", names);
  }
}

package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightLexer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;

/**
 * How deeply a model nests, measured on its tokens before the parser runs. The parser and every
 * phase after it recurse once per level of nesting, so a pathological input (5,000 nested
 * parentheses, 20,000 `!`) would overflow the stack or make ANTLR's prediction crawl; such an
 * input gets an E0105 "nesting too deep" at the first token past {@link #LIMIT} instead.
 *
 * <p>A level is an open bracket (`(`, `{`, `[`), a prefix operator (`!`, unary `-`) still waiting
 * for its operand, or a link of a right-nested chain (`a => b => c`, `else if`). This is an
 * estimate of the parse tree's depth; {@link AstBuilder} checks the exact depth (which also counts
 * long chains of left-associative operators such as `+`) with the same limit.
 */
public final class Nesting {
  /** The deepest nesting a model may have: far beyond hand-written models, well within TLC's reach. */
  public static final int LIMIT = 256;

  /** Words that start a statement or declaration: a right-nested chain cannot run past them. */
  private static final Set<String> STARTERS = Set.of("get", "put", "free", "touch", "while", "for", "either",
      "await", "atomic", "loop", "lock", "unlock", "return", "thread", "fn", "var", "const", "struct", "invariant",
      "eventually", "check", "include", "model", "work", "daemon", "unfair", "latency", "profile", "=", ";");

  private Nesting() {}

  /** One bracket level: prefix operators waiting for an operand, and links of chains. */
  private static final class Level {
    int prefix;
    int chain;
  }

  /** The first token (on the default channel) at which nesting exceeds {@link #LIMIT}, or null. */
  public static Token tooDeep(List<Token> tokens) {
    Deque<Level> levels = new ArrayDeque<>();
    levels.push(new Level());
    int open = 0;
    int extra = 0; // sum of prefix + chain over all levels
    Token prev = null;
    for (Token t : tokens) {
      if (t.getChannel() != Token.DEFAULT_CHANNEL || t.getType() == Token.EOF) {
        continue;
      }
      String s = t.getText();
      Level top = levels.peek();
      switch (s) {
        case "(", "{", "[" -> {
          levels.push(new Level());
          open++;
        }
        case ")", "}", "]" -> {
          if (levels.size() > 1) {
            Level l = levels.pop();
            extra -= l.prefix + l.chain;
            open--;
            top = levels.peek();
          }
          extra -= top.prefix; // the bracketed operand completes the prefix operators before it
          top.prefix = 0;
        }
        case "!" -> {
          top.prefix++;
          extra++;
        }
        case "-" -> {
          if (!endsOperand(prev)) {
            top.prefix++;
            extra++;
          }
        }
        case "=>" -> {
          top.chain++;
          extra++;
        }
        case "if" -> {
          if (prev != null && prev.getText().equals("else")) {
            top.chain++;
            extra++;
          } else {
            extra -= top.chain;
            top.chain = 0;
          }
        }
        default -> {
          if (STARTERS.contains(s)) {
            extra -= top.chain + top.prefix;
            top.chain = 0;
            top.prefix = 0;
          } else if (endsOperand(t)) {
            extra -= top.prefix;
            top.prefix = 0;
          }
        }
      }
      if (open + extra > LIMIT) {
        return t;
      }
      prev = t;
    }
    return null;
  }

  /** Whether a token can end an operand, so that a `-` after it is binary. */
  private static boolean endsOperand(Token t) {
    if (t == null) {
      return false;
    }
    int type = t.getType();
    if (type == InflightLexer.ID || type == InflightLexer.INT || type == InflightLexer.STRING) {
      return true;
    }
    String s = t.getText();
    return s.equals(")") || s.equals("]") || s.equals("}") || s.equals("true") || s.equals("false") || s.equals("null")
        || (!s.isEmpty() && Character.isLetter(s.charAt(0)) && !STARTERS.contains(s) && !s.equals("if") && !s.equals("else"));
  }
}

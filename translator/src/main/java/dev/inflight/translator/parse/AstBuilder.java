package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightParser;
import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;

/**
 * Turns the ANTLR parse tree into immutable AST records. Visitors, never a listener with
 * stacks: each method returns the node for its subtree. Subtrees broken by syntax errors
 * become Error nodes, so one mistake yields one message.
 *
 * <p>This class holds what the three visitors share: the source (for spans), the nesting depth
 * and the entry points {@link #decl}, {@link #block}, {@link #stmt} and {@link #expr}, which
 * turn a broken or too deep subtree into an Error node and hand the rest to
 * {@link DeclBuilder} (declarations and struct members), {@link StmtBuilder} (statements) or
 * {@link ExprBuilder} (expressions).
 */
final class AstBuilder {
  private final SourceFile source;
  private final Diagnostics diags;
  private final DeclBuilder declBuilder;
  private final StmtBuilder stmtBuilder;
  private final ExprBuilder exprBuilder;

  /** How deep in the parse tree the builder is, and whether it has said that is too deep. */
  private int depth;
  private boolean tooDeep;

  AstBuilder(SourceFile source, Diagnostics diags, java.util.Set<Integer> syntaxErrorLines) {
    this.source = source;
    this.diags = diags;
    this.declBuilder = new DeclBuilder(this, diags);
    this.stmtBuilder = new StmtBuilder(this, diags, syntaxErrorLines);
    this.exprBuilder = new ExprBuilder(this, diags);
  }

  ModelFile build(InflightParser.FileContext ctx) {
    List<Decl> decls = new ArrayList<>();
    for (InflightParser.TopDeclContext d : ctx.decls) {
      if (d instanceof InflightParser.EmptyDeclContext) {
        continue;
      }
      decls.add(decl(d));
    }
    return new ModelFile(source, span(ctx), decls);
  }

  // ---- helpers, shared by the three visitors ----

  Span span(ParserRuleContext ctx) {
    Token start = ctx.getStart();
    Token stop = ctx.getStop();
    int s = start.getStartIndex();
    int e = stop == null || stop.getStopIndex() < s ? s : stop.getStopIndex() + 1;
    return source.span(s, e);
  }

  Span span(Token t) {
    return source.span(t.getStartIndex(), t.getStopIndex() + 1);
  }

  Ident ident(Token t) {
    if (t == null || t.getText() == null || t.getStartIndex() < 0) {
      return null;
    }
    return new Ident(t.getText(), span(t));
  }

  Ident ident(InflightParser.IdentContext ctx) {
    if (ctx == null || ctx.exception != null) {
      return null;
    }
    return ident(ctx.getStart());
  }

  boolean broken(ParserRuleContext ctx) {
    return ctx == null || ctx.exception != null;
  }

  private Decl decl(InflightParser.TopDeclContext ctx) {
    if (broken(ctx)) {
      return new Decl.Error(span(ctx));
    }
    Object r = declBuilder.visit(ctx);
    return r instanceof Decl d ? d : new Decl.Error(span(ctx));
  }

  /** The expression of {@code ctx} (null for none), an Error node if it is broken or too deep. */
  Expr expr(InflightParser.ExprContext ctx) {
    if (ctx == null) {
      return null;
    }
    if (broken(ctx) || !enter(ctx)) {
      return new Expr.Error(span(ctx));
    }
    try {
      Object r = exprBuilder.visit(ctx);
      return r instanceof Expr e ? e : new Expr.Error(span(ctx));
    } finally {
      leave();
    }
  }

  /**
   * One level deeper into the parse tree; false past {@link Nesting#LIMIT} (reported once, at
   * the first token of the subtree that is too deep). A chain of `+` is a left-deep tree, so
   * this also bounds what the token scan before parsing cannot see.
   */
  boolean enter(ParserRuleContext ctx) {
    if (++depth <= Nesting.LIMIT) {
      return true;
    }
    depth--;
    if (!tooDeep) {
      tooDeep = true;
      diags.nestingTooDeep(span(ctx.getStart()), Nesting.LIMIT);
    }
    return false;
  }

  /** Back up one level, after a successful {@link #enter}. */
  void leave() {
    depth--;
  }

  /** The block of {@code ctx} (null for none); empty statements are dropped. */
  Block block(InflightParser.BlockContext ctx) {
    if (ctx == null) {
      return null;
    }
    List<Stmt> stmts = new ArrayList<>();
    for (InflightParser.StmtContext s : ctx.stmts) {
      if (s instanceof InflightParser.EmptyStmtContext) {
        continue;
      }
      stmts.add(stmt(s));
    }
    return new Block(stmts, span(ctx));
  }

  private Stmt stmt(InflightParser.StmtContext ctx) {
    if (broken(ctx) || !enter(ctx)) {
      return new Stmt.Error(span(ctx));
    }
    try {
      Object r = stmtBuilder.visit(ctx);
      return r instanceof Stmt s ? s : new Stmt.Error(span(ctx));
    } finally {
      leave();
    }
  }
}

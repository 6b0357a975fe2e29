package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;
import java.util.List;

/** `{ stmt* }` */
public record Block(List<Stmt> stmts, Span span) implements Node {
  public Block {
    stmts = List.copyOf(stmts);
  }
}

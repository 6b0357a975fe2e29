package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;

/** Every AST node knows the source it came from. */
public sealed interface Node permits Decl, Member, Stmt, Expr, Block, Param, TypeRef, ModelFile {
  Span span();
}

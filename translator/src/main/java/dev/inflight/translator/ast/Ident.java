package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;

/** A name as written, with its place. */
public record Ident(String text, Span span) {
  @Override
  public String toString() {
    return text;
  }
}

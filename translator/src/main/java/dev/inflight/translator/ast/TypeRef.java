package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;

/** A written type: `int`, `bool` or a struct name. */
public record TypeRef(Ident name, Span span) implements Node {}

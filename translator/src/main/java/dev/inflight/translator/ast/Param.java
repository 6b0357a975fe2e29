package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;

/** A function parameter, optionally typed (`sk: sock`). */
public record Param(Ident name, TypeRef type, Span span) implements Node {}

package dev.inflight.translator.resolve;

/** Result of the resolve phase. */
public record Resolved(Program program) {}

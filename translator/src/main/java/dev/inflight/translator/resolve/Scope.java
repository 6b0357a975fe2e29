package dev.inflight.translator.resolve;

import java.util.LinkedHashMap;
import java.util.Map;

/** A thread or function body: owns its local variables. */
public sealed interface Scope permits ThreadSym, FnSym {
  String name();

  Map<String, Symbol.LocalSym> locals();

  final class Locals {
    private Locals() {}

    static Map<String, Symbol.LocalSym> create() {
      return new LinkedHashMap<>();
    }
  }
}

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the phases of one resolution share ({@link Resolver}): the program being built, the
 * diagnostics, the top-level namespace, and what collecting the declarations found that later
 * phases read.
 */
final class ResolveContext {
  final Program program = new Program();
  final Diagnostics diags;
  /** Top-level names → where declared (one namespace for consts, globals, structs, threads, fns). */
  final Map<String, Span> topNames = new HashMap<>();
  /** The model's `cost { }` blocks, in the order read. */
  final List<Decl.Cost> costBlocks = new ArrayList<>();
  /** The first `profile` declaration read, or null. */
  Decl.Profile profileDecl;
  /** Locals already reported as read before their assignment (one message each). */
  final Set<Symbol.LocalSym> readBeforeWarned = new HashSet<>();

  ResolveContext(Diagnostics diags) {
    this.diags = diags;
  }
}

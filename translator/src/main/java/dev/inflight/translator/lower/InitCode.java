package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;
import java.util.Map;

/**
 * The `init` block after lowering (docs/semantics.md, "The init block"): every path through it
 * from the blank state, each one or more initial states.
 *
 * @param span the block (`init { … }`)
 * @param paths normal paths first, then fault paths
 * @param blankNames a variable whose blank value is a function (a heap, RCU state) → the
 *     module-level operator naming that value, which the paths read instead of repeating it
 */
public record InitCode(Span span, List<InitPath> paths, Map<String, String> blankNames) {
  public InitCode {
    paths = List.copyOf(paths);
    blankNames = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(blankNames));
  }

  /**
   * One path through the init block, over constants only (it starts on the blank state).
   *
   * @param parts its guards and definitions in the order it made them
   * @param values the state variables it gives a value (globals, heaps, RCU and cost state), in
   *     first-write order; every other variable keeps its blank value
   * @param fault the fault record (with {@code thread |-> NULL}: no thread runs init), or null
   * @param faultKind the fault kind, or null
   * @param statements the DSL statements it ran, in order
   * @param primary the statement that faulted, else the last one it ran
   */
  public record InitPath(List<Action.Part> parts, Map<String, TlaExpr> values, TlaExpr.Record fault, String faultKind,
      List<Span> statements, Span primary, List<Span> calledFrom) {
    public InitPath {
      parts = List.copyOf(parts);
      statements = List.copyOf(statements);
      calledFrom = List.copyOf(calledFrom);
    }
  }
}

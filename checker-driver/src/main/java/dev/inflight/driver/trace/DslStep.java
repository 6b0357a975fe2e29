package dev.inflight.driver.trace;

import dev.inflight.translator.emit.SourceMap;
import java.util.List;

/**
 * One step of a counterexample in the model's terms.
 *
 * @param index 1-based state number (1 is the initial state)
 * @param thread the thread that moved, as the DSL names it (`rx[2]`), or null for the initial state
 * @param action the TLA+ action (for --verbose and machine outputs)
 * @param loc the statement shown for the step (null for the initial state)
 * @param calledFrom when that statement is inside a (library) function: the calls leading to it,
 *     outermost first, starting with the user's own line
 * @param statements every DSL statement the step ran, in order (library lines included)
 * @param changes what changed, in DSL names: `sock#1.refcnt: 1 -> 0`, `sock#1 freed`
 * @param fault the fault this step hit, or null
 */
public record DslStep(int index, String thread, String action, SourceMap.Loc loc, List<SourceMap.Loc> calledFrom,
    List<SourceMap.Loc> statements, List<Change> changes, String fault) {

  /** One changed value: what (`sock#1.refcnt`, `shared`, `producer.sk`), before and after. */
  public record Change(String what, String before, String after, String note) {
    /** `sock#1.refcnt: 1 -> 0`, or the note alone for allocations and frees. */
    public String render() {
      if (note != null) {
        return note;
      }
      return what + ": " + before + " -> " + after;
    }
  }
}

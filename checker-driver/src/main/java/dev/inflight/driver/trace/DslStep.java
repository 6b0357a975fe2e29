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
 * @param changes what changed, typed (an allocation, a free, a field, a variable, an RCU event)
 * @param fault the fault this step hit, or null
 * @param note what the step did when its statement does not say it: a work item's run starting or
 *     ending, an RCU callback starting (with where it was queued); null otherwise
 */
public record DslStep(int index, String thread, String action, SourceMap.Loc loc, List<SourceMap.Loc> calledFrom,
    List<SourceMap.Loc> statements, List<Change> changes, String fault, String note) {

  public DslStep(int index, String thread, String action, SourceMap.Loc loc, List<SourceMap.Loc> calledFrom,
      List<SourceMap.Loc> statements, List<Change> changes, String fault) {
    this(index, thread, action, loc, calledFrom, statements, changes, fault, null);
  }

  /** The same step with this note and call chain. */
  public DslStep with(String newNote, List<SourceMap.Loc> via) {
    return new DslStep(index, thread, action, loc, via, statements, changes, fault, newNote);
  }

  /**
   * One change of a step, made once by {@link TraceMapper} and rendered by the text report, JSON,
   * SARIF and the charts alike. {@code text} is its one-line English form.
   *
   * @param kind what sort of change
   * @param object the object (`sock#1`) of an allocation, free or field change, else null
   * @param field the field of a FIELD change; the variable of GLOBAL, LOCAL, INITIAL and VARIABLE
   * @param thread the thread of a LOCAL, RCU or COST change, else null
   * @param before the value before (null when there is none, e.g. an initial value)
   * @param after the value after
   * @param detail an allocation's initial fields (`refcnt=1, state=0`); an RCU event's kind
   *     ({@link #RCU_EVENTS}); else null
   * @param text the change in words: `sock#1.refcnt: 1 -> 0`, `sock#1 freed`
   */
  public record Change(Kind kind, String object, String field, String thread, String before, String after, String detail,
      String text) {

    /** The kinds of change. */
    public enum Kind { ALLOC, FREE, FIELD, GLOBAL, LOCAL, INITIAL, RCU, COST, VARIABLE }

    /** RCU events (the {@code detail} of an RCU change). */
    public static final List<String> RCU_EVENTS = List.of("enter", "leave", "nest", "gp_wait", "cb_queued", "cb_run");

    public static Change alloc(String obj, List<String> fields) {
      String init = String.join(", ", fields);
      return new Change(Kind.ALLOC, obj, null, null, "free", "live", init, obj + " allocated" + (init.isEmpty() ? "" : " (" + init + ")"));
    }

    public static Change free(String obj) {
      return new Change(Kind.FREE, obj, null, null, "live", "freed", null, obj + " freed");
    }

    public static Change field(String obj, String field, String before, String after) {
      return new Change(Kind.FIELD, obj, field, null, before, after, null, obj + "." + field + ": " + before + " -> " + after);
    }

    public static Change global(String name, String before, String after) {
      return new Change(Kind.GLOBAL, null, name, null, before, after, null, name + ": " + before + " -> " + after);
    }

    public static Change initial(String name, String value) {
      return new Change(Kind.INITIAL, null, name, null, null, value, null, name + " = " + value);
    }

    public static Change local(String thread, String name, String before, String after) {
      return new Change(Kind.LOCAL, null, name, thread, before, after, null, thread + "." + name + ": " + before + " -> " + after);
    }

    /** A local assigned a call's result that it already held: `a.r = null (returned by none)`. */
    public static Change returned(String thread, String name, String value, String fn) {
      return new Change(Kind.LOCAL, null, name, thread, value, value, null, thread + "." + name + " = " + value + " (returned by " + fn + ")");
    }

    /** A plain TLA+ variable (a .tla spec has no DSL names). */
    public static Change variable(String name, String before, String after) {
      return before == null ? new Change(Kind.VARIABLE, null, name, null, null, after, null, name + " = " + after)
          : new Change(Kind.VARIABLE, null, name, null, before, after, null, name + ": " + before + " -> " + after);
    }

    public static Change rcu(String thread, String event, String text) {
      return new Change(Kind.RCU, null, null, thread, null, null, event, text);
    }

    public static Change cost(String thread, long before, long after, String text) {
      return new Change(Kind.COST, null, null, thread, Long.toString(before), Long.toString(after), null, text);
    }

    /** What changed, in DSL names: `sock#1.refcnt`, `sock#1`, `shared`, `producer.sk`. */
    public String what() {
      return switch (kind) {
        case ALLOC, FREE -> object;
        case FIELD -> object + "." + field;
        case LOCAL -> thread + "." + field;
        case RCU -> thread == null ? "rcu" : thread;
        case COST -> thread + " cost";
        default -> field;
      };
    }

    /** The change in words. */
    public String render() {
      return text;
    }
  }
}

package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.lower.ThreadCode;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which paths of the model ever took a step, told by TLC itself (docs/semantics.md, "Vacuity
 * per path"). Every path that raises no fault ends its disjunct with {@code Ran(k)}, k its
 * number (the source map's {@code ran}), when the translation asks for the hook
 * (Translator.Options#withRanHook: a check that wants vacuity warnings; `inflight translate`
 * leaves it out, for a module that is the model and nothing else). In the module
 * {@code Ran(k) == TRUE}, so the hook changes no action. A check that wants vacuity
 * warnings substitutes {@code RanOnce} for it in the .cfg ({@link #CFG_OVERRIDE}); {@code
 * RanOnce(k)} prints {@code <<"inflight-ran", k>>} the first time path k generates a state (TLC
 * evaluates a disjunct's last conjunct only when every earlier one held) and remembers that in
 * TLC register k, which {@code ASSUME RanInit}, with {@code RanReset} substituted, sets to 0 in
 * every worker before the search. Each worker prints a path at most once.
 *
 * <p>Fault paths carry no mark. When the check skips fault checks (`--check`/`--skip`), whose
 * faults still end a run (a state constraint), it also puts {@code FaultsReached} first among the
 * run's constraints: TRUE in every state, it evaluates {@code RanFault(fault)} in a state a fault
 * ended, and with {@code RanFaultOnce} substituted TLC prints {@code <<"inflight-fault", fault>>}
 * the first time a worker meets that fault record. The check then warns of what each skipped
 * fault cut off (docs/semantics.md, "Vacuity per path").
 */
public final class RanHook {
  public static final String HOOK = "Ran";
  public static final String ONCE = "RanOnce";
  public static final String INIT = "RanInit";
  public static final String RESET = "RanReset";
  public static final String FAULT = "RanFault";
  public static final String FAULT_ONCE = "RanFaultOnce";
  /** The state constraint that is always TRUE and prints, through {@code RanFault}, the faults that ended runs. */
  public static final String FAULTS_REACHED = "FaultsReached";
  /** The first element of each printed fault tuple. */
  public static final String FAULT_TAG = "inflight-fault";
  /** The first element of each printed tuple. */
  public static final String TAG = "inflight-ran";
  /** The .cfg lines that turn the hook on. */
  public static final String CFG_OVERRIDE = "CONSTANTS\n  " + HOOK + " <- " + ONCE + "\n  " + INIT + " <- " + RESET
      + "\n  " + FAULT + " <- " + FAULT_ONCE + "\n";
  /** The names the hook defines (reserved in every module). */
  public static final List<String> NAMES = List.of(HOOK, ONCE, INIT, RESET, FAULT, FAULT_ONCE, FAULTS_REACHED);

  private final Map<String, Integer> number = new LinkedHashMap<>();

  private final boolean on;

  /**
   * Numbers the paths that raise no fault 1, 2, … in the source map's order (threads, then their
   * paths); when not {@code on}, no path has a number or a mark and the module defines nothing.
   */
  RanHook(Lowered lowered, boolean on) {
    this.on = on;
    for (ThreadCode tc : on ? lowered.threads() : List.<ThreadCode>of()) {
      for (Action a : tc.actions()) {
        if (a.fault() == null) {
          number.put(a.name(), number.size() + 1);
        }
      }
    }
  }

  /** Whether paths carry marks (when not, every {@link #mark} is null). */
  boolean isOn() {
    return on;
  }

  /** Path {@code a}'s number, or null for a fault path. */
  Integer of(Action a) {
    return number.get(a.name());
  }

  /** {@code Ran(k)} for path {@code a}, or null for a fault path. */
  TlaExpr mark(Action a) {
    Integer k = of(a);
    return k == null ? null : new TlaExpr.Apply(HOOK, List.of(new TlaExpr.Num(k)));
  }

  /**
   * The four definitions and the ASSUME, before the first action; {@code k} names their parameter
   * and bound variable, a name no module-level definition or variable has (a model's global `k`
   * keeps its own).
   */
  void define(List<TlaModule.Unit> units, String k) {
    if (!on) {
      return;
    }
    units.add(new TlaModule.OpDef(HOOK, List.of(k), new TlaExpr.Bool(true),
        List.of("path " + k + " took a step; `inflight check` substitutes " + ONCE + " to learn which paths ran", "(vacuity warnings; docs/semantics.md, \"Vacuity per path\")"), null));
    TlaExpr register = new TlaExpr.Apply("TLCGet", List.of(name(k)));
    TlaExpr print = new TlaExpr.Apply("PrintT", List.of(new TlaExpr.Tuple(List.of(new TlaExpr.Str(TAG), name(k)))));
    TlaExpr set = new TlaExpr.Apply("TLCSet", List.of(name(k), new TlaExpr.Num(1)));
    units.add(new TlaModule.OpDef(ONCE, List.of(k), new TlaExpr.Infix(BinOp.OR, eq(register, new TlaExpr.Num(1)),
        new TlaExpr.Infix(BinOp.AND, print, set)), List.of("prints path " + k + " the first time it takes a step"), null));
    // register n + 1: the fault records seen so far
    TlaExpr faults = new TlaExpr.Num(number.size() + 1);
    units.add(new TlaModule.OpDef(FAULT, List.of(k), new TlaExpr.Bool(true),
        List.of("a run ended with fault " + k + "; `inflight check` substitutes " + FAULT_ONCE + " to learn which faults ended runs"), null));
    TlaExpr seen = new TlaExpr.Apply("TLCGet", List.of(faults));
    TlaExpr printFault = new TlaExpr.Apply("PrintT", List.of(new TlaExpr.Tuple(List.of(new TlaExpr.Str(FAULT_TAG), name(k)))));
    TlaExpr addFault = new TlaExpr.Apply("TLCSet", List.of(faults, new TlaExpr.Infix(BinOp.CUP, seen, new TlaExpr.SetOf(List.of(name(k))))));
    units.add(new TlaModule.OpDef(FAULT_ONCE, List.of(k), new TlaExpr.Infix(BinOp.OR, new TlaExpr.Infix(BinOp.IN, name(k), seen),
        new TlaExpr.Infix(BinOp.AND, printFault, addFault)), List.of("prints fault " + k + " the first time a run ends with it"), null));
    units.add(new TlaModule.OpDef(FAULTS_REACHED, List.of(), new TlaExpr.Infix(BinOp.OR,
        eq(new TlaExpr.Select(name("fault"), "kind"), new TlaExpr.Str("none")), new TlaExpr.Apply(FAULT, List.of(name("fault")))),
        List.of("TRUE; a check that skips fault checks makes it a state constraint, to learn which faults ended runs"), null));
    units.add(new TlaModule.OpDef(INIT, List.of(), new TlaExpr.Bool(true), List.of(), null));
    TlaExpr all = new TlaExpr.Infix(BinOp.RANGE, new TlaExpr.Num(1), new TlaExpr.Num(number.size()));
    units.add(new TlaModule.OpDef(RESET, List.of(), new TlaExpr.Infix(BinOp.AND, new TlaExpr.Quant(Quantifier.FORALL,
        List.of(new TlaExpr.Bound(k, all)), new TlaExpr.Apply("TLCSet", List.of(name(k), new TlaExpr.Num(0)))),
        new TlaExpr.Apply("TLCSet", List.of(faults, new TlaExpr.SetOf(List.of())))),
        List.of("no path has run yet, no fault has ended a run"), null));
    units.add(new TlaModule.Assume(name(INIT)));
  }
}

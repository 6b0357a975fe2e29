package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.List;

/**
 * One path through a step of a thread. In the per-path form it is the TLA+ operator
 * {@code name(self)} with body {@link #body}; in the label form (the default) the paths of a
 * label are folded into the label's action by their common {@link #parts} (emit/PathTree), and
 * the name is the path's in the source map, which attributes trace steps to it.
 *
 * @param from the label the thread is at
 * @param to the label it moves to ("Done" at the end), or null for a fault (pc unchanged)
 * @param fault the fault kind this path detects, or null
 * @param statements DSL statements the path executes, in order
 * @param primary the statement to show for this step (the shared one, or the last)
 * @param calledFrom when primary is inside an inlined function: the call sites, outermost first
 * @param body the action's TLA+ expression (parameter {@code self}), {@code pc[self] = from}
 *     first, then its parts and effect with every definition around the whole
 * @param parts the path's guards and definitions in the order it made them (a definition wraps
 *     what follows it), without the label's {@code pc} test
 * @param effect what the path does once its parts hold: primed equations and {@code UNCHANGED},
 *     or the fault's {@code Fault(…)}
 */
public record Action(String name, ThreadSym thread, String from, String to, String fault,
    List<Span> statements, Span primary, List<Span> calledFrom, TlaExpr body, List<Part> parts, List<TlaExpr> effect) {

  public Action {
    parts = List.copyOf(parts);
    effect = List.copyOf(effect);
  }

  /** A part of a path, before its effect. */
  public sealed interface Part {
    /**
     * The conjunction {@code rest} (its conjuncts) with this part before it: a guard joins it,
     * a definition encloses it.
     */
    List<TlaExpr> before(List<TlaExpr> rest);

    /** A condition the path needs. */
    record Guard(TlaExpr e) implements Part {
      @Override
      public List<TlaExpr> before(List<TlaExpr> rest) {
        List<TlaExpr> out = new java.util.ArrayList<>(rest.size() + 1);
        out.add(e);
        out.addAll(rest);
        return out;
      }
    }

    /** {@code LET name == value IN} the rest. */
    record Let(String name, TlaExpr value) implements Part {
      @Override
      public List<TlaExpr> before(List<TlaExpr> rest) {
        TlaModule.OpDef def = new TlaModule.OpDef(name, value);
        // LET a == x IN LET b == y IN e is LET a == x  b == y IN e: a LET's definitions are
        // sequential (b may use a), and a path's LET names are distinct (BoundNames#outer)
        if (rest.size() == 1 && rest.get(0) instanceof TlaExpr.Let inner) {
          List<TlaModule.OpDef> defs = new java.util.ArrayList<>();
          defs.add(def);
          defs.addAll(inner.defs());
          return List.of(new TlaExpr.Let(defs, inner.body()));
        }
        return List.of(new TlaExpr.Let(List.of(def), conj(rest)));
      }
    }

    /** {@code \E name \in set :} the rest. */
    record Exists(String name, TlaExpr set) implements Part {
      @Override
      public List<TlaExpr> before(List<TlaExpr> rest) {
        return List.of(new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound(name, set)), conj(rest)));
      }
    }
  }

  /** The conjunction of {@code items} (one item: itself). */
  static TlaExpr conj(List<TlaExpr> items) {
    return items.size() == 1 ? items.get(0) : new TlaExpr.And(items);
  }
}

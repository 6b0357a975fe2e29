package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.check.ConstEval;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.List;

/**
 * A check of latency bounds: the value at which an operation's running total ({@code lat})
 * stops growing, the largest bound + 1 (docs/semantics.md, "Costs: totals capped"). Past every
 * bound, how far past no longer matters to any property, and an operation charged without end
 * (waiting while another thread loops with priced steps) then has finitely many totals.
 *
 * <p>Exact only when no charge is negative: a total once past the cap can then never come back
 * under a bound. Every price is (the profiles' entries are checked to be non-negative), and so
 * must be every `cost` statement's amount, which is judged from its text ({@link #nonNegative}).
 * Not when costs are sampled (`inflight cost`, `diff`: every total is a sample) nor in the
 * reference translation, which is the plain one the capped translation is tested against.
 */
final class LatencyCap {
  private LatencyCap() {}

  /** The cap, or null when totals are not capped. */
  static Long of(Program program, List<Cfg> cfgs, boolean reference) {
    if (reference || !program.cost.tracked || program.cost.sampled || program.cost.latencies.isEmpty()) {
      return null;
    }
    for (Cfg cfg : cfgs) {
      for (Instr in : cfg.nodes()) {
        if (in instanceof Instr.Cost c && c.amount() != null && !nonNegative(program, c.amount())) {
          return null;
        }
      }
    }
    ConstEval consts = new ConstEval(program);
    return program.cost.latencies.stream().mapToLong(consts::bound).max().getAsLong() + 1;
  }

  /**
   * Whether an amount is non-negative in every state, by its form: a non-negative literal or
   * const, a profile price, `count(…)`, and sums, products, quotients and remainders of those.
   * Anything else (a variable, a field, a difference, a function's result) may be negative.
   */
  static boolean nonNegative(Program program, Expr e) {
    if (new ConstEval(program).eval(e) instanceof Long v) {
      return v >= 0;
    }
    if (e instanceof Expr.Name n) {
      return program.names.get(n) instanceof Symbol.CostSym;
    }
    if (e instanceof Expr.Call c) {
      return !program.calls.containsKey(c) && c.fn().text().equals("count"); // the builtin, not a function of the model
    }
    if (e instanceof Expr.Binary b) {
      return switch (b.op()) {
        case ADD, MUL, DIV, MOD -> nonNegative(program, b.left()) && nonNegative(program, b.right());
        default -> false;
      };
    }
    return false;
  }
}

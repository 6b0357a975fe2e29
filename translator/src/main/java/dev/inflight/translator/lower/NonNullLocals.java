package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which locals of a thread hold an allocated object on every path to each instruction: a must
 * analysis over the control-flow graph (for {@link StableAwaits}). A local becomes non-null when
 * an `alloc` stores into it or it is assigned (or bound to) another such local; every other
 * instruction that writes a local (an assignment of anything else, a `pick` result, a reset at a
 * function's end, a `for` variable, an RCU callback's or a release function's parameter) removes
 * it. Paths join by intersection; a node no path reaches has every local (the top element).
 */
final class NonNullLocals {
  private final List<Set<Symbol.LocalSym>> in;

  private NonNullLocals(List<Set<Symbol.LocalSym>> in) {
    this.in = in;
  }

  /** The locals non-null on entry to node {@code id}. */
  Set<Symbol.LocalSym> at(int id) {
    Set<Symbol.LocalSym> s = in.get(id);
    return s == null ? Set.of() : s;
  }

  static NonNullLocals of(Program program, Cfg cfg) {
    return new NonNullLocals(MustSets.of(cfg, (instr, before) -> transfer(program, instr, before)));
  }

  /** The locals non-null after {@code instr}, given those before it (Assignments says what it assigns). */
  private static Set<Symbol.LocalSym> transfer(Program program, Instr instr, Set<Symbol.LocalSym> before) {
    Set<Symbol.LocalSym> s = new HashSet<>(before);
    for (Assignments.Write w : new Assignments(program).of(instr)) {
      if (!(w.target() instanceof Symbol.LocalSym l)) {
        continue;
      }
      boolean copy = w.value() instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym from
          && before.contains(from);
      if (w.allocated() || copy) {
        s.add(l);
      } else {
        s.remove(l);
      }
    }
    return s;
  }
}

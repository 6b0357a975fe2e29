package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.ArrayList;
import java.util.List;

/**
 * What an instruction assigns to named variables, locals and globals alike (not fields, counts or
 * the translator's hidden and RCU variables): for {@link NonNullLocals} (locals) and
 * {@link StableAwaits} (globals). One method per instruction kind, so a kind added to
 * {@link Instr} must say what it assigns before this compiles.
 */
final class Assignments implements Instr.Visitor<List<Assignments.Write>> {
  /**
   * One assignment to {@code target}: {@code value} is the expression written (null when the
   * instruction does not say: a `pick` result, a parameter bound by a callback, a reset), and
   * {@code allocated} marks a freshly allocated object.
   */
  record Write(Symbol target, Expr value, boolean allocated) {}

  private final Program program;

  Assignments(Program program) {
    this.program = program;
  }

  List<Write> of(Instr in) {
    return in.accept(this);
  }

  private List<Write> named(Expr target, Expr value, boolean allocated) {
    return target instanceof Expr.Name n && program.names.get(n) != null
        ? List.of(new Write(program.names.get(n), value, allocated)) : List.of();
  }

  private static List<Write> unknown(List<? extends Symbol> targets) {
    return targets.stream().map(t -> new Write(t, null, false)).toList();
  }

  public List<Write> visitAssign(Instr.Assign a) { return named(a.target(), a.value(), false); }
  public List<Write> visitAlloc(Instr.Alloc a) { return named(a.target(), null, true); }
  public List<Write> visitBind(Instr.Bind b) { return List.of(new Write(b.param(), b.value(), false)); }
  public List<Write> visitReset(Instr.Reset r) { return unknown(r.locals()); }
  public List<Write> visitTakeCallback(Instr.TakeCallback t) { return unknown(t.params()); }

  /** The parameter of the release function a `put` may run (bound on that path only). */
  public List<Write> visitRefOp(Instr.RefOp r) {
    return r.releaseParam() == null ? List.of() : unknown(List.of(r.releaseParam()));
  }

  /** The lock's holder (a global lock is no bool, int or pointer). */
  public List<Write> visitLockOp(Instr.LockOp l) { return named(l.target(), null, false); }

  public List<Write> visitForNext(Instr.ForNext f) {
    return f.var() == null ? List.of() : unknown(List.of(f.var()));
  }

  /** A result, and the collection a built-in changes: its first argument (BuiltinProcs). */
  public List<Write> visitProc(Instr.Proc p) {
    List<Write> out = new ArrayList<>();
    if (p.result() != null) {
      out.addAll(named(p.result(), null, false));
    }
    if (!p.call().args().isEmpty()) {
      out.addAll(named(p.call().args().get(0), null, false));
    }
    return out;
  }

  // Fields, counts and freed objects, the translator's hidden locals, the RCU and cost
  // variables, or nothing: no named variable.
  public List<Write> visitFree(Instr.Free i) { return List.of(); }
  public List<Write> visitTouch(Instr.Touch i) { return List.of(); }
  public List<Write> visitBranch(Instr.Branch i) { return List.of(); }
  public List<Write> visitChoice(Instr.Choice i) { return List.of(); }
  public List<Write> visitAwait(Instr.Await i) { return List.of(); }
  public List<Write> visitIter(Instr.Iter i) { return List.of(); }
  public List<Write> visitForInit(Instr.ForInit i) { return List.of(); }
  public List<Write> visitLoopHead(Instr.LoopHead i) { return List.of(); }
  public List<Write> visitRcu(Instr.Rcu i) { return List.of(); }
  public List<Write> visitGetNotZero(Instr.GetNotZero i) { return List.of(); }
  public List<Write> visitExit(Instr.Exit i) { return List.of(); }
  public List<Write> visitCost(Instr.Cost i) { return List.of(); }
  public List<Write> visitOpMark(Instr.OpMark i) { return List.of(); }
  public List<Write> visitNop(Instr.Nop i) { return List.of(); }
  public List<Write> visitDone(Instr.Done i) { return List.of(); }
}

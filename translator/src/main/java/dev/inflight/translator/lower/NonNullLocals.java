package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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
    int n = cfg.nodes().size();
    List<Set<Symbol.LocalSym>> in = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      in.add(null); // not reached yet: top
    }
    in.set(cfg.entry(), new HashSet<>());
    Deque<Integer> todo = new ArrayDeque<>();
    todo.push(cfg.entry());
    while (!todo.isEmpty()) {
      int id = todo.pop();
      Instr instr = cfg.node(id);
      if (instr == null) {
        continue;
      }
      Set<Symbol.LocalSym> out = transfer(program, instr, in.get(id));
      for (int s : Sharing.successors(instr)) {
        Set<Symbol.LocalSym> cur = in.get(s);
        if (cur == null) {
          in.set(s, new HashSet<>(out));
          todo.push(s);
        } else if (cur.retainAll(out)) {
          todo.push(s);
        }
      }
    }
    return new NonNullLocals(in);
  }

  private static Set<Symbol.LocalSym> transfer(Program program, Instr instr, Set<Symbol.LocalSym> before) {
    Set<Symbol.LocalSym> s = new HashSet<>(before);
    instr.accept(new Instr.Visitor<Void>() {
      private Symbol.LocalSym local(Expr e) {
        return e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l ? l : null;
      }

      private void assign(Symbol.LocalSym l, Expr value) {
        if (l == null) {
          return;
        }
        Symbol.LocalSym from = local(value);
        if (from != null && before.contains(from)) {
          s.add(l);
        } else {
          s.remove(l);
        }
      }

      public Void visitAssign(Instr.Assign i) { assign(local(i.target()), i.value()); return null; }
      public Void visitAlloc(Instr.Alloc i) {
        Symbol.LocalSym l = local(i.target());
        if (l != null) {
          s.add(l);
        }
        return null;
      }
      public Void visitRefOp(Instr.RefOp i) {
        if (i.releaseParam() != null) {
          s.remove(i.releaseParam());
        }
        return null;
      }
      public Void visitFree(Instr.Free i) { return null; }
      public Void visitTouch(Instr.Touch i) { return null; }
      public Void visitBranch(Instr.Branch i) { return null; }
      public Void visitChoice(Instr.Choice i) { return null; }
      public Void visitAwait(Instr.Await i) { return null; }
      public Void visitLockOp(Instr.LockOp i) { return null; }
      public Void visitProc(Instr.Proc i) {
        if (i.result() != null && local(i.result()) != null) {
          s.remove(local(i.result()));
        }
        return null;
      }
      public Void visitBind(Instr.Bind i) { assign(i.param(), i.value()); return null; }
      public Void visitReset(Instr.Reset i) { i.locals().forEach(s::remove); return null; }
      public Void visitIter(Instr.Iter i) { return null; }
      public Void visitForInit(Instr.ForInit i) { return null; }
      public Void visitForNext(Instr.ForNext i) {
        if (i.var() != null) {
          s.remove(i.var());
        }
        return null;
      }
      public Void visitLoopHead(Instr.LoopHead i) { return null; }
      public Void visitRcu(Instr.Rcu i) { return null; }
      public Void visitTakeCallback(Instr.TakeCallback i) { i.params().forEach(s::remove); return null; }
      public Void visitGetNotZero(Instr.GetNotZero i) { return null; }
      public Void visitExit(Instr.Exit i) { return null; }
      public Void visitCost(Instr.Cost i) { return null; }
      public Void visitOpMark(Instr.OpMark i) { return null; }
      public Void visitNop(Instr.Nop i) { return null; }
      public Void visitDone(Instr.Done i) { return null; }
    });
    return s;
  }
}

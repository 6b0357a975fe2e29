package dev.inflight.translator.lower;

import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import java.util.List;
import java.util.Map;

/**
 * A thread kind's control-flow graph with every function call inlined.
 *
 * @param locals every local the thread can touch (its own and those of inlined functions)
 * @param hidden translator-made locals: loop counters (int) and `for` snapshots (set), by name
 * @param restHead for a daemon thread, the node where it rests (its `loop` head), else -1
 * @param callers for nodes inside inlined functions: the call sites leading there, outermost first
 * @param inside for nodes inside inlined functions: those functions, outermost first. Each node
 *     belongs to one inlining (a call inlines its function afresh), and a function's parameters
 *     are bound before its first node and its locals reset at its last, so at a label these are
 *     exactly the functions whose frames are live (docs/semantics.md, "Locals")
 * @param inOp the nodes inside an operation (an `op fn` call), whose time the cost model counts
 * @param flushes the nodes that wait in `flush_work(W)`, with W
 */
public record Cfg(ThreadSym thread, List<Instr> nodes, int entry, List<Symbol.LocalSym> locals,
    Map<String, HiddenKind> hidden, int restHead, Map<Integer, List<dev.inflight.translator.diag.Span>> callers,
    Map<Integer, List<dev.inflight.translator.resolve.FnSym>> inside, java.util.Set<Integer> inOp, Map<Integer, Symbol.WorkSym> flushes) {

  /** A loop counter, a `for` snapshot of a set, or of a list or queue (a sequence walked in order). */
  public enum HiddenKind { COUNTER, SNAPSHOT, SEQUENCE }

  public Instr node(int id) {
    return nodes.get(id);
  }

  /** Whether node {@code id} is the end of the thread ({@link Instr.Done}). */
  public boolean isEnd(int id) {
    return nodes.get(id) instanceof Instr.Done;
  }

  /**
   * Whether only the thread's end follows node {@code id}: its {@link Instr.Done}, or the exit
   * check ({@link Instr.Exit}) before it, which reads no local.
   */
  public boolean endsThread(int id) {
    return isEnd(id) || nodes.get(id) instanceof Instr.Exit x && isEnd(x.next());
  }

  /** The functions node {@code id} is inside, outermost first (empty in the thread body). */
  public List<dev.inflight.translator.resolve.FnSym> insideOf(int id) {
    return inside.getOrDefault(id, List.of());
  }

  /** The first instructions of the `atomic` blocks: the entry if it is in one, and each successor of an instruction outside its block. */
  java.util.Set<Integer> atomicStarts() {
    java.util.Set<Integer> out = new java.util.LinkedHashSet<>();
    if (nodes.get(entry).atomic() >= 0) {
      out.add(entry);
    }
    for (Instr in : nodes) {
      for (int s : Sharing.successors(in)) {
        if (nodes.get(s).atomic() >= 0 && nodes.get(s).atomic() != in.atomic()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  public List<dev.inflight.translator.diag.Span> callersOf(int id) {
    return callers.getOrDefault(id, List.of());
  }
}

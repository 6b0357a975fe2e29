package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The labels of one thread: the places it can be preempted, each the start of a step.
 *
 * <p>Labels (docs/semantics.md, "Steps: where threads interleave") are: the entry, the successor
 * of every instruction that touches shared state (outside `atomic`, or after an `atomic` block),
 * every loop head, and the end. A step starts at a label and runs until it reaches the next
 * label, so it executes at most one shared instruction (or one whole `atomic` block) plus any
 * thread-local instructions before it; or a stable wait and then one such instruction, when
 * that cannot block ({@link #goesOn}); and then, it may be, the release of a lock
 * ({@link #intoUnlock}). A label that sits on thread-local code is then pushed
 * down to the shared instructions after it ({@link #pushDown}).
 *
 * <p>Labels are named after their DSL line: {@code L12}, then {@code L12b}, {@code L12c} for more
 * labels on the same line, in source order; the end is {@code Done}.
 */
final class Labels {
  private final Cfg cfg;
  private final Sharing sharing;
  /** The right movers of the model, stable `await`s (StableAwaits): a step passing one may go on. */
  private final Set<Instr> stable;
  /** The left movers of the model: `unlock`s (LockReleases) the step before may go on into. */
  private final Set<Instr> unlocks;
  /** Costs tracked: the waits inside operations, which start steps (CostCuts). */
  private final CostCuts cuts;
  /** The right movers whose step goes on past them ({@link #goesOn}), by node. */
  private final Set<Integer> passedWaits = new HashSet<>();
  /** Label names by node, in naming order (the order steps are formed and emitted). */
  private final Map<Integer, String> byNode = new LinkedHashMap<>();
  /** The DSL place of each label, by name. */
  private final Map<String, Span> spans = new LinkedHashMap<>();

  private Labels(Cfg cfg, Sharing sharing, Set<Instr> stable, Set<Instr> unlocks, CostCuts cuts) {
    this.cfg = cfg;
    this.sharing = sharing;
    this.stable = stable;
    this.unlocks = unlocks;
    this.cuts = cuts;
  }

  /**
   * Places and names the labels of {@code cfg}'s thread; with {@code reference}, the
   * statement-level reference translation's: every instruction is a label (an `atomic` block
   * stays one step). {@code stable}: the right movers (stable `await`s) whose
   * step may go on to the next shared instruction ({@link #goesOn}); {@code unlocks}: the left
   * movers the step before may go on into ({@link #intoUnlock}); none in the reference
   * translation. {@code cuts}: costs tracked, the waits that start steps.
   */
  static Labels place(Cfg cfg, Sharing sharing, boolean reference, Set<Instr> stable, Set<Instr> unlocks, CostCuts cuts) {
    Labels l = reference ? new Labels(cfg, sharing, Set.of(), Set.of(), CostCuts.NONE)
        : new Labels(cfg, sharing, stable, unlocks, cuts);
    if (reference) {
      l.everyInstruction();
    } else {
      l.compute();
    }
    return l;
  }

  /**
   * The reference translation: a label at every instruction outside `atomic` and at the start of
   * each `atomic` block, except at the head of a `loop`, which does nothing (its body's first
   * instruction is the label, where a daemon rests).
   */
  private void everyInstruction() {
    Set<Integer> all = new LinkedHashSet<>();
    if (!(cfg.node(cfg.entry()) instanceof Instr.LoopHead)) {
      all.add(cfg.entry());
    }
    Set<Integer> priced = new HashSet<>();
    for (Instr in : cfg.nodes()) {
      if (in instanceof Instr.Cost c && c.amount() == null) {
        priced.add(c.next()); // a primitive's price and the primitive: one statement, one step
      }
    }
    for (int i = 0; i < cfg.nodes().size(); i++) {
      Instr in = cfg.node(i);
      if (in.atomic() < 0 && !(in instanceof Instr.LoopHead) && !priced.contains(i)) {
        all.add(i);
      }
      for (int s : Sharing.successors(in)) {
        if (cfg.node(s).atomic() >= 0 && cfg.node(s).atomic() != in.atomic()) {
          all.add(s); // the start of an atomic block
        }
      }
    }
    name(all);
  }

  /** Label names by node, in the order steps are formed and emitted. */
  Map<Integer, String> byNode() {
    return Collections.unmodifiableMap(byNode);
  }

  boolean isLabel(int node) {
    return byNode.containsKey(node);
  }

  /** The name of the label at {@code node}, or null when it is none. */
  String name(int node) {
    return byNode.get(node);
  }

  /**
   * The label where a thread is when it is at {@code node}: the node's own, or for a `loop` head
   * that is no label (the reference translation), its body's first instruction's.
   */
  String at(int node) {
    return byNode.get(firstLabelled(cfg, node, byNode::containsKey));
  }

  /**
   * The node where a thread of {@code cfg} starts: its entry, or in the reference translation,
   * where a `loop` head is no label, the first instruction of the loop bodies it opens with
   * ({@link #everyInstruction}). Its frames are those live in the initial state (Lowerer).
   */
  static int start(Cfg cfg, boolean reference) {
    return reference ? firstLabelled(cfg, cfg.entry(), n -> false) : cfg.entry();
  }

  /** {@code node}, or while it is a `loop` head that is no label, its body's first instruction. */
  private static int firstLabelled(Cfg cfg, int node, java.util.function.IntPredicate labelled) {
    int n = node;
    while (!labelled.test(n) && cfg.node(n) instanceof Instr.LoopHead h && h.body() != n) {
      n = h.body();
    }
    return n;
  }

  Map<String, Span> spans() {
    return spans;
  }

  /**
   * For labels whose step runs thread-local code before an instruction that can block (so a
   * thread waiting there is shown at its label), that instruction's place, when it is the only
   * one the step can reach; for a stable wait whose step goes on, the wait's.
   */
  Map<String, Span> waitsAt() {
    Map<String, Span> out = new LinkedHashMap<>();
    Map<Integer, Boolean> memo = new HashMap<>();
    byNode.forEach((id, name) -> {
      if (passedWaits.contains(id)) {
        out.put(name, cfg.node(id).span()); // a stable wait: the step blocks only there
        return;
      }
      if (cfg.isEnd(id) || isMain(cfg.node(id))) {
        return;
      }
      Set<Span> found = new LinkedHashSet<>();
      prefix(id, byNode.keySet(), n -> { }, n -> {
        if (mainBlocks(cfg.node(n), memo)) {
          found.add(cfg.node(n).span());
        }
        return false;
      });
      if (found.size() == 1) {
        out.put(name, found.iterator().next());
      }
    });
    return out;
  }

  /**
   * Walks the thread-local code of a step from {@code start}: {@code local} sees each local
   * instruction, {@code main} each main instruction (shared, or the start of an atomic block)
   * the walk reaches, where it stops; labels other than {@code start} and the end stop it too.
   * The walk ends early when {@code main} returns true.
   */
  private void prefix(int start, Set<Integer> labels, java.util.function.IntConsumer local,
      java.util.function.IntPredicate main) {
    Set<Integer> seen = new HashSet<>();
    Deque<Integer> todo = new ArrayDeque<>();
    todo.push(start);
    while (!todo.isEmpty()) {
      int id = todo.pop();
      if ((id != start && labels.contains(id)) || !seen.add(id) || cfg.isEnd(id)) {
        continue;
      }
      Instr in = cfg.node(id);
      if (isMain(in)) {
        if (main.test(id)) {
          return;
        }
        continue;
      }
      local.accept(id);
      Sharing.successors(in).forEach(todo::push);
    }
  }

  /** Whether a main instruction can block: itself, or the atomic block it starts. */
  private boolean mainBlocks(Instr in, Map<Integer, Boolean> memo) {
    return in.atomic() >= 0 ? atomicBlocks(in.atomic(), memo) : Sharing.blocks(in);
  }

  private void compute() {
    Set<Integer> required = new LinkedHashSet<>();
    Set<Integer> candidates = new LinkedHashSet<>();
    required.add(cfg.entry());
    for (int i = 0; i < cfg.nodes().size(); i++) {
      // costs tracked: a wait inside an operation starts a step (CostCuts)
      if (Sharing.mustBeLabel(cfg.node(i)) || cuts.waits().contains(cfg.node(i))) {
        required.add(i);
      }
    }
    for (int i = 0; i < cfg.nodes().size(); i++) {
      Instr in = cfg.node(i);
      for (int s : Sharing.successors(in)) {
        Instr succ = cfg.node(s);
        boolean leavesAtomic = in.atomic() >= 0 && succ.atomic() != in.atomic();
        if (sharing.shared(in) && in.atomic() < 0 && goesOn(in, required)) {
          passedWaits.add(i);
        } else if (((sharing.shared(in) && in.atomic() < 0) || leavesAtomic) && !intoUnlock(in, s, required)) {
          candidates.add(s);
        }
      }
    }
    Set<Integer> all = new LinkedHashSet<>(required);
    all.addAll(candidates);
    pushDown(all, required);
    while (commitPoints(all, required)) {
      pushDown(all, required);
    }
    WideSteps.split(cfg, all, required);
    name(all);
  }

  /** The place of a step with more than {@link WideSteps#MAX_ATOMIC_PATHS} paths, and how many; null when none. */
  Map.Entry<Span, Long> tooWide() {
    return WideSteps.tooWide(cfg, byNode.keySet());
  }

  /**
   * Whether the step that passes {@code in}, a stable `await` (docs/semantics.md, "Stable
   * waits"), goes on into the shared instructions after it instead of ending there: when the
   * thread-local code after it reaches, before any label that must be one, only shared
   * instructions (or atomic blocks) that cannot block. The merged step then blocks only where
   * the wait did, on the same condition, and once that holds no other thread can make it false.
   */
  private boolean goesOn(Instr in, Set<Integer> required) {
    if (!stable.contains(in)) {
      return false;
    }
    int next = Sharing.successors(in).get(0); // an `await`: one successor
    if (required.contains(next)) {
      return false;
    }
    return !blocksAhead(next, required, new HashMap<>());
  }

  /**
   * Whether the step of {@code in}, a shared instruction or the last of an atomic block, goes on
   * through the thread-local code at {@code next} into the `unlock` after it instead of ending at
   * {@code next} (docs/semantics.md, "Lock releases"): when that code reaches, before any label
   * that must be one, shared instructions and only left-mover `unlock`s (LockReleases), which
   * cannot block or fault; when the step takes no lock itself ({@code in} no `lock`, nor in an
   * atomic block with one), so the states in which the lock is held never all vanish into one
   * step; and when no path from those unlocks reaches the thread's end through local code, so
   * the state the step ends in has the thread unfinished, as the state before the unlock had.
   */
  private boolean intoUnlock(Instr in, int next, Set<Integer> required) {
    if (unlocks.isEmpty() || required.contains(next) || takesLock(in)) {
      return false;
    }
    List<Integer> found = new ArrayList<>();
    boolean[] other = {false};
    prefix(next, required, id -> { }, id -> {
      if (unlocks.contains(cfg.node(id))) {
        found.add(id);
        return false;
      }
      other[0] = true;
      return true;
    });
    return !found.isEmpty() && !other[0] && found.stream().noneMatch(u -> reachesEnd(Sharing.successors(cfg.node(u)).get(0), required));
  }

  /** Whether {@code in} is a `lock`, or the last instruction of an atomic block that has one. */
  private boolean takesLock(Instr in) {
    if (in.atomic() < 0) {
      return in instanceof Instr.LockOp l && l.isLock();
    }
    if (lockingAtomics == null) {
      lockingAtomics = new HashSet<>();
      for (Instr n : cfg.nodes()) {
        if (n instanceof Instr.LockOp l && l.isLock() && l.atomic() >= 0) {
          lockingAtomics.add(l.atomic());
        }
      }
    }
    return lockingAtomics.contains(in.atomic());
  }

  /** The atomic blocks (by id) that take a lock; computed on first use. */
  private Set<Integer> lockingAtomics;

  /** Whether thread-local code from {@code start} reaches the thread's end before any other label. */
  private boolean reachesEnd(int start, Set<Integer> labels) {
    Set<Integer> seen = new HashSet<>();
    Deque<Integer> todo = new ArrayDeque<>();
    todo.push(start);
    while (!todo.isEmpty()) {
      int id = todo.pop();
      if (cfg.isEnd(id)) {
        return true;
      }
      if (labels.contains(id) || !seen.add(id) || isMain(cfg.node(id))) {
        continue;
      }
      Sharing.successors(cfg.node(id)).forEach(todo::push);
    }
    return false;
  }

  /**
   * Commit points (docs/semantics.md): a nondeterministic choice made before a step's shared
   * instruction must not be merged into that step when the instruction can block, or the thread
   * would only ever "choose" a branch on which it can go on, and the deadlocks and hangs of the
   * other branches would be lost. For every label, this walks the thread-local code before its
   * step's shared instruction (or atomic block); a choice there (`either`, the next element of a
   * `for` over a set, `pick` from a local set) gets a label on each of its branches that leads to
   * a blocking instruction in the same step: the thread commits to the branch in one step and
   * blocks (or not) in the next. The end of an operation (costs tracked) is treated the same way:
   * its completion is recorded in a step of its own before a wait that may never end, as it is
   * when every statement is a step (docs/semantics.md, "Costs: where time may not move"). Returns
   * whether a label was added.
   */
  private boolean commitPoints(Set<Integer> labels, Set<Integer> required) {
    boolean[] added = {false};
    Map<Integer, Boolean> memo = new HashMap<>();
    for (int l : List.copyOf(labels)) {
      prefix(l, labels, id -> {
        Instr in = cfg.node(id);
        if (!sharing.localChoice(in) && !(in instanceof Instr.OpMark m && !m.begin())) {
          return;
        }
        for (int t : Sharing.successors(in)) {
          if (!labels.contains(t) && blocksAhead(t, labels, memo)) {
            labels.add(t);
            required.add(t);
            added[0] = true;
          }
        }
      }, id -> false);
    }
    return added[0];
  }

  /** A step's main instruction: shared, or the first of an atomic block. */
  private boolean isMain(Instr in) {
    return sharing.shared(in) || in.atomic() >= 0;
  }

  /**
   * Whether thread-local code from {@code start} (not a label) can reach, before any label, a
   * main instruction that can block, or an atomic block that contains one.
   */
  private boolean blocksAhead(int start, Set<Integer> labels, Map<Integer, Boolean> memo) {
    boolean[] found = {false};
    prefix(start, labels, id -> { }, id -> found[0] = mainBlocks(cfg.node(id), memo));
    return found[0];
  }

  /** Whether the atomic block {@code id} contains an instruction that can block (memoised under key -1 - id). */
  private boolean atomicBlocks(int id, Map<Integer, Boolean> memo) {
    return memo.computeIfAbsent(-1 - id, k -> cfg.nodes().stream().anyMatch(n -> n.atomic() == id && Sharing.blocks(n)));
  }

  /**
   * Moves labels that sit on thread-local code down to the shared instructions after it: a
   * label whose every path runs through local instructions (straight lines, branches and
   * choices on locals) to other labels or to shared instructions is dropped, and those shared
   * instructions become labels. The local code then belongs to the step before, so no step
   * only moves the program counter, and no path gets more steps than before. Sound because
   * local instructions commute with every other thread's steps (docs/semantics.md).
   */
  private void pushDown(Set<Integer> labels, Set<Integer> required) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int l : List.copyOf(labels)) {
        // A label inside an atomic block is at its start: pushed on, it would split the block.
        if (required.contains(l) || sharing.shared(cfg.node(l)) || cfg.node(l).atomic() >= 0) {
          continue;
        }
        Set<Integer> frontier = new LinkedHashSet<>();
        if (localReach(l, labels, frontier)) {
          labels.remove(l);
          labels.addAll(frontier);
          changed = true;
        }
      }
    }
  }

  /**
   * Walks local instructions from {@code start}, depth first with an explicit stack (successors
   * in order); collects the shared instructions (or atomic blocks) where the walk stops into
   * {@code frontier}; false when a path cannot be cut there (an instruction the push-down may not
   * walk past). A loop head is reached only as an existing label, so the walk has no cycle; a
   * node reached twice is where branches join.
   */
  private boolean localReach(int start, Set<Integer> labels, Set<Integer> frontier) {
    Set<Integer> seen = new HashSet<>();
    Deque<Integer> todo = new ArrayDeque<>();
    todo.push(start);
    while (!todo.isEmpty()) {
      int id = todo.pop();
      if (id != start && labels.contains(id)) {
        continue;
      }
      if (!seen.add(id)) {
        continue; // a join of branches, walked already (local code has no cycle: loop heads are labels)
      }
      Instr in = cfg.node(id);
      if (id != start && (sharing.shared(in) || in.atomic() >= 0)) {
        frontier.add(id);
        continue;
      }
      if (!sharing.localFlow(in)) {
        return false;
      }
      List<Integer> next = Sharing.successors(in);
      for (int i = next.size() - 1; i >= 0; i--) {
        todo.push(next.get(i));
      }
    }
    return true;
  }

  /**
   * Names the labels in source order (the end last): L12, L12b, L12c; paths get _1, _2. Labels in
   * several files (a model and the library it includes) are ordered file by file, each file where
   * the thread's code first reaches it, and by position inside a file: so an edit to one file
   * (a longer comment) never renames or reorders the labels that come from another.
   */
  private void name(Set<Integer> all) {
    List<Integer> ids = new ArrayList<>(all);
    Map<String, Integer> perLine = new HashMap<>();
    Map<dev.inflight.translator.diag.SourceFile, Integer> fileRank = new HashMap<>();
    for (int id = 0; id < cfg.nodes().size(); id++) {
      if (!cfg.isEnd(id) && cfg.node(id) != null && cfg.node(id).span() != null) {
        fileRank.putIfAbsent(cfg.node(id).span().file(), fileRank.size());
      }
    }
    ids.sort(Comparator.comparingInt((Integer id) -> cfg.isEnd(id) ? Integer.MAX_VALUE : fileRank.getOrDefault(cfg.node(id).span().file(), 0))
        .thenComparingInt(id -> cfg.isEnd(id) ? Integer.MAX_VALUE : cfg.node(id).span().start()));
    for (int id : ids) {
      if (byNode.containsKey(id)) {
        continue;
      }
      Instr in = cfg.node(id);
      String name;
      if (cfg.isEnd(id)) {
        name = "Done";
      } else {
        String base = "L" + in.span().line();
        int k = perLine.merge(base, 1, Integer::sum);
        name = k == 1 ? base : base + (char) ('a' + k - 1); // L12, L12b, L12c: paths get _1, _2
      }
      byNode.put(id, name);
      spans.put(name, in.span());
    }
  }
}

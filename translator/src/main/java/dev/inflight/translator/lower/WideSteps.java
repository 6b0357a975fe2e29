package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Steps whose branches multiply (docs/semantics.md, "Steps: where threads interleave"): the
 * paths of a step counted statically through the control-flow graph, a step past
 * {@link #MAX_PATHS} split at its branches ({@link #split}, run by Labels once its other labels are
 * placed), and one that stays too wide inside an `atomic` block found ({@link #tooWide}, E0411).
 */
final class WideSteps {
  private WideSteps() {}

  /** The most paths (through branches, statically) a step may have before it is split. */
  static final long MAX_PATHS = 1024;

  /**
   * Splits the steps with more than {@link #MAX_PATHS} paths: branches on locals one after
   * another multiply a step's paths (25 `if`s before a shared access are 2^25, and forming them
   * took the translator hours; the statement-level reference translation, a label at each,
   * takes a second). In such a step every instruction outside `atomic` that branches gets a
   * label at each of its successors inside `atomic` blocks excepted, as the reference translation has (so the same argument covers it: a step
   * merges less, docs/semantics.md, "Why merging is sound"), until no step has too many paths or
   * the rest branch inside `atomic` blocks, which stay whole.
   */
  static void split(Cfg cfg, Set<Integer> labels, Set<Integer> required) {
    boolean added = true;
    while (added) {
      added = false;
      Map<Integer, Long> memo = new HashMap<>();
      for (int l : List.copyOf(labels)) {
        if (cfg.isEnd(l) || stepPaths(cfg, l, labels, memo) <= MAX_PATHS) {
          continue;
        }
        List<Integer> cuts = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        Deque<Integer> todo = new ArrayDeque<>();
        todo.push(l);
        while (!todo.isEmpty()) {
          int id = todo.pop();
          if ((id != l && labels.contains(id)) || cfg.isEnd(id) || !seen.add(id)) {
            continue;
          }
          List<Integer> next = Sharing.successors(cfg.node(id));
          if (next.size() > 1 && cfg.node(id).atomic() < 0) {
            cuts.addAll(next);
          }
          next.forEach(todo::push);
        }
        for (int c : cuts) {
          if (!cfg.isEnd(c) && cfg.node(c).atomic() < 0 && labels.add(c)) {
            required.add(c);
            added = true;
          }
        }
      }
    }
  }

  /**
   * The most paths one `atomic` block may have (statically): a step cannot be split inside one,
   * and forming 2^14 paths took the translator over 200 s (E0411 instead).
   */
  static final long MAX_ATOMIC_PATHS = 2_048;

  /**
   * The place of a step, among those starting at {@code labels}, with more than
   * {@link #MAX_ATOMIC_PATHS} paths, and how many; null when none.
   */
  static Map.Entry<Span, Long> tooWide(Cfg cfg, Set<Integer> labels) {
    Map<Integer, Long> memo = new HashMap<>();
    for (int l : labels) {
      long n = cfg.isEnd(l) ? 0 : stepPaths(cfg, l, labels, memo);
      if (n > MAX_ATOMIC_PATHS) {
        return Map.entry(cfg.node(l).span(), n);
      }
    }
    return null;
  }

  /** The paths of the step at label {@code l} through the control-flow graph, to the next labels (saturating). */
  private static long stepPaths(Cfg cfg, int l, Set<Integer> labels, Map<Integer, Long> memo) {
    long n = 0;
    for (int s : Sharing.successors(cfg.node(l))) {
      n = Math.min(Long.MAX_VALUE / 4, n + paths(cfg, s, labels, memo, new HashSet<>()));
    }
    return n;
  }

  private static long paths(Cfg cfg, int id, Set<Integer> labels, Map<Integer, Long> memo, Set<Integer> onPath) {
    if (labels.contains(id) || cfg.isEnd(id) || !onPath.add(id)) {
      return 1;
    }
    Long known = memo.get(id);
    if (known != null) {
      onPath.remove(id);
      return known;
    }
    long n = 0;
    for (int s : Sharing.successors(cfg.node(id))) {
      n = Math.min(Long.MAX_VALUE / 4, n + paths(cfg, s, labels, memo, onPath));
    }
    onPath.remove(id);
    memo.put(id, Math.max(n, 1));
    return Math.max(n, 1);
  }}

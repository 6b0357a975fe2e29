package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursion met while inlining: a cycle that goes through a release function (a `put` that runs
 * it), which the call graph alone does not show (resolve/RecursionCheck finds the others). Every
 * thread and every call path that inlines the cycle meets it, each at the call that closes it
 * there: one message per cycle, at a call in the model's own file when one closes it (an
 * `override fn` that made the library recursive), else where it was met first.
 */
final class Recursions {
  /** Where a cycle was closed, and the cycle as read from there (`f → g → f`). */
  private record Met(Span at, String cycle) {}

  private final Map<Set<FnSym>, List<Met>> byCycle = new LinkedHashMap<>();
  /** The release functions of the program's ref fields. */
  private final Set<FnSym> releases = Collections.newSetFromMap(new IdentityHashMap<>());

  Recursions(Program program) {
    program.structs.values().forEach(st -> st.fields().values().forEach(f -> {
      if (f.release != null) {
        releases.add(f.release);
      }
    }));
  }

  /**
   * {@code stack}: the functions being inlined, outermost first; {@code again}: the one called
   * again (it is on the stack) at {@code at}.
   */
  void met(List<FnSym> stack, FnSym again, Span at) {
    List<FnSym> cycle = new ArrayList<>(stack.subList(stack.indexOf(again), stack.size()));
    Set<FnSym> key = Collections.newSetFromMap(new IdentityHashMap<>());
    key.addAll(cycle);
    List<String> names = new ArrayList<>();
    cycle.forEach(f -> names.add(f.name()));
    names.add(again.name());
    // The call graph has no cycle (resolve/RecursionCheck): this one goes through a `put`.
    List<String> rel = cycle.stream().filter(releases::contains).map(FnSym::name).toList();
    String how = rel.isEmpty() ? ""
        : rel.size() == 1 ? " (" + rel.get(0) + " is a release function: a `put` runs it)"
        : " (" + String.join(", ", rel.subList(0, rel.size() - 1)) + " and " + rel.get(rel.size() - 1)
            + " are release functions: a `put` runs them)";
    byCycle.computeIfAbsent(key, k -> new ArrayList<>()).add(new Met(at, String.join(" → ", names) + how));
  }

  /** One E0400 per cycle met. */
  void report(Diagnostics diags, SourceFile root) {
    for (List<Met> all : byCycle.values()) {
      Met shown = all.stream().filter(m -> m.at().file() == root).findFirst().orElse(all.get(0));
      diags.recursion(shown.at(), shown.cycle());
    }
  }
}

package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rejects recursion: a function that calls itself, directly or through others, once every call
 * is bound (each cycle reported at the call that closes it).
 */
final class RecursionCheck {
  private final Program program;
  private final Diagnostics diags;

  RecursionCheck(Program program, Diagnostics diags) {
    this.program = program;
    this.diags = diags;
  }

  void checkRecursion() {
    Map<FnSym, List<Expr.Call>> edges = new LinkedHashMap<>();
    for (FnSym f : program.fns.values()) {
      edges.put(f, new ArrayList<>());
    }
    for (Map.Entry<Expr.Call, FnSym> e : program.calls.entrySet()) {
      FnSym caller = enclosingFn(e.getKey());
      if (caller != null) {
        edges.get(caller).add(e.getKey());
      }
    }
    Set<FnSym> done = new HashSet<>();
    for (FnSym f : program.fns.values()) {
      dfs(f, edges, new ArrayList<>(), done);
    }
  }

  private FnSym enclosingFn(Expr.Call call) {
    for (FnSym f : program.fns.values()) {
      Span b = f.decl.span();
      if (b.file() == call.span().file() && b.start() <= call.span().start() && call.span().end() <= b.end()) {
        return f;
      }
    }
    return null;
  }

  private void dfs(FnSym f, Map<FnSym, List<Expr.Call>> edges, List<FnSym> stack, Set<FnSym> done) {
    if (done.contains(f)) {
      return;
    }
    int at = stack.indexOf(f);
    if (at >= 0) {
      return;
    }
    stack.add(f);
    for (Expr.Call c : edges.get(f)) {
      FnSym callee = program.calls.get(c);
      int idx = stack.indexOf(callee);
      if (idx >= 0) {
        List<String> cycle = new ArrayList<>();
        for (FnSym s : stack.subList(idx, stack.size())) {
          cycle.add(s.name());
        }
        cycle.add(callee.name());
        diags.recursion(c.span(), String.join(" → ", cycle));
      } else {
        dfs(callee, edges, stack, done);
      }
    }
    stack.remove(stack.size() - 1);
    done.add(f);
  }
}

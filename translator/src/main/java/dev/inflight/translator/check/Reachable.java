package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Node;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.ThreadSym;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The functions some thread or the `init` block runs: called from a thread's body (a work item's worker included),
 * run as an RCU callback, or called from such a function. Only these are lowered; a library
 * function nothing calls is checked but never translated.
 */
final class Reachable {
  private Reachable() {}

  private static boolean typed(FnSym f) {
    return !f.params.isEmpty() && f.params.get(0).type != null && !(f.params.get(0).type instanceof dev.inflight.translator.resolve.Type.Error);
  }

  static Set<FnSym> functions(Program p) {
    Set<FnSym> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Object> todo = new ArrayDeque<>();
    if (p.init != null) {
      todo.push(p.init.decl.body());
    }
    for (ThreadSym t : p.threads) {
      if (t.rcuCallbacks == null) {
        todo.push(t.decl.body());
        continue;
      }
      for (FnSym cb : t.rcuCallbacks) {
        if (typed(cb) && seen.add(cb)) {
          todo.push(cb.decl.body()); // (a callback whose object has no type is not run: Checker drops it)
        }
      }
    }
    while (!todo.isEmpty()) {
      Object o = todo.pop();
      if (o == null) {
        continue;
      }
      if (o instanceof Expr.Call c) {
        FnSym f = p.calls.get(c);
        FnSym cb = p.rcuCallbacks.get(c);
        for (FnSym g : new FnSym[] {f, cb}) {
          if (g != null && seen.add(g)) {
            todo.push(g.decl.body());
          }
        }
      }
      if (o instanceof List<?> list) {
        list.forEach(x -> {
          if (x instanceof Node) {
            todo.push(x);
          }
        });
        continue;
      }
      RecordComponent[] parts = o.getClass().getRecordComponents();
      if (parts == null || !(o instanceof Node)) {
        continue;
      }
      for (RecordComponent rc : parts) {
        try {
          Object v = rc.getAccessor().invoke(o);
          if (v instanceof Node || v instanceof List<?>) {
            todo.push(v);
          }
        } catch (ReflectiveOperationException | RuntimeException e) {
          // not a child
        }
      }
    }
    return seen;
  }
}

package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** The most deeply nested node of a syntax tree, found without recursion (for "nesting too deep"). */
public final class Deepest {
  private Deepest() {}

  private record Entry(Object node, int depth) {}

  /** The span of the deepest node under {@code root}. */
  public static Span of(Node root) {
    Deque<Entry> todo = new ArrayDeque<>();
    todo.push(new Entry(root, 0));
    Span best = root.span();
    int bestDepth = -1;
    while (!todo.isEmpty()) {
      Entry e = todo.pop();
      if (e.node() instanceof Node n && e.depth() > bestDepth && n.span() != null) {
        best = n.span();
        bestDepth = e.depth();
      }
      RecordComponent[] parts = e.node().getClass().getRecordComponents();
      if (parts == null) {
        continue;
      }
      for (RecordComponent c : parts) {
        Object v;
        try {
          v = c.getAccessor().invoke(e.node());
        } catch (ReflectiveOperationException | RuntimeException ex) {
          continue;
        }
        if (v instanceof Node child) {
          todo.push(new Entry(child, e.depth() + 1));
        } else if (v instanceof List<?> list) {
          for (Object o : list) {
            if (o instanceof Node child) {
              todo.push(new Entry(child, e.depth() + 1));
            }
          }
        }
      }
    }
    return best;
  }
}

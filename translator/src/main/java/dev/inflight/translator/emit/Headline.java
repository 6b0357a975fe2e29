package dev.inflight.translator.emit;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.check.AstWalk;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * The statement a trace shows for a step. Lowering names the step's shared statement, which for
 * an `atomic { … }` block is its last; a reader expects the block's first statement the step ran,
 * so that is what the source map gives (the step's other statements are listed below it).
 */
final class Headline {
  private final List<Span> atomics = new ArrayList<>();

  Headline(List<ModelFile> files) {
    for (ModelFile f : files) {
      for (Decl d : f.decls()) {
        if (d instanceof Decl.Thread t) {
          AstWalk.stmts(t.body(), this::note);
        } else if (d instanceof Decl.Fn fn) {
          AstWalk.stmts(fn.body(), this::note);
        }
      }
    }
  }

  private void note(Stmt s) {
    if (s instanceof Stmt.Atomic a) {
      atomics.add(a.span());
    }
  }

  /**
   * The statement to show for a step whose lowering chose {@code primary}, among {@code statements};
   * a fault path keeps the faulting statement.
   */
  Span of(Span primary, List<Span> statements, String fault) {
    if (primary == null || fault != null) {
      return primary;
    }
    Span outer = null;
    for (Span a : atomics) {
      if (inside(primary, a) && (outer == null || inside(outer, a))) {
        outer = a; // the outermost atomic block holding it
      }
    }
    if (outer == null) {
      return primary;
    }
    for (Span s : statements) {
      if (inside(s, outer)) {
        return s;
      }
    }
    return primary;
  }

  private static boolean inside(Span s, Span block) {
    return s.file() == block.file() && s.start() >= block.start() && s.end() <= block.end();
  }
}

package dev.inflight.translator.check;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Declarations of the model's own file that nothing uses: a global never read or written (W0004),
 * a const (W0005), a work item never queued (W0006). Library files declare more than one model
 * uses, so only the top-level model's declarations warn.
 */
final class UnusedDeclarations {
  private UnusedDeclarations() {}

  static void report(Program p, Set<Symbol.WorkSym> queued, Diagnostics diags) {
    if (threadDropped(p) || diags.hasErrors()) {
      return; // uses may not have been resolved: a misspelled use would make its declaration look unused
    }
    Set<Symbol> used = Collections.newSetFromMap(new IdentityHashMap<>());
    used.addAll(p.names.values());
    for (Symbol.ConstSym c : p.consts.values()) {
      if (!used.contains(c) && c.decl.name() != null && c.decl.span().file() == p.root().source()) {
        diags.unusedConst(c.decl.name().span(), c.name());
      }
    }
    for (Symbol.GlobalSym g : p.globals.values()) {
      if (!used.contains(g) && g.member.name() != null && g.member.span().file() == p.root().source()) {
        diags.unusedVariable(g.member.name().span(), g.name());
      }
    }
    for (Symbol.WorkSym w : p.works.values()) {
      if (!queued.contains(w) && w.decl.name() != null && w.decl.span().file() == p.root().source()) {
        diags.workNeverQueued(w.decl.name().span(), w.name());
      }
    }
  }

  /**
   * Whether a thread declaration of the model has no thread: another error (a duplicate name)
   * dropped it, and what depends on it (there is a thread; its calls) must not be reported too.
   */
  static boolean threadDropped(Program p) {
    long declared = 0;
    for (ModelFile f : p.files) {
      declared += f.decls().stream().filter(d -> d instanceof Decl.Thread).count();
    }
    long kept = p.threads.stream().filter(t -> t.rcuCallbacks == null && t.worker == null).count();
    return kept < declared;
  }
}

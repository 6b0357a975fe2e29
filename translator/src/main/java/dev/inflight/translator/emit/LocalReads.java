package dev.inflight.translator.emit;

import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reads of the stepping thread's own locals that a label action repeats, each named once at
 * the action's top after the local ({@code f == victim_locals[self].sys_close.f}, or
 * {@code sys_close_f} when two locals of the action end in the same name), so the paths read
 * {@code file[f].f_count} instead of spelling the record path out at every use. In an action
 * every such read is of the state before the step (a step's writes are primed, and reads of what
 * the step wrote are resolved to the written values before the action is printed), and it
 * mentions only a state variable and {@code self}, which no binder inside the action rebinds
 * ({@code self} is reserved); so the definition means the same wherever the read was. A LET
 * definition of arity 0 is its body, and TLC evaluates it only where it is used.
 */
final class LocalReads {
  private LocalReads() {}

  /** {@code paths} (a label's folded paths) with its repeated local reads named. */
  static TlaExpr name(TlaExpr paths, Set<String> localsVars, Namer namer) {
    Map<TlaExpr, List<String>> chains = new LinkedHashMap<>();
    Map<TlaExpr, Integer> uses = new LinkedHashMap<>();
    Rewrite.apply(paths, node -> {
      List<String> fields = fields(node, localsVars);
      if (fields == null) {
        return null;
      }
      chains.putIfAbsent(node, fields);
      uses.merge(node, 1, Integer::sum);
      return node;
    });
    Map<String, Integer> lastNames = new LinkedHashMap<>();
    uses.forEach((read, n) -> {
      if (n >= 2) {
        List<String> f = chains.get(read);
        lastNames.merge(f.get(f.size() - 1), 1, Integer::sum);
      }
    });
    if (lastNames.isEmpty()) {
      return paths;
    }
    Set<String> avoid = new HashSet<>(Binders.names(paths));
    Map<TlaExpr, TlaExpr> named = new LinkedHashMap<>();
    List<TlaModule.OpDef> defs = new ArrayList<>();
    uses.forEach((read, n) -> {
      if (n < 2) {
        return;
      }
      List<String> f = chains.get(read);
      String last = f.get(f.size() - 1);
      String wanted = lastNames.get(last) == 1 ? last : String.join("_", f);
      String name = namer.bound(wanted, avoid::contains);
      avoid.add(name);
      named.put(read, new TlaExpr.Name(name));
      defs.add(new TlaModule.OpDef(name, read));
    });
    TlaExpr out = Rewrite.apply(paths, named::get);
    if (out instanceof TlaExpr.Let l) {
      defs.addAll(l.defs());
      return new TlaExpr.Let(defs, l.body());
    }
    return new TlaExpr.Let(defs, out);
  }

  /** The fields of {@code e} when it is {@code v[self].f.g…} for a locals variable v; else null. */
  private static List<String> fields(TlaExpr e, Set<String> localsVars) {
    List<String> out = new ArrayList<>();
    while (e instanceof TlaExpr.Select s) {
      out.add(0, s.field());
      e = s.rec();
    }
    if (out.isEmpty() || !(e instanceof TlaExpr.FunApp app) || !(app.fn() instanceof TlaExpr.Name v)
        || !localsVars.contains(v.id()) || !app.args().equals(List.of(new TlaExpr.Name("self")))) {
      return null;
    }
    return out;
  }
}

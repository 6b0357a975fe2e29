package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.and;
import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.neq;
import static dev.inflight.translator.tla.Tla.str;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.lower.Layout;
import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The module's properties: one invariant per built-in check that watches the `fault` variable,
 * `no_leak`, deadlock (checked by TLC itself), `no_hang` (a temporal property), the model bounds,
 * latency bounds and the user's `invariant`s and `eventually`s. docs/semantics.md, "Built-in
 * checks", says what each means.
 */
final class Properties {
  /** A built-in check that watches `fault`: its operator, the fault kinds it covers, and what it means. */
  record FaultCheck(String tla, List<String> kinds, String what) {}

  /** The fault-watching checks, in catalog order; the first kind of each is its main one. */
  static final Map<String, FaultCheck> FAULT_CHECKS = new LinkedHashMap<>();

  static {
    FAULT_CHECKS.put("no_use_after_free", new FaultCheck("NoUseAfterFree", List.of("use_after_free", "get_zero"),
        "no object is touched, read, written, got, put or locked after it was freed, and no reference is taken on a count of 0"));
    FAULT_CHECKS.put("no_double_free", new FaultCheck("NoDoubleFree", List.of("double_free"),
        "no object is freed twice, nor has a reference dropped after it was freed"));
    FAULT_CHECKS.put("no_refcount_underflow", new FaultCheck("NoRefcountUnderflow", List.of("refcount_underflow"),
        "no reference count is put below zero"));
    FAULT_CHECKS.put("no_null_deref", new FaultCheck("NoNullDeref", List.of("null_deref"), "no null pointer is dereferenced"));
    FAULT_CHECKS.put("lock_discipline", new FaultCheck("LockDiscipline", List.of("bad_unlock", "exit_locked"),
        "a thread unlocks only a lock it holds, and ends holding none"));
    FAULT_CHECKS.put("assertions", new FaultCheck("Assertions", List.of("assertion"), "every assert(...) holds"));
    FAULT_CHECKS.put("no_div_by_zero", new FaultCheck("NoDivByZero", List.of("div_zero", "bad_modulus"),
        "no division by 0, and no remainder (%) by a number below 1"));
    FAULT_CHECKS.put("rcu_discipline", new FaultCheck("RcuDiscipline",
        List.of("bad_rcu_unlock", "double_call_rcu", "rcu_sleep", "rcu_exit_locked", "unprotected_rcu_pick"),
        "rcu_read_unlock and rcu_pick only inside a read-side section, nothing that sleeps inside one, no thread ends inside one, "
            + "and no call_rcu on an object whose callback is pending"));
    FAULT_CHECKS.put("list_discipline", new FaultCheck("ListDiscipline", List.of("list_double_add", "list_del_absent"),
        "list_add only of an object not on the list, list_del only of one on it"));
  }

  private final Lowered lowered;
  private final Checked checked;
  private final Program program;
  private final Layout layout;
  private final List<TlaModule.Unit> units;

  Properties(Lowered lowered, List<TlaModule.Unit> units) {
    this.lowered = lowered;
    this.checked = lowered.checked();
    this.program = checked.program();
    this.layout = lowered.layout();
    this.units = units;
  }

  /** Writes every property's definition into the module's units; returns them for the .cfg and source map. */
  List<SourceMap.Property> emit(List<SourceMap.Latency> latencies) {
    units.add(new TlaModule.Separator());
    units.add(new TlaModule.Comment(List.of("Properties")));
    List<SourceMap.Property> props = new ArrayList<>();
    for (String check : program.checks) {
      FaultCheck f = FAULT_CHECKS.get(check);
      if (f != null) {
        if ((check.equals("rcu_discipline") && !program.usesRcu) || (check.equals("list_discipline") && !usesLists())
            || (check.equals("no_div_by_zero") && !faultsWith(f.kinds()))) {
          continue;
        }
        TlaExpr kind = new TlaExpr.Select(name("fault"), "kind");
        TlaExpr body = f.kinds().size() == 1 ? neq(kind, str(f.kinds().get(0)))
            : new TlaExpr.Infix(BinOp.NOTIN, kind, new TlaExpr.SetOf(f.kinds().stream().map(k -> (TlaExpr) str(k)).toList()));
        units.add(new TlaModule.OpDef(f.tla(), List.of(), body, List.of(check + ": " + f.what()), null));
        props.add(new SourceMap.Property(check, f.tla(), "builtin", f.kinds().get(0), Emitter.loc(program.checkSpans.get(check)), f.what())
            .watching(f.kinds()));
      } else if (check.equals("no_leak")) {
        props.add(noLeak());
      } else if (check.equals("deadlock")) {
        props.add(new SourceMap.Property("deadlock", null, "deadlock", null, Emitter.loc(program.checkSpans.get(check)),
            "no state where some thread has not finished and no thread can move"));
      } else if (check.equals("no_hang")) {
        SourceMap.Property hang = noHang();
        if (hang != null) {
          props.add(hang);
        }
      }
    }
    units.add(new TlaModule.OpDef("ModelBounds", List.of(), neq(new TlaExpr.Select(name("fault"), "kind"), str("model_bound")),
        List.of("the model's bounds (object pools, queue capacities, loop bounds) were never exceeded"), null));
    props.add(new SourceMap.Property("model_bounds", "ModelBounds", "bound", "model_bound", null,
        "the model's bounds (object pools, queue capacities, loop bounds) are large enough"));
    latencies(props, latencies);
    // A fault inside the init block leaves a state init never finished (docs/semantics.md, "The
    // init block"): no state of the model, so the user's properties do not judge it.
    boolean initFaults = lowered.init() != null && lowered.init().paths().stream().anyMatch(x -> x.fault() != null)
        && !program.properties.isEmpty();
    String initFaultName = initFaults ? layout.namer.name(List.of("initFault"), "InitFault") : null;
    TlaExpr initFault = initFaults ? name(initFaultName) : null;
    if (initFaults) {
      units.add(new TlaModule.OpDef(initFaultName, List.of(), new TlaExpr.And(List.of(neq(new TlaExpr.Select(name("fault"), "kind"), str("none")),
          new TlaExpr.Infix(dev.inflight.translator.tla.BinOp.EQ, new TlaExpr.Select(name("fault"), "thread"), name("NULL")))),
          List.of("the init block faulted: the state is where it stopped, which no property judges"), null));
    }
    for (Decl.Property p : program.properties) {
      String tla = layout.propertyName.get(p);
      boolean inv = p.kind() == Decl.Property.Kind.INVARIANT;
      // an invariant TLC cannot evaluate is reported with its state (trace/Undefined in the
      // checker); an `eventually` predicate is false where it cannot be evaluated
      dev.inflight.translator.lower.StatePredicates preds = new dev.inflight.translator.lower.StatePredicates(checked, layout);
      TlaExpr cond = inv ? preds.translate(p.cond()) : preds.translateTotal(p.cond());
      // `eventually P` means P becomes true and stays true (<>[]P): for a model whose threads all
      // finish, P holds in the final state. (<>P alone would hold in an initial state already.)
      TlaExpr judged = inv ? Witness.wrap(p.name().text(), cond) : cond;
      if (initFaults) {
        judged = new TlaExpr.Or(List.of(initFault, judged));
      }
      judged = LiveSets.hoist(judged, layout, program.structs.values());
      TlaExpr body = inv ? judged : new TlaExpr.Prefix(UnOp.EVENTUALLY, new TlaExpr.Prefix(UnOp.ALWAYS, judged));
      units.add(new TlaModule.OpDef(tla, List.of(), body, List.of((inv ? "invariant " : "eventually ") + Quotes.comment(p.span())), p.span()));
      props.add(new SourceMap.Property(p.name().text(), tla, inv ? "invariant" : "eventually", null, Emitter.loc(p.span()), p.cond().span().text()));
    }
    return props;
  }

  /** Whether some step (or the init block) can fault with one of {@code kinds}. */
  private boolean faultsWith(List<String> kinds) {
    return lowered.threads().stream().flatMap(t -> t.actions().stream()).anyMatch(a -> a.fault() != null && kinds.contains(a.fault()))
        || lowered.init() != null && lowered.init().paths().stream().anyMatch(p -> p.faultKind() != null && kinds.contains(p.faultKind()));
  }

  private boolean usesLists() {
    return checked.program().globals.values().stream().anyMatch(g -> g.type instanceof dev.inflight.translator.resolve.Type.QueueT q && q.list())
        || checked.program().structs.values().stream().flatMap(s -> s.fields().values().stream())
            .anyMatch(f -> f.type instanceof dev.inflight.translator.resolve.Type.QueueT q && q.list());
  }

  private SourceMap.Property noLeak() {
    List<TlaExpr> each = new ArrayList<>();
    String o = layout.namer.bound("o", x -> false);
    for (StructSym s : program.structs.values()) {
      if (s.isStatic()) {
        continue;
      }
      TlaExpr st = new TlaExpr.Select(new TlaExpr.FunApp(name(layout.heapVar.get(s)), List.of(name(o))), "st");
      each.add(new TlaExpr.Quant(Quantifier.FORALL, List.of(new TlaExpr.Bound(o, name(layout.poolConst.get(s)))), neq(st, str("live"))));
    }
    TlaExpr body = new TlaExpr.Infix(BinOp.IMPLIES, name("AllDone"), each.isEmpty() ? new TlaExpr.Bool(true) : and(each));
    String what = "once every thread is done, no object is still allocated (static structs excepted)";
    units.add(new TlaModule.OpDef("NoLeak", List.of(), body, List.of("no_leak: " + what), null));
    return new SourceMap.Property("no_leak", "NoLeak", "builtin", null, Emitter.loc(program.checkSpans.get("no_leak")), what);
  }

  /**
   * `no_hang`: every watched thread eventually finishes (or the run ends in a fault), under the
   * threads' weak fairness. Null when no thread kind is watched (none can block).
   */
  private SourceMap.Property noHang() {
    List<TlaExpr> sets = new ArrayList<>();
    for (ThreadSym t : lowered.mayHang()) {
      sets.add(name(layout.threadConst.get(t)));
    }
    if (sets.isEmpty()) {
      return null;
    }
    TlaExpr all = sets.get(0);
    for (int i = 1; i < sets.size(); i++) {
      all = new TlaExpr.Infix(BinOp.CUP, all, sets.get(i));
    }
    String t = layout.namer.bound("t", x -> false);
    TlaExpr finished = new TlaExpr.Infix(BinOp.OR, eq(new TlaExpr.FunApp(name("pc"), List.of(name(t))), str("Done")),
        neq(new TlaExpr.Select(name("fault"), "kind"), str("none")));
    // Done and a fault are both final, so "each thread eventually finishes" is "eventually all
    // have": one property, which TLC checks in one pass instead of one per thread. Being final,
    // Finished once true stays true, so <>Finished is []<>Finished, the form TLC checks without
    // a tableau (docs/semantics.md, "Hangs").
    units.add(new TlaModule.OpDef("Finished", List.of(), new TlaExpr.Quant(Quantifier.FORALL, List.of(new TlaExpr.Bound(t, all)), finished),
        List.of("every thread no_hang watches has finished (or a fault ended the run)"), null));
    String what = "every thread that is not a daemon eventually finishes (none waits or spins forever)";
    units.add(new TlaModule.OpDef("NoHang", List.of(), new TlaExpr.Prefix(UnOp.ALWAYS, new TlaExpr.Prefix(UnOp.EVENTUALLY, name("Finished"))),
        List.of("no_hang: " + what), null));
    return new SourceMap.Property("no_hang", "NoHang", "hang", null, Emitter.loc(program.checkSpans.get("no_hang")), what,
        lowered.mayHang().stream().map(ThreadSym::name).toList());
  }

  private void latencies(List<SourceMap.Property> props, List<SourceMap.Latency> latencies) {
    List<Decl.Latency> ls = program.cost.latencies;
    for (int i = 0; i < ls.size(); i++) {
      Decl.Latency l = ls.get(i);
      String op = l.op().text();
      // latency_OP, or latency_OP_1, latency_OP_2, … when OP has several bounds
      long ofOp = ls.stream().filter(x -> x.op().text().equals(op)).count();
      long nth = ls.subList(0, i + 1).stream().filter(x -> x.op().text().equals(op)).count();
      String dsl = "latency_" + op + (ofOp > 1 ? "_" + nth : "");
      String tla = layout.namer.name(l, "L" + dsl.substring(1)); // Latency_send, Latency_send_2
      long bound = new dev.inflight.translator.check.ConstEval(program).bound(l);
      TlaExpr within = new TlaExpr.Infix(BinOp.LEQ, new TlaExpr.Select(name("op_end"), "ns"), new TlaExpr.Num(bound));
      if (l.when() != null) {
        within = new TlaExpr.Infix(BinOp.IMPLIES, new TlaExpr.Select(name("op_end"), "when" + (i + 1)), within);
      }
      TlaExpr body = new TlaExpr.Infix(BinOp.IMPLIES, eq(new TlaExpr.Select(name("op_end"), "op"), str(op)), within);
      units.add(new TlaModule.OpDef(tla, List.of(), body, List.of("latency " + Quotes.comment(l.span())), l.span()));
      String what = "every " + op + " takes at most " + bound + " ns" + (l.when() == null ? "" : " when " + l.when().span().text());
      props.add(new SourceMap.Property(dsl, tla, "latency", null, Emitter.loc(l.span()), what));
      latencies.add(new SourceMap.Latency(dsl, op, (Long) bound, l.when() == null ? null : "when" + (i + 1),
          l.when() == null ? null : l.when().span().text()));
    }
  }
}

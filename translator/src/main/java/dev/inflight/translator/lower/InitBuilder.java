package dev.inflight.translator.lower;

import dev.inflight.translator.check.Checked;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lowers the `init` block (docs/semantics.md, "The init block") with the machinery of a thread's
 * atomic step: its control-flow graph ({@link CfgBuilder}), every path through it
 * ({@link PathWalker#forInit}: no labels, loops unrolled) with each instruction run by
 * {@link Exec}. The walk starts on the blank state: the store holds every global, heap, RCU and
 * cost variable at its blank value, and every local of the block at its default, so each path's
 * guards and values are over constants only. A path's values are then the initial state it
 * gives; its writes to the block's locals are dropped (they are no state).
 */
public final class InitBuilder {
  /** How often a path may pass the head of a loop the unrolling has no bound for (then: model bound). */
  static final int UNROLL_LIMIT = 32;

  private InitBuilder() {}

  /** The init block's paths, or null when the model has none. */
  static InitCode build(Checked checked, Layout layout, Cfg cfg) {
    Program program = checked.program();
    ThreadSym init = program.init;
    StepContext ctx = new StepContext(checked, layout, cfg);
    ctx.constantState = true;
    PathWalker walker = PathWalker.forInit(ctx, unrollLimits(checked, cfg));
    Path start = ctx.newPath(-1);
    Map<String, TlaExpr> blank = blankShared(program, layout);
    Map<String, String> blankNames = new LinkedHashMap<>();
    blank.forEach((var, value) -> {
      if (value instanceof TlaExpr.FunCons) {
        String n = layout.namer.name(List.of("blank", var), "Blank_" + var);
        blankNames.put(var, n);
        start.store.write(var, new TlaExpr.Name(n));
      } else {
        start.store.write(var, value);
      }
    });
    Set<String> locals = new java.util.HashSet<>();
    for (Symbol.LocalSym l : cfg.locals()) {
      String v = layout.local(init, l);
      locals.add(v);
      start.store.writeAt(v, ExprGen.SELF, Defaults.of(l.type));
    }
    cfg.hidden().forEach((name, kind) -> {
      String v = layout.local(init, name, name);
      locals.add(v);
      start.store.writeAt(v, ExprGen.SELF, Defaults.hidden(kind));
    });
    List<InitCode.InitPath> paths = new ArrayList<>();
    for (Path p : walker.paths(cfg.entry(), start)) {
      Map<String, TlaExpr> values = new LinkedHashMap<>();
      p.store.changes().forEach((var, value) -> {
        // Time and operations are not measured in init (it is no thread): the cost state stays blank.
        if (blank.containsKey(var) && !locals.contains(var) && !Lowerer.COST_VARIABLES.contains(var)) {
          values.put(var, Simplify.constants(value));
        }
      });
      TlaExpr.Record fault = null;
      if (p.fault != null) {
        List<Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
        for (Map.Entry<String, TlaExpr> f : p.faultRecord.fields()) {
          rec.add(f.getKey().equals("thread") ? Map.entry("thread", ExprGen.NULL) : f);
        }
        fault = new TlaExpr.Record(rec);
      }
      paths.add(new InitCode.InitPath(Actions.parts(p), values, fault, p.fault, List.copyOf(p.spans), p.primary, p.primaryCallers));
    }
    return new InitCode(init.decl.span(), paths, blankNames);
  }

  /** Each loop head of the block: the most visits a path makes per entry of the loop (see {@link PathWalker#forInit}). */
  private static Map<Integer, Integer> unrollLimits(Checked checked, Cfg cfg) {
    Map<Integer, Integer> out = new HashMap<>();
    for (int id = 0; id < cfg.nodes().size(); id++) {
      Instr in = cfg.node(id);
      if (in instanceof Instr.Branch b && b.loopHead()) {
        out.put(id, cfg.node(b.then()) instanceof Instr.Iter it && !it.reset() ? it.bound() + 1 : UNROLL_LIMIT);
      } else if (in instanceof Instr.ForInit f) {
        Type t = checked.typeOf(f.collection());
        StructSym elem = t instanceof Type.SetT s ? s.elem() : t instanceof Type.QueueT q && q.list() ? q.elem() : null;
        out.put(f.next(), elem != null ? elem.bound() + 2 : UNROLL_LIMIT);
      }
    }
    return out;
  }

  /**
   * The blank value of every state variable but pc, fault and the threads' locals: heaps all
   * free, globals at their declared initial values, no RCU reader or callback, no cost yet.
   * The emitted Init uses the same values (emit/Emitter).
   */
  public static LinkedHashMap<String, TlaExpr> blankShared(Program program, Layout layout) {
    LinkedHashMap<String, TlaExpr> out = new LinkedHashMap<>();
    String t = layout.namer.bound("t", x -> false);
    String o = layout.namer.bound("o", x -> false);
    TlaExpr threads = new TlaExpr.Name("Threads");
    for (StructSym s : program.structs.values()) {
      out.put(layout.heapVar.get(s), new TlaExpr.FunCons(List.of(new TlaExpr.Bound(o, new TlaExpr.Name(layout.poolConst.get(s)))),
          Defaults.record(s, layout, "free", new TlaExpr.Num(0))));
    }
    for (Symbol.GlobalSym g : program.globals.values()) {
      out.put(layout.globalVar.get(g), Defaults.member(g.member, g.type, program));
    }
    if (program.cost.tracked) {
      out.put("lat", new TlaExpr.FunCons(List.of(new TlaExpr.Bound(t, threads)), new TlaExpr.Num(0)));
      out.put("op_end", new TlaExpr.Name("NoOpEnd"));
      layout.lockLine.values().forEach(v -> out.put(v, new TlaExpr.Num(-1)));
      if (layout.sharedLines.active()) {
        out.put(SharedLines.VAR, new TlaExpr.FunCons(List.of(new TlaExpr.Bound(t, threads)), layout.sharedLines.zero()));
      }
    }
    if (program.usesRcu) {
      List<TlaExpr.Bound> all = List.of(new TlaExpr.Bound(t, threads));
      out.put("rcu_depth", new TlaExpr.FunCons(all, new TlaExpr.Num(0)));
      out.put("rcu_gp", new TlaExpr.FunCons(all, new TlaExpr.SetOf(List.of())));
      out.put("rcu_cbs", new TlaExpr.SetOf(List.of()));
      out.put("rcu_running", new TlaExpr.SetOf(List.of()));
    }
    return out;
  }
}

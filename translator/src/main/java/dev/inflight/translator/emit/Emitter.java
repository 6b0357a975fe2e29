package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.and;
import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.neq;
import static dev.inflight.translator.tla.Tla.str;

import dev.inflight.translator.ast.Member;
import dev.inflight.translator.check.Checked;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.lower.Action;
import dev.inflight.translator.lower.Layout;
import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.lower.SharedLines;
import dev.inflight.translator.lower.StateVars;
import dev.inflight.translator.lower.ThreadCode;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.PrintedModule;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TextRange;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The emit phase: assembles the TLA+ module from the lowered threads, prints it, and writes the
 * .cfg and the source map. docs/semantics.md describes the module's shape.
 */
public final class Emitter {
  /** The fault record before any fault: a fault ends the run (the state after it is final). */
  private static final TlaExpr NO_FAULT_RECORD = new TlaExpr.Record(List.of(Map.entry("kind", str("none"))));

  private final Lowered lowered;
  private final Checked checked;
  private final Program program;
  private final Layout layout;
  private final List<TlaModule.Unit> units = new ArrayList<>();
  private final List<String> vars = new ArrayList<>();

  private final Long maxStates;
  /** The per-path form: Next names every path's action (Translator.Options#withPathActions). */
  private final boolean pathActions;
  private boolean separateBranches;
  /** Label → its action's name, per thread kind (label actions only). */
  private final Map<ThreadSym, Map<String, String>> labelActions = new LinkedHashMap<>();
  /** Each fault-free path's number for its `Ran(k)` (emit/RanHook). */
  private final RanHook ran;

  private Emitter(Lowered lowered, Long maxStates, boolean pathActions, boolean ranHook) {
    this.maxStates = maxStates;
    this.pathActions = pathActions;
    this.lowered = lowered;
    this.checked = lowered.checked();
    this.program = checked.program();
    this.layout = lowered.layout();
    this.ran = new RanHook(lowered, ranHook);
  }

  public static Emitted emit(Lowered lowered) {
    return emit(lowered, null);
  }

  /** With {@code maxStates}, TLC stops expanding states once it has found that many. */
  public static Emitted emit(Lowered lowered, Long maxStates) {
    return emit(lowered, maxStates, false);
  }

  /** With {@code pathActions}, the per-path form: every path its own action of Next (see docs/semantics.md). */
  public static Emitted emit(Lowered lowered, Long maxStates, boolean pathActions) {
    return emit(lowered, maxStates, pathActions, false);
  }

  /** With {@code ranHook}, each fault-free path ends with its {@code Ran(k)} mark (emit/RanHook). */
  public static Emitted emit(Lowered lowered, Long maxStates, boolean pathActions, boolean ranHook) {
    return emit(lowered, maxStates, pathActions, ranHook, false);
  }

  /** As above; {@code separateBranches}: no label's branches joined (Translator.Options#withSeparateBranches). */
  public static Emitted emit(Lowered lowered, Long maxStates, boolean pathActions, boolean ranHook, boolean separateBranches) {
    Emitter e = new Emitter(lowered, maxStates, pathActions, ranHook);
    e.separateBranches = separateBranches;
    return e.run();
  }

  static String comment(Span s) {
    return ascii(s.file().path() + ":" + s.line() + ": " + lineText(s));
  }

  /** A DSL statement's line and text without its file, for a listing that named the file just before. */
  static String commentLine(Span s) {
    return ascii("  " + s.line() + ": " + lineText(s));
  }

  /**
   * The source line of {@code s} as a comment quotes it: stripped, and the spaces that align a
   * trailing `//` comment in the source (which no longer align once quoted) cut to two.
   */
  static String lineText(Span s) {
    return TRAILING_COMMENT_GAP.matcher(s.file().line(s.line()).strip()).replaceFirst("  //");
  }

  private static final java.util.regex.Pattern TRAILING_COMMENT_GAP = java.util.regex.Pattern.compile("\\s{3,}//");

  /** TLA+ tools read ASCII: anything else in a comment becomes `?`. */
  static String ascii(String text) {
    StringBuilder b = new StringBuilder();
    text.codePoints().forEach(c -> b.append(c >= 32 && c < 127 ? (char) c : '?'));
    return b.toString();
  }

  private Emitted run() {
    String moduleName = layout.moduleName;
    units.add(new TlaModule.Comment(List.of(
        "Generated by Inflight from " + program.root().source().path() + ". Do not edit:",
        "change the model and run `inflight translate` again. Comments give the DSL line.")));

    // ---- constants: model values for threads, objects and null
    List<String> constants = new ArrayList<>();
    constants.add("NULL");
    for (ThreadSym t : program.threads) {
      constants.add(layout.threadConst.get(t));
    }
    if (program.cost.tracked) {
      // CpuOf names each thread: its model value is a constant of the module too.
      program.threads.forEach(t -> constants.addAll(layout.threadIds.get(t)));
    }
    for (StructSym s : program.structs.values()) {
      constants.add(layout.poolConst.get(s));
    }
    units.add(new TlaModule.Constants(constants));

    for (Symbol.ConstSym c : program.consts.values()) {
      TlaExpr v = c.value instanceof Boolean b ? new TlaExpr.Bool(b) : new TlaExpr.Num((Long) c.value);
      // A const the model uses without declaring it (RCU_CALLBACK_CPUS) has the span of what needs it.
      boolean declared = c.decl.span().text().startsWith("const");
      String note = declared ? "const " + comment(c.decl.span())
          : "const " + c.name() + ": not declared by the model, so its default (set it with `const` or --set)";
      units.add(new TlaModule.OpDef(layout.constName.get(c), List.of(), v, List.of(note), c.decl.span()));
    }

    // ---- variables
    vars.addAll(lowered.vars().all());
    units.add(new TlaModule.Separator());
    units.add(new TlaModule.Variables(vars));
    List<TlaExpr> allUnits = new ArrayList<>();
    for (StateVars.Unit f : lowered.vars().frames()) {
      units.add(new TlaModule.OpDef(f.frame(), new TlaExpr.Tuple(f.parts().stream().map(p -> (TlaExpr) name(p.name())).toList())));
    }
    for (StateVars.Unit u : lowered.vars().units()) {
      allUnits.add(name(u.name()));
    }
    units.add(new TlaModule.OpDef("vars", new TlaExpr.Tuple(allUnits)));
    faultOperators();
    allocOperators();
    int derefAt = units.size();
    List<TlaExpr> threadSets = program.threads.stream().map(t -> (TlaExpr) name(layout.threadConst.get(t))).toList();
    // One thread kind's set by name, several as UNION {…}: a flat set whatever the number of kinds
    // (a chain `A \cup B \cup …` of thousands of kinds overflows SANY's parser stack).
    units.add(new TlaModule.OpDef("Threads", threadSets.size() == 1 ? threadSets.get(0) : new TlaExpr.Prefix(UnOp.UNION, new TlaExpr.SetOf(threadSets))));
    String q = bound("q");
    String i = layout.namer.bound("i", q::equals);
    units.add(new TlaModule.OpDef("Elems", List.of(q), new TlaExpr.SetMap(
        new TlaExpr.FunApp(name(q), List.of(name(i))), List.of(new TlaExpr.Bound(i, new TlaExpr.Prefix(UnOp.DOMAIN, name(q))))),
        List.of("the elements of a queue"), null));
    if (usesLists()) {
      String l = bound("l");
      String e = layout.namer.bound("e", l::equals);
      String x = layout.namer.bound("x", n -> n.equals(l) || n.equals(e));
      String keep = layout.namer.bound("Keep", n -> n.equals(l) || n.equals(e) || n.equals(x));
      units.add(new TlaModule.OpDef("ListDel", List.of(l, e),
          new TlaExpr.Let(List.of(new TlaModule.OpDef(keep, List.of(x), neq(name(x), name(e)), List.of(), null)),
              new TlaExpr.Apply("SelectSeq", List.of(name(l), name(keep)))),
          List.of("list_del: the list without the entry"), null));
    }

    CostDefs.definitions(lowered, units, bound("t"));
    init();
    allDone();
    CostDefs.waitsFor(lowered, units);
    ran.define(units, bound("k"));
    ThreadActions actions = new ThreadActions(lowered, units, pathActions, ran, !separateBranches);
    for (ThreadCode tc : lowered.threads()) {
      actions.emit(tc);
    }
    labelActions.putAll(actions.labelActions());
    if (!pathActions && !lowered.reference()) { // the reference translation writes every action out, to be compared with
      SharedBodies.apply(units, labelActions.values().stream().flatMap(m -> m.values().stream()).toList(), layout.namer);
    }
    if (units.stream().anyMatch(u -> u instanceof TlaModule.OpDef d && DerefFaults.uses(d.body()))) {
      units.add(derefAt, DerefFaults.definition(layout.namer)); // beside the fault operators it is written with
    }
    next();
    List<SourceMap.Property> props = new Properties(lowered, units).emit(latencies);
    if (maxStates != null) {
      units.add(new TlaModule.OpDef("StateLimit", List.of(),
          new TlaExpr.Infix(BinOp.LT, new TlaExpr.Apply("TLCGet", List.of(str("distinct"))), new TlaExpr.Num(maxStates)),
          List.of("--max-states: states found past the limit are not explored"), null));
    }

    List<SourceMap.SymmetricSet> symmetric = Symmetry.sets(program, layout, units);
    SourceMap.Symmetric symmetry = null;
    if (!symmetric.isEmpty()) {
      units.add(new TlaModule.OpDef("Symmetry", List.of(), Symmetry.definition(symmetric),
          List.of("the copies of each thread array and the slots of each object pool are interchangeable;",
              "TLC may use it (cfg SYMMETRY) only without temporal properties (docs/semantics.md, \"Symmetry\")"), null));
      symmetry = new SourceMap.Symmetric("Symmetry", symmetric);
    }

    TlaModule module = new TlaModule(moduleName, List.of("Integers", "Sequences", "FiniteSets", "TLC"), units);
    PrintedModule printed = new TlaPrinter().print(module);
    String cfg = ModelConfig.of(program, layout, props, symmetry, maxStates);
    SourceMap map = sourceMap(moduleName, printed, props, symmetry);
    return new Emitted(lowered, module, printed, cfg, map);
  }

  private boolean usesLists() {
    return program.globals.values().stream().anyMatch(g -> g.type instanceof dev.inflight.translator.resolve.Type.QueueT q && q.list())
        || program.structs.values().stream().flatMap(st -> st.fields().values().stream())
            .anyMatch(f -> f.type instanceof dev.inflight.translator.resolve.Type.QueueT q && q.list());
  }

  /**
   * How a fault path ends (docs/semantics.md, "Dereferences and faults"): {@code Fault(kind,
   * thread, line)}; for a fault that names an object {@code FaultOn(kind, thread, line, obj)};
   * for a model bound, which bound it is as well ({@code FaultBound}, {@code FaultOnBound}).
   * Each sets `fault` and leaves every other variable unchanged, and is defined when some path
   * uses it, so the hundreds of fault paths of a library model do not each spell out the frame.
   */
  private void faultOperators() {
    TlaExpr others = new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(
        lowered.vars().unchangedUnits(java.util.Set.of("fault")).stream().map(n -> (TlaExpr) name(n)).toList()));
    // With several fault operators the frame is spelled once, in FaultWith, which they all name.
    boolean shared = layout.faultOps.size() >= 2;
    String record = shared ? bound("f") : null;
    if (shared) {
      units.add(new TlaModule.OpDef("FaultWith", List.of(record), and(eq(new TlaExpr.Primed(name("fault")), name(record)), others),
          List.of("the fault " + record + " is raised: only `fault` changes"), null));
    }
    java.util.Map<String, String> paramOf = java.util.Map.of("kind", "kind", "thread", "t", "line", "line", "obj", "o", "bound", "b");
    layout.faultOps.forEach((op, fields) -> {
      List<String> params = new ArrayList<>();
      List<java.util.Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
      for (String field : fields) {
        String p = layout.namer.bound(paramOf.get(field), params::contains);
        params.add(p);
        rec.add(java.util.Map.entry(field, name(p)));
      }
      TlaExpr body = shared ? new TlaExpr.Apply("FaultWith", List.of(new TlaExpr.Record(rec)))
          : and(eq(new TlaExpr.Primed(name("fault")), new TlaExpr.Record(rec)), others);
      String on = fields.contains("obj") ? " on object " + params.get(fields.indexOf("obj")) : "";
      String what = fields.contains("bound") ? "a model bound exceeded" + on + " (which: " + params.get(fields.indexOf("bound")) + ")"
          : "a fault" + on;
      units.add(new TlaModule.OpDef(op, params, body, List.of(what + ": only `fault` changes"), null));
    });
  }

  /**
   * What an `alloc` tests and takes (lower/Exec#visitAlloc), on the heap as the step left it:
   * a free slot exists, written as a non-empty set rather than {@code \E} (which TLC would
   * enumerate as an action conjunct: one identical successor per free slot), and the first free
   * slot. {@code DOMAIN h} is the struct's pool, whatever the step wrote into {@code h}.
   */
  private void allocOperators() {
    if (!layout.allocates) {
      return;
    }
    String h = bound("h");
    String o = layout.namer.bound("o", h::equals);
    TlaExpr slots = new TlaExpr.Prefix(UnOp.DOMAIN, name(h));
    TlaExpr free = eq(new TlaExpr.Select(new TlaExpr.FunApp(name(h), List.of(name(o))), "st"), str("free"));
    units.add(new TlaModule.OpDef(Layout.HAS_FREE_SLOT, List.of(h),
        new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.SetFilter(new TlaExpr.Bound(o, slots), free), new TlaExpr.SetOf(List.of())),
        List.of("heap " + h + " has a slot never allocated"), null));
    units.add(new TlaModule.OpDef(Layout.FIRST_FREE_SLOT, List.of(h), new TlaExpr.Choose(new TlaExpr.Bound(o, slots), free),
        List.of("the slot of heap " + h + " an alloc takes: the first never allocated"), null));
  }

  /** A variable bound in a definition the emitter writes itself (its body names only module-level names). */
  private String bound(String wanted) {
    return layout.namer.bound(wanted, x -> false);
  }

  private void init() {
    List<TlaExpr> conj = new ArrayList<>();
    String t = bound("t");
    String o = bound("o");
    // pc: every thread at its kind's entry label
    TlaExpr pcInit;
    if (lowered.threads().size() == 1) {
      ThreadCode tc = lowered.threads().get(0);
      pcInit = new TlaExpr.FunCons(List.of(new TlaExpr.Bound(t, name("Threads"))), str(tc.entry()));
    } else {
      List<TlaExpr.Arm> arms = new ArrayList<>();
      for (ThreadCode tc : lowered.threads()) {
        arms.add(new TlaExpr.Arm(new TlaExpr.Infix(BinOp.IN, name(t), name(layout.threadConst.get(tc.thread()))), str(tc.entry())));
      }
      pcInit = new TlaExpr.FunCons(List.of(new TlaExpr.Bound(t, name("Threads"))), new TlaExpr.Case(arms, null));
    }
    conj.add(eq(name("pc"), pcInit));
    java.util.LinkedHashMap<String, TlaExpr> blank = dev.inflight.translator.lower.InitBuilder.blankShared(program, layout);
    if (lowered.init() == null) {
      conj.add(eq(name("fault"), NO_FAULT_RECORD));
      blank.forEach((v, value) -> conj.add(eq(name(v), value)));
    }
    List<dev.inflight.translator.lower.Frames.Frame> blanks = new ArrayList<>();
    for (ThreadCode tc : lowered.threads()) {
      List<TlaExpr.Bound> threads = List.of(new TlaExpr.Bound(t, name(layout.threadConst.get(tc.thread()))));
      // The kind's record of locals (a field per body local, a nested record per function's
      // frame), blank; or in the one-variable-per-local layout each local at its initial value.
      String folded = tc.locals().stream().map(l -> layout.slot(l.tla())).filter(java.util.Objects::nonNull)
          .map(Layout.Slot::var).findFirst().orElse(null);
      if (folded != null) {
        List<dev.inflight.translator.lower.Frames.Frame> frames = layout.frames.of(folded);
        conj.add(eq(name(folded), new TlaExpr.FunCons(threads, frames.get(frames.size() - 1).blank())));
        blanks.addAll(frames);
      }
      for (ThreadCode.LocalVar l : tc.locals()) {
        if (layout.slot(l.tla()) == null) {
          conj.add(eq(name(l.tla()), new TlaExpr.FunCons(threads, l.initial())));
        }
      }
    }
    List<String> note = List.of("Initial state: every thread at its first statement, no object allocated.");
    if (lowered.init() != null) {
      conj.addAll(InitForm.paths(lowered.init(), blank, NO_FAULT_RECORD));
      note = List.of("Initial states: every thread at its first statement, and the blank state (no object allocated,",
          "globals at their initial values) after the init block, one disjunct per path through it",
          "(" + comment(lowered.init().span()).replaceAll(":\\s.*", "") + ").");
    }
    units.add(new TlaModule.Separator());
    for (int i = 0; i < blanks.size(); i++) {
      dev.inflight.translator.lower.Frames.Frame f = blanks.get(i);
      units.add(new TlaModule.OpDef(f.name(), List.of(), new TlaExpr.Record(f.fields()), i > 0 ? List.of()
          : List.of("Each thread kind's locals, blank: every field at its initial value. A function's locals",
              "are a record in it (its frame) while the thread is inside the function, else NULL;",
              "entering it writes the frame whole from its blank value, returning writes NULL."), null));
    }
    if (lowered.init() != null) {
      units.addAll(InitForm.blankDefs(lowered.init(), blank));
    }
    units.add(new TlaModule.OpDef("Init", List.of(), and(conj), note, null));
  }


  private final List<SourceMap.Latency> latencies = new ArrayList<>();


  private void allDone() {
    // Every thread has finished; a daemon may instead be at rest at the head of its loop.
    List<TlaExpr> done = new ArrayList<>();
    String t = bound("t");
    for (ThreadCode tc : lowered.threads()) {
      TlaExpr at = new TlaExpr.FunApp(name("pc"), List.of(name(t)));
      TlaExpr finished;
      if (tc.rest().isEmpty()) {
        finished = eq(at, str("Done"));
      } else {
        List<TlaExpr> ok = new ArrayList<>();
        ok.add(str("Done"));
        tc.rest().forEach(r -> ok.add(str(r)));
        finished = new TlaExpr.Infix(BinOp.IN, at, new TlaExpr.SetOf(ok));
      }
      done.add(new TlaExpr.Quant(Quantifier.FORALL, List.of(new TlaExpr.Bound(t, name(layout.threadConst.get(tc.thread())))), finished));
    }
    // ...and no daemon has work waiting: no work item pending, no RCU callback pending.
    for (Symbol.WorkSym w : program.works.values()) {
      if (w.pending != null) {
        done.add(new TlaExpr.Prefix(UnOp.NOT, name(layout.globalVar.get(w.pending))));
      }
    }
    if (program.usesRcu) {
      done.add(eq(name("rcu_cbs"), new TlaExpr.SetOf(List.of())));
    }
    TlaExpr allDone = done.isEmpty() ? new TlaExpr.Bool(true) : and(done);
    units.add(new TlaModule.OpDef("AllDone", List.of(), allDone, List.of("every thread ran to its end (a daemon: rests at the head of its loop with no work pending)"), null));
  }

  private void next() {
    units.add(new TlaModule.Separator());
    units.add(new TlaModule.OpDef("Terminated", List.of(), and(new TlaExpr.Or(List.of(name("AllDone"), neq(new TlaExpr.Select(name("fault"), "kind"), str("none")))),
        new TlaExpr.Prefix(UnOp.UNCHANGED, name("vars"))),
        List.of("stuttering at the end, so a finished run (or one a fault ended) is not a deadlock"), null));
    List<TlaExpr> disj = new ArrayList<>();
    List<TlaExpr> fair = new ArrayList<>();
    for (ThreadSym t : program.threads) {
      TlaExpr step = new TlaExpr.Apply(layout.threadStep.get(t), List.of(name("self")));
      List<TlaExpr.Bound> b = List.of(new TlaExpr.Bound("self", name(layout.threadConst.get(t))));
      disj.add(new TlaExpr.Quant(Quantifier.EXISTS, b, step));
      if (ThreadActions.fair(program, t)) {
        // WF_vars(step) is []<>~ENABLED <<step>>_vars \/ []<><<step>>_vars, with ENABLED written out
        // and <<step>>_vars as <<moved>>_vars (the same on every behaviour without a fault)
        TlaExpr en = new TlaExpr.Apply(layout.threadEnabled.get(t), List.of(name("self")));
        TlaExpr moved = new TlaExpr.Apply(layout.threadMoved.get(t), List.of(name("self")));
        fair.add(new TlaExpr.Quant(Quantifier.FORALL, b, new TlaExpr.Or(List.of(
            new TlaExpr.Prefix(UnOp.ALWAYS, new TlaExpr.Prefix(UnOp.EVENTUALLY, new TlaExpr.Prefix(UnOp.NOT, en))),
            new TlaExpr.Prefix(UnOp.ALWAYS, new TlaExpr.Prefix(UnOp.EVENTUALLY, new TlaExpr.ActionAngle(moved, name(layout.threadMovedVars.get(t)))))))));
      }
    }
    disj.add(name("Terminated"));
    units.add(new TlaModule.OpDef("Next", List.of(), new TlaExpr.Or(disj)));
    units.add(new TlaModule.OpDef("Fairness", List.of(), fair.isEmpty() ? new TlaExpr.Bool(true) : and(fair),
        List.of("weak fairness of every thread: a thread that can keep moving eventually moves"), null));
    units.add(new TlaModule.OpDef("Spec", List.of(), and(name("Init"), new TlaExpr.Prefix(UnOp.ALWAYS, new TlaExpr.ActionBox(name("Next"), name("vars"))), name("Fairness"))));
  }

  private SourceMap sourceMap(String moduleName, PrintedModule printed, List<SourceMap.Property> props, SourceMap.Symmetric symmetry) {
    List<String> files = program.files.stream().map(f -> f.source().path()).toList();
    List<SourceMap.Thread> threads = new ArrayList<>();
    List<SourceMap.Action> actions = new ArrayList<>();
    Headline headline = new Headline(program.files);
    Map<String, TextRange> leaves = new HashMap<>(); // label form: each path's own part of its label's action
    for (PrintedModule.SourceRange r : printed.sources()) {
      if (r.origin() instanceof PathTree.Leaf l) {
        l.actions().forEach(a -> leaves.put(a, r.range()));
      }
    }
    for (ThreadCode tc : lowered.threads()) {
      ThreadSym t = tc.thread();
      List<SourceMap.Instance> inst = new ArrayList<>();
      List<String> ids = layout.threadIds.get(t);
      for (int i = 0; i < ids.size(); i++) {
        inst.add(new SourceMap.Instance(ids.get(i), Layout.threadDisplay(t, i + 1)));
      }
      List<SourceMap.Label> labels = new ArrayList<>();
      Map<String, String> labelAction = labelActions.getOrDefault(t, Map.of());
      tc.labels().forEach((n, s) -> labels.add(new SourceMap.Label(n, loc(s), loc(tc.waitsAt().get(n)), labelAction.get(n))));
      threads.add(new SourceMap.Thread(t.name(), layout.threadConst.get(t), inst, tc.entry(), labels,
          t.isDaemon(), tc.rest(), t.worker == null ? null : t.worker.name(), tc.unreached().stream().map(Emitter::loc).toList()));
      for (Action a : tc.actions()) {
        TextRange r = printed.definitionRange(a.name()).orElse(leaves.get(a.name()));
        actions.add(new SourceMap.Action(a.name(), t.name(), a.from(), a.to(), a.fault(), loc(headline.of(a.primary(), a.statements(), a.fault())),
            a.calledFrom().stream().map(Emitter::loc).toList(), a.statements().stream().map(Emitter::loc).toList(), r == null ? null : r.firstLine(), r == null ? null : r.lastLine(),
            ran.of(a)));
      }
    }
    List<SourceMap.Struct> structs = new ArrayList<>();
    for (StructSym s : program.structs.values()) {
      List<SourceMap.Instance> objs = new ArrayList<>();
      List<String> ids = layout.objects.get(s);
      for (int i = 0; i < ids.size(); i++) {
        objs.add(new SourceMap.Instance(ids.get(i), Layout.objectDisplay(s, i + 1)));
      }
      List<SourceMap.Field> fields = new ArrayList<>();
      for (FieldSym f : s.fields().values()) {
        String kind = f.member instanceof Member.Ref ? "ref" : f.member instanceof Member.Lock ? "lock"
            : f.member instanceof Member.SetOf ? "set" : f.member instanceof Member.QueueOf ? "queue"
            : f.member instanceof Member.ListOf ? "list" : "plain";
        fields.add(new SourceMap.Field(f.name(), layout.fieldName.get(f), kind));
      }
      structs.add(new SourceMap.Struct(s.name(), layout.heapVar.get(s), layout.poolConst.get(s), s.bound(), s.boundDerived(), s.isStatic(), objs, fields));
    }
    List<SourceMap.Variable> variables = new ArrayList<>();
    variables.add(new SourceMap.Variable("pc", "pc", null, null, null));
    variables.add(new SourceMap.Variable("fault", "fault", null, null, null));
    for (StructSym s : program.structs.values()) {
      variables.add(new SourceMap.Variable(layout.heapVar.get(s), "heap", s.name(), null, s.name()));
    }
    for (Symbol.GlobalSym g : program.globals.values()) {
      variables.add(new SourceMap.Variable(layout.globalVar.get(g), "global", g.name(), null, null));
    }
    if (program.usesRcu) {
      for (String v : dev.inflight.translator.lower.Lowerer.RCU_VARIABLES) {
        variables.add(new SourceMap.Variable(v, "rcu", v, null, null));
      }
    }
    for (ThreadCode tc : lowered.threads()) {
      for (ThreadCode.LocalVar l : tc.locals()) {
        Layout.Slot slot = layout.slot(l.tla());
        variables.add(new SourceMap.Variable(slot == null ? l.tla() : slot.var(), l.hidden() ? "hidden" : "local", l.dsl(),
            tc.thread().name(), null, slot == null ? null : slot.path()));
      }
    }
    SourceMap.Cost cost = null;
    if (program.cost.tracked) {
      for (String v : dev.inflight.translator.lower.Lowerer.COST_VARIABLES) {
        variables.add(new SourceMap.Variable(v, "cost", v, null, null));
      }
      layout.lockLine.values().forEach(v -> variables.add(new SourceMap.Variable(v, "cost", v, null, null)));
      if (layout.sharedLines.active()) {
        variables.add(new SourceMap.Variable(SharedLines.VAR, "cost", SharedLines.VAR, null, null));
      }
      cost = new SourceMap.Cost(program.cost.profileName, program.cost.profile, CostDefs.cpus(program, layout), List.copyOf(program.cost.ops.keySet()),
          List.copyOf(latencies), SourceMap.Workload.of(program.cost.workload, layout.sharedLines.fieldsByStruct()), layout.latCap);
    }
    SourceMap.Init init = null;
    if (lowered.init() != null) {
      java.util.LinkedHashSet<SourceMap.Loc> ran = new java.util.LinkedHashSet<>();
      lowered.init().paths().forEach(p -> p.statements().forEach(st -> ran.add(loc(st))));
      Span at = lowered.init().span();
      init = new SourceMap.Init(loc(at.file().span(at.start(), at.start() + "init".length())), List.copyOf(ran));
    }
    List<SourceMap.Property> placed = props.stream().map(p -> p.tla() == null ? p
        : printed.definitionRange(p.tla()).map(r -> p.at(r.firstLine(), r.lastLine())).orElse(p)).toList();
    return new SourceMap(SourceMap.VERSION, program.modelName, moduleName, files, threads, structs, variables, actions, placed, cost, init, symmetry);
  }

  static SourceMap.Loc loc(Span s) {
    if (s == null) {
      return null;
    }
    return new SourceMap.Loc(s.file().path(), s.line(), s.col(), s.endLine(), s.endCol(), s.file().line(s.line()).strip());
  }

}

package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.and;
import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.str;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.lower.Action;
import dev.inflight.translator.lower.Layout;
import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.lower.ThreadCode;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A thread kind's part of the module (docs/semantics.md, "One action per label"): its label
 * actions (or, in the per-path form, one action per path), {@code T_step(self)}, and for a fair
 * thread the two definitions its weak fairness uses, {@code T_enabled(self)} and
 * {@code T_moved(self)} (emit/Enabled).
 */
final class ThreadActions {
  /** No fault yet: a fault ends the run (the state after it is final). */
  static final TlaExpr NO_FAULT = eq(new TlaExpr.Select(name("fault"), "kind"), str("none"));

  private final Lowered lowered;
  private final Program program;
  private final Layout layout;
  private final List<TlaModule.Unit> units;
  /** The per-path form: Next names every path's action (Translator.Options#withPathActions). */
  private final boolean pathActions;
  /** Label → its action's name, per thread kind (label actions only). */
  private final Map<ThreadSym, Map<String, String>> labelActions = new LinkedHashMap<>();
  /** Each fault-free path's last conjunct, `Ran(k)`. */
  private final RanHook ran;

  /** Whether a label's branches may be joined (emit/MergedPaths), where that makes its action shorter. */
  private final boolean joinBranches;

  ThreadActions(Lowered lowered, List<TlaModule.Unit> units, boolean pathActions, RanHook ran, boolean joinBranches) {
    this.joinBranches = joinBranches;
    this.ran = ran;
    this.lowered = lowered;
    this.program = lowered.checked().program();
    this.layout = lowered.layout();
    this.units = units;
    this.pathActions = pathActions;
  }

  /** Label → its action's name, per thread kind, for the source map. */
  Map<ThreadSym, Map<String, String>> labelActions() {
    return labelActions;
  }

  private static final dev.inflight.translator.tla.TlaPrinter PRINTER = new dev.inflight.translator.tla.TlaPrinter();

  /**
   * The length of a label action's body as the module prints it (a definition's body, indented),
   * with the thread kind's prefix taken off every name ({@code victim_locals} as {@code locals}):
   * so one label inlined into several kinds gets the same form in each, whatever the length of
   * the kinds' names, and SharedBodies can write its paths once.
   */
  private static int printedLength(TlaExpr body, String kind) {
    String prefix = kind + "_";
    TlaExpr neutral = dev.inflight.translator.tla.Rewrite.apply(body, x -> x instanceof TlaExpr.Name n
        && n.id().startsWith(prefix) && n.id().length() > prefix.length() ? new TlaExpr.Name(n.id().substring(prefix.length())) : null);
    return PRINTER.print(new TlaModule.OpDef("a", List.of("self"), neutral)).length();
  }

  /**
   * A label's action: its test, the UNCHANGED its paths share, and its paths folded; {@code merged}
   * (or null) gives the marks and members of paths MergedPaths joined.
   */
  private TlaExpr labelBody(String label, List<Action> ps, MergedPaths.Result merged, List<SharedUnchanged.Frame> frames,
      java.util.function.Function<Action, TlaExpr> mark) {
    List<TlaExpr> body = new ArrayList<>(List.of(eq(new TlaExpr.FunApp(name("pc"), List.of(name("self"))), str(label)), NO_FAULT));
    SharedUnchanged shared = SharedUnchanged.of(ps, frames);
    if (shared.unchanged() != null) {
      body.add(shared.unchanged());
    }
    SharedEffects effects = SharedEffects.of(shared.paths(), layout.namer);
    TlaExpr paths = PathTree.fold(effects.paths(), layout.namer,
        a -> merged != null && merged.marks().containsKey(a.name()) ? merged.marks().get(a.name()) : mark.apply(a));
    if (merged != null) {
      paths = MergedPaths.expandLeaves(paths, merged.members());
    }
    if (!effects.defs().isEmpty()) { // the shared values first: they mention no name of the paths
      List<TlaModule.OpDef> defs = new ArrayList<>(effects.defs());
      if (paths instanceof TlaExpr.Let l) {
        defs.addAll(l.defs());
        paths = new TlaExpr.Let(defs, l.body());
      } else {
        paths = new TlaExpr.Let(defs, paths);
      }
    }
    paths = LocalReads.name(AtReads.of(paths), localsVars(), layout.namer);
    body.addAll(paths instanceof TlaExpr.And a ? a.items() : List.of(paths));
    return BoundOnce.of(new TlaExpr.And(body));
  }

  void emit(ThreadCode tc) {
    ThreadSym t = tc.thread();
    units.add(new TlaModule.Separator());
    int copies = layout.threadIds.get(t).size();
    List<String> head = new ArrayList<>(List.of("thread " + t.name() + (t.isArray() ? "[" + copies + "]" : "")
        + " (" + t.decl.span().file().path() + ":" + t.decl.span().line() + ")"));
    if (copies < t.count) {
      head.add("at most " + copies + " callback" + (copies == 1 ? " is" : "s are") + " ever queued: " + copies + " callback thread"
          + (copies == 1 ? " is" : "s are") + " enough of RCU_CALLBACK_CPUS = " + t.count
          + " (docs/semantics.md, \"How many callback threads\")");
    }
    units.add(new TlaModule.Comment(head));
    List<TlaExpr> disj = new ArrayList<>();
    if (pathActions) {
      for (Action a : tc.actions()) {
        TlaExpr mark = ran.mark(a);
        TlaExpr body = a.body();
        if (mark != null) {
          List<TlaExpr> items = new ArrayList<>(body instanceof TlaExpr.And x ? x.items() : List.of(body));
          items.add(mark);
          body = new TlaExpr.And(items);
        }
        units.add(new TlaModule.OpDef(a.name(), List.of("self"), beforeFault(body), comments(a), a));
        disj.add(new TlaExpr.Apply(a.name(), List.of(name("self"))));
      }
    } else {
      // One action per label: its paths, without the label's guards, then the label's action.
      Map<String, List<Action>> byLabel = new LinkedHashMap<>();
      for (Action a : tc.actions()) {
        byLabel.computeIfAbsent(a.from(), k -> new ArrayList<>()).add(a);
      }
      Map<String, String> names = labelActions.computeIfAbsent(t, k -> new LinkedHashMap<>());
      // what no step of the thread changes, named once: each label's UNCHANGED starts with it
      java.util.Set<TlaExpr> untouched = SharedUnchanged.common(tc.actions());
      List<SharedUnchanged.Frame> frames = new ArrayList<>();
      String base = untouched.size() >= 2 ? layout.namer.name(List.of("untouched", t), t.name() + "_untouched") : null;
      if (base != null) {
        units.add(new TlaModule.OpDef(base, List.of(), new TlaExpr.Tuple(List.copyOf(untouched)),
            List.of("what no step of a " + t.name() + " thread changes (faults aside)"), null));
        frames.add(new SharedUnchanged.Frame(name(base), untouched));
      }
      // and what most of its steps leave alone, where naming it saves text
      List<java.util.Set<TlaExpr>> labelCommons = byLabel.values().stream().map(SharedUnchanged::common).toList();
      String mostlyName = t.name() + "_mostly_untouched";
      java.util.Set<TlaExpr> mostly = SharedUnchanged.mostly(labelCommons, frames.isEmpty() ? java.util.Set.of() : untouched,
          base, mostlyName);
      if (mostly != null) {
        String n = layout.namer.name(List.of("mostly-untouched", t), mostlyName);
        List<TlaExpr> elems = new ArrayList<>();
        if (base != null) {
          elems.add(name(base));
        }
        mostly.stream().filter(x -> base == null || !untouched.contains(x)).forEach(elems::add);
        long uses = labelCommons.stream().filter(l -> l.containsAll(mostly)).count();
        units.add(new TlaModule.OpDef(n, List.of(), new TlaExpr.Tuple(elems),
            List.of("what " + uses + " of the " + byLabel.size() + " labels of a " + t.name() + " thread leave unchanged (faults aside)"),
            null));
        frames.add(0, new SharedUnchanged.Frame(name(n), mostly));
      }
      for (Map.Entry<String, List<Action>> e : byLabel.entrySet()) {
        String label = e.getKey();
        String name = layout.namer.name(List.of("label-action", t, label), t.name() + "_at_" + label);
        names.put(label, name);
        // the label's paths as they are, and with branches joined (MergedPaths) as far as each
        // Reach goes: the shortest text (decided without the marks, so that a check's module and
        // `inflight translate`'s agree; each form is folded once without marks, and with the hook
        // on the chosen one again with them)
        TlaExpr action = labelBody(label, e.getValue(), null, frames, a -> null);
        MergedPaths.Reach reach = null; // the chosen form: null for the paths as they are
        if (joinBranches) {
          int best = -1; // the paths as they are are printed only when some reach joins anything
          for (MergedPaths.Reach r : MergedPaths.Reach.values()) {
            MergedPaths.Result merged = MergedPaths.of(e.getValue(), a -> null, layout.namer, r);
            if (!merged.members().isEmpty()) {
              TlaExpr joined = labelBody(label, merged.paths(), merged, frames, a -> null);
              int length = printedLength(joined, t.name());
              if (best < 0) {
                best = printedLength(action, t.name());
              }
              if (length < best) {
                best = length;
                action = joined;
                reach = r;
              }
            }
          }
        }
        if (ran.isOn()) {
          if (reach != null) {
            MergedPaths.Result merged = MergedPaths.of(e.getValue(), ran::mark, layout.namer, reach);
            action = labelBody(label, merged.paths(), merged, frames, ran::mark);
          } else {
            action = labelBody(label, e.getValue(), null, frames, ran::mark);
          }
        }
        units.add(new TlaModule.OpDef(name, List.of("self"), action,
            labelComments(t, label, e.getValue(), name), null));
        disj.add(new TlaExpr.Apply(name, List.of(name("self"))));
      }
    }
    TlaExpr body = disj.isEmpty() ? new TlaExpr.Bool(false) : new TlaExpr.Or(disj);
    units.add(new TlaModule.OpDef(layout.threadStep.get(t), List.of("self"), body, List.of("any step of a " + t.name() + " thread"), null));
    if (fair(program, t)) {
      units.add(new TlaModule.OpDef(layout.threadEnabled.get(t), List.of("self"), enabled(tc),
          List.of("ENABLED <<" + layout.threadStep.get(t) + "(self)>>_vars, written out for the weak fairness of the thread",
              "(TLC need not compute ENABLED; docs/semantics.md, \"Fairness without ENABLED\")"), null));
      units.add(new TlaModule.OpDef(layout.threadMoved.get(t), List.of("self"),
          Enabled.moved(tc.actions(), new TlaExpr.Apply(layout.threadStep.get(t), List.of(name("self")))),
          List.of("<<" + layout.threadStep.get(t) + "(self)>>_vars on every step that raises no fault, for the weak fairness",
              "of the thread: its pc changed, or it took a step at a label with a path back to itself"), null));
      TlaExpr sub = Enabled.movedVars(tc.actions(), lowered.vars().all());
      units.add(new TlaModule.OpDef(layout.threadMovedVars.get(t), List.of(), sub != null ? sub : name("vars"),
          List.of("what changes on a step where " + layout.threadMoved.get(t) + "(self) holds, if anything does: the fairness's",
              "subscript (docs/semantics.md, \"Fairness without ENABLED\")"), null));
    }
  }

  /** A thread's enabled predicate (emit/Enabled), its repeated reads of its own locals named once (emit/LocalReads). */
  private TlaExpr enabled(ThreadCode tc) {
    TlaExpr en = Enabled.of(tc.actions(), NO_FAULT);
    if (en instanceof TlaExpr.And a && a.items().size() == 2) {
      return new TlaExpr.And(List.of(a.items().get(0), LocalReads.name(a.items().get(1), localsVars(), layout.namer)));
    }
    return en;
  }

  /** The variables holding a kind's record of locals. */
  private java.util.Set<String> localsVars() {
    java.util.Set<String> out = new java.util.HashSet<>();
    for (ThreadCode tc : lowered.threads()) {
      tc.locals().stream().map(l -> layout.slot(l.tla())).filter(java.util.Objects::nonNull).forEach(sl -> out.add(sl.var()));
    }
    return out;
  }

  static boolean fair(Program program, ThreadSym t) {
    return program.fair(t);
  }

  /** The statements listed above each label action so far, by the first action that lists them. */
  private final Map<List<Span>, String> listed = new java.util.HashMap<>();

  private static List<String> comments(Action a) {
    List<String> comments = new ArrayList<>();
    for (Span s : a.statements()) {
      comments.add(Quotes.comment(s));
    }
    if (a.fault() != null) {
      comments.add("fault: " + a.fault());
    } else {
      comments.add(a.from() + " -> " + a.to());
    }
    return comments;
  }

  /**
   * Above a label's action: the thread and label, how many paths it has (and how many end in a
   * fault), and the DSL statements they run, each once, in order of first appearance. A statement
   * from the same file as the one listed before it gives only its line ({@code   47: p = alloc pid}),
   * so a run of statements from one file names the file once. Statements listed in the same order
   * above an earlier action (copies of one function inlined at two call sites, or run by two
   * kinds) are named by that action instead of listed again.
   */
  private List<String> labelComments(ThreadSym t, String label, List<Action> paths, String action) {
    long faults = paths.stream().filter(a -> a.fault() != null).count();
    List<String> out = new ArrayList<>();
    out.add("a " + t.name() + " thread at " + label + ": " + (paths.size() == 1 ? "one path" : paths.size() + " paths")
        + (faults == 0 ? "" : " (" + faults + " to a fault)"));
    java.util.Set<Span> seen = new java.util.LinkedHashSet<>();
    paths.forEach(a -> seen.addAll(a.statements()));
    List<Span> statements = List.copyOf(seen);
    String before = listed.putIfAbsent(statements, action);
    if (before != null && statements.size() > 1) {
      out.add("the statements listed above " + before);
      return out;
    }
    dev.inflight.translator.diag.SourceFile file = null;
    int line = 0;
    for (Span s : statements) {
      if (s.file().equals(file) && s.line() == line) {
        continue; // a second statement of the line just quoted (`get c.usage; touch c`)
      }
      out.add(s.file().equals(file) ? Quotes.commentLine(s) : Quotes.comment(s));
      file = s.file();
      line = s.line();
    }
    return out;
  }

  /**
   * An action runs only while no fault has happened: a fault ends the run. The test goes right
   * after the action's `pc[self] = "L…"` (which rules out most actions first), inside the action
   * so that TLC still names each action in traces.
   */
  private static TlaExpr beforeFault(TlaExpr body) {
    if (body instanceof TlaExpr.And a && !a.items().isEmpty()) {
      List<TlaExpr> items = new ArrayList<>(a.items());
      items.add(1, NO_FAULT);
      return new TlaExpr.And(items);
    }
    return and(NO_FAULT, body);
  }

}

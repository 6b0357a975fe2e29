package dev.inflight.translator.lower;

import dev.inflight.translator.diag.Span;
import dev.inflight.translator.tla.Tla;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One path through a step, built as the walk goes ({@link PathWalker}) and copied where it
 * splits: its guards, its symbolic state ({@link Store}), the LET and \E definitions around its
 * body, the DSL statements it ran, and where it ends (a label, the end, or a fault). Each
 * feasible path becomes one action ({@link Actions}).
 *
 * <p>Within a path, later instructions see earlier writes (the store), and a dereference checked
 * once is not checked again until something is freed ({@link #nonNull}, {@link #knownLive}).
 */
final class Path {
  /**
   * A definition around the rest of the path: {@code \E name \in value} when {@code exists},
   * else a LET; it was made when the path had {@code at} guards (the guards before it cannot
   * mention it, so a label's paths can share them: {@link Action#parts}).
   */
  record Binding(boolean exists, String name, TlaExpr value, int at) {}

  /** Binds {@code name} from here on (see {@link Binding}). */
  void bind(boolean exists, String name, TlaExpr value) {
    bindings.add(new Binding(exists, name, value, guards.size()));
  }

  private final StepContext ctx;
  final List<TlaExpr> guards = new ArrayList<>();
  Store store;
  final List<Binding> bindings = new ArrayList<>();
  final List<Span> spans = new ArrayList<>();
  Span primary;
  List<Span> primaryCallers = List.of();
  String fault;
  TlaExpr.Record faultRecord;
  int target = -1;
  /** A guard folded to FALSE: the path cannot happen and produces no action. */
  boolean infeasible;
  /** Costs tracked: the time this path takes (ns), all of it, in or out of an operation. */
  TlaExpr elapsed = new TlaExpr.Num(0);
  /** An operation ended on this path (op_end is set, not reset). */
  boolean opEnded;
  /** Expressions known not to be NULL on this path (self, fresh objects, checked pointers). */
  final Set<TlaExpr> nonNull = new HashSet<>(List.of(ExprGen.SELF));
  /** The objects this path allocated, by name: different values (Simplify#fold). */
  final Set<TlaExpr> fresh = new HashSet<>();
  /** Objects (heap variable, object) known live on this path since their last check. */
  final Set<List<Object>> knownLive = new HashSet<>();
  /** Liveness checks of a quantifier's elements passed on this path (lower/ElementChecks). */
  final List<List<TlaExpr>> liveEach = new ArrayList<>();

  /** The init block only: how often the path has visited each loop head since it entered the loop (see PathWalker). */
  final java.util.Map<Integer, Integer> visits = new java.util.HashMap<>();

  /** The variables bound in this path's action, and where (see BoundNames). */
  BoundNames names;

  Path(StepContext ctx, java.util.Set<String> liveFrames) {
    this.ctx = ctx;
    this.store = new Store(ctx.layout, ctx.layout.foldedVar(ctx.thread), liveFrames);
    this.names = new BoundNames(ctx.layout.namer);
    store.binder = this::name;
  }

  /**
   * The guards' conjuncts so far, folded: all are over the state before the step and the names
   * the path bound (the store resolves reads of what the step wrote), so two equal ones say the
   * same thing of the same state.
   */
  private final Set<TlaExpr> facts = new HashSet<>();

  /**
   * Adds a guard, folded; FALSE makes the path infeasible, TRUE adds nothing. So does a guard
   * whose every conjunct is already a guard of the path; a conjunct that is the negation of one
   * (Tla#negation) makes the path infeasible: no state satisfies its guards.
   */
  void guard(TlaExpr g) {
    TlaExpr f = Simplify.fold(Simplify.constants(g), nonNull, fresh);
    if (f.equals(Simplify.FALSE)) {
      infeasible = true;
      return;
    }
    if (f.equals(Simplify.TRUE)) {
      return;
    }
    List<TlaExpr> conjuncts = new ArrayList<>();
    conjuncts(f, conjuncts);
    if (conjuncts.stream().anyMatch(c -> facts.contains(Tla.negation(c)))) {
      infeasible = true;
      return;
    }
    if (facts.containsAll(conjuncts)) {
      return;
    }
    facts.addAll(conjuncts);
    guards.add(Simplify.shortCircuit(f));
  }

  private static void conjuncts(TlaExpr e, List<TlaExpr> out) {
    if (e instanceof TlaExpr.Infix in && in.op() == dev.inflight.translator.tla.BinOp.AND) {
      conjuncts(in.left(), out);
      conjuncts(in.right(), out);
    } else {
      out.add(e);
    }
  }

  /**
   * Names a value as a LET definition of this path (see Store.binder). The name may stand as a
   * guard, where TLC expands a definition and would take each disjunct of {@code a \/ b} as a
   * choice of its own (evaluating {@code b} where {@code a} holds): its body is short-circuited
   * as a guard is (Simplify#shortCircuit), the same value wherever it has one.
   */
  private TlaExpr name(String var, TlaExpr value) {
    String n = fresh(var + "_now");
    bind(false, n, Simplify.shortCircuit(value));
    return new TlaExpr.Name(n);
  }

  /** A write to an object's `st` ends what is known about liveness in that heap. */
  void forgetLiveness(String heap) {
    knownLive.removeIf(k -> k.get(0).equals(heap));
  }

  /**
   * The path reached the label (or end) {@code node}: the step ends there, with the frames of
   * the functions {@code node} is inside live and every other NULL (Store#settle).
   */
  void arrive(int node) {
    target = node;
    store.settle(ctx.liveFrames(node), ctx.cfg.node(node).span());
  }

  /** Records that the path ran the DSL statement at {@code span} (once for consecutive instructions of it). */
  void ran(Span span) {
    if (spans.isEmpty() || !spans.get(spans.size() - 1).equals(span)) {
      spans.add(span);
    }
  }

  Path copy() {
    Path p = new Path(ctx, java.util.Set.of());
    p.guards.addAll(guards);
    p.facts.addAll(facts);
    p.infeasible = infeasible;
    p.nonNull.addAll(nonNull);
    p.fresh.addAll(fresh);
    p.knownLive.addAll(knownLive);
    p.liveEach.addAll(liveEach);
    p.store = store.copy();
    p.store.binder = p::name;
    p.names = names.copy();
    p.bindings.addAll(bindings);
    p.spans.addAll(spans);
    p.primary = primary;
    p.primaryCallers = primaryCallers;
    p.elapsed = elapsed;
    p.opEnded = opEnded;
    p.visits.putAll(visits);
    return p;
  }

  ExprGen gen() {
    return new ExprGen(ctx.checked, ctx.layout, ctx.thread, store, names);
  }

  /** A name for a LET or \E definition around the path's whole body. */
  String fresh(String base) {
    return names.outer(base);
  }
}

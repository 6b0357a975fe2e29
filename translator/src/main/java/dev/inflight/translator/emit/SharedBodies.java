package dev.inflight.translator.emit;

import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.Parts;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Label actions whose paths are the same code written once (docs/semantics.md, "Shared paths").
 * A function inlined into several thread kinds, or at several call sites of one kind, gives label
 * actions that differ only in names: the kind's locals variable and blank frames, the labels a
 * path goes to, a path's number for the Ran hook. Such actions keep their own test of `pc`,
 * `fault` and UNCHANGED of the kind's untouched variables, and call one operator with the paths,
 * {@code L366_paths(self, victim_locals, "L93")}, whose parameters stand for what differs.
 *
 * <p>Which actions share: those whose paths have the same form except at names and literals
 * (anti-unification): where the members differ, the operator has a parameter, provided each
 * member's expression there mentions no variable bound inside the paths (it is evaluated where
 * the action calls the operator), primes nothing, and has no UNCHANGED or {@code @}. Bound
 * variables may be named differently in each member (a LET's {@code victim_locals_next}); the
 * first member's names are kept. Operator application is substitution of the arguments for the
 * parameters, so each action is its old self with the shared text written once; TLC assigns a
 * primed parameter bound to a variable ({@code locals' = …}) as it assigns the variable.
 */
final class SharedBodies {
  /** At most this many parameters besides {@code self}. */
  static final int MAX_PARAMS = 8;
  /** Paths shorter than this, printed (the first of actions with the same form), stay where they are. */
  static final int MIN_LENGTH = 300;
  private static final String HOLE = "SharedBodiesHole";
  private static final TlaPrinter PRINTER = new TlaPrinter();

  private SharedBodies() {}

  /** An action that could share: its unit's index, head conjuncts and paths. */
  private record Candidate(int index, TlaModule.OpDef def, List<TlaExpr> head, TlaExpr paths) {}

  /** Rewrites {@code units} in place: each group of label actions with shared paths calls one new operator. */
  static void apply(List<TlaModule.Unit> units, Collection<String> labelActions, Namer namer) {
    Set<String> actions = new HashSet<>(labelActions);
    Map<String, List<Candidate>> byForm = new LinkedHashMap<>();
    for (int i = 0; i < units.size(); i++) {
      if (units.get(i) instanceof TlaModule.OpDef d && actions.contains(d.name()) && d.params().equals(List.of("self"))) {
        Candidate c = candidate(i, d);
        if (c != null) {
          byForm.computeIfAbsent(form(c.paths()), k -> new ArrayList<>()).add(c);
        }
      }
    }
    Map<Integer, TlaModule.Unit> replaced = new HashMap<>();
    Map<Integer, TlaModule.OpDef> insertedBefore = new HashMap<>();
    for (List<Candidate> same : byForm.values()) {
      // equal forms print to about the same length: the first one's says whether sharing is worth it
      if (same.size() >= 2 && length(same.get(0).paths()) >= MIN_LENGTH) {
        share(same, namer, replaced, insertedBefore);
      }
    }
    // then the copies of one label (a call site's letter aside) whose paths differ in form: the
    // code after a call returns differs between call sites, a parameter stands for each part that does
    Map<String, List<Candidate>> byLabel = new LinkedHashMap<>();
    byForm.values().forEach(cs -> cs.stream().filter(c -> !replaced.containsKey(c.index()))
        .forEach(c -> byLabel.computeIfAbsent(label(c.def().name()), k -> new ArrayList<>()).add(c)));
    for (List<Candidate> same : byLabel.values()) {
      if (same.size() >= 2) {
        share(same, namer, replaced, insertedBefore);
      }
    }
    for (int i = units.size() - 1; i >= 0; i--) {
      if (replaced.containsKey(i)) {
        units.set(i, replaced.get(i));
      }
      if (insertedBefore.containsKey(i)) {
        units.add(i, insertedBefore.get(i));
      }
    }
  }

  /** Groups of {@code same} that anti-unify and pay, each shared. */
  private static void share(List<Candidate> same, Namer namer, Map<Integer, TlaModule.Unit> replaced,
      Map<Integer, TlaModule.OpDef> insertedBefore) {
    List<Group> groups = new ArrayList<>();
    Map<Candidate, Integer> lengths = new java.util.IdentityHashMap<>(); // each copy printed once
    for (Candidate c : same) {
      boolean placed = false;
      for (Group g : groups) {
        List<Candidate> with = new ArrayList<>(g.members());
        with.add(c);
        General general = generalize(with);
        if (general != null && pays(with, general, lengths)) {
          groups.set(groups.indexOf(g), new Group(with, general));
          placed = true;
          break;
        }
      }
      if (!placed) {
        groups.add(new Group(List.of(c), null));
      }
    }
    for (Group g : groups) {
      if (g.general() != null) { // two members or more: the last anti-unification that took one in
        share(g.members(), g.general(), namer, replaced, insertedBefore);
      }
    }
  }

  /**
   * Whether the operator and its calls print to at most three quarters of the members' paths (a
   * shared operator is one more definition to read: it must save a good part of the text).
   */
  private static boolean pays(List<Candidate> members, General general, Map<Candidate, Integer> lengths) {
    int before = 0;
    for (Candidate c : members) {
      before += lengths.computeIfAbsent(c, x -> length(x.paths()));
    }
    int after = length(general.paths());
    for (int m = 0; m < members.size(); m++) {
      List<TlaExpr> call = new ArrayList<>(List.of(new TlaExpr.Name("self")));
      for (List<TlaExpr> a : general.args()) {
        call.add(a.get(m));
      }
      after += length(new TlaExpr.Apply("L1_paths", call));
    }
    return 4 * after <= 3 * before;
  }

  /** The printed length of paths (fields lifted) as a definition's body. */
  private static int length(TlaExpr paths) {
    return PRINTER.print(new TlaModule.OpDef("a", List.of("self"), FieldKeys.lower(paths))).length();
  }

  /** {@code name} without the kind's prefix ({@code locals} for {@code victim_locals}). */
  private static String unprefixed(String name, String kindPrefix) {
    return name.startsWith(kindPrefix) && name.length() > kindPrefix.length() ? name.substring(kindPrefix.length()) : name;
  }

  /** A label action's label without its call site's letter: L366 for victim_at_L366b. */
  private static String label(String action) {
    int a = action.lastIndexOf("_at_");
    return (a > 0 ? action.substring(a + "_at_".length()) : action).replaceAll("(?<=\\d)[a-z]+$", "");
  }

  private static Candidate candidate(int index, TlaModule.OpDef d) {
    List<TlaExpr> items = d.body() instanceof TlaExpr.And a ? a.items() : List.of(d.body());
    int h = 0;
    while (h < items.size() && isHead(items.get(h))) {
      h++;
    }
    if (h == 0 || h == items.size()) {
      return null;
    }
    TlaExpr paths = items.size() - h == 1 ? items.get(h) : new TlaExpr.And(items.subList(h, items.size()));
    return new Candidate(index, d, List.copyOf(items.subList(0, h)), FieldKeys.lift(paths));
  }

  /** The test of a label, of no fault, or the UNCHANGED of what the kind never changes. */
  private static boolean isHead(TlaExpr e) {
    return e.equals(ThreadActions.NO_FAULT)
        || e instanceof TlaExpr.Prefix p && p.op() == dev.inflight.translator.tla.UnOp.UNCHANGED
        || e instanceof TlaExpr.Infix x && x.op() == dev.inflight.translator.tla.BinOp.EQ
            && x.left() instanceof TlaExpr.FunApp f && f.fn().equals(new TlaExpr.Name("pc"));
  }

  /** The form of {@code e} with every name and literal left out: actions that may share have equal forms. */
  private static String form(TlaExpr e) {
    StringBuilder b = new StringBuilder();
    form(e, b);
    return b.toString();
  }

  private static void form(TlaExpr e, StringBuilder b) {
    if (e instanceof TlaExpr.Name || e instanceof TlaExpr.Num || e instanceof TlaExpr.Str) {
      b.append('_');
      return;
    }
    Parts p = Parts.of(e);
    b.append(e instanceof TlaExpr.Apply ? "Apply" : isLeaf(e) ? "Leaf" : p.shape()).append('(');
    p.kids().forEach(k -> form(k, b));
    b.append(')');
  }

  /** A path's disjunct marked with the paths it belongs to (PathTree.Leaf), for the source map's line ranges. */
  private static boolean isLeaf(TlaExpr e) {
    return e instanceof TlaExpr.Sourced s && s.origin() instanceof PathTree.Leaf;
  }

  /** Candidates that share, with their anti-unification (null while the group has one member). */
  private record Group(List<Candidate> members, General general) {}

  /** The shared paths with holes, and each hole's expression in each member (the parameters' arguments). */
  record General(TlaExpr paths, List<List<TlaExpr>> args, Map<String, String> uses) {}

  static General generalize(List<Candidate> members) {
    Gen g = new Gen(members.size());
    List<TlaExpr> xs = members.stream().map(Candidate::paths).toList();
    List<Map<String, String>> rho = new ArrayList<>();
    members.forEach(m -> rho.add(Map.of()));
    TlaExpr body = g.go(xs, rho);
    return g.failed ? null : new General(body, g.args, g.uses);
  }

  /** One anti-unification of several members' paths. */
  private static final class Gen {
    final int n;
    final List<List<TlaExpr>> args = new ArrayList<>();
    /** What each hole is an argument of, as a parameter's name: a fault's DSL line, a path's Ran number. */
    final Map<String, String> uses = new HashMap<>();
    boolean failed;

    Gen(int n) {
      this.n = n;
    }

    /** {@code rho.get(i)}: member i's variables bound around this point → the first member's. */
    TlaExpr go(List<TlaExpr> xs, List<Map<String, String>> rho) {
      if (failed) {
        return xs.get(0);
      }
      if (xs.stream().allMatch(SharedBodies::isLeaf)) { // one disjunct of each member's paths: of all of them
        List<String> paths = new ArrayList<>();
        xs.forEach(x -> paths.addAll(((PathTree.Leaf) ((TlaExpr.Sourced) x).origin()).actions()));
        return new TlaExpr.Sourced(go(xs.stream().map(x -> ((TlaExpr.Sourced) x).e()).toList(), rho), new PathTree.Leaf(paths));
      }
      List<Parts> ps = xs.stream().map(Parts::of).toList();
      Parts rep = ps.get(0);
      for (int i = 1; i < n; i++) {
        Parts p = ps.get(i);
        if (!sameNode(xs.get(0), xs.get(i), rep, p, rho.get(0), rho.get(i))
            || p.kids().size() != rep.kids().size() || p.binds().size() != rep.binds().size()) {
          return hole(xs, rho);
        }
      }
      List<Map<String, String>> inner = rho;
      if (!rep.binds().isEmpty()) {
        inner = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Map<String, String> m = new HashMap<>(rho.get(i));
          for (int k = 0; k < rep.binds().size(); k++) {
            m.put(ps.get(i).binds().get(k), rep.binds().get(k));
          }
          inner.add(m);
        }
      }
      List<TlaExpr> kids = new ArrayList<>(rep.kids().size());
      for (int k = 0; k < rep.kids().size(); k++) {
        int at = k;
        kids.add(go(ps.stream().map(x -> x.kids().get(at)).toList(), inner));
      }
      if (xs.get(0) instanceof TlaExpr.Record r) { // a hole as a record's field is named for the field (`op |-> op`)
        for (int k = 0; k < kids.size(); k++) {
          if (kids.get(k) instanceof TlaExpr.Name h && h.id().startsWith(HOLE)) {
            uses.putIfAbsent(h.id(), r.fields().get(k).getKey());
          }
        }
      }
      if (xs.get(0) instanceof TlaExpr.Apply a) { // a hole passed to Fault… is a DSL line, to Ran a path's number
        String use = a.op().equals(RanHook.HOOK) ? "path" : a.op().startsWith("Fault") ? "line" : "k";
        kids.stream().filter(x -> x instanceof TlaExpr.Name h && h.id().startsWith(HOLE))
            .forEach(x -> uses.putIfAbsent(((TlaExpr.Name) x).id(), use));
      }
      return rep.rebuild().apply(kids);
    }

    /** The same node apart from its subexpressions: the same shape, names meaning the same. */
    private static boolean sameNode(TlaExpr a, TlaExpr b, Parts pa, Parts pb, Map<String, String> ra, Map<String, String> rb) {
      if (a instanceof TlaExpr.Name x && b instanceof TlaExpr.Name y) {
        return same(x.id(), y.id(), ra, rb);
      }
      if (a instanceof TlaExpr.Apply x && b instanceof TlaExpr.Apply y) {
        return x.args().size() == y.args().size() && same(x.op(), y.op(), ra, rb);
      }
      return pa.shape().equals(pb.shape());
    }

    private static boolean same(String a, String b, Map<String, String> ra, Map<String, String> rb) {
      boolean boundA = ra.containsKey(a);
      boolean boundB = rb.containsKey(b);
      return boundA == boundB && (boundA ? ra.get(a).equals(rb.get(b)) : a.equals(b));
    }

    /** A parameter for where the members differ, if each member's expression there may be an argument. */
    private TlaExpr hole(List<TlaExpr> xs, List<Map<String, String>> rho) {
      for (int i = 0; i < n; i++) {
        TlaExpr x = xs.get(i);
        Set<String> names = Binders.names(x);
        if (!argument(x) || names.stream().anyMatch(rho.get(i)::containsKey)) {
          failed = true;
          return xs.get(0);
        }
      }
      int k = args.indexOf(xs);
      if (k < 0) {
        args.add(List.copyOf(xs));
        k = args.size() - 1;
        failed = args.size() > MAX_PARAMS;
      }
      return new TlaExpr.Name(HOLE + k);
    }

    /** No prime, UNCHANGED or {@code @} in it: it can be evaluated where the action calls the operator. */
    private static boolean argument(TlaExpr x) {
      if (x instanceof TlaExpr.Primed || x instanceof TlaExpr.At
          || x instanceof TlaExpr.Prefix p && p.op() == dev.inflight.translator.tla.UnOp.UNCHANGED) {
        return false;
      }
      return Parts.of(x).kids().stream().allMatch(Gen::argument);
    }
  }

  private static void share(List<Candidate> g, General gen, Namer namer, Map<Integer, TlaModule.Unit> replaced,
      Map<Integer, TlaModule.OpDef> insertedBefore) {
    Candidate rep = g.get(0);
    String repName = rep.def().name();
    int at = repName.lastIndexOf("_at_");
    String kindPrefix = at > 0 ? repName.substring(0, at + 1) : "";
    // named for the labels of its actions, a call site's letter left out: L366 for L366 and L366b
    java.util.LinkedHashSet<String> labels = new java.util.LinkedHashSet<>();
    for (Candidate c : g) {
      labels.add(label(c.def().name()));
    }
    String label = String.join("_", labels.stream().limit(3).toList()) + (labels.size() > 3 ? "_more" : "");
    // a second operator for one label (copies of it in one kind, say) is named for its kind too
    String opName = label + "_paths";
    if (namer.isTaken(opName) && !kindPrefix.isEmpty() && g.stream().allMatch(c -> c.def().name().startsWith(kindPrefix + "at_"))) {
      opName = kindPrefix + opName;
    }
    String name = namer.name(List.of("shared-paths", repName), opName);
    Set<String> inBody = Binders.names(gen.paths());
    List<String> params = new ArrayList<>(List.of("self"));
    Map<String, String> holeName = new HashMap<>();
    for (int k = 0; k < gen.args().size(); k++) {
      TlaExpr first = gen.args().get(k).get(0);
      String wanted = first instanceof TlaExpr.Name x ? unprefixed(x.id(), kindPrefix)
          : FieldKeys.marked(first) ? "field" : first instanceof TlaExpr.Str && !gen.uses().containsKey(HOLE + k) ? "to"
          : first instanceof TlaExpr.Except ex && ex.base() instanceof TlaExpr.Name x ? unprefixed(x.id(), kindPrefix) + "_next"
          : gen.uses().getOrDefault(HOLE + k, "e");
      String p = namer.bound(wanted, s -> inBody.contains(s) || params.contains(s));
      params.add(p);
      holeName.put(HOLE + k, p);
    }
    TlaExpr body = FieldKeys.lower(Rewrite.apply(gen.paths(), e -> e instanceof TlaExpr.Name x && holeName.containsKey(x.id())
        ? new TlaExpr.Name(holeName.get(x.id())) : null));
    // the first action's bound names without its kind's prefix (`locals_next`, not `victim_locals_next`)
    if (!kindPrefix.isEmpty()) {
      Set<String> taken = new HashSet<>(Binders.names(body));
      body = Binders.renameBound(body, v -> v.startsWith(kindPrefix) && v.length() > kindPrefix.length(), v -> {
        String fresh = namer.bound(v.substring(kindPrefix.length()), x -> taken.contains(x) || params.contains(x));
        taken.add(fresh);
        return fresh;
      });
    }
    List<String> names = g.stream().map(c -> c.def().name()).toList();
    // before the first of its actions in the module (the representative may come later: a
    // definition must precede its uses)
    int first = g.stream().mapToInt(Candidate::index).min().orElseThrow();
    insertedBefore.put(first, new TlaModule.OpDef(name, params, body,
        List.of("the paths of " + String.join(", ", names) + ": the same code"
            + (params.size() == 1 ? "" : ", each action passing its own " + String.join(", ", params.subList(1, params.size())))
            + " (docs/semantics.md, \"Shared paths\")"), null));
    for (int m = 0; m < g.size(); m++) {
      Candidate c = g.get(m);
      List<TlaExpr> call = new ArrayList<>(List.of(new TlaExpr.Name("self")));
      for (List<TlaExpr> a : gen.args()) {
        call.add(FieldKeys.argument(a.get(m)));
      }
      List<TlaExpr> items = new ArrayList<>(c.head());
      items.add(new TlaExpr.Apply(name, call));
      TlaModule.OpDef d = c.def();
      replaced.put(c.index(), new TlaModule.OpDef(d.name(), d.params(), new TlaExpr.And(items), d.commentLines(), d.origin()));
    }
  }
}

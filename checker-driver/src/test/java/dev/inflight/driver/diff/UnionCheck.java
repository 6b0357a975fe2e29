package dev.inflight.driver.diff;

import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks many generated modules in a few TLC runs: their definitions are pasted into one union
 * module ({@link UnionModule}) whose variable `which` picks the model a behaviour belongs to, so
 * TLC starts (and parses the standard modules) once for all of them.
 *
 * <p>Safety: an invariant `Probe` that never fails but prints, for every reachable state, the
 * model's checks that the state violates (its invariants, and `deadlock` when the model's Next is
 * not enabled; each name once per model), so one run gives every model's full set of violated
 * checks; it also prints each model's state count at powers of two. Liveness (no_hang and
 * `eventually`): TLC stops at the first violated temporal property, so the models whose safety
 * holds are checked together with one property, `<>` of "the watched threads of the behaviour's
 * model have finished" (each model's `Finished`), and a model whose lasso TLC reports is taken
 * out and the rest checked again, until none is violated; then, the same way, the models that
 * declare `eventually` properties, with one property {@code <>[]} of "the behaviour's model's
 * eventually predicates hold". Fairness is each model's weak fairness of its threads, restricted
 * to behaviours of that model. So that a rerun stays cheap, the models are checked for liveness in
 * groups of at most {@link #LIVE_STATES} states (by the safety run's counts); a larger model is
 * checked alone. A model may name a twin ({@link Model#twinOf}: another form of the same model,
 * expected to agree); twins are checked after the others, and a twin whose model hung is checked
 * alone, so that each hang costs one rerun of a group rather than two.
 */
final class UnionCheck {
  /**
   * A model to check: a unique id, its translation, and whether the safety run also checks its
   * written-out ENABLED ({@value UnionModule#ENABLED_CHECK}).
   */
  record Model(String id, Emitted emitted, boolean checkEnabled, String twin) {
    Model(String id, Emitted emitted) {
      this(id, emitted, false, null);
    }

    Model(String id, Emitted emitted, boolean checkEnabled) {
      this(id, emitted, checkEnabled, null);
    }

    /**
     * The same model whose result is expected to be that of the model {@code id} (another form
     * of it, listed before it): only the order of the liveness runs depends on it ({@link #run}).
     */
    Model twinOf(String id) {
      return new Model(this.id, emitted, checkEnabled, id);
    }
  }

  /**
   * What checking gave: the checks some reachable state violates (invariant names, `deadlock`),
   * and, for a model whose safety checks all hold, whether no_hang fails and whether one of its
   * `eventually` properties does (null when it has none).
   */
  record Result(Set<String> violated, Boolean liveness, Boolean eventually) {
    Result(Set<String> violated, Boolean liveness) {
      this(violated, liveness, null);
    }

    String describe() {
      if (!violated.isEmpty()) {
        return "violated " + String.join(", ", violated);
      }
      String ev = eventually == null ? "" : eventually ? ", its eventually violated" : ", its eventually holds";
      return (liveness == null ? "holds (safety)" : liveness ? "violated no_hang" : "holds") + ev;
    }
  }

  /** A generated .cfg's invariants, temporal properties and constants. */
  record Cfg(List<String> invariants, List<String> temporal, Map<String, String> constants) {}

  /** States a liveness run may hold before a model is checked on its own (a rerun repeats them). */
  static final long LIVE_STATES = Long.getLong("inflight.diff.liveStates", 30_000);

  /**
   * A model with this many distinct states stops its union's safety run with an error naming it:
   * the random models have up to tens of thousands, and one with millions (salt 1405 made one, a
   * finite but large state space: bench/RESULTS.md) would hold its union, and the long run, for
   * hours without a word.
   */
  static final long MAX_MODEL_STATES = Long.getLong("inflight.diff.maxModelStates", 1L << 22);

  private static final Pattern PRINT = Pattern.compile("<<\"inflight-diff\", (\\d+), \\{(.*)}>>");
  private static final Pattern SIZE = Pattern.compile("<<\"inflight-size\", (\\d+), (\\d+)>>");
  private static final Pattern CONSTANT = Pattern.compile("^\\s+(\\w+) = (.*)$");

  private final Path dir;
  private final List<Model> models;
  /** Per model: its union member (number = index + 1). */
  private final List<UnionModule.Member> members = new ArrayList<>();

  /** The members (numbers) whose safety run also checks each thread's written-out ENABLED (emit/Enabled) against TLC's. */
  private final Set<Integer> enabledCheck = new java.util.HashSet<>();

  UnionCheck(Path dir, List<Model> models) {
    this(dir, models, false);
  }

  /**
   * With {@code enabledCheck} (or a model's own {@link Model#checkEnabled}), the safety run also reports {@value UnionModule#ENABLED_CHECK} for a
   * model where some fair thread's {@code _enabled(self)} differs from {@code ENABLED <<step(self)>>_vars}.
   */
  UnionCheck(Path dir, List<Model> models, boolean enabledCheck) {
    this(dir, models, enabledCheck, false);
  }

  private long lastDistinct = -1;

  /** The distinct states of the last safety run (-1 before one). */
  long lastDistinct() {
    return lastDistinct;
  }

  /** Whether the safety run declares the models' symmetry (emit/Symmetry). */
  private final boolean symmetry;

  /** With {@code symmetry}, the safety run is reduced by every model's own symmetry (SymmetryFormTest). */
  UnionCheck(Path dir, List<Model> models, boolean enabledCheck, boolean symmetry) {
    this(dir, models, enabledCheck, symmetry, MAX_MODEL_STATES);
  }

  /** The cap on a model's distinct states in the safety run ({@link #MAX_MODEL_STATES}). */
  private final long maxModelStates;

  /** Whether every model's written-out ENABLED is checked (the constructor's {@code enabledCheck}). */
  private final boolean enabledCheckAll;

  UnionCheck(Path dir, List<Model> models, boolean enabledCheck, boolean symmetry, long maxModelStates) {
    this.maxModelStates = maxModelStates;
    this.symmetry = symmetry;
    this.enabledCheckAll = enabledCheck;
    this.dir = dir;
    this.models = models;
    for (int i = 0; i < models.size(); i++) {
      if (enabledCheck || models.get(i).checkEnabled()) {
        this.enabledCheck.add(i + 1);
      }
      Emitted e = models.get(i).emitted();
      members.add(UnionModule.Member.of(i + 1, e, parse(e.cfg())));
    }
  }

  /** Unions checked at a time: each TLC runs one worker, so on 2 cores two run side by side. */
  static final int PARALLEL = Integer.getInteger("inflight.diff.parallel", 2);

  /** A check of one slice of the models, in a directory of its own. */
  interface SliceCheck<T> {
    T run(Path dir, List<Model> slice) throws IOException;
  }

  /** One slice's result, and the indices (in the list given to {@link #inParts}) of its models, in slice order. */
  record Part<T>(List<Integer> indices, T result) {}

  /**
   * Applies {@code check} to {@code parts} slices of {@code models}, each its own union in its own
   * directory under {@code dir}, {@link #PARALLEL} at a time, and returns the results in slice
   * order. Model k goes to slice k mod {@code parts}, so that models given side by side (the two
   * forms of one model) run side by side, and a model with a large state space does not make one
   * slice much longer than the others; each slice costs one more TLC start.
   */
  static <T> List<Part<T>> inParts(Path dir, List<Model> models, int parts, SliceCheck<T> check) throws IOException {
    int n = Math.min(parts, models.size());
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(PARALLEL, r -> {
      Thread t = new Thread(r, "union-part");
      t.setDaemon(true);
      return t;
    });
    try {
      List<List<Integer>> indices = new ArrayList<>();
      List<java.util.concurrent.Future<T>> runs = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        List<Integer> idx = new ArrayList<>();
        List<Model> slice = new ArrayList<>();
        for (int i = k; i < models.size(); i += n) {
          idx.add(i);
          slice.add(models.get(i));
        }
        Path sub = Files.createDirectories(dir.resolve("part" + k));
        indices.add(idx);
        runs.add(pool.submit(() -> check.run(sub, slice)));
      }
      List<Part<T>> out = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        out.add(new Part<>(indices.get(k), runs.get(k).get()));
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException io) {
        throw io;
      }
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IOException(c);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Per model, in the given order: what {@code check} gave for it, as a list aligned with its slice. */
  static <R> List<R> perModel(Path dir, List<Model> models, int parts, SliceCheck<List<R>> check) throws IOException {
    List<R> out = new ArrayList<>(java.util.Collections.nCopies(models.size(), (R) null));
    for (Part<List<R>> p : inParts(dir, models, parts, check)) {
      for (int j = 0; j < p.indices().size(); j++) {
        out.set(p.indices().get(j), p.result().get(j));
      }
    }
    return out;
  }

  /** {@link #run} over the models in {@code 2 * PARALLEL} unions, {@link #PARALLEL} at a time: every model's result. */
  static Map<String, Result> runInParts(Path dir, List<Model> models) throws IOException {
    Map<String, Result> all = new LinkedHashMap<>();
    inParts(dir, models, 2 * PARALLEL, (sub, slice) -> new UnionCheck(sub, slice).run()).forEach(p -> all.putAll(p.result()));
    return all;
  }

  /** The safety run stopped at the cap: model {@code index} (in this union's list) reached it. */
  static final class TooLarge extends AssertionError {
    final int index;

    TooLarge(int index, String message) {
      super(message);
      this.index = index;
    }
  }

  /**
   * {@link #run}, except that a model that reaches the cap and that {@code mayLeaveOut} accepts is
   * left out together with every form of the same model (the model it is a twin of, and that
   * model's other twins), their ids added to {@code leftOut}, and the union checked again without
   * them, so that one random model too large to explore does not leave its whole union
   * uncompared. A model {@code mayLeaveOut} refuses still stops the run ({@link TooLarge}).
   */
  Map<String, Result> runLeavingOut(java.util.function.Predicate<Model> mayLeaveOut, Set<String> leftOut) throws IOException {
    try {
      return run();
    } catch (TooLarge big) {
      Model over = models.get(big.index);
      if (!mayLeaveOut.test(over)) {
        throw big;
      }
      String root = over.twin() == null ? over.id() : over.twin();
      List<Model> rest = new ArrayList<>();
      for (Model m : models) {
        if (m.id().equals(root) || root.equals(m.twin())) {
          leftOut.add(m.id());
        } else {
          rest.add(m);
        }
      }
      if (rest.isEmpty()) {
        return new LinkedHashMap<>();
      }
      Path again = Files.createDirectories(dir.resolve("without-" + root));
      return new UnionCheck(again, rest, enabledCheckAll, symmetry, maxModelStates).runLeavingOut(mayLeaveOut, leftOut);
    }
  }

  /** Runs TLC until every model has its result. */
  Map<String, Result> run() throws IOException {
    if (Boolean.getBoolean("inflight.diff.keep")) {
      for (Model m : models) {
        Translator.write(m.emitted(), dir);
      }
    }
    long[] states = new long[models.size()];
    List<Set<String>> safety = safety(states);
    List<Integer> live = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      if (safety.get(i).isEmpty() && members.get(i).cfg().temporal().contains("NoHang")) {
        live.add(i);
      }
    }
    Set<Integer> failing = twinsAfter(live, states, false);
    // `eventually`: the same, with each model's eventually properties for the property
    List<Integer> ev = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      if (safety.get(i).isEmpty() && members.get(i).hasEventually()) {
        ev.add(i);
      }
    }
    Set<Integer> evFailing = twinsAfter(ev, states, true);
    Map<String, Result> out = new LinkedHashMap<>();
    for (int i = 0; i < models.size(); i++) {
      Boolean hang = null;
      if (live.contains(i)) {
        hang = failing.contains(i);
      } else if (safety.get(i).isEmpty()) {
        hang = Boolean.FALSE; // no temporal property: nothing can fail
      }
      out.put(models.get(i).id(), new Result(safety.get(i), hang, ev.contains(i) ? evFailing.contains(i) : null));
    }
    return out;
  }

  /**
   * The liveness runs of the models {@code live} (no_hang, or their `eventually` properties):
   * first the models that are no live model's twin, in groups; then the twins, those whose model
   * failed each alone (one run that is expected to find its lasso, rather than a rerun of a whole
   * group per failing twin), the others in groups. Every result is still TLC's on that model; the
   * twins only order the runs. Returns the models whose property fails.
   */
  private Set<Integer> twinsAfter(List<Integer> live, long[] states, boolean eventually) throws IOException {
    Map<String, Integer> index = new java.util.HashMap<>();
    for (int i = 0; i < models.size(); i++) {
      index.put(models.get(i).id(), i);
    }
    List<Integer> firsts = new ArrayList<>();
    List<Integer> twins = new ArrayList<>();
    for (int i : live) {
      Integer of = models.get(i).twin() == null ? null : index.get(models.get(i).twin());
      (of != null && live.contains(of) ? twins : firsts).add(i);
    }
    Set<Integer> failing = new LinkedHashSet<>();
    liveness(groups(firsts, states), failing, eventually);
    List<List<Integer>> second = new ArrayList<>();
    List<Integer> rest = new ArrayList<>();
    for (int i : twins) {
      if (failing.contains(index.get(models.get(i).twin()))) {
        second.add(new ArrayList<>(List.of(i)));
      } else {
        rest.add(i);
      }
    }
    second.addAll(groups(rest, states));
    liveness(second, failing, eventually);
    return failing;
  }

  private int liveRuns;

  /**
   * Checks each group's liveness (no_hang, or with {@code eventually} the models' `eventually`
   * properties), adding to {@code failing} each model TLC reports a lasso of; a group with a lasso
   * is checked again without that model until TLC finds none.
   */
  private void liveness(List<List<Integer>> groups, Set<Integer> failing, boolean eventually) throws IOException {
    for (List<Integer> group : groups) {
      liveRuns++;
      while (!group.isEmpty()) {
        TlcResult l = tlc((eventually ? "UnionEventually" : "UnionLive") + liveRuns, group.stream().map(members::get).toList(), true, eventually);
        if (l.isSuccess()) {
          break;
        }
        if (!(l.outcome() instanceof TlcOutcome.LivenessViolated) || l.trace().isEmpty()) {
          throw new AssertionError("TLC failed checking liveness of the union: " + l.outcome() + "\n" + l.messages());
        }
        TlcState first = l.trace().get(0);
        int which = (int) ((TlcValue.IntV) first.get("which")).value() - 1;
        if (!group.remove(Integer.valueOf(which))) {
          throw new AssertionError("TLC reported a lasso of model " + which + ", which the run did not check");
        }
        failing.add(which);
      }
    }
  }

  /**
   * The safety run: per model, the checks some reachable state violates; {@code states} gets a
   * lower bound of each model's distinct states.
   */
  List<Set<String>> safety(long[] states) throws IOException {
    List<Set<String>> safety = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      safety.add(new LinkedHashSet<>());
    }
    TlcResult r = tlc("UnionSafety", members, false, false);
    lastDistinct = r.statistics().distinct();
    if (!r.isSuccess()) {
      Matcher big = UnionModule.TOO_LARGE.matcher(String.join("\n", r.unframedLines()) + "\n" + r.messages());
      if (big.find()) {
        int which = Integer.parseInt(big.group(1)) - 1;
        throw new TooLarge(which, "model " + models.get(which).id() + " has " + maxModelStates
            + " distinct states or more, too many for a union check (-Dinflight.diff.maxModelStates raises the cap); its union has "
            + models.size() + " models");
      }
      throw new AssertionError("TLC failed on the union of " + models.size() + " models: " + r.outcome() + "\n"
          + String.join("\n", r.unframedLines()) + "\n" + r.messages());
    }
    for (String line : r.unframedLines()) {
      Matcher m = PRINT.matcher(line);
      if (m.find()) {
        Set<String> names = safety.get(Integer.parseInt(m.group(1)) - 1);
        for (String n : m.group(2).split(",")) {
          if (!n.isBlank()) {
            names.add(n.strip().replace("\"", ""));
          }
        }
      }
      Matcher s = SIZE.matcher(line);
      if (s.find()) {
        int i = Integer.parseInt(s.group(1)) - 1;
        states[i] = Math.max(states[i], Long.parseLong(s.group(2)));
      }
    }
    return safety;
  }

  /**
   * The liveness runs: the models, largest first, packed into groups of at most
   * {@link #LIVE_STATES} states (a model's count is below twice the last power of two the safety
   * run printed for it, or 128).
   */
  static List<List<Integer>> groups(List<Integer> live, long[] states) {
    List<Integer> order = new ArrayList<>(live);
    order.sort(Comparator.comparingLong((Integer i) -> -bound(states[i])).thenComparing(i -> i));
    List<List<Integer>> groups = new ArrayList<>();
    List<Long> sizes = new ArrayList<>();
    for (int i : order) {
      long s = bound(states[i]);
      int g = 0;
      while (g < groups.size() && sizes.get(g) + s > LIVE_STATES) {
        g++;
      }
      if (g == groups.size()) {
        groups.add(new ArrayList<>());
        sizes.add(0L);
      }
      groups.get(g).add(i);
      sizes.set(g, sizes.get(g) + s);
    }
    groups.forEach(g -> g.sort(null));
    return groups;
  }

  private static long bound(long printed) {
    return printed == 0 ? 128 : 2 * printed;
  }

  /**
   * JVM options of a TLC run (after the runner's {@code -XX:+UseParallelGC}). A run has one
   * worker, so a serial collector, which does not compete with the other run for the cores; the
   * parsed union survives into the old generation at once rather than being copied between
   * survivor spaces; and C2 compiles only methods much hotter than by default: C2 spends more on
   * compiling TLC's evaluator than it saves in a short run. Measured on unions of 50 small models
   * (32,000 states) and of 49 (570,000 states): 25% and 15% less CPU time than the defaults.
   * (C1 alone: 45% less on the first, 30% more on the second.)
   */
  static final List<String> JVM = java.util.stream.Stream.concat(
      java.util.stream.Stream.of("-XX:-UseParallelGC", "-XX:+UseSerialGC", "-XX:MaxTenuringThreshold=0"),
      dev.inflight.driver.tlc.TlcRunner.LATE_C2.stream()).toList();

  private TlcResult tlc(String name, List<UnionModule.Member> active, boolean liveness, boolean eventually) throws IOException {
    String[] files = {liveness ? UnionModule.liveness(name, active, eventually)
        : UnionModule.safety(name, active, m -> enabledCheck.contains(m.number()), maxModelStates),
        UnionModule.config(active, liveness)};
    if (symmetry && !liveness) {
      files = UnionModule.withSymmetry(files[0], files[1], active);
    }
    Files.writeString(dir.resolve(name + ".tla"), files[0]);
    Files.writeString(dir.resolve(name + ".cfg"), files[1]);
    List<String> args = new ArrayList<>(List.of("-checkpoint", "0"));
    if (liveness) {
      args.addAll(List.of("-lncheck", "final"));
    }
    TlcOptions opts = TlcOptions.defaults().withCheckDeadlock(false).withWorkers(1).withExtraArgs(args).withJvmArgs(JVM);
    long t0 = System.nanoTime();
    TlcResult r = new TlcRunner(opts).run(dir, name + ".tla", name + ".cfg");
    if (Boolean.getBoolean("inflight.diff.verbose")) {
      System.out.printf("%s: %d models, %s, %d distinct states, %d ms%n", name.replaceAll("\\d+$", ""), active.size(),
          r.outcome().kind(), r.statistics().distinct(), (System.nanoTime() - t0) / 1_000_000);
    }
    return r;
  }

  /** The parts of a generated .cfg the union needs. */
  static Cfg parse(String cfg) {
    List<String> inv = new ArrayList<>();
    List<String> temporal = new ArrayList<>();
    Map<String, String> consts = new LinkedHashMap<>();
    String section = "";
    for (String line : cfg.split("\n")) {
      if (line.startsWith("\\*")) {
        continue;
      }
      if (!line.startsWith(" ")) {
        section = line.strip();
        continue;
      }
      switch (section) {
        case "CONSTANTS" -> {
          Matcher m = CONSTANT.matcher(line);
          if (m.matches()) {
            consts.put(m.group(1), m.group(2).strip());
          }
        }
        case "INVARIANTS" -> inv.add(line.strip());
        case "PROPERTIES" -> temporal.add(line.strip());
        default -> { }
      }
    }
    return new Cfg(inv, temporal, consts);
  }
}

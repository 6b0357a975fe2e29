package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Severity;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.emit.Emitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The merged translation against the statement-level reference (docs/semantics.md, "The
 * reference translation"): random small models ({@link RandomModels}) are translated both ways
 * and checked by TLC ({@link UnionCheck}); both must give the same verdict — the same set of
 * violated checks, deadlock included, and for models whose safety holds, the same no_hang
 * verdict and the same verdict of their `eventually` property. A model on which they differ is printed whole; it becomes a regression test
 * ({@link DisagreementsTest}). The same union runs check the other forms of the default
 * translation on shares of the models ({@link #FORMS}): the per-path form and locals as
 * variables must give the default form's result, and its written-out ENABLED must be TLC's.
 *
 * <p>The normal run checks {@value #DEFAULT_PROGRAMS} models in {@value #TRIES} tries. The long
 * run (bench/RESULTS.md records its outcome):
 *
 * <pre>
 *   mvn -B -pl checker-driver -am test -Dtest=DifferentialTest -Dsurefire.failIfNoSpecifiedTests=false \
 *       -Dinflight.diff.programs=20004 -Dinflight.diff.batch=25 -Dinflight.diff.forms=false
 * </pre>
 *
 * <p>or the same in chunks: bench/diff-long-run repeats a run of 1,200 models, each with its own
 * {@code -Dinflight.diff.salt} (so the chunks check different models and their counts add up),
 * and logs each run's salt and summary line.
 */
class DifferentialTest {
  /**
   * 12 per try (was 22, then 16, then 14): the whole suite took 18:52 of CI's 20 minutes on
   * 2026-12-07 with 264, this test 341 s of it, 19:15 with 192 once RandomExtras' built-ins were
   * drawn (this test 260 s), and 18:48 with 168 (177 s) on a machine slower that day; salt runs
   * of 400 and the long run cover more.
   */
  static final int DEFAULT_PROGRAMS = 144;
  static final int TRIES = 12;
  /** Models per union run at most (each is translated twice, so twice as many modules). */
  static final int BATCH = Integer.getInteger("inflight.diff.batch", 25);
  /** TLC runs at a time. */
  static final int PARALLEL = UnionCheck.PARALLEL;

  private static final ExecutorService POOL = Executors.newFixedThreadPool(PARALLEL, r -> {
    Thread t = new Thread(r, "diff-union");
    t.setDaemon(true);
    return t;
  });

  private static final Map<String, Integer> outcomes = new TreeMap<>();
  private static int checked; // guarded by outcomes
  /**
   * Models one of whose forms reached UnionCheck's cap on a model's states: left out of
   * their union with their other forms, uncompared (guarded by outcomes).
   */
  private static int overCap;
  /** The models with an `eventually` property whose safety holds, by its verdict (guarded by outcomes). */
  private static final Map<String, Integer> eventually = new TreeMap<>();

  static int programs() {
    return Integer.getInteger("inflight.diff.programs", DEFAULT_PROGRAMS);
  }

  /**
   * Mixed into every try's seed: the normal run keeps 0, so CI checks the same models each time
   * (jqwik's seed is fixed); each chunk of the long run passes its own.
   */
  static final long SALT = Long.getLong("inflight.diff.salt", 0);

  @Property(tries = TRIES, shrinking = ShrinkingMode.OFF, seed = "20261201")
  void mergedAndReferenceTranslationsAgree(@ForAll long seed) throws IOException {
    Random rnd = new Random(SALT == 0 ? seed : seed ^ (SALT * 0x9E3779B97F4A7C15L));
    int n = Math.max(1, programs() / TRIES);
    List<String> texts = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      texts.add(RandomModels.model(rnd, "d" + Long.toHexString(seed & 0xffffffL) + "_" + k));
    }
    List<String> disagreements = compare(texts);
    assertThat(disagreements).as("models on which the merged and the reference translation disagree").isEmpty();
  }

  @AfterContainer
  static void report() {
    if (checked == 0) {
      return;
    }
    System.out.println("differential test: " + checked + " models, merged = reference on all"
        + (overCap == 0 ? "" : " (and " + overCap + " left out: a form of each reached the cap on states)") + "; outcomes: " + outcomes
        + "; eventually " + eventually + (forms.isEmpty() ? "" : "; the same with " + forms) + "; " + stableWaits + " with a step past a stable wait, "
        + lockReleases + " with a step into an unlock; " + sharedPaths + " with shared paths; " + features);
    if (RandomModels.ONLY_COSTS) {
      return; // a targeted run: cost models have no stable waits or lock releases to count
    }
    // The generator must keep producing every kind of outcome, or the comparison proves little.
    if (FORMS) {
      // each other form on its share of the models (a try's chunks may round the shares down)
      assertThat(forms.getOrDefault("per-path form", 0)).as("models checked in the per-path form").isGreaterThanOrEqualTo(checked / PATHS_EVERY - 2 * TRIES);
      assertThat(forms.getOrDefault("locals as variables", 0)).as("models checked with locals as variables").isGreaterThanOrEqualTo(checked / VARIABLES_EVERY - 2 * TRIES);
      assertThat(forms.getOrDefault("written-out ENABLED", 0)).as("models whose ENABLED was checked").isGreaterThanOrEqualTo(checked / PATHS_EVERY - 2 * TRIES);
    }
    // the generator's published globals must keep the stable waits of the merged translation tested
    assertThat(stableWaits).as("models with a step past a stable wait").isGreaterThanOrEqualTo(checked / 20);
    // ... and its critical sections the lock releases
    assertThat(lockReleases).as("models with a step into an unlock").isGreaterThanOrEqualTo(checked / 20);
    // ... and label actions whose paths are written once (emit/SharedBodies), compared with the
    // reference translation's plain ones
    assertThat(sharedPaths).as("models with shared paths").isGreaterThanOrEqualTo(checked / 20);
    // ... and each kind of inlined code: statement functions, release functions, work items
    for (String feature : FEATURES.keySet()) {
      assertThat(features.getOrDefault(feature, 0)).as("models with " + feature).isGreaterThanOrEqualTo(checked / 20);
    }
    // ... and `eventually` properties both holding and failing where safety holds (a third of the
    // models declare one)
    assertThat(eventually.getOrDefault("holds", 0)).as("models whose eventually holds").isGreaterThanOrEqualTo(checked / 50);
    assertThat(eventually.getOrDefault("violated", 0)).as("models whose eventually is violated").isGreaterThanOrEqualTo(checked / 50);
    // ... and models small enough to compare: one left out at the cap is a model not tested
    assertThat(overCap).as("models left out at the cap on states").isLessThanOrEqualTo(checked / 20);
    int holds = outcomes.getOrDefault("holds", 0);
    assertThat(holds).as("models that hold").isGreaterThanOrEqualTo(checked / 10);
    assertThat(checked - holds).as("models that violate something").isGreaterThanOrEqualTo(checked / 10);
  }

  /**
   * Translates each model both ways, checks all of them, and returns a description of each model
   * whose two verdicts differ (empty when they all agree; it stops at the first union that has
   * one). The models are checked in unions of at most {@link #BATCH}, {@link #PARALLEL} at a time
   * (each TLC runs one worker): a thread that finishes a union takes the next, so a union with a
   * large state space does not hold the other core up.
   */
  static List<String> compare(List<String> texts) throws IOException {
    int size = Math.max(1, Math.min(BATCH, (texts.size() + PARALLEL - 1) / PARALLEL));
    List<Future<List<String>>> runs = new ArrayList<>();
    for (int start = 0; start < texts.size(); start += size) {
      List<String> chunk = texts.subList(start, Math.min(texts.size(), start + size));
      runs.add(POOL.submit(() -> compareAll(chunk)));
    }
    try {
      for (Future<List<String>> f : runs) {
        List<String> out = f.get();
        if (!out.isEmpty()) {
          return out;
        }
      }
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IOException(e.getCause());
    } finally {
      runs.forEach(f -> f.cancel(true)); // the rest, after a disagreement or a failure
    }
  }

  /**
   * Whether each try also checks the other forms of the translation against the default one
   * (the long run leaves them out: `-Dinflight.diff.forms=false`): every {@value #PATHS_EVERY}nd
   * model in the plain per-path form (Translator.Options#withPathActions: the folded label
   * actions are the same next-state relation, docs/semantics.md "One action per label"), every
   * {@value #VARIABLES_EVERY}rd with each local a variable of its own
   * (Translator.Options#withLocalVariables: the records of locals only reshape the state,
   * "Locals"), and every {@value #PATHS_EVERY}nd other one with its written-out ENABLED
   * compared with TLC's in every state ("Fairness without ENABLED"). They share the try's union
   * runs, so the default form's states are explored once for all of them.
   */
  static final boolean FORMS = Boolean.parseBoolean(System.getProperty("inflight.diff.forms", "true"));
  static final int PATHS_EVERY = 2;
  static final int VARIABLES_EVERY = 3;

  private static final Map<String, Integer> forms = new TreeMap<>(); // form -> models compared with the default
  /**
   * The models whose merged translation has a step that goes on past a stable wait
   * (docs/semantics.md, "Stable waits"): its module differs from the one without (guarded by outcomes).
   */
  private static int stableWaits;
  /** The models whose merged translation has a step that goes on into an unlock ("Lock releases"). */
  private static int lockReleases;
  /** The models whose merged translation writes label actions' paths once (docs/semantics.md, "Shared paths"). */
  private static int sharedPaths;
  private static final Pattern SHARED_PATHS = Pattern.compile("(?m)^\\w+_paths\\(self\\b");
  /** Kinds of inlined code the generator draws, by what their models' text contains. */
  private static final Map<String, Pattern> FEATURES = Map.of(
      "a statement function called", Pattern.compile("(?m)^\\s+(upd\\(|x = val\\()"),
      "a release function", Pattern.compile("release obj_release"),
      "a work item queued", Pattern.compile("queue_work\\(wk\\)"),
      // RandomModels#wideRun: a step of more than 1,024 paths, split at its branches
      "a step split for width", Pattern.compile("(?m)(^\\s+if (x|ok)[^\\n]*\\}\\n){11}"),
      // RandomExtras: the built-ins with encodings of their own, and invariants
      "a queue or the list's head", Pattern.compile("push\\(qq|pop\\(qq|list_add\\(q,|head\\(q\\)"),
      "a mutex, rcu_pick or rcu_barrier", Pattern.compile("lock mx|rcu_pick\\(|rcu_barrier\\("),
      "a pointer field or a loop with a bound", Pattern.compile("\\.nx\\b|bound 2 \\{"),
      "an invariant", Pattern.compile("(?m)^invariant "));
  /** How many models have each of {@link #FEATURES} (guarded by outcomes). */
  private static final Map<String, Integer> features = new TreeMap<>();

  private static List<String> compareAll(List<String> texts) {
    List<UnionCheck.Model> models = new ArrayList<>();
    boolean[] enabled = new boolean[texts.size()];
    for (int i = 0; i < texts.size(); i++) {
      boolean paths = FORMS && i % PATHS_EVERY == 0;
      enabled[i] = FORMS && !paths;
      Emitted merged = translate(texts.get(i), "_m", false);
      boolean passesWait = !merged.tla().equals(translate(texts.get(i), "_m", Translator.Options.defaults().withStableWaits(false)).tla());
      boolean passesLock = !merged.tla().equals(translate(texts.get(i), "_m", Translator.Options.defaults().withLockReleases(false)).tla());
      synchronized (outcomes) {
        stableWaits += passesWait ? 1 : 0; // a step goes on past a stable wait
        lockReleases += passesLock ? 1 : 0; // ... into an unlock
        sharedPaths += SHARED_PATHS.matcher(merged.tla()).find() ? 1 : 0; // ... label actions calling shared paths
        String text = texts.get(i);
        FEATURES.forEach((name, p) -> features.merge(name, p.matcher(text).find() ? 1 : 0, Integer::sum));
      }
      models.add(new UnionCheck.Model(i + "m", merged, enabled[i]));
      models.add(new UnionCheck.Model(i + "r", translate(texts.get(i), "_r", true)).twinOf(i + "m"));
      if (paths) {
        models.add(new UnionCheck.Model(i + "p", translate(texts.get(i), "_p", Translator.Options.defaults().withPathActions(true)))
            .twinOf(i + "m"));
      }
      if (FORMS && i % VARIABLES_EVERY == 0) {
        models.add(new UnionCheck.Model(i + "v", translate(texts.get(i), "_v", Translator.Options.defaults().withLocalVariables(true)))
            .twinOf(i + "m"));
      }
    }
    if (models.isEmpty()) {
      return List.of();
    }
    try {
      Path dir = Files.createTempDirectory("inflight-diff-");
      try {
        java.util.Set<String> leftOut = new java.util.HashSet<>();
        // Whichever form reaches the cap first (the union explores all of them breadth-first, so
        // the merged form, with fewer steps per behaviour, can get there before the reference),
        // the reference has at least as many states: each merged state stands for a reference
        // state (docs/semantics.md, "Why merging is sound"), so none of the forms is comparable.
        Map<String, UnionCheck.Result> results = new UnionCheck(dir, models).runLeavingOut(m -> true, leftOut);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
          if (leftOut.contains(i + "m")) {
            synchronized (outcomes) {
              overCap++; // too large to compare
            }
            continue;
          }
          UnionCheck.Result merged = results.get(i + "m");
          UnionCheck.Result reference = results.get(i + "r");
          synchronized (outcomes) {
            checked++;
            outcomes.merge(category(reference), 1, Integer::sum);
            if (reference.eventually() != null) {
              eventually.merge(reference.eventually() ? "violated" : "holds", 1, Integer::sum);
            }
          }
          if (merged.violated().contains(UnionModule.ENABLED_CHECK)) {
            out.add("a fair thread's written-out ENABLED differs from TLC's (emit/Enabled)\n" + texts.get(i));
            continue;
          }
          if (merged.violated().contains(UnionModule.MOVED_CHECK)) {
            out.add("a fair thread's _moved(self) differs from <<_step(self)>>_vars on a step (emit/Enabled#moved)\n" + texts.get(i));
            continue;
          }
          if (!merged.equals(reference)) {
            out.add("merged: " + merged.describe() + "; reference: " + reference.describe() + "\n" + texts.get(i));
          }
          form(out, "per-path form", merged, results.get(i + "p"), texts.get(i));
          form(out, "locals as variables", merged, results.get(i + "v"), texts.get(i));
          if (enabled[i]) {
            synchronized (outcomes) {
              forms.merge("written-out ENABLED", 1, Integer::sum);
            }
          }
        }
        return out;
      } finally {
        if (!Boolean.getBoolean("inflight.diff.keep")) {
          deleteTree(dir);
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Another form of the default translation, where checked: it must give the same result. */
  private static void form(List<String> out, String name, UnionCheck.Result merged, UnionCheck.Result other, String text) {
    if (other == null) {
      return;
    }
    synchronized (outcomes) {
      forms.merge(name, 1, Integer::sum);
    }
    if (!merged.equals(other)) {
      out.add("merged: " + merged.describe() + "; " + name + ": " + other.describe() + "\n" + text);
    }
  }

  private static String category(UnionCheck.Result r) {
    if (!r.violated().isEmpty()) {
      return r.violated().size() == 1 ? r.violated().iterator().next() : "several";
    }
    return Boolean.TRUE.equals(r.liveness()) ? "no_hang" : "holds";
  }

  /** Translates a model text with its model name suffixed (each module needs its own name). */
  static Emitted translate(String text, String suffix, boolean reference) {
    return translate(text, suffix, Translator.Options.defaults().withReference(reference));
  }

  /** Translates a model text with {@code opts}, its model name suffixed. */
  static Emitted translate(String text, String suffix, Translator.Options opts) {
    String named = text.replaceFirst("(?m)^model (\\w+)", "model $1" + suffix);
    Diagnostics diags = new Diagnostics();
    SourceFile src = new SourceFile("random.ifl", named);
    Translator.Result r = Translator.translate(src, null, opts, diags);
    if (!r.ok()) {
      throw new AssertionError("the translator rejected a generated model:\n"
          + DiagnosticRenderer.renderAll(r.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).toList()) + "\n" + named);
    }
    return r.emitted();
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}

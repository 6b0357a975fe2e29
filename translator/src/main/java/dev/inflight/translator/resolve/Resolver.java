package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.diag.Diagnostics;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Name resolution: loads includes, builds the symbol tables, binds every name to its symbol,
 * declares thread and function locals (a local is declared by its first assignment), and
 * rejects recursion.
 *
 * <p>The phases, in this order, sharing a {@link ResolveContext}: {@link Declarations} collects
 * the declarations of the model and of the files it includes ({@link IncludeLoader}) and applies
 * `override fn` and `extend struct` ({@link Extensions}); {@link CostSetup} decides whether costs
 * are tracked and loads the machine profile; {@link BodyResolver} binds the names of
 * initialisers, bounds and bodies ({@link StmtResolver}, {@link ExprResolver}) and adds the
 * threads the model implies ({@link SyntheticThreads}); {@link RecursionCheck} rejects
 * recursion.
 */
public final class Resolver {
  /** The name of the `init` block's scope (its locals are `init_x` while lowering; never a state variable). */
  public static final String INIT = "init";

  /** The name of the RCU callback threads' kind, and of the const that says how many there are. */
  public static final String RCU_CALLBACK_THREADS = "rcu_cb";
  public static final String RCU_CALLBACK_CPUS = "RCU_CALLBACK_CPUS";
  /** How many callbacks may run at the same time (on different CPUs) unless the model says. */
  public static final int DEFAULT_RCU_CALLBACK_CPUS = 2;

  private Resolver() {}

  public static Resolved resolve(ModelFile root, Path rootPath, Library library, Diagnostics diags) {
    return resolve(root, rootPath, library, null, false, diags);
  }

  /**
   * @param profile a machine profile that replaces the model's `profile` (a name or path), or null
   * @param trackCost track costs even without a latency property (for a cost report)
   */
  public static Resolved resolve(ModelFile root, Path rootPath, Library library, String profile, boolean trackCost,
      Diagnostics diags) {
    ResolveContext cx = new ResolveContext(diags);
    ModelTree tree = ModelTree.of(rootPath);
    Declarations decls = new Declarations(cx, new IncludeLoader(cx.program, diags, library, tree), root);
    decls.collectModel(rootPath);
    decls.applyExtensions();
    new CostSetup(cx, library, tree, rootPath).setUpCosts(root, profile, trackCost);
    new BodyResolver(cx).resolveBodies();
    new RecursionCheck(cx.program, diags).checkRecursion();
    new InlineSize(cx.program, diags).check();
    return new Resolved(cx.program);
  }

  /**
   * The closest known name for "did you mean": within edit distance 2 (a swap of two adjacent
   * letters counts as one edit), at most a third of the name, and sharing at least one letter
   * position, so `x` does not suggest `y`.
   */
  public static String suggest(String wrong, Collection<String> known) {
    String best = null;
    int bestD = 3;
    for (String k : known) {
      int d = distance(wrong, k);
      if (d > 0 && d < bestD && d <= Math.max(1, wrong.length() / 3) && d < Math.min(wrong.length(), k.length())) {
        bestD = d;
        best = k;
      }
    }
    return best;
  }

  /** Optimal string alignment distance, exact up to 2 (3 means "more"): all "did you mean" asks. */
  static int distance(String a, String b) {
    return EditDistance.bounded(a, b, 2);
  }
}

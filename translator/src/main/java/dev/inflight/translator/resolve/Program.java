package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The whole model after name resolution: every declaration of the root file and its includes,
 * and side tables keyed by AST node (names → symbols, calls → functions).
 */
public final class Program {
  public String modelName;
  public Span modelSpan;
  public final List<ModelFile> files = new ArrayList<>();
  public final Map<String, Symbol.ConstSym> consts = new LinkedHashMap<>();
  public final Map<String, StructSym> structs = new LinkedHashMap<>();
  public final Map<String, Symbol.GlobalSym> globals = new LinkedHashMap<>();
  public final Map<String, FnSym> fns = new LinkedHashMap<>();
  /** Functions an `override fn` replaced: name → the replaced declaration. */
  public final Map<String, Decl.Fn> overridden = new LinkedHashMap<>();
  /** The files each file includes directly (by SourceFile#path): override layers (Extensions). */
  public final Map<String, Set<String>> includes = new LinkedHashMap<>();
  public final List<ThreadSym> threads = new ArrayList<>();
  /**
   * The `init` block as a scope of its own (a thread kind that is no thread: never in
   * {@link #threads}, no pc, no self; its locals are not state), or null without one.
   */
  public ThreadSym init;
  public final Map<String, Symbol.WorkSym> works = new LinkedHashMap<>();
  /** Enabled built-in checks, in catalog order. */
  public final Set<String> checks = new LinkedHashSet<>();
  public final Map<String, Span> checkSpans = new LinkedHashMap<>();
  public final List<Decl.Property> properties = new ArrayList<>();

  /** What each name expression refers to. */
  public final Map<Expr.Name, Symbol> names = new IdentityHashMap<>();
  /** Calls of user functions (statement calls and `x = f(…)`). */
  public final Map<Expr.Call, FnSym> calls = new IdentityHashMap<>();
  /** `call_rcu(obj, FN)`: the callback function of each call. */
  public final Map<Expr.Call, FnSym> rcuCallbacks = new IdentityHashMap<>();
  /** The RCU callback functions in source order (each gets a callback thread). */
  public final Set<FnSym> rcuCallbackFns = new LinkedHashSet<>();
  /** `unfair NAME` declarations, checked against thread kinds once all are known. */
  public final List<Decl.Unfair> unfair = new ArrayList<>();

  /** Whether thread kind {@code t} is weakly fair: the model declares no `unfair` for it. */
  public boolean fair(ThreadSym t) {
    return unfair.stream().noneMatch(u -> u.name().text().equals(t.name()));
  }

  /** Whether the model uses RCU at all (its state exists only then). */
  public boolean usesRcu;
  /** The cost model: profile, operations, latency properties; tracked or not. */
  public final CostModel cost = new CostModel();

  /** `live(S)` and similar: the struct a name argument denotes. */
  public final Map<Expr.Name, StructSym> structRefs = new IdentityHashMap<>();

  public ModelFile root() {
    return files.get(0);
  }
}

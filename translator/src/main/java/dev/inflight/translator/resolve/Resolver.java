package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.ast.Param;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import dev.inflight.translator.parse.ModelParser;
import dev.inflight.translator.parse.SourceLoader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Name resolution: loads includes, builds the symbol tables, binds every name to its symbol,
 * declares thread and function locals (a local is declared by its first assignment), and
 * rejects recursion.
 */
public final class Resolver {
  private final Diagnostics diags;
  private final Library library;
  private final Program program = new Program();
  /** Top-level names → where declared (one namespace for consts, globals, structs, threads, fns). */
  private final Map<String, Span> topNames = new HashMap<>();
  private final Extensions extensions;
  private final Set<String> includedKeys = new HashSet<>();
  private final Set<Symbol.LocalSym> readBeforeWarned = new HashSet<>();

  private final List<Decl.Cost> costBlocks = new ArrayList<>();
  private Decl.Profile profileDecl;
  private Path rootPath;
  /** Where includes and profiles next to the model may come from. */
  private ModelTree tree = ModelTree.of(null);
  private ModelFile rootFile;

  private Resolver(Diagnostics diags, Library library) {
    this.diags = diags;
    this.library = library;
    this.extensions = new Extensions(program, diags, this::newFn);
  }

  public static Resolved resolve(ModelFile root, Path rootPath, Library library, Diagnostics diags) {
    return resolve(root, rootPath, library, null, false, diags);
  }

  /**
   * @param profile a machine profile that replaces the model's `profile` (a name or path), or null
   * @param trackCost track costs even without a latency property (for a cost report)
   */
  public static Resolved resolve(ModelFile root, Path rootPath, Library library, String profile, boolean trackCost,
      Diagnostics diags) {
    Resolver r = new Resolver(diags, library);
    r.rootPath = rootPath;
    r.tree = ModelTree.of(rootPath);
    r.rootFile = root;
    r.includedKeys.add(key(rootPath, root.source().path()));
    r.collect(root, rootPath);
    r.program.files.add(0, root);
    r.extensions.apply();
    r.setUpCosts(root, profile, trackCost);
    r.resolveBodies();
    r.checkRecursion();
    return new Resolved(r.program);
  }

  private static String key(Path p, String display) {
    if (p != null) {
      return p.toAbsolutePath().normalize().toString();
    }
    return "lib:" + display;
  }

  // ---------------------------------------------------------------- collection

  private void collect(ModelFile file, Path path) {
    for (Decl d : file.decls()) {
      if (d instanceof Decl.Model m) {
        if (program.modelName == null && program.files.isEmpty() && m.name() != null) {
          program.modelName = m.name().text();
          program.modelSpan = m.span();
        }
      } else if (d instanceof Decl.Include inc) {
        include(inc, path);
      } else if (d instanceof Decl.Const c) {
        if (c.name() != null && libraryDefault(c, file)) {
          continue;
        }
        if (declareTop(c.name(), "constant")) {
          program.consts.put(c.name().text(), new Symbol.ConstSym(c));
        }
      } else if (d instanceof Decl.Struct s) {
        if (declareTop(s.name(), "struct")) {
          StructSym sym = new StructSym(s);
          Map<String, Span> seen = new HashMap<>();
          for (Member m : s.members()) {
            if (m.name() == null) {
              continue;
            }
            Span prev = seen.putIfAbsent(m.name().text(), m.name().span());
            if (prev != null) {
              diags.duplicate(m.name().span(), "field", m.name().text(), prev);
              continue;
            }
            sym.fields().put(m.name().text(), new FieldSym(sym, m));
          }
          program.structs.put(s.name().text(), sym);
        }
      } else if (d instanceof Decl.Global g) {
        if (declareTop(g.member().name(), "global")) {
          if (g.member() instanceof Member.Ref) {
            diags.misplaced(g.span(), "a `ref` counter", "at top level; it belongs in a struct");
          }
          program.globals.put(g.member().name().text(), new Symbol.GlobalSym(g.member()));
        }
      } else if (d instanceof Decl.Thread t) {
        if (declareTop(t.name(), "thread")) {
          program.threads.add(new ThreadSym(t));
        }
      } else if (d instanceof Decl.Init in) {
        if (file != rootFile) {
          diags.secondInit(in.span().file().span(in.span().start(), in.span().start() + "init".length()), null);
        } else if (program.init != null) {
          diags.secondInit(in.span().file().span(in.span().start(), in.span().start() + "init".length()),
              program.init.decl.span().file().span(program.init.decl.span().start(), program.init.decl.span().start() + "init".length()));
        } else {
          program.init = new ThreadSym(new Decl.Thread(new Ident(INIT, in.span()), null, in.body(), false, null, in.span()));
        }
      } else if (d instanceof Decl.Work w) {
        if (declareTop(w.name(), "work item")) {
          program.works.put(w.name().text(), new Symbol.WorkSym(w));
        }
      } else if (d instanceof Decl.Cost c) {
        costBlocks.add(c);
      } else if (d instanceof Decl.Profile pr) {
        if (profileDecl == null) {
          profileDecl = pr;
        }
      } else if (d instanceof Decl.Latency l) {
        if (l.op() != null) {
          program.cost.latencies.add(l);
        }
      } else if (d instanceof Decl.Workload w) {
        program.cost.declaredWorkloads.add(w);  // checked and chosen by WorkloadResolver
      } else if (d instanceof Decl.Fn f) {
        if (f.isOverride()) {
          extensions.override(f); // applied once every file is in (Extensions)
        } else if (f.name() != null && program.fns.containsKey(f.name().text())
            && (file == rootFile) != (program.fns.get(f.name().text()).decl.span().file() == rootFile.source())) {
          // One in the model, one in an included file: the model meant to replace it.
          FnSym other = program.fns.get(f.name().text());
          boolean mine = file == rootFile;
          diags.duplicateLibraryFunction(mine ? f.name().span() : other.decl.name().span(), f.name().text(),
              mine ? other.decl.name().span() : f.name().span());
        } else if (declareTop(f.name(), "function")) {
          program.fns.put(f.name().text(), newFn(f));
        }
      } else if (d instanceof Decl.ExtendStruct e) {
        extensions.extend(e);
      } else if (d instanceof Decl.Unfair u) {
        if (u.name() != null) {
          program.unfair.add(u);
        }
      } else if (d instanceof Decl.Check c) {
        if (c.name() == null) {
          continue;
        }
        if (!Builtins.CHECKS.containsKey(c.name().text())) {
          diags.unknownCheck(c.name().span(), c.name().text(), String.join(", ", Builtins.CHECKS.keySet()),
              suggest(c.name().text(), Builtins.CHECKS.keySet()));
        } else {
          program.checkSpans.putIfAbsent(c.name().text(), c.span());
        }
      } else if (d instanceof Decl.Property p) {
        if (p.name() == null) {
          continue;
        }
        Optional<Decl.Property> dup = program.properties.stream().filter(q -> q.name().text().equals(p.name().text())).findFirst();
        if (dup.isPresent() || Builtins.CHECKS.containsKey(p.name().text())) {
          diags.duplicate(p.name().span(), "property", p.name().text(), dup.map(q -> q.name().span()).orElse(null));
          continue;
        }
        program.properties.add(p);
      }
    }
  }

  /**
   * A library's const is a default the model may set: when the model (the root file) and a
   * library file both declare a const, the model's declaration is the one (whichever comes
   * first). True when {@code c} was settled that way and needs no declaring.
   */
  private boolean libraryDefault(Decl.Const c, ModelFile file) {
    Symbol.ConstSym prev = program.consts.get(c.name().text());
    if (prev == null) {
      return false;
    }
    boolean mine = file == rootFile;
    boolean prevFromRoot = prev.decl.span().file() == rootFile.source();
    if (mine && !prevFromRoot) {
      program.consts.put(c.name().text(), new Symbol.ConstSym(c)); // the model sets the library's default
      return true;
    }
    return !mine && prevFromRoot; // the library's default, already set by the model
  }

  /** A function's symbol, with its parameters declared and its operation registered. */
  FnSym newFn(Decl.Fn f) {
    FnSym fn = new FnSym(f);
    if (f.operation() != null) {
      program.cost.ops.computeIfAbsent(f.operation(), k -> new ArrayList<>()).add(fn);
    }
    for (Param p : f.params()) {
      if (p.name() == null) {
        continue;
      }
      if (fn.locals().containsKey(p.name().text())) {
        diags.duplicate(p.name().span(), "parameter", p.name().text(), fn.locals().get(p.name().text()).first.span());
        continue;
      }
      Symbol.LocalSym ls = new Symbol.LocalSym(p.name(), fn, true);
      fn.locals().put(p.name().text(), ls);
      fn.params.add(ls);
    }
    return fn;
  }

  private boolean declareTop(Ident name, String what) {
    if (name == null) {
      return false;
    }
    Span prev = topNames.putIfAbsent(name.text(), name.span());
    if (prev != null) {
      diags.duplicate(name.span(), what, name.text(), prev);
      return false;
    }
    return true;
  }

  private void include(Decl.Include inc, Path from) {
    SourceFile source = null;
    Path found = null;
    String bad = ModelTree.badForm(inc.path(), ".ifl");
    ModelTree.Lookup near = bad != null ? null : tree.sibling(from, inc.path());
    if (bad != null || near.refused() != null) {
      diags.includeOutsideTree(inc.span(), inc.path(), bad != null ? bad : near.refused());
      return;
    }
    if (near.file() != null) {
      Path sibling = near.file();
      found = sibling;
      String display = displayPath(sibling);
      if (!includedKeys.add(key(sibling, display))) {
        return;
      }
      source = SourceLoader.read(sibling, display, diags);
      if (source == null) {
        return;
      }
    }
    if (source == null) {
      Optional<Library.Entry> e = library.find(inc.path());
      if (e.isEmpty()) {
        diags.includeNotFound(inc.span(), inc.path());
        return;
      }
      if (!includedKeys.add(key(e.get().path(), e.get().displayPath()))) {
        return;
      }
      source = SourceLoader.decode(e.get().bytes(), e.get().displayPath(), diags);
      found = e.get().path();
      if (source == null) {
        return;
      }
    }
    ModelFile file = ModelParser.parse(source, diags);
    program.files.add(file);
    collect(file, found);
  }

  private static String displayPath(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = p.toAbsolutePath().normalize();
    return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
  }

  // ---------------------------------------------------------------- cost model

  /**
   * Decides whether costs are tracked and loads the machine profile: the `--profile` choice or
   * the model's `profile`, then the model's own `cost { }` entries over it.
   */
  private void setUpCosts(ModelFile root, String override, boolean trackCost) {
    CostModel cost = program.cost;
    cost.tracked = trackCost || !cost.latencies.isEmpty();
    if (!cost.tracked) {
      return;
    }
    Span at = profileDecl != null ? profileDecl.span()
        : !cost.latencies.isEmpty() ? cost.latencies.get(0).span() : root.source().span(0, 0);
    String wanted = override != null ? override : profileDecl != null ? profileDecl.path() : null;
    if (wanted != null) {
      loadProfile(wanted, override != null ? null : profileDecl.span(), at);
    }
    // The model's own entries refine its profile; an explicit --profile wins over them (the model
    // only adds entries that profile lacks), so `--profile single-cpu` means that machine.
    for (Decl.Cost c : costBlocks) {
      entries(c).forEach((k, v) -> {
        if (override == null) {
          cost.profile.put(k, v);
        } else {
          cost.profile.putIfAbsent(k, v);
        }
      });
    }
    if (wanted == null && costBlocks.isEmpty()) {
      diags.noProfile(at);
    }
  }

  private void loadProfile(String wanted, Span declSpan, Span at) {
    List<String> tries = new ArrayList<>();
    tries.add(wanted);
    if (!wanted.endsWith(".cost")) {
      tries.add(wanted + ".cost");
    }
    SourceFile source = null;
    for (String t : tries) {
      // --profile is the user's own command line; the model's `profile` stays inside its tree.
      Path direct = declSpan == null ? Path.of(t) : null;
      Path sibling = declSpan == null || ModelTree.badForm(t, ".cost") == null ? tree.sibling(rootPath, t).file() : null;
      for (Path p : java.util.Arrays.asList(direct, sibling)) {
        if (p != null && java.nio.file.Files.isRegularFile(p)) {
          source = SourceLoader.read(p, displayPath(p), diags);
          break;
        }
      }
      if (source == null) {
        Optional<Library.Entry> e = library.find(t.startsWith("specs/") ? t.substring(6) : t);
        if (e.isEmpty()) {
          e = library.find("profiles/" + t);
        }
        if (e.isPresent()) {
          source = SourceLoader.decode(e.get().bytes(), e.get().displayPath(), diags);
        }
      }
      if (source != null) {
        break;
      }
    }
    if (source == null) {
      diags.profileNotFound(declSpan != null ? declSpan : at, wanted, "xeon-2011, manycore-2023, single-cpu");
      return;
    }
    program.cost.profileName = source.path();
    ModelFile file = ModelParser.parse(source, diags);
    for (Decl d : file.decls()) {
      if (d instanceof Decl.Cost c) {
        program.cost.profile.putAll(entries(c));
      }
    }
  }

  private Map<String, Long> entries(Decl.Cost c) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (Decl.CostEntry e : c.entries()) {
      if (e.name() == null) {
        continue;
      }
      Long v = e.value() instanceof Expr.IntLit i ? i.value() : null;
      if (v == null || v < 0 || (e.name().text().equals("cpus") && v < 1)) {
        diags.badCostValue(e.span(), e.name().text());
        continue;
      }
      out.put(e.name().text(), v);
    }
    return out;
  }

  /** Latency properties: the operation, a constant bound, and `when` over the op's parameters. */
  private void resolveLatencies() {
    for (Decl.Latency l : program.cost.latencies) {
      List<FnSym> fns = program.cost.ops.get(l.op().text());
      if (fns == null) {
        diags.unknownOp(l.op().span(), l.op().text(), String.join(", ", program.cost.ops.keySet()));
      }
      constExpr(l.bound());
      if (l.when() != null && fns != null) {
        if (fns.size() > 1) {
          diags.whenOnSharedOp(l.when().span(), l.op().text(), fns.stream().map(FnSym::name).toList());
        } else {
          new ExprResolver(fns.get(0)).expr(l.when());
        }
      }
    }
  }

  // ---------------------------------------------------------------- bodies

  /**
   * A work item becomes two flags and a daemon worker thread, all written in the DSL's own
   * AST (with the work declaration's span), so they are resolved, checked and lowered like
   * any other code:
   *
   * <pre>
   * var W_pending = false
   * var W_running = false
   * daemon thread W_worker {
   *   loop {
   *     atomic { await W_pending; W_pending = false; W_running = true }
   *     FN()
   *     W_running = false
   *   }
   * }
   * </pre>
   */
  private void synthesizeWorkers() {
    for (Symbol.WorkSym w : program.works.values()) {
      Span at = w.decl.span();
      FnSym fn = w.decl.fn() == null ? null : program.fns.get(w.decl.fn().text());
      if (fn == null) {
        if (w.decl.fn() != null) {
          diags.unknownFunction(w.decl.fn().span(), w.decl.fn().text(), suggest(w.decl.fn().text(), program.fns.keySet()));
        }
        continue;
      }
      if (!fn.params.isEmpty()) {
        diags.badReleaseFn(w.decl.fn().span(), fn.name(), "is run by a work item, so it must take no parameters");
        continue;
      }
      w.fn = fn;
      fn.used = true;
      String base = w.name();
      w.pending = syntheticGlobal(base + "_pending", at);
      w.running = syntheticGlobal(base + "_running", at);
      Expr.Name p1 = ref(w.pending, at);
      Expr.Name p2 = ref(w.pending, at);
      Expr.Name r1 = ref(w.running, at);
      Expr.Name r2 = ref(w.running, at);
      Expr.Call call = new Expr.Call(new Ident(fn.name(), at), List.of(), at);
      program.calls.put(call, fn);
      Block take = new Block(List.of(
          new Stmt.Await(p1, at),
          new Stmt.Assign(p2, new Expr.BoolLit(false, at), at),
          new Stmt.Assign(r1, new Expr.BoolLit(true, at), at)), at);
      Block body = new Block(List.of(
          new Stmt.Atomic(take, at),
          new Stmt.Call(call, at),
          new Stmt.Assign(r2, new Expr.BoolLit(false, at), at)), at);
      Block thread = new Block(List.of(new Stmt.Loop(body, at)), at);
      Ident name = new Ident(base + "_worker", at);
      if (topNames.containsKey(name.text())) {
        diags.duplicate(w.decl.name().span(), "work item worker", name.text(), topNames.get(name.text()));
        continue;
      }
      topNames.put(name.text(), at);
      ThreadSym t = new ThreadSym(new Decl.Thread(name, null, thread, true, null, at));
      t.worker = w;
      program.threads.add(t);
      w.pendingRef = ref(w.pending, at);
      w.runningRef = ref(w.running, at);
    }
  }

  private Symbol.GlobalSym syntheticGlobal(String name, Span at) {
    Ident id = new Ident(name, at);
    if (topNames.containsKey(name)) {
      diags.duplicate(at, "global", name, topNames.get(name));
    }
    topNames.put(name, at);
    Symbol.GlobalSym g = new Symbol.GlobalSym(new Member.Plain(id, null, new Expr.BoolLit(false, at), at));
    program.globals.put(name, g);
    return g;
  }

  private Expr.Name ref(Symbol.GlobalSym g, Span at) {
    Expr.Name n = new Expr.Name(new Ident(g.name(), at), at);
    program.names.put(n, g);
    return n;
  }

  private void resolveBodies() {
    synthesizeWorkers();
    resolveLatencies();
    for (ThreadSym t : List.copyOf(program.threads)) {
      constExpr(t.decl.cpu());
    }
    for (StructSym s : program.structs.values()) {
      for (FieldSym f : s.fields().values()) {
        if (f.member instanceof Member.Ref r && r.release() != null) {
          FnSym fn = program.fns.get(r.release().text());
          if (fn == null) {
            diags.unknownFunction(r.release().span(), r.release().text(), suggest(r.release().text(), program.fns.keySet()));
          } else if (fn.params.size() != 1) {
            diags.badReleaseFn(r.release().span(), fn.name(), "takes " + fn.params.size() + " parameters");
          } else {
            f.release = fn;
            fn.used = true;
          }
        }
        if (f.member instanceof Member.Ref r) {
          constExpr(r.init());
        } else if (f.member instanceof Member.Plain p) {
          constExpr(p.init());
        } else if (f.member instanceof Member.QueueOf q) {
          constExpr(q.capacity());
        }
      }
      constExpr(s.boundExpr());
    }
    for (Symbol.ConstSym c : program.consts.values()) {
      constExpr(c.decl.value());
    }
    for (Symbol.GlobalSym g : program.globals.values()) {
      if (g.member instanceof Member.Plain p) {
        constExpr(p.init());
      } else if (g.member instanceof Member.QueueOf q) {
        constExpr(q.capacity());
      }
    }
    for (ThreadSym t : program.threads) {
      constExpr(t.decl.count());
      body(t, t.decl.body());
    }
    if (program.init != null) {
      body(program.init, program.init.decl.body());
    }
    for (FnSym f : program.fns.values()) {
      body(f, f.decl.body());
    }
    for (Decl.Property p : program.properties) {
      new ExprResolver(null).expr(p.cond());
    }
    synthesizeRcuCallbackThreads();
    for (Decl.Unfair u : program.unfair) {
      boolean known = program.threads.stream().anyMatch(t -> t.name().equals(u.name().text()));
      if (!known) {
        List<String> names = program.threads.stream().map(ThreadSym::name).toList();
        diags.unknownThreadKind(u.name().span(), u.name().text(), suggest(u.name().text(), names));
      }
    }
  }

  /** The name of the `init` block's scope (its locals are `init_x` while lowering; never a state variable). */
  public static final String INIT = "init";

  /** The name of the RCU callback threads' kind, and of the const that says how many there are. */
  public static final String RCU_CALLBACK_THREADS = "rcu_cb";
  public static final String RCU_CALLBACK_CPUS = "RCU_CALLBACK_CPUS";
  /** How many callbacks may run at the same time (on different CPUs) unless the model says. */
  public static final int DEFAULT_RCU_CALLBACK_CPUS = 2;

  /**
   * RCU callbacks run on the daemon threads `rcu_cb[RCU_CALLBACK_CPUS]` (docs/semantics.md,
   * "RCU"): each takes any pending callback whose grace period has elapsed and runs it, so
   * ready callbacks run in any order, and up to RCU_CALLBACK_CPUS of them (2 unless the model
   * declares the const, or --set gives it) at the same time, two of the same function included.
   * Lowered specially: see CfgBuilder.
   */
  private void synthesizeRcuCallbackThreads() {
    if (program.rcuCallbackFns.isEmpty()) {
      return;
    }
    FnSym first = program.rcuCallbackFns.iterator().next();
    Span at = first.decl.span();
    if (topNames.containsKey(RCU_CALLBACK_THREADS)) {
      diags.duplicate(first.decl.name().span(), "RCU callback thread", RCU_CALLBACK_THREADS, topNames.get(RCU_CALLBACK_THREADS));
      return;
    }
    topNames.put(RCU_CALLBACK_THREADS, at);
    Symbol.ConstSym cpus = program.consts.get(RCU_CALLBACK_CPUS);
    if (cpus == null) {
      cpus = new Symbol.ConstSym(new Decl.Const(new Ident(RCU_CALLBACK_CPUS, at), new Expr.IntLit(DEFAULT_RCU_CALLBACK_CPUS, at), at));
      program.consts.put(RCU_CALLBACK_CPUS, cpus);
    }
    Expr.Name count = new Expr.Name(new Ident(RCU_CALLBACK_CPUS, at), at);
    program.names.put(count, cpus);
    ThreadSym t = new ThreadSym(new Decl.Thread(new Ident(RCU_CALLBACK_THREADS, at), count, new Block(List.of(), at), true, null, at));
    t.rcuCallbacks = new ArrayList<>(program.rcuCallbackFns);
    program.threads.add(t);
  }

  /** Initialisers and bounds see constants only. */
  private void constExpr(Expr e) {
    if (e != null) {
      new ExprResolver(null).expr(e);
    }
  }

  private void body(Scope scope, Block block) {
    if (block == null) {
      return;
    }
    declareLocals(scope, block);
    new StmtResolver(scope).block(block);
  }

  /** First pass over a body: every assigned plain name that is not global becomes a local. */
  private void declareLocals(Scope scope, Block block) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        declareTarget(scope, a.target(), s.span().end());
      } else if (s instanceof Stmt.Alloc a) {
        declareTarget(scope, a.target(), s.span().end());
      } else if (s instanceof Stmt.For f) {
        if (f.var() != null) {
          declareName(scope, f.var(), f.var().span().end());
        }
        declareLocals(scope, f.body());
      } else if (s instanceof Stmt.If i) {
        declareLocals(scope, i.then());
        if (i.orElse() != null) {
          declareLocals(scope, i.orElse());
        }
      } else if (s instanceof Stmt.While w) {
        declareLocals(scope, w.body());
      } else if (s instanceof Stmt.Either e) {
        for (Block b : e.branches()) {
          declareLocals(scope, b);
        }
      } else if (s instanceof Stmt.Atomic a) {
        declareLocals(scope, a.body());
      } else if (s instanceof Stmt.Loop l) {
        declareLocals(scope, l.body());
      }
    }
  }

  private void declareTarget(Scope scope, Expr target, int from) {
    if (target instanceof Expr.Name n) {
      declareName(scope, n.name(), from);
    }
  }

  private void declareName(Scope scope, Ident name, int from) {
    String text = name.text();
    if (program.globals.containsKey(text) || program.consts.containsKey(text)) {
      return;
    }
    Symbol.LocalSym l = scope.locals().get(text);
    if (l == null) {
      l = new Symbol.LocalSym(name, scope, false);
      scope.locals().put(text, l);
    }
    if (!l.isParam && (l.assignedFrom < 0 || from < l.assignedFrom)) {
      l.assignedFrom = from;
    }
  }

  private final class StmtResolver implements Stmt.Visitor<Void> {
    private final Scope scope;
    private final ExprResolver exprs;

    StmtResolver(Scope scope) {
      this.scope = scope;
      this.exprs = new ExprResolver(scope);
    }

    void block(Block b) {
      if (b == null) {
        return;
      }
      for (Stmt s : b.stmts()) {
        s.accept(this);
      }
    }

    private void target(Expr t) {
      if (t instanceof Expr.Name n) {
        Symbol.ConstSym c = program.consts.get(n.name().text());
        if (c != null) {
          diags.assignToConst(n.span(), n.name().text());
          return;
        }
        exprs.writing = true; // a write, not a read before assignment
      }
      exprs.expr(t);
      exprs.writing = false;
    }

    public Void visitAssign(Stmt.Assign s) {
      target(s.target());
      if (s.value() instanceof Expr.Call c && program.fns.containsKey(c.fn().text())) {
        exprs.userCall(c);
      } else if (s.value() instanceof Expr.Call c && Builtins.PROCEDURES.containsKey(c.fn().text())) {
        exprs.builtinArgs(c);
      } else {
        exprs.expr(s.value());
      }
      return null;
    }

    public Void visitAlloc(Stmt.Alloc s) {
      target(s.target());
      if (s.struct() != null && !program.structs.containsKey(s.struct().text())) {
        diags.unknownStruct(s.struct().span(), s.struct().text(), suggest(s.struct().text(), program.structs.keySet()));
      }
      return null;
    }

    public Void visitRefOp(Stmt.RefOp s) {
      exprs.expr(s.target());
      return null;
    }

    public Void visitFree(Stmt.Free s) {
      exprs.expr(s.target());
      return null;
    }

    public Void visitTouch(Stmt.Touch s) {
      exprs.expr(s.target());
      return null;
    }

    public Void visitIf(Stmt.If s) {
      Expr.Call gnz = Builtins.getNotZeroCond(s.cond());
      if (gnz != null) {
        exprs.builtinArgs(gnz);
      } else {
        exprs.expr(s.cond());
      }
      block(s.then());
      block(s.orElse());
      return null;
    }

    public Void visitWhile(Stmt.While s) {
      exprs.expr(s.cond());
      if (s.bound() != null) {
        new ExprResolver(null).expr(s.bound());
      }
      block(s.body());
      return null;
    }

    public Void visitFor(Stmt.For s) {
      exprs.expr(s.collection());
      block(s.body());
      return null;
    }

    public Void visitEither(Stmt.Either s) {
      s.branches().forEach(this::block);
      return null;
    }

    public Void visitAwait(Stmt.Await s) {
      exprs.expr(s.cond());
      return null;
    }

    public Void visitCost(Stmt.Cost s) {
      exprs.costNames = true;
      exprs.expr(s.amount());
      exprs.costNames = false;
      return null;
    }

    public Void visitAtomic(Stmt.Atomic s) {
      block(s.body());
      return null;
    }

    public Void visitLockOp(Stmt.LockOp s) {
      exprs.lockTarget = true;
      try {
        exprs.expr(s.target());
      } finally {
        exprs.lockTarget = false;
      }
      return null;
    }

    public Void visitLoop(Stmt.Loop s) {
      block(s.body());
      return null;
    }

    public Void visitReturn(Stmt.Return s) {
      if (!(scope instanceof FnSym) && scope != program.init) {
        diags.returnOutsideFn(s.span());
      }
      if (s.value() != null) {
        exprs.expr(s.value());
      }
      return null;
    }

    public Void visitCall(Stmt.Call s) {
      Expr.Call c = s.call();
      if (program.fns.containsKey(c.fn().text())) {
        exprs.userCall(c);
      } else if (Builtins.PROCEDURES.containsKey(c.fn().text())) {
        exprs.builtinArgs(c);
      } else if (Builtins.FUNCTIONS.containsKey(c.fn().text())) {
        diags.notAStatement(c.span());
      } else {
        diags.unknownFunction(c.fn().span(), c.fn().text(), suggest(c.fn().text(), callableNames()));
      }
      return null;
    }

    public Void visitError(Stmt.Error s) {
      return null;
    }
  }

  private Collection<String> callableNames() {
    List<String> all = new ArrayList<>(program.fns.keySet());
    all.addAll(Builtins.PROCEDURES.keySet());
    all.addAll(Builtins.FUNCTIONS.keySet());
    return all;
  }

  private final class ExprResolver implements Expr.Visitor<Void> {
    private final Scope scope;
    private final Deque<Map<String, Symbol.BoundSym>> bound = new ArrayDeque<>();
    boolean writing;
    /** In a `cost` statement: names the model does not declare are machine-profile entries. */
    boolean costNames;
    /** The target of `lock`/`unlock`: an unknown name there is a lock to declare. */
    boolean lockTarget;

    ExprResolver(Scope scope) {
      this.scope = scope;
    }

    void expr(Expr e) {
      if (e != null) {
        e.accept(this);
      }
    }

    void userCall(Expr.Call c) {
      FnSym fn = program.fns.get(c.fn().text());
      program.calls.put(c, fn);
      fn.used = true;
      if (fn.decl.params().size() != c.args().size()) {
        diags.wrongArity(c.span(), fn.name(), fn.decl.params().size(), c.args().size());
      }
      c.args().forEach(this::expr);
    }

    void builtinArgs(Expr.Call c) {
      String name = c.fn().text();
      if (Builtins.RCU.containsKey(name) || name.equals("rcu_pick")) {
        program.usesRcu = true;
      }
      if (name.equals("call_rcu") && c.args().size() == 2) {
        expr(c.args().get(0));
        Expr f = c.args().get(1);
        FnSym fn = f instanceof Expr.Name n ? program.fns.get(n.name().text()) : null;
        if (fn == null) {
          String text = f instanceof Expr.Name n ? n.name().text() : f.span().text();
          diags.unknownFunction(f.span(), text, suggest(text, program.fns.keySet()));
        } else if (fn.params.size() != 1) {
          diags.badReleaseFn(f.span(), fn.name(), "is an RCU callback, so it must take exactly the object");
        } else {
          fn.used = true;
          program.rcuCallbacks.put(c, fn);
          program.rcuCallbackFns.add(fn);
        }
        return;
      }
      c.args().forEach(this::expr);
    }

    public Void visitInt(Expr.IntLit e) {
      return null;
    }

    public Void visitBool(Expr.BoolLit e) {
      return null;
    }

    public Void visitNull(Expr.NullLit e) {
      return null;
    }

    public Void visitName(Expr.Name e) {
      String n = e.name().text();
      for (Map<String, Symbol.BoundSym> frame : bound) {
        if (frame.containsKey(n)) {
          program.names.put(e, frame.get(n));
          return null;
        }
      }
      if (scope != null && scope.locals().containsKey(n)) {
        Symbol.LocalSym l = scope.locals().get(n);
        program.names.put(e, l);
        if (!writing && !l.isParam && l.assignedFrom >= 0 && e.span().file() == l.first.span().file() && e.span().start() < l.assignedFrom
            && readBeforeWarned.add(l)) {
          List<String> others = new ArrayList<>(scope.locals().keySet());
          others.remove(n);
          others.addAll(program.globals.keySet());
          diags.readBeforeAssign(e.span(), n, "0, false or null", suggest(n, others));
        }
        return null;
      }
      if (program.globals.containsKey(n)) {
        program.names.put(e, program.globals.get(n));
        return null;
      }
      if (program.consts.containsKey(n)) {
        program.names.put(e, program.consts.get(n));
        return null;
      }
      if (program.works.containsKey(n)) {
        program.names.put(e, program.works.get(n));
        return null;
      }
      if (costNames) {
        Long v = program.cost.profile.get(n);
        if (v != null) {
          program.names.put(e, new Symbol.CostSym(n, v));
        } else if (program.cost.tracked && (program.cost.profileName != null || !costBlocks.isEmpty())) {
          // (without any profile, E0500 or E0501 said so once: no message per cost entry)
          diags.unknownCost(e.span(), n, program.cost.profileName == null ? "of this model" : "`" + program.cost.profileName + "`",
              suggest(n, program.cost.profile.keySet()));
        } else {
          program.names.put(e, new Symbol.CostSym(n, 0));
        }
        return null;
      }
      List<String> visible = new ArrayList<>();
      bound.forEach(f -> visible.addAll(f.keySet()));
      if (scope != null) {
        visible.addAll(scope.locals().keySet());
      }
      visible.addAll(program.globals.keySet());
      visible.addAll(program.consts.keySet());
      if (program.structs.containsKey(n)) {
        diags.typeMismatch(e.span(), "a value", "struct `" + n + "`", "a struct name is not a value; `live(" + n + ")` is the set of its live objects");
        return null;
      }
      String suggestion = suggest(n, visible);
      if (lockTarget && suggestion == null) {
        diags.unknownLock(e.span(), n);
      } else {
        diags.unknownName(e.span(), n, suggestion);
      }
      return null;
    }

    public Void visitField(Expr.Field e) {
      expr(e.obj());
      return null;
    }

    public Void visitCall(Expr.Call e) {
      String fn = e.fn().text();
      if (fn.equals("live") && e.args().size() == 1 && e.args().get(0) instanceof Expr.Name n) {
        StructSym s = program.structs.get(n.name().text());
        if (s == null) {
          diags.unknownStruct(n.span(), n.name().text(), suggest(n.name().text(), program.structs.keySet()));
        } else {
          program.structRefs.put(n, s);
        }
        return null;
      }
      if (program.fns.containsKey(fn)) {
        FnSym f = program.fns.get(fn);
        if (f.expression() != null) {
          userCall(e); // an expression function: stands for its returned expression
        } else {
          f.used = true; // (one message: not also "never called")
          diags.stepsInExpression(e.span(), fn);
        }
        return null;
      }
      if (Builtins.PROCEDURES.containsKey(fn)) {
        diags.callInExpression(e.span(), fn);
        return null;
      }
      if (!Builtins.FUNCTIONS.containsKey(fn)) {
        diags.unknownFunction(e.fn().span(), fn, suggest(fn, callableNames()));
        return null;
      }
      e.args().forEach(this::expr);
      return null;
    }

    public Void visitUnary(Expr.Unary e) {
      expr(e.operand());
      return null;
    }

    public Void visitBinary(Expr.Binary e) {
      expr(e.left());
      expr(e.right());
      return null;
    }

    public Void visitSetLit(Expr.SetLit e) {
      e.elems().forEach(this::expr);
      return null;
    }

    public Void visitSetComp(Expr.SetComp e) {
      binder(e.var(), e.set(), e.pred());
      return null;
    }

    public Void visitQuant(Expr.Quant e) {
      binder(e.var(), e.set(), e.body());
      return null;
    }

    public Void visitClosure(Expr.Closure e) {
      binder(e.var(), e.roots(), e.step());
      return null;
    }

    private void binder(Ident var, Expr set, Expr body) {
      expr(set);
      Map<String, Symbol.BoundSym> frame = new LinkedHashMap<>();
      if (var != null) {
        frame.put(var.text(), new Symbol.BoundSym(var));
      }
      bound.push(frame);
      expr(body);
      bound.pop();
    }

    public Void visitError(Expr.Error e) {
      return null;
    }
  }

  // ---------------------------------------------------------------- recursion

  private void checkRecursion() {
    Map<FnSym, List<Expr.Call>> edges = new LinkedHashMap<>();
    for (FnSym f : program.fns.values()) {
      edges.put(f, new ArrayList<>());
    }
    for (Map.Entry<Expr.Call, FnSym> e : program.calls.entrySet()) {
      FnSym caller = enclosingFn(e.getKey());
      if (caller != null) {
        edges.get(caller).add(e.getKey());
      }
    }
    Set<FnSym> done = new HashSet<>();
    for (FnSym f : program.fns.values()) {
      dfs(f, edges, new ArrayList<>(), done);
    }
  }

  private FnSym enclosingFn(Expr.Call call) {
    for (FnSym f : program.fns.values()) {
      Span b = f.decl.span();
      if (b.file() == call.span().file() && b.start() <= call.span().start() && call.span().end() <= b.end()) {
        return f;
      }
    }
    return null;
  }

  private void dfs(FnSym f, Map<FnSym, List<Expr.Call>> edges, List<FnSym> stack, Set<FnSym> done) {
    if (done.contains(f)) {
      return;
    }
    int at = stack.indexOf(f);
    if (at >= 0) {
      return;
    }
    stack.add(f);
    for (Expr.Call c : edges.get(f)) {
      FnSym callee = program.calls.get(c);
      int idx = stack.indexOf(callee);
      if (idx >= 0) {
        List<String> cycle = new ArrayList<>();
        for (FnSym s : stack.subList(idx, stack.size())) {
          cycle.add(s.name());
        }
        cycle.add(callee.name());
        diags.recursion(c.span(), String.join(" → ", cycle));
      } else {
        dfs(callee, edges, stack, done);
      }
    }
    stack.remove(stack.size() - 1);
    done.add(f);
  }

  // ---------------------------------------------------------------- suggestions

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

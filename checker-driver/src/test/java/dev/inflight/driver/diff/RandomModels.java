package dev.inflight.driver.diff;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random small models for the differential test: 2–3 thread kinds (sometimes an array of two,
 * sometimes a daemon) over shared integers, a pointer, a lock, a set and a list of refcounted
 * objects, with `await`, `either`, `pick`, `for` over the set and the list, `alloc`/`get`/`put`/
 * `touch`/field access, `get_not_zero`, a test with `||` kept in a local, RCU read sections, `synchronize_rcu` and `call_rcu`,
 * `while` loops without a bound over shared state (waits, spins);
 * a quarter of them start with an `init` block (objects allocated and published, a choice); some
 * conditions call expression functions (`fn f(o) { return … }`, called inside expressions); some
 * publish a flag, a counter or an object once and `await` it (stable waits, which the merged
 * translation runs together with the next shared statement), now and then undoing it; critical
 * sections under one lock or two (lock releases), a fifth of the models reading the locks;
 * statement functions inlined at several call sites (a parameter, locals of their own, returns on
 * several paths; one of them called from two others, so its copies differ in the caller's frame), a release function on the count (it runs as the thread's next steps after the
 * last `put`), `free`, critical sections under a lock field, and a work item queued and flushed;
 * some make `upd` an operation with a latency bound, priced by a `cost` block, with `cost`
 * statements here and there (constant, or reading a global or a field), sometimes a wait at the
 * operation's start and a call at a loop head (docs/semantics.md, "Costs: where time may not move");
 * a third declare an `eventually` property over the globals and the live objects; some divide by
 * a global that may be 0.
 *
 * <p>Every model is well-typed by construction (a model the translator rejects is a bug here or
 * there, and the test reports it). Values stay small (integers modulo 3), loops bounded or over
 * shared state, and no loop takes references without dropping them (a count is the one integer
 * with no modulus), so every state space is finite and small. Pointer uses are guarded by `!= null` most of the time,
 * so that some models hold and others fail in every way the checks know.
 */
final class RandomModels {
  /**
   * {@code -Dinflight.diff.costs=true}: every model has the statement functions, with `upd` an
   * operation under a latency bound (a targeted run of the cost model's charges).
   */
  static final boolean ONLY_COSTS = Boolean.getBoolean("inflight.diff.costs");
  private final Random rnd;
  /** The declarations of fixed shape (init, daemon, callback, release and work functions). */
  private final RandomDecls decls;
  private final StringBuilder out = new StringBuilder();
  /** Whether the model uses call_rcu (and so declares the callback). */
  private boolean usesCallback;
  private final Set<String> locals = new LinkedHashSet<>();
  /** Whether the model calls the expression functions (and so declares them). */
  private boolean usesExprFns;
  private int loopVars;
  /** How many times the shared sum `h = (h + g) % 3` was drawn: every second is a division instead. */
  private int sums;
  /**
   * How many times the test `count(s) == 0` was drawn in this model: the first, third, … walk `s`
   * reading its elements instead, the second, sixth, … as the step of a closure over it.
   */
  private int emptyTests;
  /** Whether the statement being drawn is in the body of a `while` (loops do not nest). */
  private boolean inWhile;
  /** Whether the model uses the published globals f, k and w (and so declares them). */
  private boolean publishes;
  /**
   * Whether some conditions of the model read the locks ({@code l == null}), which keeps their
   * `lock`s and `unlock`s steps of their own (docs/semantics.md, "Lock releases").
   */
  private final boolean readsLocks;
  /**
   * The statement functions of the model (a third of them): `upd(o)` and `val(o)`, each inlined
   * at every call site (several, in several kinds), with a parameter, locals of their own and, for
   * `val`, returns on several paths; null while the bodies are drawn, so that they call nothing.
   */
  private String fns;
  /** Whether the statement functions include twin, which calls val as upd does. */
  private boolean twins;
  /** Whether `obj`'s count has a release function (`ref rc = 1 release obj_release`). */
  private final boolean releases;
  /** Whether the model declares the work item `wk` (its worker a daemon thread). */
  private final boolean works;
  /** Whether the statements drawn may queue or flush the work item (not in its own function). */
  private boolean mayQueue;
  /**
   * Whether `upd` is an operation with a latency bound, priced by a `cost` block (a fifth of the
   * models with functions): the merged steps must charge what the statements do, blocking included.
   */
  private boolean costs;
  /**
   * The model's extra statements and declarations, or null (a third of the models, chosen from
   * their names): {@link RandomExtras}.
   */
  private RandomExtras extras;

  private RandomModels(Random rnd) {
    this.rnd = rnd;
    this.decls = new RandomDecls(rnd);
    this.readsLocks = rnd.nextInt(5) == 0;
    this.releases = rnd.nextInt(4) == 0;
    this.works = rnd.nextInt(6) == 0;
  }

  /** A model named {@code name}, drawn from {@code rnd}. */
  static String model(Random rnd, String name) {
    return new RandomModels(rnd).build(name);
  }

  private String build(String name) {
    // drawn from the name, not from rnd, so that every other choice of a model stays what it was
    Random side = new Random(name.hashCode() * 0x2545F4914F6CDD1DL);
    // a tenth of the models, in th1 (never an array of threads: its states multiply least)
    int wideKind = side.nextInt(10) == 0 ? 1 : -1;
    extras = new Random(name.hashCode() * 0x5DEECE66DL + 11).nextInt(3) == 0 ? new RandomExtras(rnd, this) : null;
    String release = releases ? decls.releaseFn() : "";
    String work = works ? "work wk: wfn\nfn wfn() {\n" + indent(decls.workBody()) + "}\n" : "";
    mayQueue = works;
    fns = ONLY_COSTS || rnd.nextInt(3) == 0 ? statementFns() : "";
    int kinds = 2 + (rnd.nextInt(3) == 0 ? 1 : 0);
    List<String> threads = new ArrayList<>();
    for (int k = 0; k < kinds; k++) {
      locals.clear();
      loopVars = 0;
      String body = indent(block(2 + rnd.nextInt(3), 2, false, false, false));
      if (k == wideKind) {
        body = indent(wideRun(side)) + body;
      }
      if (costs && rnd.nextBoolean()) {
        body += "  upd(" + obj() + ")\n"; // an operation that completes unless the thread faults first
      }
      if (costs && rnd.nextInt(3) == 0) {
        // the operation called at a loop head, a label that never moves: a wait at its start
        // must still be where the thread waits (docs/semantics.md, "Costs")
        body = "  for yc in s {\n    upd(yc)\n  }\n" + body;
      }
      // Locals start defined (an object local from `p`, which says its struct).
      String init = locals.isEmpty() ? "" : "  atomic {" + String.join("", locals.stream().map(l -> " " + l + (l.equals("x") ? " = 0" : l.equals("ok") ? " = false" : " = p")).toList()) + " }\n";
      boolean array = k == 0 && rnd.nextInt(4) == 0;
      threads.add("thread th" + k + (array ? "[2]" : "") + " {\n" + init + body + "}\n");
    }
    // no daemon with costs: an operation waiting while a thread loops for ever would be charged
    // its steps for ever, and the state space would have no end (a `while` over shared state
    // likewise, below)
    if (rnd.nextInt(6) == 0 && !costs) {
      threads.add(decls.daemon());
    }
    String init = rnd.nextInt(4) == 0 ? decls.initBlock() : "";
    StringBuilder m = new StringBuilder();
    m.append("model ").append(name).append('\n');
    m.append("struct obj bound 3 {\n  ref rc = 1" + (releases ? " release obj_release" : "") + "\n  v = 0\n  lock lk\n"
        + (extras == null ? "" : extras.members()) + "}\n");
    m.append("var g = 0\nvar h = 0\nvar p: obj = null\nlock l\nlock m\nset s of obj\nlist q of obj\n");
    if (extras != null) {
      m.append(extras.globals());
    }
    if (publishes) {
      // written mostly in ways that keep a wait on them true once it holds (stable waits)
      m.append("var f = false\nvar k = 0\nvar w: obj = null\n");
    }
    if (usesCallback) {
      m.append("fn cb(o: obj) {\n").append(decls.callbackBody()).append("}\n");
    }
    if (usesExprFns) {
      // expression functions: a field and a global read where the call is, one calling the
      // other under a quantifier whose variable has the caller's quantifier's name
      m.append("fn hot(o) {\n  return o.v == g\n}\n");
      m.append("fn small(n) {\n  return n < 2 || h == n\n}\n");
      m.append("fn any_hot(c) {\n  return exists y in c : hot(y) && small(y.v)\n}\n");
    }
    if (costs) {
      // round prices, so that a bound separates operations that wait or take a remote line from
      // those that do not
      m.append("cost {\n  cpus = 2\n  syscall = 100\n  atomic_local = 10\n  atomic_remote = 200\n  lock_local = 20\n"
          + "  lock_remote = 300\n  alloc = 50\n  free = 40\n  grace_period = 1000\n  call_rcu = 30\n  queue_work = 25\n}\n");
      m.append("latency upd <= ").append(new int[] {100, 150, 300}[rnd.nextInt(3)]).append('\n');
    }
    m.append(release).append(work).append(fns);
    m.append(init);
    threads.forEach(m::append);
    if (rnd.nextInt(3) == 0) {
      m.append("eventually ev: ").append(eventually()).append('\n');
    }
    if (extras != null) {
      m.append(extras.properties());
    }
    return m.toString();
  }

  /**
   * The condition of an `eventually` property (a third of the models): over the globals, the
   * pointer, the set and the live objects, so that it holds in some final states and not in
   * others, and a daemon's loop may keep it from holding for good.
   */
  private String eventually() {
    int n = publishes ? 9 : 6;
    return switch (rnd.nextInt(n)) {
      case 0 -> "g != 1";
      case 1 -> "h == 0 || g == 2";
      case 2 -> "p == null";
      case 3 -> "count(live(obj)) == 0";
      case 4 -> "count(s) == 0 && h != 2";
      case 5 -> "g == h";
      case 6 -> "f";
      case 7 -> "k >= 1";
      default -> "w != null || g == 0";
    };
  }

  /**
   * The statement functions: bodies drawn like a thread's (shared statements, waits, critical
   * sections, branches), their locals set from the parameter first. Drawn once, called from
   * every kind that draws a call.
   */
  private String statementFns() {
    Set<String> outer = new LinkedHashSet<>(locals);
    int outerLoopVars = loopVars;
    fns = null; // no calls inside the bodies
    StringBuilder b = new StringBuilder();
    costs = rnd.nextInt(5) == 0 || ONLY_COSTS;
    locals.clear();
    String upd = block(1 + rnd.nextInt(3), 1, false, false, false);
    // half the time upd calls val, and so does twin: val is inlined in two functions' frames,
    // whose fields differ where its steps write the caller's local (emit/FieldKeys)
    twins = rnd.nextBoolean();
    String call = "";
    if (twins) {
      locals.add("x");
      call = "x = val(o)\ng = x\n";
    }
    b.append(costs ? "op fn upd(o: obj) {\n" : "fn upd(o: obj) {\n")
        .append(indent((costs ? "cost syscall\n" + firstWait() : "") + localsInit("o") + upd + call)).append("}\n");
    locals.clear();
    locals.add("x");
    String val = block(1 + rnd.nextInt(2), 1, false, false, false);
    String early = "if " + cond() + " {\n  return x\n}\n";
    b.append("fn val(o: obj) {\n").append(indent(localsInit("o") + early + val + "return (x + 1) % 3\n")).append("}\n");
    if (twins) {
      b.append("fn twin(o: obj) {\n  x = 0\n  x = val(o)\n  h = x\n}\n");
    }
    locals.clear();
    locals.addAll(outer);
    loopVars = outerLoopVars;
    return b.toString();
  }

  /** Costs: half the time the operation waits first (an `await` or a lock), right after its entry's price. */
  private String firstWait() {
    return switch (rnd.nextInt(4)) {
      case 0 -> "await g != 0\n";
      case 1 -> "await h == 1\n";
      case 2 -> "lock m\nh = (h + 1) % 3\nunlock m\n";
      default -> "";
    };
  }

  /**
   * Costs: a `cost` statement, a constant or one that reads shared state (a set's size, a field):
   * time that other threads blocked on this one are charged, and that merging must not move. All
   * but the field's are non-negative by their form, so a check stops totals at the cap
   * (LatencyCap) in the merged translation and not in the reference one.
   */
  private String costStmt() {
    return switch (rnd.nextInt(4)) {
      case 0 -> "cost 30\n";
      case 1 -> "cost 120\n";
      case 2 -> "cost 40 * count(s)\n";
      default -> {
        String a = obj();
        yield guarded(a, "cost 50 * " + a + ".v");
      }
    };
  }

  /** Assignments that give every local drawn so far a value first (an object local from {@code from}). */
  private String localsInit(String from) {
    if (locals.isEmpty()) {
      return "";
    }
    return "atomic {" + String.join("", locals.stream().map(l -> " " + l + (l.equals("x") ? " = 0" : l.equals("ok") ? " = false" : " = " + from)).toList()) + " }\n";
  }

  // ---------------------------------------------------------------- statements

  String block(int n, int depth, boolean inAtomic, boolean inRcu, boolean inLoop) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(stmt(depth, inAtomic, inRcu, inLoop));
    }
    return b.toString();
  }

  /**
   * A critical section (lock releases): mostly one or two statements under `l`; sometimes under
   * both locks, in either order (so two threads may deadlock); sometimes a release the thread
   * may not hold, or one on a single branch.
   */
  private String lockSection(boolean inRcu, boolean inLoop) {
    String body = block(1 + rnd.nextInt(2), 0, false, inRcu, inLoop);
    return switch (rnd.nextInt(10)) {
      case 0, 1 -> {
        String[] ls = rnd.nextBoolean() ? new String[] {"l", "m"} : new String[] {"m", "l"};
        yield "lock " + ls[0] + "\nlock " + ls[1] + "\n" + body + "unlock " + ls[1] + "\nunlock " + ls[0] + "\n";
      }
      case 2 -> "if " + cond() + " {\n  lock l\n}\n" + body + "unlock l\n";
      case 3 -> "lock l\n" + body + "if " + cond() + " {\n  unlock l\n} else {\n  unlock l\n}\n";
      default -> "lock l\n" + body + "unlock l\n";
    };
  }

  /**
   * A run of 11 or 12 `if`s on locals alone between two shared statements (a tenth of the
   * models): more than 1,024 paths through one step, which the merged
   * translation splits at every branch (lower/WideSteps#split, docs/semantics.md, "Steps");
   * the locals' values then reach a shared write and an assertion.
   */
  private String wideRun(Random side) {
    locals.add("x");
    locals.add("ok");
    StringBuilder b = new StringBuilder("g = (g + 1) % 3\n");
    String[] conds = {"x == 0", "x == 1", "x != 2", "ok"};
    String[] sets = {"x = (x + 1) % 3", "x = 0", "ok = x == 1", "ok = !ok", "x = 2"};
    int n = 11 + side.nextInt(2);
    for (int i = 0; i < n; i++) {
      b.append("if ").append(conds[side.nextInt(conds.length)]).append(" { ").append(sets[side.nextInt(sets.length)])
          .append(" } else { ").append(sets[side.nextInt(sets.length)]).append(" }\n");
    }
    b.append(side.nextBoolean() ? "h = x\n" : "assert(x != 2 || g != 1)\n");
    return b.toString();
  }

  String indent(String s) {
    StringBuilder b = new StringBuilder();
    for (String line : s.split("\n")) {
      if (!line.isEmpty()) {
        b.append("  ").append(line).append('\n');
      }
    }
    return b.toString();
  }

  String obj() {
    String v = rnd.nextInt(3) == 0 ? "b" : "a";
    locals.add(v);
    return v;
  }

  /** The locals drawn so far in the kind or function being drawn (each gets a value first). */
  Set<String> locals() {
    return locals;
  }

  private String intLocal() {
    locals.add("x");
    return "x";
  }

  /** A guarded pointer use: `if a != null { … }` most of the time. */
  String guarded(String v, String use) {
    return rnd.nextInt(10) < 7 ? "if " + v + " != null { " + use + " }\n" : use + "\n";
  }

  private String value() {
    return switch (rnd.nextInt(6)) {
      case 0 -> "0";
      case 1 -> "1";
      case 2 -> "2";
      case 3 -> "(g + 1) % 3";
      case 4 -> intLocal();
      default -> "h";
    };
  }

  private String cond() {
    if (extras != null && rnd.nextInt(10) == 0) {
      return extras.cond();
    }
    if (readsLocks && rnd.nextInt(4) == 0) {
      return rnd.nextBoolean() ? "l == null" : "m != null";
    }
    if (rnd.nextInt(8) == 0) {
      usesExprFns = true;
      return switch (rnd.nextInt(4)) {
        case 0 -> "hot(" + obj() + ")";
        case 1 -> "small(" + intLocal() + ")";
        case 2 -> "any_hot(s)";
        default -> "exists y in s : y != p && any_hot({y})";
      };
    }
    return switch (rnd.nextInt(8)) {
      case 0 -> "g == 1";
      case 1 -> "g != 0";
      case 2 -> "h == g";
      case 3 -> "p != null";
      case 4 -> intLocal() + " == 1";
      // every second one reads the elements of `s`, which may hold a freed object (a
      // use-after-free where it is evaluated), the others of every four as a closure's step
      // does (the same test: a closure is empty where its roots are); counted, not drawn, as
      // `sums` above
      case 5 -> switch (emptyTests++ % 4) {
        case 1 -> "count(closure(s, x : {y in s : x.v == g})) == 0";
        case 3 -> "count(s) == 0";
        default -> "count({e in s : e.v == g}) == 0";
      };
      case 6 -> "list_empty(q)";
      default -> obj() + " == p";
    };
  }

  private String stmt(int depth, boolean inAtomic, boolean inRcu, boolean inLoop) {
    if (costs && rnd.nextInt(6) == 0) {
      return costStmt();
    }
    if (extras != null && rnd.nextInt(5) == 0) {
      return extras.stmt(inAtomic, inRcu, inLoop);
    }
    int pick = rnd.nextInt(depth > 0 && !inAtomic ? 41 : 20);
    if (!inAtomic && (fns != null && !fns.isEmpty() || mayQueue) && rnd.nextInt(6) == 0) {
      pick = 36 + rnd.nextInt(5); // models with functions or a work item use them more
    }
    if (pick >= 35) {
      return moreStmt(pick - 35, inAtomic, inRcu);
    }
    String a;
    switch (pick) {
      case 0: return "g = " + value() + "\n";
      case 1: return "h = " + value() + "\n";
      case 2: return intLocal() + " = " + (rnd.nextBoolean() ? "g" : "(x + 1) % 3") + "\n";
      case 3: a = obj(); return a + " = alloc obj\n";
      case 4: a = obj(); return rnd.nextBoolean() ? "p = " + a + "\n" : a + " = p\n";
      // In a `while` (no bound), a `get` (or a successful get_not_zero) per iteration would
      // make the count, and so the state space, grow without end: a `put` there instead.
      case 5: a = obj(); return guarded(a, (inWhile ? "put " : "get ") + a + ".rc");
      case 6: a = obj(); return guarded(a, "put " + a + ".rc");
      case 7: a = obj(); return guarded(a, rnd.nextBoolean() ? "touch " + a : a + ".v = " + value());
      case 8:
        a = obj();
        if (rnd.nextInt(3) == 0) {
          // a test that dereferences only where it must (`||` short-circuits), kept in a local
          locals.add("ok");
          return "ok = " + a + " == null || " + a + ".v == 1\nif ok { " + intLocal() + " = 1 }\n";
        }
        return guarded(a, intLocal() + " = " + a + ".v");
      case 9: a = obj(); return guarded(a, rnd.nextBoolean() ? "add(s, " + a + ")" : "remove(s, " + a + ")");
      case 10: a = obj(); return a + " = pick(s)\n";
      case 11: a = obj(); return guarded(a, rnd.nextBoolean() ? "list_add_tail(q, " + a + ")" : "if " + a + " in q { list_del(q, " + a + ") }");
      case 12: return "assert(" + cond() + ")\n";
      case 13:
        if (inAtomic && costs && !inRcu) {
          return "await h != 2\n"; // a wait inside an atomic block: charged while the block cannot move
        }
        if (inAtomic || inRcu) {
          return "g = 1\n";
        }
        return "await " + cond() + "\n";
      case 14:
        if (inAtomic && costs) {
          return "lock l\nh = 1\nunlock l\n"; // charged the holder's steps while the block cannot move
        }
        if (inAtomic) {
          return "h = 1\n";
        }
        return lockSection(inRcu, inLoop);
      case 15: a = obj(); locals.add("ok"); return guarded(a, inWhile ? "touch " + a : "ok = get_not_zero(" + a + ".rc)");
      case 16:
        if (inAtomic) {
          return "g = 2\n";
        }
        return "rcu_read_lock()\n" + block(1 + rnd.nextInt(2), 0, inAtomic, true, inLoop) + "rcu_read_unlock()\n";
      case 17:
        if (inAtomic || inRcu) {
          return "h = 2\n";
        }
        return "synchronize_rcu()\n";
      case 18:
        usesCallback = true;
        a = obj();
        return guarded(a, "call_rcu(" + a + ", cb)");
      case 19:
        // three in four of these in a model divide by a global or by a local that may be 0 (a
        // fault where it is evaluated; by a local, a step of its own as an assert is), counted
        // rather than drawn, so that the random choices of the models drawn before division was
        // added stay what they were
        switch (sums++ % 4) {
          case 1: return "h = 6 / g % 3\n";
          case 2: return intLocal() + " = 6 / x % 3\n";
          case 3: return "if g != 0 { h = 5 % g }\n";
          default: return "h = (h + g) % 3\n";
        }
      // compound statements (depth > 0, not inside atomic)
      case 20: case 21:
        return "if " + cond() + " {\n" + indent(block(1 + rnd.nextInt(2), depth - 1, inAtomic, inRcu, inLoop)) + "}"
            + (rnd.nextBoolean() ? " else {\n" + indent(block(1, depth - 1, inAtomic, inRcu, inLoop)) + "}\n" : "\n");
      case 22: case 23:
        return "either {\n" + indent(block(1 + rnd.nextInt(2), depth - 1, inAtomic, inRcu, inLoop)) + "} or {\n"
            + indent(block(1 + rnd.nextInt(2), depth - 1, inAtomic, inRcu, inLoop)) + "}\n";
      case 24: case 25: {
        if (inLoop) {
          return "g = 0\n";
        }
        String y = "y" + (loopVars++);
        String coll = rnd.nextBoolean() ? "s" : "q";
        return "for " + y + " in " + coll + " {\n" + indent(loopBody(y, depth - 1, inRcu)) + "}\n";
      }
      case 26:
        return "atomic {\n" + indent(block(2 + rnd.nextInt(2), 0, true, inRcu, inLoop)) + "}\n";
      case 27: a = obj();
        return guarded(a, "if get_not_zero(" + a + ".rc) { " + oneLine(depth, inRcu, inLoop) + "put " + a + ".rc }");
      case 28: a = obj(); return "if " + a + " == null { " + a + " = pick(s) }\n";
      case 29: {
        // a loop without a bound over shared state: it may wait for another thread, or spin
        if (inLoop || costs) {
          return "h = 0\n";
        }
        String c = switch (rnd.nextInt(3)) {
          case 0 -> "g != 2";
          case 1 -> "h == 1";
          default -> "p != null && g == 0";
        };
        inWhile = true;
        // sometimes a critical section each time round: a thread waiting for the lock is then
        // enabled only now and then, which weak fairness does not help (docs/semantics.md,
        // "Lock releases")
        String body = !inAtomic && rnd.nextInt(3) == 0 ? lockSection(inRcu, true) : block(1, 0, inAtomic, inRcu, true);
        inWhile = false;
        return "while " + c + " {\n" + indent(body) + "}\n";
      }
      // publication: flags and counters set once, objects published once allocated, and
      // waits on them (docs/semantics.md, "Stable waits"); sometimes a write that undoes them
      case 31:
        publishes = true;
        return rnd.nextInt(5) == 0 ? "f = false\n" : "f = true\n";
      case 32: {
        publishes = true;
        a = obj();
        if (rnd.nextInt(5) == 0) {
          return "w = " + a + "\n";
        }
        String pub = a + " = alloc obj\n" + (rnd.nextBoolean() ? "w = " + a + "\n" : "a2 = " + a + "\nw = a2\n");
        if (pub.contains("a2")) {
          locals.add("a2");
        }
        return rnd.nextBoolean() ? "atomic {\n" + indent(pub) + "}\n" : pub;
      }
      case 33:
        publishes = true;
        return "await " + switch (rnd.nextInt(5)) {
          case 0 -> "f";
          case 1 -> "w != null";
          case 2 -> "f && w != null";
          case 3 -> "k >= 1";
          default -> "f && " + cond();
        } + "\n";
      case 34:
        publishes = true;
        return rnd.nextInt(4) == 0 ? "k = 0\n" : "k = " + (1 + rnd.nextInt(2)) + "\n";
      default:
        return intLocal() + " = (x + " + (1 + rnd.nextInt(2)) + ") % 3\n";
    }
  }

  /**
   * Statements with functions, frees, lock fields and the work item (outside `atomic`); each
   * falls back to a plain one where the model has no such thing.
   */
  private String moreStmt(int which, boolean inAtomic, boolean inRcu) {
    String a = obj();
    switch (which) {
      case 0:
        return guarded(a, "free " + a);
      case 1: case 2:
        // a call per round of a `while` could take references without end: none there
        if (fns == null || fns.isEmpty() || inWhile) {
          return "h = (h + 1) % 3\n";
        }
        if (which == 1) {
          return (twins && rnd.nextBoolean() ? "twin(" : "upd(") + a + ")\n";
        }
        locals.add("x");
        return "x = val(" + a + ")\n";
      case 3:
        if (inAtomic) {
          return "g = 1\n";
        }
        return "if " + a + " != null {\n  lock " + a + ".lk\n" + indent(block(1, 0, false, inRcu, false)) + "  unlock " + a + ".lk\n}\n";
      case 4:
        if (!mayQueue) {
          return "g = (g + 2) % 3\n";
        }
        return "queue_work(wk)\n";
      default:
        if (!mayQueue || inRcu) {
          return "h = 0\n";
        }
        return rnd.nextBoolean() ? "flush_work(wk)\n" : "queue_work(wk)\nflush_work(wk)\n";
    }
  }

  private String oneLine(int depth, boolean inRcu, boolean inLoop) {
    return switch (rnd.nextInt(3)) {
      case 0 -> "g = " + value() + " ";
      case 1 -> "h = 1 ";
      default -> "";
    };
  }

  private String loopBody(String y, int depth, boolean inRcu) {
    StringBuilder b = new StringBuilder();
    int n = 1 + rnd.nextInt(2);
    for (int i = 0; i < n; i++) {
      switch (rnd.nextInt(7)) {
        case 0 -> b.append("touch ").append(y).append('\n');
        case 1 -> b.append(y).append(".v = ").append(value()).append('\n');
        case 2 -> b.append("if ").append(y).append(" == p { g = (g + 1) % 3 } else { h = 1 }\n");
        case 3 -> b.append(intLocal()).append(" = (x + 1) % 3\n");
        case 4 -> b.append(stmt(Math.max(depth, 0), false, inRcu, true));
        case 5 -> b.append("assert(").append(y).append(" != p || g != 2)\n");
        default -> b.append("put ").append(y).append(".rc\n");
      }
    }
    return b.toString();
  }
}

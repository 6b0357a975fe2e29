package dev.inflight.driver.check;

import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcStatistics;
import dev.inflight.driver.trace.TraceMapper;
import dev.inflight.driver.trace.Undefined;
import dev.inflight.translator.emit.SourceMap;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds every violated property of a model, each with its own shortest counterexample.
 *
 * <p>TLC stops at the first violation, and its {@code -continue} misreports in this build. So
 * the model is checked again with the properties already found left out, until a run finds
 * nothing more: a model that holds costs one run, as before; one with k violated properties
 * costs k + 1, each ending where its violation is. (One run per property, in parallel, would
 * explore the whole state space once per property even when everything holds.)
 *
 * <p>A found (or --skip'ped) property that watches a fault (use-after-free, a model bound, …)
 * becomes a state constraint of the later runs: the model does not go on past its first fault
 * (docs/semantics.md), so no later counterexample is a consequence of an earlier one, and a
 * thread stuck at its fault is never reported as hanging. A found user invariant is just left
 * out. TLC checks all temporal properties together and does not say which one failed: after
 * such a failure with several of them, each is checked in a run of its own.
 *
 * <p>Which properties exist, and which are invariants or temporal properties, is read from the
 * emitted configuration and source map, never from a list of kinds here.
 *
 * <p>A run without temporal properties declares the model's symmetry (if it has one and it is
 * wanted: docs/semantics.md, "Symmetry"); TLC's liveness checking is unsound under symmetry, so a
 * run with one never does.
 */
final class PropertyRuns {
  /** Runs TLC on a configuration text, within a time limit (null: none). */
  interface Tlc {
    TlcResult run(String cfg, Duration timeout) throws IOException;
  }

  /** What the runs found. */
  record Outcome(Verdict verdict, String message, List<Violation> violations, Map<String, String> verdicts,
      TlcStatistics statistics, TlcResult lastResult, long tlcMillis, boolean lastSymmetric) {}

  private final SourceMap map;
  private final TlcConfig cfg;
  private final Set<String> chosen;
  private final boolean all;
  private final Long maxStates;
  private final Long deadlineNanos;
  private final TraceMapper mapper;
  private final Map<String, SourceMap.Property> byTla = new HashMap<>();
  /** The symmetry operator runs without temporal properties declare, or null. */
  private String symmetry;

  /**
   * @param chosen names of the properties to check (bounds are always checked)
   * @param all find every violation; false stops at the first (--fail-fast)
   * @param deadlineNanos System.nanoTime() past which no run starts and the current one is cut, or null
   */
  PropertyRuns(SourceMap map, String cfg, Set<String> chosen, boolean all, Long maxStates, Long deadlineNanos) {
    this(map, cfg, chosen, all, maxStates, deadlineNanos, null);
  }

  /** @param attribution tells which path each step of a label action took (null: none) */
  PropertyRuns(SourceMap map, String cfg, Set<String> chosen, boolean all, Long maxStates, Long deadlineNanos,
      dev.inflight.driver.trace.PathAttribution attribution) {
    this.map = map;
    this.cfg = TlcConfig.parse(cfg);
    this.chosen = chosen;
    this.all = all;
    this.maxStates = maxStates;
    this.deadlineNanos = deadlineNanos;
    this.mapper = new TraceMapper(map, attribution);
    map.properties().stream().filter(p -> p.tla() != null).forEach(p -> byTla.put(p.tla(), p));
  }

  /** Whether the module defines the constraint that tells which faults ended runs (RanHook). */
  private boolean faultsReached;

  /**
   * When {@code on} (the module has the Ran hook) and a fault check is skipped, the runs put
   * {@code FaultsReached} first among their constraints: it holds in every state, and with the
   * hook turned on TLC prints each fault that ended a run, which the vacuity warnings tell.
   */
  PropertyRuns withFaultsReached(boolean on) {
    faultsReached = on;
    return this;
  }

  /** Runs without temporal properties use the model's symmetry (on: if it has one). */
  PropertyRuns withSymmetry(boolean on) {
    symmetry = on && map.symmetry() != null ? map.symmetry().op() : null;
    return this;
  }

  private boolean picked(String tla) {
    SourceMap.Property p = byTla.get(tla);
    return p == null || "bound".equals(p.kind()) || chosen.contains(p.name());
  }

  private boolean watchesFault(String tla) {
    SourceMap.Property p = byTla.get(tla);
    return p != null && p.fault() != null;
  }

  Outcome run(Tlc tlc) throws IOException {
    Set<String> inv = new LinkedHashSet<>();
    Set<String> temporal = new LinkedHashSet<>();
    Set<String> constraints = new LinkedHashSet<>(cfg.constraints);
    boolean skipsFault = false;
    for (String i : cfg.invariants) {
      if (picked(i)) {
        inv.add(i);
      } else if (watchesFault(i)) {
        constraints.add(i); // not checked, but no run goes on past that fault either
        skipsFault = true;
      }
    }
    if (skipsFault && faultsReached) {
      Set<String> first = new LinkedHashSet<>(); // first: TLC evaluates constraints in order, up to a false one
      first.add(dev.inflight.translator.emit.RanHook.FAULTS_REACHED);
      first.addAll(constraints);
      constraints = first;
    }
    cfg.properties.stream().filter(this::picked).forEach(temporal::add);
    SourceMap.Property deadlockProp = map.properties().stream().filter(p -> "deadlock".equals(p.kind())).findFirst()
        .orElse(new SourceMap.Property("deadlock", null, "deadlock", null, null, "no state where no thread can move"));
    boolean deadlock = cfg.deadlock && chosen.contains(deadlockProp.name());

    List<Violation> found = new ArrayList<>();
    Set<String> held = new LinkedHashSet<>();
    boolean oneTemporalAtATime = false;
    boolean boundHit = false;
    String incomplete = null;
    String failure = null;
    TlcResult last = null;
    boolean lastSymmetric = false;
    long tlcMs = 0;
    while (true) {
      Set<String> temporalNow = oneTemporalAtATime && !temporal.isEmpty() ? Set.of(temporal.iterator().next()) : temporal;
      Duration left = null;
      if (deadlineNanos != null) {
        long ns = deadlineNanos - System.nanoTime();
        if (ns <= 0) {
          incomplete = ModelChecker.incompleteMessage(TlcOutcome.IncompleteReason.TIMEOUT);
          break;
        }
        left = Duration.ofNanos(ns);
      }
      long t0 = System.nanoTime();
      String sym = temporalNow.isEmpty() ? symmetry : null;
      last = tlc.run(cfg.with(inv, temporalNow, constraints, deadlock, sym), left);
      lastSymmetric = sym != null;
      tlcMs += (System.nanoTime() - t0) / 1_000_000;
      TlcOutcome o = last.outcome();
      // a property TLC could not evaluate in some state, if this run checked it (trace/Undefined)
      SourceMap.Property undefined = o instanceof TlcOutcome.EvaluationError ee ? Undefined.property(map, ee) : null;
      if (undefined != null && !inv.contains(undefined.tla()) && !temporalNow.contains(undefined.tla())) {
        undefined = null;
      }
      if (o instanceof TlcOutcome.Success) {
        if (maxStates != null && last.statistics().distinct() >= maxStates) {
          incomplete = ModelChecker.limitMessage(maxStates);
          break;
        }
        inv.forEach(held::add);
        temporalNow.forEach(held::add);
        if (deadlock) {
          held.add(deadlockProp.name());
        }
        temporal.removeAll(temporalNow);
        if (!oneTemporalAtATime || temporal.isEmpty()) {
          break;
        }
        inv.removeIf(i -> true); // they all hold: the remaining runs need only their temporal property
        deadlock = false;
      } else if (o instanceof TlcOutcome.InvariantViolated iv || o instanceof TlcOutcome.InvariantViolatedInitial) {
        String name = o instanceof TlcOutcome.InvariantViolated iv2 ? iv2.invariant() : ((TlcOutcome.InvariantViolatedInitial) o).invariant();
        SourceMap.Property p = property(name);
        TlcResult shown = lastSymmetric ? unpermuted(tlc, last, Set.of(name), constraints, false, left) : last;
        found.add(new Violation(p, mapper.map(shown, p)));
        inv.remove(name);
        if (watchesFault(name)) {
          constraints.add(name);
        }
        boundHit |= "bound".equals(p.kind());
        if (!all || inv.isEmpty() && temporal.isEmpty() && !deadlock) {
          break;
        }
      } else if (o instanceof TlcOutcome.Deadlock) {
        TlcResult shown = lastSymmetric ? unpermuted(tlc, last, Set.of(), constraints, true, left) : last;
        found.add(new Violation(deadlockProp, mapper.map(shown, deadlockProp)));
        deadlock = false;
        if (!all || inv.isEmpty() && temporal.isEmpty()) {
          break;
        }
      } else if (o instanceof TlcOutcome.LivenessViolated) {
        if (temporalNow.size() == 1 || !all) {
          SourceMap.Property p = temporalNow.size() == 1 ? property(temporalNow.iterator().next()) : culprit(temporalNow, last);
          found.add(new Violation(p, mapper.map(last, p)));
          temporal.removeAll(temporalNow);
          if (!all || inv.isEmpty() && temporal.isEmpty() && !deadlock) {
            break;
          }
        } else {
          oneTemporalAtATime = true; // which of them? one run each tells
        }
      } else if (o instanceof TlcOutcome.Incomplete inc) {
        incomplete = ModelChecker.incompleteMessage(inc.reason());
        break;
      } else if (o instanceof TlcOutcome.EvaluationError ee && ModelChecker.overflow(ee)) {
        incomplete = ModelChecker.overflowMessage(map, ee); // the model's numbers, not Inflight, went past TLC's
        break;
      } else if (undefined != null) {
        // a property that cannot be evaluated in a reachable state does not hold there
        SourceMap.Property p = undefined;
        TlcResult shown = lastSymmetric ? unpermuted(tlc, last, Set.of(p.tla()), constraints, false, left) : last;
        found.add(new Violation(p, mapper.map(shown, p)));
        inv.remove(p.tla());
        temporal.remove(p.tla());
        if (!all || inv.isEmpty() && temporal.isEmpty() && !deadlock) {
          break;
        }
      } else {
        failure = ModelChecker.failureMessage(map, o);
        break;
      }
    }
    return outcome(found, held, boundHit, incomplete, failure, last, tlcMs, lastSymmetric);
  }

  private Outcome outcome(List<Violation> found, Set<String> held, boolean boundHit, String incomplete, String failure,
      TlcResult last, long tlcMs, boolean lastSymmetric) {
    // In the order found, which is by depth (each run finds the shallowest violation left); a model bound last.
    List<Violation> ordered = new ArrayList<>(found);
    ordered.sort((a, b) -> Boolean.compare("bound".equals(a.property().kind()), "bound".equals(b.property().kind())));
    Map<String, String> verdicts = new LinkedHashMap<>();
    Set<String> violated = new LinkedHashSet<>();
    found.forEach(v -> List.of(v.property().name().split(" or ")).forEach(violated::add));
    for (SourceMap.Property p : map.properties()) {
      String v = violated.contains(p.name()) ? CheckReport.VIOLATED
          : !"bound".equals(p.kind()) && !chosen.contains(p.name()) ? CheckReport.SKIPPED
          : held.contains(p.tla()) || held.contains(p.name()) ? CheckReport.HOLDS : CheckReport.UNKNOWN;
      verdicts.put(p.name(), v);
    }
    boolean real = found.stream().anyMatch(v -> !"bound".equals(v.property().kind()));
    Verdict verdict;
    String message = null;
    if (real) {
      verdict = Verdict.VIOLATED;
      if (failure != null || incomplete != null) {
        message = "not every property was decided: " + (failure != null ? failure : incomplete);
      }
    } else if (failure != null) {
      verdict = Verdict.INTERNAL_ERROR;
      message = failure;
    } else if (boundHit || incomplete != null) {
      verdict = Verdict.INCOMPLETE;
      message = incomplete != null ? incomplete : ordered.get(ordered.size() - 1).trace().summary();
    } else {
      verdict = Verdict.HOLDS;
    }
    TlcStatistics stats = last == null ? TlcStatistics.unknown() : last.statistics();
    if (message != null && incomplete != null && stats.distinct() >= 0) {
      message = message + ModelChecker.reached(stats);
    }
    return new Outcome(verdict, message, ordered, verdicts, stats, last, tlcMs, lastSymmetric);
  }

  /**
   * A violation found under symmetry, with a counterexample that is a behaviour of the module:
   * TLC's own when every step of it is one, else the same property found again without symmetry
   * (the same shallowest depth; docs/semantics.md, "Symmetry").
   */
  private TlcResult unpermuted(Tlc tlc, TlcResult found, Set<String> inv, Set<String> constraints, boolean deadlock,
      Duration left) throws IOException {
    if (mapper.consistent(found)) {
      return found;
    }
    TlcResult again = tlc.run(cfg.with(inv, Set.of(), constraints, deadlock, null), left);
    return again.outcome().getClass() == found.outcome().getClass() ? again : found;
  }

  private SourceMap.Property property(String tla) {
    SourceMap.Property p = byTla.get(tla);
    return p != null ? p : new SourceMap.Property(tla, tla, "invariant", null, null, tla);
  }

  /**
   * Which of several temporal properties TLC checked together a lasso violates, as far as the
   * lasso tells (TLC does not say): no_hang when a thread it watches never finishes on it (as
   * ModelChecker decides), else the `eventually` properties, the one or all of them.
   */
  private SourceMap.Property culprit(Set<String> tla, TlcResult result) {
    SourceMap.Property hang = tla.stream().map(this::property).filter(p -> "hang".equals(p.kind())).findFirst().orElse(null);
    Set<String> rest = new java.util.LinkedHashSet<>(tla);
    if (hang != null) {
      if (!mapper.hungThreads(result, hang).isEmpty()) {
        return hang;
      }
      rest.remove(hang.tla());
    }
    return rest.size() == 1 ? property(rest.iterator().next()) : together(rest);
  }

  /** Several temporal properties TLC checked together (with --fail-fast: which one is not asked). */
  private SourceMap.Property together(Set<String> tla) {
    List<String> names = tla.stream().map(t -> property(t).name()).toList();
    return new SourceMap.Property(String.join(" or ", names), null, "eventually", null, null, "one of these temporal properties");
  }
}

package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.lower.InitCode;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The part of Init the `init` block gives (docs/semantics.md, "The init block"): the variables
 * no path changes at their blank values, then one disjunct per path: its guards and
 * definitions around the values it gives every other variable (its own, or the blank one) and
 * `fault` (none, or the fault it ran into).
 */
final class InitForm {
  private InitForm() {}

  /** The operators naming the blank values of functions (see InitCode#blankNames), defined before Init. */
  static List<TlaModule.Unit> blankDefs(InitCode init, Map<String, TlaExpr> blank) {
    List<TlaModule.Unit> out = new ArrayList<>();
    init.blankNames().forEach((v, n) -> out.add(new TlaModule.OpDef(n, List.of(), blank.get(v),
        List.of("the blank value of " + v + ", which the init block starts from"), null)));
    return out;
  }

  static List<TlaExpr> paths(InitCode init, Map<String, TlaExpr> blank, TlaExpr noFault) {
    List<TlaExpr> out = new ArrayList<>();
    List<String> varying = new ArrayList<>();
    Map<String, TlaExpr> start = new java.util.LinkedHashMap<>();
    blank.forEach((v, value) -> start.put(v, init.blankNames().containsKey(v) ? name(init.blankNames().get(v)) : value));
    for (Map.Entry<String, TlaExpr> v : start.entrySet()) {
      boolean same = init.paths().stream().allMatch(p -> v.getValue().equals(p.values().getOrDefault(v.getKey(), v.getValue())));
      if (same) {
        out.add(eq(name(v.getKey()), v.getValue()));
      } else {
        varying.add(v.getKey());
      }
    }
    boolean faults = init.paths().stream().anyMatch(p -> p.fault() != null);
    if (!faults) {
      out.add(eq(name("fault"), noFault));
    }
    List<TlaExpr> disjuncts = new ArrayList<>();
    for (InitCode.InitPath p : init.paths()) {
      List<TlaExpr> body = new ArrayList<>();
      for (String v : varying) {
        body.add(eq(name(v), p.values().getOrDefault(v, start.get(v))));
      }
      if (faults) {
        body.add(eq(name("fault"), p.fault() != null ? p.fault() : noFault));
      }
      List<Action.Part> parts = p.parts();
      if (body.isEmpty()) {
        body.add(new TlaExpr.Bool(true));
      }
      for (int i = parts.size() - 1; i >= 0; i--) {
        body = parts.get(i).before(body);
      }
      TlaExpr d = body.size() == 1 ? body.get(0) : new TlaExpr.And(body);
      if (Binders.names(d).contains("self")) {
        // Only a value the translator derives from the running thread (a cache line's CPU) can
        // mention self; init is run by no thread, and NULL stands for it (as in its faults).
        d = new TlaExpr.Let(List.of(new TlaModule.OpDef("self", name("NULL"))), d);
      }
      disjuncts.add(d);
    }
    out.add(disjuncts.size() == 1 ? disjuncts.get(0) : new TlaExpr.Or(disjuncts));
    return out;
  }
}

package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Layout;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Rewrite;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A property's `live(S)` sets that TLC would evaluate more than once (used twice, or under a
 * quantifier or inside a set built element by element), named once at its top: {@code LET live_S == {o \in Pool_S :
 * S[o].st = "live"} IN …}. The same predicate (a LET definition without parameters means its
 * body wherever it is used), but TLC evaluates a LET definition once per evaluation of the
 * property and keeps its value, where the set written out is evaluated again at each use, and
 * again for every element of any quantifier or set built around it (a reachability closure
 * uses the live files once per file per round).
 */
final class LiveSets {
  private LiveSets() {}

  /** {@code property} with every live set over the current heap named by a LET at its top. */
  static TlaExpr hoist(TlaExpr property, Layout layout, Iterable<StructSym> structs) {
    Map<String, StructSym> byPool = new LinkedHashMap<>();
    for (StructSym s : structs) {
      byPool.put(layout.poolConst.get(s), s);
    }
    Map<StructSym, Integer> uses = new LinkedHashMap<>();
    Set<StructSym> worth = new java.util.HashSet<>();
    scan(property, false, byPool, layout, uses, worth);
    uses.forEach((s, n) -> {
      if (n >= 2) {
        worth.add(s);
      }
    });
    Set<String> taken = Binders.names(property);
    Map<StructSym, String> named = new LinkedHashMap<>();
    Map<StructSym, TlaExpr> sets = new LinkedHashMap<>();
    TlaExpr body = Rewrite.apply(property, e -> {
      StructSym s = liveSetOf(e, byPool, layout);
      if (s == null || !worth.contains(s)) {
        return null;
      }
      sets.putIfAbsent(s, e);
      return new TlaExpr.Name(named.computeIfAbsent(s, k -> layout.namer.bound("live_" + k.name(), taken::contains)));
    });
    if (named.isEmpty()) {
      return property;
    }
    List<TlaModule.OpDef> defs = new ArrayList<>();
    named.forEach((s, n) -> defs.add(new TlaModule.OpDef(n, List.of(), sets.get(s), List.of(), null)));
    return new TlaExpr.Let(defs, body);
  }

  /**
   * Counts the live sets in {@code e} into {@code uses}, and puts into {@code worth} those that
   * occur where TLC evaluates them once per element (under a quantifier, inside a set filter's
   * predicate, a set map's or a function's body, a CHOOSE): named, they are evaluated once.
   */
  private static void scan(TlaExpr e, boolean repeated, Map<String, StructSym> byPool, Layout layout,
      Map<StructSym, Integer> uses, Set<StructSym> worth) {
    Rewrite.apply(e, x -> {
      StructSym s = liveSetOf(x, byPool, layout);
      if (s != null) {
        uses.merge(s, 1, Integer::sum);
        if (repeated) {
          worth.add(s);
        }
        return x;
      }
      if (repeated) {
        return null;
      }
      List<TlaExpr.Bound> bounds;
      TlaExpr each;
      if (x instanceof TlaExpr.Quant q) {
        bounds = q.bounds();
        each = q.body();
      } else if (x instanceof TlaExpr.SetFilter f) {
        bounds = List.of(f.bound());
        each = f.pred();
      } else if (x instanceof TlaExpr.SetMap m) {
        bounds = m.bounds();
        each = m.e();
      } else if (x instanceof TlaExpr.FunCons c) {
        bounds = c.bounds();
        each = c.body();
      } else if (x instanceof TlaExpr.Choose c) {
        bounds = List.of(c.bound());
        each = c.pred();
      } else {
        return null;
      }
      bounds.forEach(b -> scan(b.set(), false, byPool, layout, uses, worth));
      scan(each, true, byPool, layout, uses, worth);
      return x;
    });
  }

  /**
   * The struct whose live set {@code e} is, {@code {o \in Pool_S : S[o].st = "live"}} with
   * {@code S} the heap variable itself (not an updated heap inside a step), or null.
   */
  private static StructSym liveSetOf(TlaExpr e, Map<String, StructSym> byPool, Layout layout) {
    if (!(e instanceof TlaExpr.SetFilter f) || !(f.bound().set() instanceof TlaExpr.Name pool)) {
      return null;
    }
    StructSym s = byPool.get(pool.id());
    if (s == null) {
      return null;
    }
    TlaExpr slot = new TlaExpr.FunApp(new TlaExpr.Name(layout.heapVar.get(s)), List.of(new TlaExpr.Name(f.bound().var())));
    TlaExpr live = new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(slot, "st"), new TlaExpr.Str("live"));
    return f.pred().equals(live) ? s : null;
  }
}

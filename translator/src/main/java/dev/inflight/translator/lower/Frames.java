package dev.inflight.translator.lower;

import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records a thread kind's locals live in (Layout#fold): the kind's record, and in it one
 * nested record per inlined function, its frame, which is NULL while the thread is not inside
 * the function (Store#leave; docs/semantics.md, "Locals"). Each record's blank value (every
 * field at its initial value, a frame NULL) is a module-level definition: Init
 * starts every thread of the kind with the kind's, and a step that writes every field of a record
 * back to its initial value (a function returning resets its frame, a thread ending resets all
 * its locals) writes the record whole, by that name, instead of field by field
 * ({@link #collapse}; docs/semantics.md, "Locals"). It is the same value: the state, and so the
 * state space, do not change; the module gets shorter and TLC does one update instead of many.
 */
public final class Frames {
  /**
   * A record of locals: at {@code path} under {@code var[self]} (empty: the kind's whole record),
   * its blank value defined as {@code name}, its fields in order with their initial values (a
   * nested frame's is its name).
   */
  public record Frame(String var, List<String> path, String name, List<Map.Entry<String, TlaExpr>> fields) {
    public TlaExpr blank() {
      return new TlaExpr.Name(name);
    }
  }

  /** Per locals variable, per record path: the record's name and its fields so far. */
  private final Map<String, Map<List<String>, Building>> byVar = new LinkedHashMap<>();

  private static final class Building {
    final String name;
    final LinkedHashMap<String, TlaExpr> fields = new LinkedHashMap<>();

    Building(String name) {
      this.name = name;
    }
  }

  /**
   * Records that the local at {@code fields} under {@code var[self]} starts at {@code initial};
   * {@code kind} and {@code frameOwner} (null for the kind's own record) name the records.
   */
  void add(Namer namer, String kind, String var, List<String> fields, String frameOwner, TlaExpr initial) {
    Map<List<String>, Building> records = byVar.computeIfAbsent(var, k -> new LinkedHashMap<>());
    Building root = records.computeIfAbsent(List.of(), k -> new Building(namer.name(List.of("blank", var), var + "_init")));
    if (fields.size() == 1) {
      root.fields.put(fields.get(0), initial);
      return;
    }
    List<String> at = fields.subList(0, 1);
    Building frame = records.computeIfAbsent(List.copyOf(at),
        k -> new Building(namer.name(List.of("blank", var, at.get(0)), kind + "_" + frameOwner + "_init")));
    root.fields.putIfAbsent(at.get(0), ExprGen.NULL);
    frame.fields.put(fields.get(1), initial);
  }

  /**
   * Threads start inside these functions (their first label is in them): their frames start
   * live, at their blank values, instead of NULL.
   */
  void liveAtStart(String var, java.util.Collection<String> frameFields) {
    Map<List<String>, Building> records = byVar.get(var);
    for (String f : frameFields) {
      records.get(List.of()).fields.put(f, new TlaExpr.Name(records.get(List.of(f)).name));
    }
  }

  /** The frame held in field {@code frameField} of {@code var}'s record. */
  Frame frame(String var, String frameField) {
    return frame(var, List.of(frameField), byVar.get(var).get(List.of(frameField)));
  }

  /** The records of a locals variable, each nested frame before the record that holds it. */
  public List<Frame> of(String var) {
    Map<List<String>, Building> records = byVar.get(var);
    if (records == null) {
      return List.of();
    }
    List<Frame> out = new ArrayList<>();
    records.forEach((path, b) -> {
      if (!path.isEmpty()) {
        out.add(frame(var, path, b));
      }
    });
    out.add(frame(var, List.of(), records.get(List.of())));
    return out;
  }

  private static Frame frame(String var, List<String> path, Building b) {
    return new Frame(var, path, b.name, List.copyOf(b.fields.entrySet()));
  }

  /**
   * An update list of {@code var} (a locals variable) with every record whose fields it all
   * writes back to their initial values, and nothing else under it, written whole: those updates
   * become one, {@code ![self].frame = blank}, where the first of them was. Updates at disjoint
   * paths commute, and nothing else in the list is under the record (nor is {@code [self]}
   * written whole: Store keeps locals slot by slot), so the list means the same.
   */
  List<TlaExpr.Update> collapse(String var, List<TlaExpr.Update> updates) {
    List<Frame> frames = of(var);
    if (frames.isEmpty()) {
      return updates;
    }
    List<TlaExpr.Update> out = new ArrayList<>(updates);
    for (Frame f : frames) { // nested frames first: their blank names then count for their record
      List<TlaExpr.PathElem> base = new ArrayList<>();
      base.add(new TlaExpr.Index(ExprGen.SELF));
      f.path().forEach(p -> base.add(new TlaExpr.Field(p)));
      Map<String, TlaExpr> want = new LinkedHashMap<>();
      f.fields().forEach(e -> want.put(e.getKey(), e.getValue()));
      int first = -1;
      int hits = 0;
      boolean whole = true;
      for (int i = 0; i < out.size() && whole; i++) {
        List<TlaExpr.PathElem> p = out.get(i).path();
        if (p.size() <= base.size() || !p.subList(0, base.size()).equals(base)) {
          continue;
        }
        TlaExpr.PathElem last = p.get(base.size());
        whole = p.size() == base.size() + 1 && last instanceof TlaExpr.Field fd
            && out.get(i).value().equals(want.get(fd.name()));
        hits++;
        first = first < 0 ? i : first;
      }
      if (!whole || hits != want.size()) {
        continue;
      }
      List<TlaExpr.Update> next = new ArrayList<>();
      for (int i = 0; i < out.size(); i++) {
        List<TlaExpr.PathElem> p = out.get(i).path();
        boolean under = p.size() > base.size() && p.subList(0, base.size()).equals(base);
        if (i == first) {
          next.add(new TlaExpr.Update(base, f.blank()));
        } else if (!under) {
          next.add(out.get(i));
        }
      }
      out = next;
    }
    return out;
  }
}

package dev.inflight.translator.lower;

import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The symbolic state of one path through a step: for each state variable the step changed, its
 * new value as an expression over the old state. Reads see earlier writes of the same step.
 * Point updates (`v[self]`, `heap[o].f`) are kept as one EXCEPT per variable, and a read of a
 * point that the step wrote (syntactically the same key) returns the written value directly,
 * which keeps the generated actions readable.
 */
final class Store {
  private record Upd(List<TlaExpr.PathElem> path, TlaExpr value) {}

  /** A variable's new value: either replaced whole, or the old value with point updates. */
  private static final class Cell {
    TlaExpr whole;
    final List<Upd> updates = new ArrayList<>();

    Cell copy() {
      Cell c = new Cell();
      c.whole = whole;
      c.updates.addAll(updates);
      return c;
    }
  }

  private final LinkedHashMap<String, Cell> cells = new LinkedHashMap<>();

  /**
   * Where each thread-local lives (Layout#slot): a local {@code l} read or written at
   * {@code self} is field {@code l}'s slot of the kind's record. Null: every local is a variable.
   */
  private final java.util.function.Function<String, Layout.Slot> slots;

  /** The records the locals live in: an update list of a locals variable collapses whole records (Frames#collapse). */
  private final Frames frames;

  Store(Layout layout) {
    this(layout::slot, layout.frames);
  }

  private Store(java.util.function.Function<String, Layout.Slot> slots, Frames frames) {
    this.slots = slots;
    this.frames = frames;
  }

  private Layout.Slot slot(String var, TlaExpr key) {
    return slots == null || !key.equals(ExprGen.SELF) ? null : slots.apply(var);
  }

  /**
   * Names an intermediate value (as a LET definition of the path) and returns the name; null
   * means values stay inline. Naming the new value of a variable the first time a point of it
   * is read through an EXCEPT keeps long atomic steps linear in size instead of nesting
   * EXCEPTs inside EXCEPTs.
   */
  java.util.function.BiFunction<String, TlaExpr, TlaExpr> binder;

  Store copy() {
    Store s = new Store(slots, frames);
    cells.forEach((k, v) -> s.cells.put(k, v.copy()));
    return s;
  }

  /**
   * The current value of a whole variable by name, for an expression that applies it to many
   * keys: the variable itself, or, once the step has written it, a LET definition of the path
   * naming its value. Unlike {@link #materialized}, the store keeps its updates, so later reads of
   * what the step wrote still see the written values themselves.
   */
  TlaExpr snapshot(String var) {
    Cell c = cells.get(var);
    if (c == null) {
      return new TlaExpr.Name(var);
    }
    if (c.updates.isEmpty() && c.whole instanceof TlaExpr.Name) {
      return c.whole;
    }
    return binder == null ? value(var, c) : binder.apply(var, value(var, c));
  }

  /** The current value of a variable as something cheap to apply: a name. */
  private TlaExpr materialized(String var) {
    Cell c = cells.get(var);
    if (c == null) {
      return new TlaExpr.Name(var);
    }
    if (c.updates.isEmpty() && c.whole instanceof TlaExpr.Name) {
      return c.whole;
    }
    if (binder == null) {
      return value(var, c);
    }
    TlaExpr named = binder.apply(var, value(var, c));
    Cell fresh = new Cell();
    fresh.whole = named;
    cells.put(var, fresh);
    return named;
  }

  /** The current value of a whole variable. */
  TlaExpr read(String var) {
    Cell c = cells.get(var);
    if (c == null) {
      return new TlaExpr.Name(var);
    }
    if (c.updates.isEmpty() && binder != null && computed(c.whole)) {
      c.whole = binder.apply(var, c.whole);
    }
    return value(var, c);
  }

  /**
   * A written value read again in the same step: a computed one (it binds variables: a
   * comprehension, a quantifier, a closure) is named first, as a LET definition of the path
   * (named after {@code hint}), and the write keeps the name too, so the step spells the
   * computation out once, not once per use. A zero-argument LET definition means its body, so
   * the action is the same; TLC evaluates it once per step. The LET encloses the rest of the
   * path, the write included; its body reads only the old state and names already bound.
   */
  private TlaExpr reread(String hint, Cell c, int i) {
    Upd u = c.updates.get(i);
    if (binder == null || !computed(u.value)) {
      return u.value;
    }
    TlaExpr named = binder.apply(hint, u.value);
    c.updates.set(i, new Upd(u.path, named));
    return named;
  }

  private static boolean computed(TlaExpr e) {
    return e != null && !(e instanceof TlaExpr.Name) && !dev.inflight.translator.tla.Binders.bound(e).isEmpty();
  }

  private TlaExpr value(String var, Cell c) {
    TlaExpr base = c.whole != null ? c.whole : new TlaExpr.Name(var);
    if (c.updates.isEmpty()) {
      return base;
    }
    List<TlaExpr.Update> ups = new ArrayList<>();
    for (Upd u : c.updates) {
      ups.add(new TlaExpr.Update(u.path, u.value));
    }
    return new TlaExpr.Except(base, frames.collapse(var, ups));
  }

  /** The current value of {@code var[key]}. */
  TlaExpr readAt(String var, TlaExpr key) {
    Layout.Slot slot = slot(var, key);
    if (slot != null) {
      return readSlot(slot);
    }
    Cell c = cells.get(var);
    List<TlaExpr.PathElem> want = List.of(new TlaExpr.Index(key));
    if (c != null) {
      for (int i = c.updates.size() - 1; i >= 0; i--) {
        Upd u = c.updates.get(i);
        if (u.path.equals(want)) {
          return reread(var, c, i);
        }
        if (u.path.get(0).equals(want.get(0))) {
          break; // a field of that element changed after: build the full read
        }
      }
    }
    return new TlaExpr.FunApp(materialized(var), List.of(key));
  }

  /** The current value of {@code var[key].field}. */
  TlaExpr readField(String var, TlaExpr key, String field) {
    Cell c = cells.get(var);
    List<TlaExpr.PathElem> want = List.of(new TlaExpr.Index(key), new TlaExpr.Field(field));
    if (c != null) {
      for (int i = c.updates.size() - 1; i >= 0; i--) {
        Upd u = c.updates.get(i);
        if (u.path.equals(want)) {
          return reread(field, c, i);
        }
        if (u.path.size() == 1 && u.path.get(0).equals(want.get(0)) && u.value instanceof TlaExpr.Record r) {
          for (Map.Entry<String, TlaExpr> f : r.fields()) {
            if (f.getKey().equals(field)) {
              return f.getValue();
            }
          }
        }
      }
    }
    return new TlaExpr.Select(readAt(var, key), field);
  }

  /** A slot's path in its record variable: {@code [self].frame.field}. */
  private static List<TlaExpr.PathElem> pathOf(Layout.Slot slot) {
    List<TlaExpr.PathElem> path = new ArrayList<>();
    path.add(new TlaExpr.Index(ExprGen.SELF));
    slot.fields().forEach(f -> path.add(new TlaExpr.Field(f)));
    return path;
  }

  /**
   * The current value of a local in its kind's record. The record is only ever written slot by
   * slot at self (never whole, never at another thread; records written whole only appear in
   * the emitted update list, Frames#collapse), and no slot's path is a prefix of another's, so
   * a slot this path did not write still has its value in the old state.
   */
  private TlaExpr readSlot(Layout.Slot slot) {
    List<TlaExpr.PathElem> want = pathOf(slot);
    Cell c = cells.get(slot.var());
    if (c != null) {
      for (int i = 0; i < c.updates.size(); i++) {
        if (c.updates.get(i).path.equals(want)) {
          return reread(slot.fields().get(slot.fields().size() - 1), c, i);
        }
      }
    }
    TlaExpr out = new TlaExpr.FunApp(new TlaExpr.Name(slot.var()), List.of(ExprGen.SELF));
    for (String f : slot.fields()) {
      out = new TlaExpr.Select(out, f);
    }
    return out;
  }

  void write(String var, TlaExpr value) {
    Cell c = new Cell();
    c.whole = value;
    cells.put(var, c);
  }

  void writeAt(String var, TlaExpr key, TlaExpr value) {
    Layout.Slot slot = slot(var, key);
    if (slot != null) {
      update(slot.var(), pathOf(slot), value);
      return;
    }
    update(var, List.of(new TlaExpr.Index(key)), value);
  }

  void writeField(String var, TlaExpr key, String field, TlaExpr value) {
    update(var, List.of(new TlaExpr.Index(key), new TlaExpr.Field(field)), value);
  }

  private void update(String var, List<TlaExpr.PathElem> path, TlaExpr value) {
    Cell c = cells.computeIfAbsent(var, k -> new Cell());
    // A later write to the same point replaces the earlier one (keeps EXCEPT lists short).
    c.updates.removeIf(u -> u.path.equals(path) || (u.path.size() > path.size() && u.path.subList(0, path.size()).equals(path)));
    c.updates.add(new Upd(path, value));
  }

  /** The variables this path changed, with their new values, in first-write order. */
  LinkedHashMap<String, TlaExpr> changes() {
    LinkedHashMap<String, TlaExpr> out = new LinkedHashMap<>();
    cells.forEach((k, v) -> out.put(k, value(k, v)));
    return out;
  }
}

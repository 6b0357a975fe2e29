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
  /** A point update; {@code seq} orders a cell's updates by when they were first made. */
  private record Upd(List<TlaExpr.PathElem> path, TlaExpr value, int seq) {}

  /** A variable's new value: either replaced whole, or the old value with point updates. */
  private static final class Cell {
    TlaExpr whole;
    final List<Upd> updates = new ArrayList<>();
    /** The next update's {@code seq}. */
    int seq;
    /**
     * A LET definition of the path naming this value as it was when the updates numbered below
     * {@code namedUpto} had been made (Store#snapshot), or null; see {@link Store#value}.
     */
    TlaExpr named;
    int namedUpto;

    Cell copy() {
      Cell c = new Cell();
      c.whole = whole;
      c.updates.addAll(updates);
      c.seq = seq;
      c.named = named;
      c.namedUpto = namedUpto;
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

  /**
   * The frames (fields of the stepping thread's record) that are records when the step starts;
   * every other frame is NULL then (docs/semantics.md, "Locals").
   */
  private final java.util.Set<String> liveAtStart;

  /** The stepping thread kind's record of locals (null: none, or a state predicate's store). */
  private final String framesVar;

  /** A store for a state predicate: no thread steps, so no locals are read at {@code self}. */
  Store(Layout layout) {
    this(layout, null, java.util.Set.of());
  }

  /**
   * A store for a step of a thread kind whose locals are the record {@code framesVar} (null if
   * none), starting with the frames {@code liveAtStart} live (StepContext#liveFrames).
   */
  Store(Layout layout, String framesVar, java.util.Set<String> liveAtStart) {
    this(layout::slot, layout.frames, framesVar, liveAtStart);
  }

  private Store(java.util.function.Function<String, Layout.Slot> slots, Frames frames, String framesVar,
      java.util.Set<String> liveAtStart) {
    this.slots = slots;
    this.frames = frames;
    this.framesVar = framesVar;
    this.liveAtStart = java.util.Set.copyOf(liveAtStart);
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
    Store s = new Store(slots, frames, framesVar, liveAtStart);
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
    if (binder == null) {
      return value(var, c);
    }
    if (c.named != null && c.namedUpto == c.seq) {
      return c.named; // nothing written since it was named
    }
    TlaExpr named = binder.apply(var, value(var, c));
    c.named = named;
    c.namedUpto = c.seq;
    return named;
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
    return reread(hint, c, i, computed(c.updates.get(i).value));
  }

  private TlaExpr reread(String hint, Cell c, int i, boolean name) {
    Upd u = c.updates.get(i);
    if (binder == null || !name) {
      return u.value;
    }
    TlaExpr named = binder.apply(hint, u.value);
    c.updates.set(i, new Upd(u.path, named, u.seq));
    return named;
  }

  /**
   * A local's value worth a name when read again (docs/semantics.md, "Locals"): anything but a
   * name, a literal, an empty set or sequence, or the local of a frame as the state has it.
   */
  private static boolean compound(TlaExpr e) {
    while (e instanceof TlaExpr.Sourced s) {
      e = s.e();
    }
    if (e == null || e instanceof TlaExpr.Name || e instanceof TlaExpr.Num || e instanceof TlaExpr.Str
        || e instanceof TlaExpr.Bool || e instanceof TlaExpr.At
        || e instanceof TlaExpr.SetOf set && set.elems().isEmpty() || e instanceof TlaExpr.Tuple t && t.elems().isEmpty()) {
      return false;
    }
    TlaExpr x = e;
    while (x instanceof TlaExpr.Select sel) {
      x = sel.rec();
    }
    // a local as the state has it (emit/LocalReads names those)
    return !(x != e && x instanceof TlaExpr.FunApp f && f.fn() instanceof TlaExpr.Name && f.args().equals(List.of(ExprGen.SELF)));
  }

  private static boolean computed(TlaExpr e) {
    return e != null && !(e instanceof TlaExpr.Name) && !dev.inflight.translator.tla.Binders.bound(e).isEmpty();
  }

  /**
   * A cell's value: its base (the variable, or what the step wrote whole) with its updates. Once
   * the value was named (Store#snapshot: {@code N == [base EXCEPT u1, ..., uk]}), it is written
   * {@code [N EXCEPT <the updates made since>]}. That is the same function: EXCEPT applies its
   * updates in order, and an update among u1..uk that is no longer in the list was removed by a
   * later one at its path or a prefix of it (Store#update), which overwrites all it wrote; every
   * update since that was removed was overwritten the same way.
   */
  private TlaExpr value(String var, Cell c) {
    TlaExpr base = c.named != null ? c.named : c.whole != null ? c.whole : new TlaExpr.Name(var);
    List<Upd> later = c.named == null ? c.updates : c.updates.stream().filter(u -> u.seq >= c.namedUpto).toList();
    if (later.isEmpty()) {
      return base;
    }
    List<TlaExpr.Update> ups = new ArrayList<>();
    for (Upd u : later) {
      boolean entered = var.equals(framesVar) && u.path.size() == 2 && u.value instanceof TlaExpr.Record;
      ups.add(new TlaExpr.Update(u.path, entered ? entered(var, ((TlaExpr.Field) u.path.get(1)).name(), (TlaExpr.Record) u.value) : u.value));
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
    TlaExpr inFrame = slot.fields().size() == 2 ? readFrameSlot(slot) : null;
    if (inFrame != null) {
      return inFrame;
    }
    List<TlaExpr.PathElem> want = pathOf(slot);
    Cell c = cells.get(slot.var());
    if (c != null) {
      for (int i = 0; i < c.updates.size(); i++) {
        if (c.updates.get(i).path.equals(want)) {
          return reread(slot.fields().get(slot.fields().size() - 1), c, i, compound(c.updates.get(i).value));
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
    c.whole = Simplify.constants(value);
    cells.put(var, c);
  }

  void writeAt(String var, TlaExpr key, TlaExpr value) {
    Layout.Slot slot = slot(var, key);
    if (slot != null && slot.fields().size() == 2) {
      writeFrameSlot(slot, value);
      return;
    }
    if (slot != null) {
      update(slot.var(), pathOf(slot), value);
      return;
    }
    update(var, List.of(new TlaExpr.Index(key)), value);
  }

  void writeField(String var, TlaExpr key, String field, TlaExpr value) {
    update(var, List.of(new TlaExpr.Index(key), new TlaExpr.Field(field)), value);
  }

  private void update(String var, List<TlaExpr.PathElem> path, TlaExpr written) {
    TlaExpr value = Simplify.constants(written); // `(1 + 1) - 1` is 1, as in guards (Simplify#constants)
    Cell c = cells.computeIfAbsent(var, k -> new Cell());
    if (intoRecord(var, c, path, value)) {
      return;
    }
    // A later write to the same point replaces the earlier one (keeps EXCEPT lists short).
    c.updates.removeIf(u -> u.path.equals(path) || (u.path.size() > path.size() && u.path.subList(0, path.size()).equals(path)));
    c.updates.add(new Upd(path, value, c.seq++));
  }

  /**
   * A field written right after its object was written whole as a record literal (an alloc and
   * then its initialisation, `x = alloc s; x.n = 1`) goes into the literal: {@code [h EXCEPT ![k] =
   * [n |-> 0, …], ![k].n = 1]} is {@code [h EXCEPT ![k] = [n |-> 1, …]]}. Only for the cell's
   * last update (one between could be at the same object under another name, and would then be
   * overwritten in the other order), not a frame's, and not one inside the cell's named value.
   */
  private boolean intoRecord(String var, Cell c, List<TlaExpr.PathElem> path, TlaExpr value) {
    if (var.equals(framesVar) || path.size() != 2 || !(path.get(1) instanceof TlaExpr.Field f) || c.updates.isEmpty()) {
      return false;
    }
    int last = c.updates.size() - 1;
    Upd u = c.updates.get(last);
    if (!u.path.equals(path.subList(0, 1)) || !(u.value instanceof TlaExpr.Record r) || (c.named != null && u.seq < c.namedUpto)) {
      return false;
    }
    for (int i = 0; i < r.fields().size(); i++) {
      if (r.fields().get(i).getKey().equals(f.name())) {
        c.updates.set(last, new Upd(u.path, with(r, i, value), u.seq));
        return true;
      }
    }
    return false;
  }

  // ---------------------------------------------------------------- function frames

  /*
   * A function's locals live in its frame, a field of the thread's record that is NULL while the
   * thread is not inside the function (docs/semantics.md, "Locals"). In a step a frame is in one
   * of three forms: not written (a record if the step started inside the function, else NULL),
   * written whole (one update at the frame's path: a record literal of every field, or NULL), or
   * updated field by field (only when it was a record at the start). A frame is never written
   * both whole and by field, so the update list means what it says in any order.
   */

  private static List<TlaExpr.PathElem> framePath(String frame) {
    return List.of(new TlaExpr.Index(ExprGen.SELF), new TlaExpr.Field(frame));
  }

  /** The update writing frame {@code frame} of {@code var} whole in this step, or -1. */
  private int wholeWrite(Cell c, String frame) {
    List<TlaExpr.PathElem> at = framePath(frame);
    for (int i = 0; c != null && i < c.updates.size(); i++) {
      if (c.updates.get(i).path.equals(at)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the frame is a record now (not NULL) on this path. */
  private boolean live(String var, String frame) {
    Cell c = cells.get(var);
    int w = wholeWrite(c, frame);
    return w >= 0 ? c.updates.get(w).value instanceof TlaExpr.Record : liveAtStart.contains(frame);
  }

  /**
   * A function's local read from a frame the step wrote whole, or from a NULL frame (its initial
   * value); null when the frame was live at the step's start and not written whole, where the
   * local is read as any slot is ({@link #readSlot}).
   */
  private TlaExpr readFrameSlot(Layout.Slot slot) {
    String frame = slot.fields().get(0);
    String field = slot.fields().get(1);
    Cell c = cells.get(slot.var());
    int w = wholeWrite(c, frame);
    if (w >= 0 && c.updates.get(w).value instanceof TlaExpr.Record r) {
      int at = indexOf(r, field);
      TlaExpr v = r.fields().get(at).getValue();
      if (binder == null || !compound(v)) {
        return v;
      }
      TlaExpr named = binder.apply(field, v);
      c.updates.set(w, new Upd(c.updates.get(w).path, with(r, at, named), c.updates.get(w).seq));
      return named;
    }
    if (w >= 0 || !liveAtStart.contains(frame)) {
      return initial(slot.var(), frame, field); // a NULL frame: every local of it at its initial value
    }
    return null;
  }

  private void writeFrameSlot(Layout.Slot slot, TlaExpr value) {
    String frame = slot.fields().get(0);
    String field = slot.fields().get(1);
    Cell c = cells.get(slot.var());
    int w = wholeWrite(c, frame);
    if (w < 0 && liveAtStart.contains(frame)) {
      update(slot.var(), pathOf(slot), value);
      return;
    }
    TlaExpr.Record r = w >= 0 && c.updates.get(w).value instanceof TlaExpr.Record old ? old : blank(slot.var(), frame);
    update(slot.var(), framePath(frame), with(r, indexOf(r, field), value)); // entering: the frame written whole
  }

  /**
   * The thread leaves the function whose frame is {@code frame}: the frame becomes NULL (it held
   * only the function's locals, which are dead now).
   */
  void leave(String var, String frame) {
    update(var, framePath(frame), ExprGen.NULL);
  }

  /**
   * The step ends where exactly the frames {@code live} are records: a frame that must be live
   * and is NULL is entered (written whole at its blank value; a function entered at a label,
   * before any of its locals was written). A frame that is live but must be NULL means the path
   * left a function without its reset: a translator bug, refused rather than merged.
   */
  void settle(java.util.Set<String> live, Object where) {
    if (framesVar == null) {
      return;
    }
    for (Frames.Frame f : frames.of(framesVar)) {
      if (f.path().size() != 1) {
        continue;
      }
      String frame = f.path().get(0);
      boolean now = live(framesVar, frame);
      if (live.contains(frame) && !now) {
        update(framesVar, framePath(frame), blank(framesVar, frame));
      } else if (!live.contains(frame) && now) {
        throw new IllegalStateException("frame " + frame + " of " + framesVar + " still live where the step ends, " + where);
      }
    }
  }

  /** A frame written whole, as its blank value's name with the fields that differ: `[f_init EXCEPT !.s = sk]`. */
  private TlaExpr entered(String var, String frame, TlaExpr.Record r) {
    Frames.Frame f = frames.frame(var, frame);
    List<TlaExpr.Update> diffs = new ArrayList<>();
    for (int i = 0; i < r.fields().size(); i++) {
      Map.Entry<String, TlaExpr> e = r.fields().get(i);
      if (!e.getValue().equals(f.fields().get(i).getValue())) {
        diffs.add(new TlaExpr.Update(List.of(new TlaExpr.Field(e.getKey())), e.getValue()));
      }
    }
    return diffs.isEmpty() ? f.blank() : new TlaExpr.Except(f.blank(), diffs);
  }

  private TlaExpr.Record blank(String var, String frame) {
    return new TlaExpr.Record(frames.frame(var, frame).fields());
  }

  private TlaExpr initial(String var, String frame, String field) {
    TlaExpr.Record b = blank(var, frame);
    return b.fields().get(indexOf(b, field)).getValue();
  }

  private static int indexOf(TlaExpr.Record r, String field) {
    for (int i = 0; i < r.fields().size(); i++) {
      if (r.fields().get(i).getKey().equals(field)) {
        return i;
      }
    }
    throw new IllegalStateException("no local " + field + " in frame " + r);
  }

  private static TlaExpr.Record with(TlaExpr.Record r, int at, TlaExpr value) {
    List<Map.Entry<String, TlaExpr>> fs = new ArrayList<>(r.fields());
    fs.set(at, Map.entry(fs.get(at).getKey(), value));
    return new TlaExpr.Record(fs);
  }

  /** The variables this path changed, with their new values, in first-write order. */
  LinkedHashMap<String, TlaExpr> changes() {
    LinkedHashMap<String, TlaExpr> out = new LinkedHashMap<>();
    cells.forEach((k, v) -> out.put(k, value(k, v)));
    return out;
  }
}

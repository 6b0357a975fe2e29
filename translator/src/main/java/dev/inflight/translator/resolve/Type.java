package dev.inflight.translator.resolve;

/** The types of the model language. Objects are typed by their struct. */
public sealed interface Type {

  /** A short description for messages: `int`, `bool`, `sock`, `set of sock`, … */
  String describe();

  /** Whether a value of type {@code other} may be stored where this type is expected. */
  default boolean accepts(Type other) {
    if (this instanceof Error || other instanceof Error) {
      return true;
    }
    if (this instanceof Obj a && other instanceof Obj b) {
      return a.struct == null || b.struct == null || a.struct == b.struct;
    }
    if (this instanceof SetT a && other instanceof SetT b) {
      return a.elem == null || b.elem == null || a.elem == b.elem;
    }
    return this.equals(other);
  }

  record Int() implements Type {
    public String describe() { return "int"; }
  }

  record Bool() implements Type {
    public String describe() { return "bool"; }
  }

  /** A pointer to an object of {@code struct}; struct null is the type of `null`. */
  record Obj(StructSym struct) implements Type {
    public String describe() { return struct == null ? "null" : struct.name(); }
  }

  /** A set of object references; elem null for `{}`. */
  record SetT(StructSym elem) implements Type {
    public String describe() { return elem == null ? "empty set" : "set of " + elem.name(); }
  }

  /**
   * A sequence of object references: a bounded FIFO (`queue q of S max N`) or, with
   * {@code list}, an ordered kernel list (`list l of S`), whose length only the pool bounds.
   */
  record QueueT(StructSym elem, boolean list) implements Type {
    public String describe() { return (list ? "list of " : "queue of ") + elem.name(); }
  }

  record Lock() implements Type {
    public String describe() { return "lock"; }
  }

  /** A work item (`work NAME: FN`). */
  record Work() implements Type {
    public String describe() { return "work item"; }
  }

  /** A refcount cell: reads as an int, but only get/put change it. */
  record RefCount() implements Type {
    public String describe() { return "refcount"; }
  }

  /** The type of a call that returns nothing. */
  record Void() implements Type {
    public String describe() { return "nothing"; }
  }

  /** Poison: the expression already has an error; no further messages about it. */
  record Error() implements Type {
    public String describe() { return "<error>"; }
  }

  Type INT = new Int();
  Type BOOL = new Bool();
  Type NULL = new Obj(null);
  Type LOCK = new Lock();
  Type WORK = new Work();
  Type REFCOUNT = new RefCount();
  Type VOID = new Void();
  Type ERROR = new Error();

  /**
   * What a variable typed {@code known} holds once a value of type {@code seen} flows into it
   * (or it is used where {@code seen} is expected). Inference starts from partial types that
   * later evidence completes: no type yet (null), a type not known yet ({@link Error}, e.g. a
   * local read before the pass that assigns it), an object of no known struct (the type of
   * `null`) and a set of no known element (the type of `{}`). Those give way to a known struct;
   * anything else stays {@code known}.
   */
  static Type refine(Type known, Type seen) {
    if (seen == null || seen instanceof Void) {
      return known;
    }
    if (known == null || (known instanceof Error && !(seen instanceof Error))) {
      return seen;
    }
    if (known instanceof Obj k && k.struct == null && seen instanceof Obj s && s.struct != null) {
      return seen;
    }
    if (known instanceof SetT k && k.elem == null && seen instanceof SetT s && s.elem != null) {
      return seen;
    }
    return known;
  }

  static boolean isObj(Type t) {
    return t instanceof Obj;
  }

  static boolean isIntLike(Type t) {
    return t instanceof Int || t instanceof RefCount || t instanceof Error;
  }
}

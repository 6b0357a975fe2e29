package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.check.ConstEval;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Initial values: of a type, of a declared member, and of a freshly allocated object. */
public final class Defaults {
  private Defaults() {}

  /** The value a variable of this type starts with (and gets back when it goes dead). */
  public static TlaExpr of(Type t) {
    if (t instanceof Type.Int || t instanceof Type.RefCount || t == null || t instanceof Type.Error) {
      return new TlaExpr.Num(0);
    }
    if (t instanceof Type.Bool) {
      return new TlaExpr.Bool(false);
    }
    if (t instanceof Type.SetT) {
      return new TlaExpr.SetOf(List.of());
    }
    if (t instanceof Type.QueueT) {
      return new TlaExpr.Tuple(List.of());
    }
    return ExprGen.NULL; // objects and locks (a free lock has no holder)
  }

  /** A translator-made local's initial value: a loop counter 0, a `for` snapshot {}. */
  static TlaExpr hidden(Cfg.HiddenKind kind) {
    return switch (kind) {
      case COUNTER -> new TlaExpr.Num(0);
      case SNAPSHOT -> new TlaExpr.SetOf(List.of());
      case SEQUENCE -> new TlaExpr.Tuple(List.of());
    };
  }

  /** The initial value of a declared member: its initialiser, else its type's default. */
  public static TlaExpr member(Member m, Type t, Program program) {
    Expr init = m instanceof Member.Ref r ? r.init() : m instanceof Member.Plain p ? p.init() : null;
    if (init != null && !(init instanceof Expr.NullLit)) {
      Object v = new ConstEval(program).eval(init);
      if (v instanceof Long l) {
        return new TlaExpr.Num(l);
      }
      if (v instanceof Boolean b) {
        return new TlaExpr.Bool(b);
      }
    }
    return of(t);
  }

  /**
   * The record of an object slot: `st` plus every field at its initial value, and (costs
   * tracked) the CPU owning each refcount's cache line: {@code cpu}.
   */
  public static TlaExpr record(StructSym s, Layout layout, String status, TlaExpr cpu) {
    List<Map.Entry<String, TlaExpr>> fields = new ArrayList<>();
    fields.add(Map.entry("st", new TlaExpr.Str(status)));
    for (FieldSym f : s.fields().values()) {
      TlaExpr v = status.equals("live") ? member(f.member, f.type, layout.program) : of(f.type);
      fields.add(Map.entry(layout.fieldName.get(f), v));
    }
    for (FieldSym f : s.fields().values()) {
      if (layout.lineField.containsKey(f)) {
        fields.add(Map.entry(layout.lineField.get(f), cpu));
      }
    }
    return new TlaExpr.Record(fields);
  }

  /** A freshly allocated object: its cache lines belong to the allocating CPU. */
  static TlaExpr liveRecord(StructSym s, Layout layout) {
    return record(s, layout, "live", new TlaExpr.Apply("CpuOf", List.of(ExprGen.SELF)));
  }
}

package dev.inflight.translator.emit;

import dev.inflight.translator.tla.Parts;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Record fields as string keys, while emit/SharedBodies anti-unifies label actions: in TLA+ a
 * record is a function from its field names, {@code r.f} is {@code r["f"]} and an EXCEPT's
 * {@code !.f} is {@code !["f"]}. Written as keys, two copies of a function inlined at call sites
 * whose frames are different fields of the locals ({@code ![self].sys_write.err = 0} in one,
 * {@code ![self].sys_sendmsg.err = 0} in the other) differ in a literal, which a parameter can
 * stand for ({@code ![self][frame].err = 0}). {@link #lift} writes every field as a marked key;
 * {@link #lower} writes every marked key that is still a literal back as a field, and
 * {@link #argument} a marked literal passed as an argument as the plain string.
 */
final class FieldKeys {
  /** Marks a key that was a field: no string of a model starts with it. */
  private static final String MARK = "\u0001field:";

  private FieldKeys() {}

  static TlaExpr lift(TlaExpr e) {
    return map(e, x -> {
      if (x instanceof TlaExpr.Select s) {
        return new TlaExpr.FunApp(s.rec(), List.of(new TlaExpr.Str(MARK + s.field())));
      }
      if (x instanceof TlaExpr.Except ex) {
        List<TlaExpr.Update> ups = new ArrayList<>();
        for (TlaExpr.Update u : ex.updates()) {
          List<TlaExpr.PathElem> path = new ArrayList<>();
          for (TlaExpr.PathElem p : u.path()) {
            path.add(p instanceof TlaExpr.Field f ? new TlaExpr.Index(new TlaExpr.Str(MARK + f.name())) : p);
          }
          ups.add(new TlaExpr.Update(path, u.value()));
        }
        return new TlaExpr.Except(ex.base(), ups);
      }
      return x;
    });
  }

  static TlaExpr lower(TlaExpr e) {
    return map(e, x -> {
      if (x instanceof TlaExpr.FunApp f && f.args().size() == 1 && f.args().get(0) instanceof TlaExpr.Str s && s.v().startsWith(MARK)) {
        return new TlaExpr.Select(f.fn(), s.v().substring(MARK.length()));
      }
      if (x instanceof TlaExpr.Except ex) {
        List<TlaExpr.Update> ups = new ArrayList<>();
        for (TlaExpr.Update u : ex.updates()) {
          List<TlaExpr.PathElem> path = new ArrayList<>();
          for (TlaExpr.PathElem p : u.path()) {
            path.add(p instanceof TlaExpr.Index i && i.key() instanceof TlaExpr.Str s && s.v().startsWith(MARK)
                ? new TlaExpr.Field(s.v().substring(MARK.length())) : p);
          }
          ups.add(new TlaExpr.Update(path, u.value()));
        }
        return new TlaExpr.Except(ex.base(), ups);
      }
      return x;
    });
  }

  /** An argument for a parameter: a field written as a key is its name, a string; anything else {@link #lower}ed. */
  static TlaExpr argument(TlaExpr e) {
    return marked(e) ? new TlaExpr.Str(((TlaExpr.Str) e).v().substring(MARK.length())) : lower(e);
  }

  /** Whether {@code e} is a field written as a key. */
  static boolean marked(TlaExpr e) {
    return e instanceof TlaExpr.Str s && s.v().startsWith(MARK);
  }

  /** {@code e} rebuilt bottom up, {@code f} applied to every node after its subexpressions. */
  private static TlaExpr map(TlaExpr e, UnaryOperator<TlaExpr> f) {
    Parts p = Parts.of(e);
    if (p.kids().isEmpty()) {
      return f.apply(e);
    }
    List<TlaExpr> kids = new ArrayList<>(p.kids().size());
    p.kids().forEach(k -> kids.add(map(k, f)));
    return f.apply(p.rebuild().apply(kids));
  }
}

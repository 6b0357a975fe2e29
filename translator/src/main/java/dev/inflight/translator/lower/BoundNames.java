package dev.inflight.translator.lower;

import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Names every variable that lowering binds in one generated definition (an action's path, or a
 * property): the LET and {@code \E} definitions around a path's whole body ({@link #outer}) and
 * the variables of quantifiers, comprehensions, CHOOSE, function constructors and LETs inside its
 * expressions ({@link #inner}). Every name comes from {@link Namer#bound}, so none is a name of
 * the module; within the definition:
 *
 * <ul>
 *   <li>an outer name differs from every name bound anywhere in the path so far (it encloses all
 *       of it, expressions built before it included);
 *   <li>an inner name differs from the outer names, from the variables bound around it, and from
 *       every name in the values substituted into its scope, so it neither shadows nor captures;
 *   <li>a value substituted under variables bound around it has its own bound variables renamed
 *       away from theirs ({@link #substitute}).
 * </ul>
 *
 * <p>A path that splits copies its names: the paths continue independently.
 */
final class BoundNames {
  private final Namer namer;
  /** The names bound around the whole body: LET and \E definitions of the path. */
  private final Set<String> outer = new HashSet<>();
  /** Every name bound inside the path's expressions so far. */
  private final Set<String> inner = new HashSet<>();

  BoundNames(Namer namer) {
    this.namer = namer;
  }

  BoundNames copy() {
    BoundNames c = new BoundNames(namer);
    c.outer.addAll(outer);
    c.inner.addAll(inner);
    return c;
  }

  /** A name for a definition around the whole body of the path (a LET or an \E). */
  String outer(String wanted) {
    String n = namer.bound(wanted, x -> outer.contains(x) || inner.contains(x));
    outer.add(n);
    return n;
  }

  /**
   * A name for a variable bound inside an expression, within the variables {@code enclosing} and
   * over a body into which the values {@code substituted} are placed.
   */
  String inner(String wanted, Collection<String> enclosing, TlaExpr... substituted) {
    Set<String> used = Binders.names(substituted);
    String n = namer.bound(wanted, x -> outer.contains(x) || enclosing.contains(x) || used.contains(x));
    inner.add(n);
    return n;
  }

  /**
   * {@code value}, to be placed under the variables {@code enclosing}: any variable it binds
   * under one of their names is renamed (capture-avoiding substitution).
   */
  TlaExpr substitute(TlaExpr value, Collection<String> enclosing) {
    if (enclosing.isEmpty()) {
      return value;
    }
    if (Binders.bound(value).stream().noneMatch(enclosing::contains)) {
      return value;
    }
    Set<String> avoid = Binders.names(value);
    avoid.addAll(enclosing);
    return Binders.renameBound(value, enclosing::contains, old -> {
      String n = inner(old, avoid);
      avoid.add(n);
      return n;
    });
  }
}

package dev.inflight.translator.tla;

import java.util.Collection;
import java.util.List;

/**
 * The points of EXCEPT updates ({@code ![k].f}) as cells: which are certainly different, so that
 * updates of them commute and each one's {@code @} is the value before all of them (emit/MergedPaths
 * joins two arms' updates in any order, emit/AtReads writes a read of the point as {@code @}).
 */
public final class Points {
  private Points() {}

  /**
   * Whether every two of these points are certainly different cells, neither inside the other:
   * at some step both name a field and the fields differ. Whatever the keys before that step,
   * the two cells are then different fields of a record (or of two records), so writing one
   * leaves the other, and everything on the way to it, as it was.
   */
  public static boolean apart(Collection<List<TlaExpr.PathElem>> points) {
    List<List<TlaExpr.PathElem>> ps = List.copyOf(points);
    for (int i = 0; i < ps.size(); i++) {
      for (int j = i + 1; j < ps.size(); j++) {
        if (!apart(ps.get(i), ps.get(j))) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether the cells at {@code p} and {@code q} are certainly different, neither inside the other. */
  public static boolean apart(List<TlaExpr.PathElem> p, List<TlaExpr.PathElem> q) {
    for (int k = 0; k < Math.min(p.size(), q.size()); k++) {
      if (p.get(k) instanceof TlaExpr.Field f && q.get(k) instanceof TlaExpr.Field g && !f.name().equals(g.name())) {
        return true;
      }
    }
    return false;
  }
}

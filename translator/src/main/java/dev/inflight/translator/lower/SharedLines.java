package dev.inflight.translator.lower;

import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Costs tracked under a workload that shares structs among all its CPUs (`shared pid, cred`,
 * docs/cost-model.md "Contention"): each operation counts its accesses (get, put, touch) to
 * those structs' objects in the ghost variable {@value #VAR}, {@code acc[t]} a record of one
 * counter per shared struct, which op_end reports. The step itself prices such an atomic as a
 * local one; the line's transfer and its queueing under the workload are priced afterwards from
 * the counts (checker-driver's Contention). Nothing here exists without shared structs.
 */
public final class SharedLines {
  /** The ghost variable: thread → [struct |-> accesses in its current operation]. */
  public static final String VAR = "acc";

  private final Map<StructSym, String> fields = new LinkedHashMap<>();

  SharedLines(Program program) {
    if (program.cost.tracked) {
      Namer n = new Namer();
      for (StructSym s : program.cost.shared()) {
        fields.put(s, n.name(s, s.name()));
      }
    }
  }

  /** Whether the module has the ghost variable at all. */
  public boolean active() {
    return !fields.isEmpty();
  }

  boolean isShared(StructSym s) {
    return fields.containsKey(s);
  }

  /** One more access, inside an operation, to an object of {@code s}. */
  void count(Store st, StructSym s) {
    String f = fields.get(s);
    st.writeField(VAR, ExprGen.SELF, f, new TlaExpr.Infix(dev.inflight.translator.tla.BinOp.PLUS,
        st.readField(VAR, ExprGen.SELF, f), new TlaExpr.Num(1)));
  }

  /** The counters start over (an operation begins or ends). */
  void reset(Store st) {
    st.writeAt(VAR, ExprGen.SELF, zero());
  }

  /** This thread's counters, for op_end. */
  TlaExpr current(Store st) {
    return st.readAt(VAR, ExprGen.SELF);
  }

  /** Every counter at 0. */
  public TlaExpr zero() {
    List<Map.Entry<String, TlaExpr>> rec = new ArrayList<>();
    fields.values().forEach(f -> rec.add(Map.entry(f, new TlaExpr.Num(0))));
    return new TlaExpr.Record(rec);
  }

  /** op_end's record field of each shared struct, by struct name (for the source map). */
  public Map<String, String> fieldsByStruct() {
    Map<String, String> out = new LinkedHashMap<>();
    fields.forEach((s, f) -> out.put(s.name(), f));
    return out;
  }
}

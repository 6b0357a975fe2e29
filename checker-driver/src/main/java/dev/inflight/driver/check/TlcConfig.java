package dev.inflight.driver.check;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A TLC configuration as the translator emits it, read generically: whatever it declares under
 * INVARIANT(S) and PROPERTY(IES), its CONSTRAINT(S), SYMMETRY and CHECK_DEADLOCK, and the rest
 * kept as written. {@link #with} writes it again with a chosen set of properties, so which
 * properties a run checks never depends on a list of property kinds here. The translator declares
 * SYMMETRY only in a configuration without temporal properties; {@link #with} keeps it only for a
 * run without them (TLC's liveness checking is unsound under symmetry).
 */
final class TlcConfig {
  private static final Set<String> INVARIANT = Set.of("INVARIANT", "INVARIANTS");
  private static final Set<String> PROPERTY = Set.of("PROPERTY", "PROPERTIES");
  private static final Set<String> CONSTRAINT = Set.of("CONSTRAINT", "CONSTRAINTS");
  private static final String DEADLOCK = "CHECK_DEADLOCK";
  private static final String SYMMETRY = "SYMMETRY";

  /** Every line that is not one of the sections below, in order. */
  private final List<String> rest;
  final Set<String> invariants;
  final Set<String> properties;
  final Set<String> constraints;
  final boolean deadlock;
  /** The symmetry operator the configuration declares, or null. */
  final String symmetry;

  private TlcConfig(List<String> rest, Set<String> invariants, Set<String> properties, Set<String> constraints, boolean deadlock,
      String symmetry) {
    this.rest = rest;
    this.symmetry = symmetry;
    this.invariants = invariants;
    this.properties = properties;
    this.constraints = constraints;
    this.deadlock = deadlock;
  }

  static TlcConfig parse(String cfg) {
    List<String> rest = new ArrayList<>();
    Set<String> inv = new LinkedHashSet<>();
    Set<String> prop = new LinkedHashSet<>();
    Set<String> cons = new LinkedHashSet<>();
    boolean deadlock = true; // TLC's default
    String symmetry = null;
    Set<String> current = null;
    boolean inDeadlock = false;
    for (String line : cfg.split("\n", -1)) {
      String code = line.contains("\\*") ? line.substring(0, line.indexOf("\\*")) : line;
      String[] words = code.strip().isEmpty() ? new String[0] : code.strip().split("\\s+");
      if (words.length == 0) {
        if (current == null && !inDeadlock) {
          rest.add(line);
        }
        continue;
      }
      boolean keyword = words[0].matches("[A-Z_]+") && !Character.isWhitespace(line.charAt(0));
      int from = 0;
      if (keyword) {
        inDeadlock = false;
        if (INVARIANT.contains(words[0])) {
          current = inv;
        } else if (PROPERTY.contains(words[0])) {
          current = prop;
        } else if (CONSTRAINT.contains(words[0])) {
          current = cons;
        } else if (words[0].equals(SYMMETRY) && words.length == 2) {
          current = null;
          symmetry = words[1];
          continue;
        } else if (words[0].equals(DEADLOCK)) {
          current = null;
          inDeadlock = true;
          if (words.length > 1) {
            deadlock = words[1].equals("TRUE");
          }
          continue;
        } else {
          current = null;
          rest.add(line);
          continue;
        }
        from = 1;
      } else if (current == null) {
        if (inDeadlock) {
          deadlock = words[0].equals("TRUE");
        } else {
          rest.add(line);
        }
        continue;
      }
      for (int i = from; i < words.length; i++) {
        current.add(words[i]);
      }
    }
    while (!rest.isEmpty() && rest.get(rest.size() - 1).isBlank()) {
      rest.remove(rest.size() - 1);
    }
    return new TlcConfig(rest, inv, prop, cons, deadlock, symmetry);
  }

  /**
   * The configuration with exactly these invariants, temporal properties, constraints and deadlock
   * check, and {@code SYMMETRY symmetryOp} unless it is null (the caller decides when it is sound).
   */
  String with(Set<String> inv, Set<String> prop, Set<String> cons, boolean checkDeadlock, String symmetryOp) {
    StringBuilder b = new StringBuilder();
    rest.forEach(l -> b.append(l).append('\n'));
    section(b, "INVARIANTS", inv);
    section(b, "PROPERTIES", prop);
    section(b, "CONSTRAINTS", cons);
    if (symmetryOp != null) {
      b.append(SYMMETRY).append(' ').append(symmetryOp).append('\n');
    }
    b.append(DEADLOCK).append(checkDeadlock ? " TRUE" : " FALSE").append('\n');
    return b.toString();
  }

  private static void section(StringBuilder b, String keyword, Set<String> names) {
    if (!names.isEmpty()) {
      b.append(keyword).append('\n');
      names.forEach(n -> b.append("  ").append(n).append('\n'));
    }
  }
}

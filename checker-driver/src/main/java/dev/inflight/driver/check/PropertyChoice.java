package dev.inflight.driver.check;

import dev.inflight.translator.emit.SourceMap;
import dev.inflight.translator.resolve.Builtins;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * `--check NAME,…` / `--skip NAME,…`: which of a model's properties a run checks. A name must be
 * one of the model's properties or a built-in check (which a model may not enable, like
 * `no_leak`: in a directory run that is no mistake); anything else is bad input.
 */
final class PropertyChoice {
  private PropertyChoice() {}

  /** The chosen property names, or an error message when a name is unknown. */
  record Result(Set<String> chosen, String error) {}

  static Result of(List<SourceMap.Property> props, List<String> check, List<String> skip) {
    Set<String> names = new LinkedHashSet<>();
    props.stream().filter(p -> !"bound".equals(p.kind())).forEach(p -> names.add(p.name()));
    List<String> unknown = new ArrayList<>();
    for (String n : concat(check, skip)) {
      if (!names.contains(n) && !Builtins.CHECKS.containsKey(n)) {
        unknown.add(n);
      }
    }
    if (!unknown.isEmpty()) {
      return new Result(null, (unknown.size() == 1 ? "no property `" + unknown.get(0) + "`" : "no properties `" + String.join("`, `", unknown) + "`")
          + " to " + (check.containsAll(unknown) ? "--check" : "--skip") + "; this model's properties: " + String.join(", ", names));
    }
    Set<String> chosen = new LinkedHashSet<>(names);
    if (!check.isEmpty()) {
      chosen.retainAll(check);
    }
    skip.forEach(chosen::remove);
    return new Result(chosen, null);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}

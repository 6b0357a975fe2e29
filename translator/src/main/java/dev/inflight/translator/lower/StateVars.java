package dev.inflight.translator.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Every state variable of a model, in declaration order, and the frames that group them: a frame
 * per thread kind holding a frame for the thread body's locals and one per inlined function. An
 * action changes the locals of one thread kind and of a few functions, so {@code UNCHANGED}
 * names the other frames whole where listing their variables took hundreds of names (the AF_UNIX
 * models have ~200 locals per thread kind). Frames change only the module's text, not its state.
 *
 * @param all every variable, in the order the module declares them
 * @param units the top-level units: lone variables and frames
 */
public record StateVars(List<String> all, List<Unit> units) {

  /** A lone variable ({@code frame == null}, one var) or a named tuple of units. */
  public record Unit(String frame, String var, List<Unit> parts) {
    static Unit lone(String var) {
      return new Unit(null, var, List.of());
    }

    public boolean isFrame() {
      return frame != null;
    }

    /** The name this unit goes by in a tuple: its frame or its variable. */
    public String name() {
      return isFrame() ? frame : var;
    }

    /** Every variable inside, in order. */
    public List<String> vars() {
      if (!isFrame()) {
        return List.of(var);
      }
      List<String> out = new ArrayList<>();
      parts.forEach(p -> out.addAll(p.vars()));
      return out;
    }

    /** Every frame inside, innermost first (the order the module must define them in). */
    void frames(List<Unit> out) {
      if (isFrame()) {
        parts.forEach(p -> p.frames(out));
        out.add(this);
      }
    }

    void unchanged(Set<String> changed, List<String> out) {
      if (!isFrame()) {
        if (!changed.contains(var)) {
          out.add(var);
        }
      } else if (vars().stream().noneMatch(changed::contains)) {
        out.add(frame);
      } else {
        parts.forEach(p -> p.unchanged(changed, out));
      }
    }
  }

  /** A frame of {@code parts}; of one part, that part; of none, nothing (null). */
  static Unit frame(Supplier<String> name, List<Unit> parts) {
    if (parts.isEmpty()) {
      return null;
    }
    return parts.size() == 1 ? parts.get(0) : new Unit(name.get(), null, List.copyOf(parts));
  }

  static StateVars of(List<Unit> units) {
    List<String> all = new ArrayList<>();
    units.forEach(u -> all.addAll(u.vars()));
    return new StateVars(List.copyOf(all), List.copyOf(units));
  }

  /** Every frame, each after the frames it contains. */
  public List<Unit> frames() {
    List<Unit> out = new ArrayList<>();
    units.forEach(u -> u.frames(out));
    return out;
  }

  /** The UNCHANGED operands for an action that changes {@code changed}: whole frames by name. */
  public List<String> unchangedUnits(Set<String> changed) {
    List<String> out = new ArrayList<>();
    units.forEach(u -> u.unchanged(changed, out));
    return out;
  }
}

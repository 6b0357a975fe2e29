package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlaLocation;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.translator.emit.SourceMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A property TLC could not evaluate in a reachable state: an invariant that reads a field of
 * null or divides by 0 there (docs/semantics.md, "Properties"). Such a property does not hold in
 * that state, so it counts as violated, with the behaviour that reaches the state; its summary
 * says why it could not be evaluated. An evaluation error anywhere else (in a step) is not the
 * property's and stays TLC's.
 */
public final class Undefined {
  /** How TLC (message 2111) names the invariant it failed on after the initial state. */
  private static final Pattern INVARIANT = Pattern.compile("^Evaluating invariant (\\w+) failed\\.\\s*");

  private Undefined() {}

  /**
   * The property an evaluation error is in: the invariant TLC names, or (in the initial state,
   * where TLC names none) the property whose definition holds one of the error's locations;
   * null when the error is elsewhere.
   */
  public static SourceMap.Property property(SourceMap map, TlcOutcome.EvaluationError ee) {
    Matcher m = INVARIANT.matcher(ee.message());
    if (m.find()) {
      return TraceMapper.property(map, m.group(1));
    }
    for (TlaLocation l : ee.locations()) {
      for (SourceMap.Property p : map.properties()) {
        if (p.definedOn(l.beginLine())) {
          return p;
        }
      }
    }
    return null;
  }

  /** TLC's own words for what went wrong, without its "Evaluating invariant X failed." */
  public static String cause(String message) {
    return INVARIANT.matcher(message).replaceFirst("").strip();
  }

  /** Why the property could not be evaluated, in the model's terms where TLC's words allow. */
  static String reason(String message) {
    String c = cause(message);
    if (c.contains("to argument NULL")) {
      return "it reads a field of null";
    }
    if (c.contains("\\div")) {
      return "it divides by 0";
    }
    if (c.contains("second argument of %")) {
      return "it takes a remainder (%) by a number below 1";
    }
    return "TLC: " + TraceSummary.oneLine(c);
  }
}

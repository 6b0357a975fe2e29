package dev.inflight.driver.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.driver.trace.DslStep;
import dev.inflight.driver.trace.DslTrace;
import dev.inflight.translator.emit.SourceMap;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A counterexample's step lists what it ran in run order: its headline (the shared statement)
 * where it ran, marked `->` when other statements ran before it, inside the call its call chain
 * names when the function was called twice in the step.
 */
class TraceTextTest {
  private static SourceMap.Loc at(String file, int line, String text) {
    return new SourceMap.Loc(file, line, 3, line, 3 + text.length(), "  " + text);
  }

  private static final SourceMap.Loc CALL1 = at("m.ifl", 10, "a = open(t)");
  private static final SourceMap.Loc CALL2 = at("m.ifl", 11, "b = open(t)");
  private static final SourceMap.Loc BODY = at("lib.ifl", 5, "f = alloc file");
  private static final SourceMap.Loc SHARED = at("lib.ifl", 6, "add(t.fds, f)");
  private static final SourceMap.Loc RET = at("lib.ifl", 7, "return f");
  private static final SourceMap.Loc AFTER = at("m.ifl", 12, "n = 2");

  private static String render(DslStep step) {
    DslTrace t = new DslTrace(null, "summary", List.of(step), null, false, List.of());
    StringWriter w = new StringWriter();
    TextReport.trace(t, new PrintWriter(w), false);
    String all = w.toString();
    return all.substring(all.indexOf("counterexample")).lines().skip(1).map(String::stripTrailing)
        .reduce("", (a, b) -> a + b + "\n");
  }

  @Test
  void statementsBeforeTheHeadlineOpenTheStepAndTheHeadlineIsMarkedWhereItRan() {
    DslStep s = new DslStep(2, "owner", "a_L10", SHARED, List.of(CALL2), List.of(CALL1, BODY, SHARED, RET, CALL2, BODY, SHARED, RET, AFTER),
        List.of(), null);
    assertThat(render(s)).isEqualTo("""
           2  owner   m.ifl:10     a = open(t)
                      lib.ifl:5    f = alloc file
                      lib.ifl:6    add(t.fds, f)
                      lib.ifl:7    return f
                      m.ifl:11     b = open(t)
                      lib.ifl:5    f = alloc file
                  ->  lib.ifl:6  add(t.fds, f)
                      called from m.ifl:11
                      lib.ifl:7    return f
                      m.ifl:12     n = 2
        """);
  }

  @Test
  void aHeadlineThatRanFirstOpensTheStep() {
    DslStep s = new DslStep(3, "owner", "a_L6", SHARED, List.of(), List.of(SHARED, RET, AFTER), List.of(), "use_after_free");
    assertThat(render(s)).isEqualTo("""
           3  owner   lib.ifl:6  add(t.fds, f)   <- use after free
                      lib.ifl:7    return f
                      m.ifl:12     n = 2
        """);
  }
}

package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckReport;
import dev.inflight.driver.check.Expectation;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.report.RunResult;
import dev.inflight.translator.Translator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * `inflight check --expect`: each model's verdict against its `// expect:` line. The exit code is
 * 0 when every model gives what it expects, 1 when one does not, 2 when a model is bad input or
 * has no readable `// expect:` line, and 4 after an internal error (the highest of the models').
 */
final class Expectations {
  private Expectations() {}

  static int compare(List<Path> models, RunResult result, PrintWriter out) {
    int exit = 0;
    int met = 0;
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < models.size() && i < result.reports().size(); i++) {
      CheckReport r = result.reports().get(i);
      String file = Translator.display(models.get(i));
      if (r.verdict() == Verdict.BAD_INPUT || r.verdict() == Verdict.INTERNAL_ERROR) {
        exit = Math.max(exit, r.verdict().exitCode); // already reported with its diagnostics
        lines.add(file + ": not checked (" + Expectation.describe(r) + ")");
        continue;
      }
      Expectation want;
      try {
        want = Expectation.parse(Files.readString(models.get(i), StandardCharsets.UTF_8));
      } catch (Expectation.Unreadable e) {
        exit = Math.max(exit, ExitCodes.BAD_INPUT);
        lines.add(file + ": " + e.getMessage());
        continue;
      } catch (IOException e) {
        exit = Math.max(exit, ExitCodes.BAD_INPUT);
        lines.add(file + ": cannot read it again: " + e.getMessage());
        continue;
      }
      if (want.metBy(r)) {
        met++;
      } else {
        exit = Math.max(exit, ExitCodes.VIOLATED);
        lines.add(file + ": expected " + want.describe() + ", got " + Expectation.describe(r));
      }
    }
    int n = result.reports().size();
    out.println();
    out.println(met == n ? "expectations: " + (n == 1 ? "met" : "all " + n + " met")
        : "expectations: " + met + " of " + n + " met");
    lines.forEach(l -> out.println("  " + l));
    out.flush();
    return exit;
  }
}

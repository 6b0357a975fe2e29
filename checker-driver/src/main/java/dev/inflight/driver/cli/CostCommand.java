package dev.inflight.driver.cli;

import dev.inflight.driver.check.CheckOptions;
import dev.inflight.driver.check.CostRequest;
import dev.inflight.driver.check.ModelChecker;
import dev.inflight.driver.check.Verdict;
import dev.inflight.driver.report.CostReport;
import dev.inflight.driver.report.TextReport;
import dev.inflight.translator.Translator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight cost FILE`: each operation's latency over the model's behaviours, on a machine profile. */
@Command(name = "cost", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Report each operation's latency (min / mean / max and a log2 histogram) over the model's behaviours,"
        + " on a machine profile, and judge its `latency` bounds. Operations are the functions marked `op fn`."
        + " Counted: every distinct completion in the explored state graph, or with --simulate N that many random behaviours."
        + " Under a workload (the model's first `workload`, or --workload NAME) also the workload's total time and the contention"
        + " of the cache lines it shares among its CPUs.",
    footer = {"", "--sweep K=1..5 (or K=1,2,8) runs once per value of the const K and prints a table of verdicts and latencies."})
final class CostCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CommonOptions common;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Model files (.ifl).")
  List<Path> files;

  @Mixin
  CostOptions costs;

  @Option(names = "--sweep", paramLabel = "K=RANGE", description = "Run once per value of const K: K=1..5 or K=1,2,8.")
  String sweep;

  @Mixin
  RunOptions run;


  @Override
  public Integer call() {
    if (costs.invalid() != null) {
      throw usage(costs.invalid());
    }
    Sweep sw = sweep == null ? null : Sweep.parse(sweep, m -> usage(m));
    if (sw != null && files.size() > 1) {
      throw usage("--sweep takes one model");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<CostReport> reports = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    int exit = 0;
    for (Path f : files) {
      List<String> values = new ArrayList<>();
      if (sw == null) {
        values.add(null);
      } else {
        values.addAll(sw.values());
      }
      for (String value : values) {
        Map<String, String> overrides = new LinkedHashMap<>(common.overrides);
        if (value != null) {
          overrides.put(sw.name(), value);
        }
        CostReport r = run(run.apply(CheckOptions.defaults()), f, overrides, costs.profile, costs.request());
        exit = Math.max(exit, r.verdict().exitCode);
        if (r.check().verdict() == Verdict.BAD_INPUT || r.samples() == null) {
          TextReport.print(r.check(), new PrintWriter(java.io.Writer.nullWriter()), err, common.verbose());
        }
        reports.add(r);
        labels.add(value == null ? Translator.display(f) : sw.name() + "=" + value);
        if (costs.format == CostOptions.Format.text && sw == null && r.check().verdict() != Verdict.BAD_INPUT) {
          if (reports.size() > 1) {
            out.println();
          }
          out.print(r.renderText());
          out.flush();
        }
      }
    }
    if (costs.format == CostOptions.Format.json) {
      Map<String, Object> extra = new LinkedHashMap<>();
      if (sw != null) {
        extra.put("sweep", Map.of("const", sw.name(), "values", sw.values()));
      }
      out.print(CostReport.renderJson(reports, extra));
    } else if (sw != null) {
      out.print(SweepTable.cost(sw, reports));
    }
    out.flush();
    return exit;
  }

  /** One cost run of a model. */
  static CostReport run(CheckOptions base, Path f, Map<String, String> overrides, String profileChoice, CostRequest request) {
    CheckOptions opts = base.withOverrides(overrides).withVacuity(false).withProfile(profileChoice).withCost(request);
    ModelChecker.Run run = new ModelChecker(opts).run(f);
    return CostReport.of(run.report(), run.costs(), run.costModel());
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}

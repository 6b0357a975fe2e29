package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;
import java.util.List;

/** One line of a `workload { … }` declaration (docs/cost-model.md, "Workloads"). */
public sealed interface WorkloadItem {
  Span span();

  /** `cpus = N`: the workload's operations keep N CPUs busy at once. */
  record Cpus(Expr value, Span span) implements WorkloadItem {}

  /** `OP: COUNT`: operation OP runs COUNT times in the whole workload. */
  record Run(Ident op, Expr count, Span span) implements WorkloadItem {}

  /** `shared S, T`: one object of each struct is used by every CPU of the workload. */
  record Shared(List<Ident> structs, Span span) implements WorkloadItem {
    public Shared {
      structs = List.copyOf(structs);
    }
  }

  /** `const NAME = VALUE`: the model's const NAME has this value under the workload. */
  record Const(Ident name, Expr value, Span span) implements WorkloadItem {}
}

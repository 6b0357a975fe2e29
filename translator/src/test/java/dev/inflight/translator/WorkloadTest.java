package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.emit.SourceMap;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.resolve.WorkloadResolver;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Workloads (docs/cost-model.md, "Workloads"): what they put in a module (consts, the acc
 * counters of shared structs), and the exact text of each workload diagnostic.
 */
class WorkloadTest {

  static final String MODEL = """
      model m
      cost { cpus = 4  syscall = 100  atomic_local = 10  atomic_remote = 50  cache_miss_remote = 40 }
      const N = 1
      struct cnt {
        ref c = 1
      }
      var g: cnt = null
      op fn bump(x: cnt) {
        cost syscall * N
        get x.c
        touch x
        put x.c
      }
      thread a {
        x = alloc cnt
        g = x
        bump(x)
      }
      workload two {
        cpus = 2
        bump: 10 * 100
        shared cnt
        const N = 3
      }
      workload alone {
        cpus = 1
        bump: 5
      }
      """;

  static Translator.Result translate(String text, String workload, Map<String, Long> prices, boolean costs) {
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(text.getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    Translator.Options o = new Translator.Options(Map.of(), Library.packaged(), null);
    if (costs) {
      o = o.withCosts(null);
    }
    return Translator.translate(source, null, o.withWorkload(workload, prices), diags);
  }

  @Test
  void aWorkloadSetsConstsAndCountsSharedAccessesPerOperation() {
    Translator.Result r = translate(MODEL, WorkloadResolver.FIRST, Map.of(), true);
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    String tla = r.emitted().tla();
    assertThat(tla).contains("N == 3").contains("VARIABLES").contains("acc = [t \\in Threads |-> [cnt |-> 0]]")
        .contains("acc' = [acc EXCEPT ![self].cnt = @ + 1]");
    // The shared atomic is priced as a local one in the module; its line is not owner-tracked.
    assertThat(tla).contains("Cost_atomic_local == 10").doesNotContain("Cost_atomic_remote");
    SourceMap.Workload w = r.emitted().sourceMap().cost().workload();
    assertThat(w).isEqualTo(new SourceMap.Workload("two", 2, Map.of("bump", 1000L), Map.of("N", "3"), Map.of("cnt", "cnt")));
    CostModelTest.assertSany(r.emitted());
  }

  @Test
  void aWorkloadByNameAndNoneAtAll() {
    Translator.Result alone = translate(MODEL, "alone", Map.of(), true);
    assertThat(alone.emitted().sourceMap().cost().workload().runs()).isEqualTo(Map.of("bump", 5L));
    assertThat(alone.emitted().tla()).contains("N == 1").doesNotContain("acc =");
    Translator.Result none = translate(MODEL, null, Map.of(), true);
    assertThat(none.emitted().sourceMap().cost().workload()).isNull();
    assertThat(none.emitted().tla()).doesNotContain("acc =").contains("Cost_atomic_remote == 50");
  }

  @Test
  void withoutTrackedCostsAWorkloadChangesNoState() {
    Translator.Result plain = translate(MODEL, null, Map.of(), false);
    Translator.Result chosen = translate(MODEL.replace("const N = 3", ""), WorkloadResolver.FIRST, Map.of(), false);
    assertThat(chosen.emitted().tla()).isEqualTo(plain.emitted().tla());
  }

  @Test
  void priceReplacesAProfileEntryEverywhereItIsUsed() {
    Translator.Result r = translate(MODEL, null, Map.of("syscall", 7L), true);
    assertThat(r.emitted().tla()).contains("Cost_syscall == 7");
    assertThat(r.emitted().sourceMap().cost().entries()).containsEntry("syscall", 7L);
  }

  static String first(String text, String workload, Map<String, Long> prices) {
    Translator.Result r = translate(text, workload, prices, true);
    assertThat(r.ok()).isFalse();
    List<Diagnostic> errs = r.diagnostics();
    return DiagnosticRenderer.render(errs.get(0));
  }

  @Test
  void anUnknownOperation() {
    assertThat(first(MODEL.replace("bump: 5", "bmup: 5"), null, Map.of())).isEqualTo("""
        error[E0508]: the workload runs `bmup`, which is not an operation
          --> t.ifl:27:3
           |
        27 |   bmup: 5
           |   ^^^^
           = help: operations of this model: bump
        """);
  }

  @Test
  void anUnknownConstAndAnUnknownStruct() {
    assertThat(first(MODEL.replace("const N = 3", "const NN = 3"), null, Map.of())).isEqualTo("""
        error[E0509]: the workload sets `NN`, which is not a const of the model
          --> t.ifl:23:9
           |
        23 |   const NN = 3
           |         ^^
           = help: declare it with `const NN = …`; a workload only sets the model's consts
        """);
    assertThat(first(MODEL.replace("shared cnt", "shared cnd"), null, Map.of())).startsWith("error[E0202]: unknown struct `cnd`");
  }

  @Test
  void badNumbers() {
    assertThat(first(MODEL.replace("cpus = 2", "cpus = 0"), null, Map.of())).isEqualTo("""
        error[E0507]: `cpus` must be an integer from 1 to 4096
          --> t.ifl:20:10
           |
        20 |   cpus = 0
           |          ^
           = help: write an integer literal or arithmetic on literals, like `20 * 20 * 20 * 2000`
        """);
    assertThat(first(MODEL.replace("bump: 10 * 100", "bump: N"), null, Map.of()))
        .startsWith("error[E0507]: the count of `bump` must be a non-negative integer");
  }

  @Test
  void anEmptyWorkloadAndAnUnknownEntry() {
    assertThat(first(MODEL.replace("  cpus = 1\n  bump: 5\n", "  cpus = 1\n"), null, Map.of()))
        .startsWith("error[E0510]: workload `alone` runs no operation");
    assertThat(first(MODEL.replace("cpus = 1", "cpu = 1"), null, Map.of())).isEqualTo("""
        error[E0512]: a workload has no entry `cpu`
          --> t.ifl:26:3
           |
        26 |   cpu = 1
           |   ^^^
           = help: a workload holds `cpus = N`, `OP: COUNT`, `shared STRUCT, …` and `const NAME = VALUE`; did you mean `cpus = N`?
        """);
  }

  @Test
  void anUnknownWorkloadAndAnUnknownPrice() {
    assertThat(first(MODEL, "three", Map.of())).startsWith("error[E0506]: the model declares no workload `three`")
        .contains("= help: its workloads: two, alone");
    assertThat(first(MODEL, null, Map.of("syscal", 1L))).isEqualTo(
        "error[E0511]: bad override `--price syscal=…`: the machine profile of this model has no entry `syscal`\n"
            + "  = help: did you mean `syscall`?\n");
  }
}

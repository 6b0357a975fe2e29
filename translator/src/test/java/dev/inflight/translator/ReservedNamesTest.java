package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A model whose DSL names are TLA+ reserved words, standard-module operators or names the
 * generator uses itself. It must translate cleanly, SANY must accept the module, the clashing
 * names must come out renamed, and the source map must still speak the DSL names.
 */
class ReservedNamesTest {

  static final String MODEL = """
      model Spec
      const UNION = 2
      const Nat = 1
      struct pc {
        ref vars = 1
        Spec = 0
        Len = 0
        SUBSET = 0
      }
      var ENABLED = 0
      var Seq: pc = null
      var WF_x = false
      var UNCHANGED = 0
      fn Cardinality(Init) {
        Init.Spec = 1
      }
      thread Init {
        Next = alloc pc
        Next.Len = UNION
        Seq = Next
        ENABLED = ENABLED + Nat
        UNCHANGED = 1
        put Next.vars
      }
      thread Next[2] {
        await Seq != null
        Len = Seq
        Cardinality(Len)
        WF_x = true
      }
      invariant vars: ENABLED <= 2
      """;

  static Translator.Result result;
  static Emitted emitted;
  static SourceMap map;

  @BeforeAll
  static void translate() {
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(MODEL.getBytes(StandardCharsets.UTF_8), "reserved.ifl", diags);
    result = Translator.translate(source, null, new Translator.Options(Map.of(), Library.packaged(), null), diags);
    emitted = result.emitted();
    map = emitted == null ? null : emitted.sourceMap();
  }

  @Test
  void translatesWithoutAnyDiagnostic() {
    assertThat(result.diagnostics()).as(DiagnosticRenderer.renderAll(result.diagnostics())).isEmpty();
    assertThat(result.ok()).isTrue();
  }

  @Test
  void sanyAcceptsTheModule() {
    Sany.Result sany = Sany.parseText(emitted.moduleName(), emitted.tla());
    assertThat(sany.ok()).as(sany.describe()).isTrue();
    assertThat(sany.rootModule().getName().toString()).isEqualTo("Spec_");
    // the state variables as SANY sees them (in no particular order): every clashing DSL name renamed
    assertThat(Arrays.stream(sany.rootModule().getVariableDecls()).map(v -> v.getName().toString()))
        .containsExactlyInAnyOrder("pc", "fault", "pc_", "ENABLED_", "Seq_", "_WF_x", "UNCHANGED_", "Init_locals", "Next_locals");
    assertThat(Arrays.stream(sany.rootModule().getConstantDecls()).map(c -> c.getName().toString()))
        .containsExactlyInAnyOrder("NULL", "Thread_Init", "Thread_Next", "Pool_pc");
  }

  @Test
  void clashingNamesAreRenamedInTheModule() {
    String tla = emitted.tla();
    assertThat(emitted.moduleName()).isEqualTo("Spec_");
    assertThat(tla).startsWith("--------------------------------- MODULE Spec_ ---------------------------------\n");
    assertThat(tla).contains(
        "\nUNION_ == 2\n",
        "\nNat_ == 1\n",
        "\nInit ==\n",
        "\nNext ==\n",
        "\nSpec ==\n",
        "\nvars == ",
        "\nvars_ == ENABLED_ \\leq 2\n",
        " ENABLED_' = ENABLED_ + Nat_\n",
        " UNCHANGED_' = 1\n",
        " _WF_x' = TRUE\n",
        "[st |-> \"free\", vars |-> 0, Spec |-> 0, Len_ |-> 0, SUBSET_ |-> 0]");
    // The generator's own operators stay what TLC expects; the DSL's move aside.
    assertThat(emitted.cfg()).contains("SPECIFICATION Spec\n", "  Thread_Init = {Init_}\n",
        "  Thread_Next = {Next_1, Next_2}\n", "  Pool_pc = {pc_1}\n", "  vars_\n");
  }

  @Test
  void sourceMapKeepsTheDslNames() {
    assertThat(map.model()).isEqualTo("Spec");
    assertThat(map.module()).isEqualTo("Spec_");
    assertThat(map.threads()).extracting(SourceMap.Thread::name, SourceMap.Thread::tlaSet)
        .containsExactly(tuple("Init", "Thread_Init"), tuple("Next", "Thread_Next"));
    assertThat(map.threads().get(0).instances()).extracting(SourceMap.Instance::tla, SourceMap.Instance::display)
        .containsExactly(tuple("Init_", "Init"));
    assertThat(map.structs()).singleElement().satisfies(s -> {
      assertThat(s.name()).isEqualTo("pc");
      assertThat(s.heapVar()).isEqualTo("pc_");
      assertThat(s.objects()).extracting(SourceMap.Instance::tla, SourceMap.Instance::display)
          .containsExactly(tuple("pc_1", "pc#1"));
      assertThat(s.fields()).extracting(SourceMap.Field::name, SourceMap.Field::kind)
          .containsExactly(tuple("vars", "ref"), tuple("Spec", "plain"), tuple("Len", "plain"),
              tuple("SUBSET", "plain"));
    });
    assertThat(map.structs().get(0).fields()).filteredOn(f -> f.name().equals("Len"))
        .extracting(SourceMap.Field::tla).containsExactly("Len_");
    assertThat(map.structs().get(0).fields()).filteredOn(f -> f.name().equals("SUBSET"))
        .extracting(SourceMap.Field::tla).containsExactly("SUBSET_");
    assertThat(map.variables())
        .filteredOn(v -> v.dsl() != null)
        .extracting(SourceMap.Variable::dsl, SourceMap.Variable::tla, SourceMap.Variable::kind)
        .contains(
            tuple("pc", "pc_", "heap"),
            tuple("ENABLED", "ENABLED_", "global"),
            tuple("Seq", "Seq_", "global"),
            tuple("WF_x", "_WF_x", "global"),
            tuple("UNCHANGED", "UNCHANGED_", "global"));
    // locals are fields of their kind's record, each function's in a frame of its own, renamed like struct fields
    assertThat(map.variables())
        .filteredOn(v -> "local".equals(v.kind()))
        .extracting(SourceMap.Variable::dsl, SourceMap.Variable::tla, SourceMap.Variable::field)
        .containsExactly(
            tuple("Next", "Init_locals", "Next"),
            tuple("Len", "Next_locals", "Len_"),
            tuple("Cardinality.Init", "Next_locals", "Cardinality_.Init"));
    assertThat(map.properties()).filteredOn(p -> "invariant".equals(p.kind()))
        .extracting(SourceMap.Property::name, SourceMap.Property::tla)
        .containsExactly(tuple("vars", "vars_"));
  }

  /**
   * The names of the generator's helper operators' parameters and bound variables: a model's
   * globals `k`, `t`, `kind`, `line`, `o`, `h`, `self` and `waker` keep their names, and the
   * helpers (the vacuity hook `Ran(k)` that `inflight check` asks for, the fault operators, the
   * cost model's `WaitsFor`) take others. A global `k` once made every `inflight check` of the
   * model an internal error: SANY rejected the hook's parameter as a second `k`.
   */
  @Test
  void helperParametersDoNotClashWithGlobals() {
    String model = """
        model helpers
        cost { cpus = 1 }
        latency work <= 100
        struct obj bound 2 {
          ref rc = 1
        }
        var k = 0
        var t = 0
        var kind = 0
        var line = 0
        var o: obj = null
        var h = 0
        var self = 0
        var waker = 0
        op fn work() {
          await k == 1
        }
        thread a {
          p = alloc obj
          o = p
          k = 1
          t = kind + line + h + self + waker
          touch o
        }
        thread b {
          work()
        }
        """;
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(model.getBytes(StandardCharsets.UTF_8), "helpers.ifl", diags);
    Translator.Result r = Translator.translate(source, null,
        new Translator.Options(Map.of(), Library.packaged(), null).withRanHook(true), diags);
    assertThat(r.diagnostics()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isEmpty();
    Sany.Result sany = Sany.parseText(r.emitted().moduleName(), r.emitted().tla());
    assertThat(sany.ok()).as(sany.describe()).isTrue();
    assertThat(r.emitted().tla()).contains("\nRan(k2) == TRUE\n", "\nRanReset == (\\A k2 \\in 1..", "\nRanFault(k2) == TRUE\n");
  }

  @Test
  void actionsAndLabelsPointAtTheDslStatements() {
    SourceMap.Action set = map.actions().stream().filter(a -> a.thread().equals("Init") && a.from().equals("L22"))
        .findFirst().orElseThrow();
    assertThat(set.primary().text()).isEqualTo("UNCHANGED = 1");
    assertThat(set.primary().file()).isEqualTo("reserved.ifl");
    // the wait is stable (Seq is only ever set to an allocated object: docs/semantics.md, "Stable
    // waits"), so its step goes on through `Len = Seq` and the call's argument; the step after
    // stops at the function's first shared statement, which names the call it came from
    assertThat(map.threads().get(1).labels()).extracting(SourceMap.Label::name).contains("L26", "L15").doesNotContain("L27");
    assertThat(map.actions()).filteredOn(a -> a.thread().equals("Next") && a.from().equals("L15") && a.fault() == null)
        .singleElement()
        .satisfies(a -> {
          assertThat(a.primary().text()).isEqualTo("Init.Spec = 1");
          assertThat(a.calledFrom()).extracting(SourceMap.Loc::text).containsExactly("Cardinality(Len)");
        });
  }
}

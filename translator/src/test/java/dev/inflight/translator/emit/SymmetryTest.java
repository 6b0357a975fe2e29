package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which sets the module declares symmetric (emit/Symmetry, docs/semantics.md "Symmetry"), and where SYMMETRY goes. */
class SymmetryTest {
  private static Emitted emit(String model) {
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(model.getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    Translator.Result r = Translator.translate(source, null, new Translator.Options(Map.of(), Library.packaged(), null), diags);
    assertThat(r.ok()).as(r.diagnostics().toString()).isTrue();
    return r.emitted();
  }

  private static List<String> sets(Emitted e) {
    return e.sourceMap().symmetry() == null ? List.of()
        : e.sourceMap().symmetry().sets().stream().map(s -> s.kind() + " " + s.name() + " " + s.size() + " " + s.tla()).toList();
  }

  private static final String SAFE = """
      model m
      struct obj bound 3 { v = 0 }
      struct one bound 1 { v = 0 }
      set s of obj
      thread w[2] {
        o = alloc obj
        add(s, o)
      }
      thread solo {
        x = alloc one
        free x
      }
      """;

  @Test
  void threadArraysAndPoolsOfTwoOrMoreAreSymmetricAndAModelWithoutTemporalPropertiesDeclaresIt() {
    Emitted e = emit(SAFE);
    assertThat(sets(e)).containsExactly("thread w 2 Thread_w", "pool obj 3 Pool_obj");
    assertThat(e.tla()).contains("Symmetry == Permutations(Thread_w) \\cup Permutations(Pool_obj)");
    assertThat(e.cfg()).contains("SYMMETRY Symmetry\n").doesNotContain("PROPERTIES");
    assertThat(Sany.parseText(e.moduleName(), e.tla()).ok()).isTrue();
  }

  @Test
  void aConfigurationWithATemporalPropertyNeverDeclaresSymmetry() {
    Emitted e = emit(SAFE.replace("  add(s, o)\n", "  add(s, o)\n  await count(s) == 2\n"));
    assertThat(e.cfg()).contains("PROPERTIES\n  NoHang").doesNotContain("SYMMETRY");
    // the module still defines it, for runs that leave no_hang out
    assertThat(e.sourceMap().symmetry().op()).isEqualTo("Symmetry");
    assertThat(sets(e)).containsExactly("thread w 2 Thread_w", "pool obj 3 Pool_obj");
  }

  @Test
  void withCostsTrackedThreadCopiesAreDistinctButPoolsStaySymmetric() {
    Emitted e = emit("""
        model m
        cost {
          cpus = 2
          syscall = 100
        }
        struct obj bound 3 { v = 0 }
        set s of obj
        op fn send(o: obj) {
          cost syscall
          add(s, o)
        }
        thread w[2] {
          o = alloc obj
          send(o)
        }
        latency send <= 100000
        """);
    assertThat(sets(e)).containsExactly("pool obj 3 Pool_obj");
  }

  @Test
  void aModelWithNothingToPermuteHasNoSymmetry() {
    Emitted e = emit("""
        model m
        struct one bound 1 { v = 0 }
        thread a { x = alloc one  free x }
        thread b { skip_ = 1 }
        """);
    assertThat(e.sourceMap().symmetry()).isNull();
    assertThat(e.tla()).doesNotContain("Symmetry ==");
    assertThat(e.cfg()).doesNotContain("SYMMETRY");
  }
}

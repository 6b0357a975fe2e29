package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The step structure of tiny models, read from the source map: which labels (preemption points)
 * a thread has and which actions (paths through a step) lead from where to where. This pins the
 * merging rule of step formation (lower/Labels, lower/PathWalker): a step runs from a label up to
 * the next one, executing the thread-local statements before at most one shared statement (or one
 * `atomic` block).
 */
class LoweringTest {

  static Emitted emit(String model) {
    return emit(model, false);
  }

  /**
   * In the per-path form (Translator.Options#withPathActions): every path its own operator, so a
   * test can read one path's body.
   */
  static Emitted emitPaths(String model) {
    return emit(model, true);
  }

  private static Emitted emit(String model, boolean paths) {
    return emit(model, new Translator.Options(Map.of(), Library.packaged(), null).withPathActions(paths));
  }

  /**
   * With every path of a label its own disjunct (Translator.Options#withSeparateBranches): for
   * tests of the other parts of a label's fold on models whose branches would be joined.
   */
  static Emitted emitSeparateAccepted(String model) {
    Emitted e = emit(model, new Translator.Options(Map.of(), Library.packaged(), null).withSeparateBranches(true));
    Sany.Result sany = Sany.parseText(e.moduleName(), e.tla());
    assertThat(sany.ok()).as("SANY rejects the generated module:%n%s%n%s", sany.describe(), e.tla()).isTrue();
    return e;
  }

  static Emitted emit(String model, Translator.Options options) {
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(model.getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    Translator.Result r = Translator.translate(source, null, options, diags);
    // (declarations these small models make only to test naming may be unused: W0004-W0006 are fine)
    assertThat(r.diagnostics()).as(DiagnosticRenderer.renderAll(r.diagnostics()))
        .allMatch(d -> !d.isError() && java.util.Set.of("W0004", "W0005", "W0006").contains(d.code().id()));
    return r.emitted();
  }

  /** {@link #emit}, and SANY must accept the generated module (parse and semantic analysis). */
  static Emitted emitAccepted(String model) {
    Emitted e = emit(model);
    Sany.Result sany = Sany.parseText(e.moduleName(), e.tla());
    assertThat(sany.ok()).as("SANY rejects the generated module:%n%s%n%s", sany.describe(), e.tla()).isTrue();
    return e;
  }

  static List<String> labels(Emitted e, String thread) {
    return thread(e, thread).labels().stream().map(SourceMap.Label::name).toList();
  }

  static SourceMap.Thread thread(Emitted e, String thread) {
    return e.sourceMap().threads().stream().filter(t -> t.name().equals(thread)).findFirst().orElseThrow();
  }

  /** The actions of a thread as {@code name from->to} or {@code name from !fault}. */
  static List<String> actions(Emitted e, String thread) {
    return e.sourceMap().actions().stream().filter(a -> a.thread().equals(thread))
        .map(a -> a.name() + " " + a.from() + (a.fault() == null ? "->" + a.to() : " !" + a.fault()))
        .toList();
  }

  static SourceMap.Action action(Emitted e, String name) {
    return e.sourceMap().actions().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
  }

  /** The DSL lines an action executes. */
  static List<Integer> lines(SourceMap.Action a) {
    return a.statements().stream().map(SourceMap.Loc::line).collect(Collectors.toList());
  }

  static SourceMap.Struct struct(Emitted e, String name) {
    return e.sourceMap().structs().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  // (a) ---------------------------------------------------------------------------------------

  @Test
  void threadLocalAssignmentsMergeIntoTheNextSharedStep() {
    Emitted e = emit("""
        model m
        var g = 0
        thread t {
          a = 1
          b = a + 1
          c = b + 2
          g = c
          d = 4
          g = d
        }
        """);
    // Three local assignments ride along with `g = c`, and so does `d = 4` after it: labels
    // sit just before shared statements.
    assertThat(labels(e, "t")).containsExactly("L4", "L9", "Done");
    assertThat(actions(e, "t")).containsExactly("t_L4 L4->L9", "t_L9 L9->Done");
    assertThat(lines(action(e, "t_L4"))).containsExactly(4, 5, 6, 7, 8);
    assertThat(action(e, "t_L4").primary().text()).isEqualTo("g = c");
    assertThat(lines(action(e, "t_L9"))).containsExactly(9);
  }

  @Test
  void sharedAssignmentsAreOneStepEach() {
    Emitted e = emit("""
        model m
        var g = 0
        var h = 0
        thread t {
          g = 1
          h = 2
          g = h
        }
        """);
    assertThat(labels(e, "t")).containsExactly("L5", "L6", "L7", "Done");
    assertThat(actions(e, "t")).containsExactly("t_L5 L5->L6", "t_L6 L6->L7", "t_L7 L7->Done");
  }

  @Test
  void localStatementsAfterTheLastSharedOneDoNotCostAStep() {
    Emitted e = emit("""
        model m
        var g = 0
        thread t {
          g = 1
          x = 2
          y = x + 1
        }
        """);
    assertThat(labels(e, "t")).containsExactly("L4", "Done");
    assertThat(actions(e, "t")).containsExactly("t_L4 L4->Done");
    assertThat(lines(action(e, "t_L4"))).containsExactly(4, 5, 6);
  }

  // (b) ---------------------------------------------------------------------------------------

  @Test
  void aConditionOnALocalIsNoStepButOneOnAGlobalIs() {
    Emitted e = emit("""
        model m
        var g = 0
        thread loc {
          x = 1
          if x > 0 {
            g = 1
          }
        }
        thread glob {
          if g > 0 {
            g = 2
          }
        }
        """);
    // local condition: decided inside the step that writes g; x is 1 there, so `x > 0` folds to
    // TRUE and the else branch is no path at all
    assertThat(labels(e, "loc")).containsExactly("L4", "Done");
    assertThat(actions(e, "loc")).containsExactly("loc_L4 L4->Done");
    assertThat(lines(action(e, "loc_L4"))).containsExactly(4, 5, 6);
    // global condition: reading g is a step of its own, the write another
    assertThat(labels(e, "glob")).containsExactly("L10", "L11", "Done");
    assertThat(actions(e, "glob")).containsExactly("glob_L10_1 L10->L11", "glob_L10_2 L10->Done", "glob_L11 L11->Done");
    assertThat(lines(action(e, "glob_L10_1"))).containsExactly(10);
  }

  // (c) ---------------------------------------------------------------------------------------

  @Test
  void atomicBlockOverSharedStateIsOneStep() {
    Emitted e = emit("""
        model m
        var a = 0
        var b = 0
        thread at {
          atomic {
            a = 1
            b = a + 1
          }
        }
        thread plain {
          a = 2
          b = a + 2
        }
        """);
    assertThat(labels(e, "at")).containsExactly("L6", "Done");
    assertThat(actions(e, "at")).containsExactly("at_L6 L6->Done");
    assertThat(lines(action(e, "at_L6"))).containsExactly(6, 7);
    // the same two statements outside `atomic`: two steps
    assertThat(labels(e, "plain")).containsExactly("L11", "L12", "Done");
    assertThat(actions(e, "plain")).containsExactly("plain_L11 L11->L12", "plain_L12 L12->Done");
  }

  // (d) ---------------------------------------------------------------------------------------

  @Test
  void eitherGivesOneActionPerBranch() {
    Emitted e = emit("""
        model m
        var g = 0
        thread t {
          either {
            g = 1
          } or {
            g = 2
          } or {
            g = 3
          }
        }
        """);
    assertThat(labels(e, "t")).containsExactly("L4", "Done");
    assertThat(actions(e, "t")).containsExactly("t_L4_1 L4->Done", "t_L4_2 L4->Done", "t_L4_3 L4->Done");
    assertThat(lines(action(e, "t_L4_1"))).containsExactly(4, 5);
    assertThat(lines(action(e, "t_L4_2"))).containsExactly(4, 7);
    assertThat(lines(action(e, "t_L4_3"))).containsExactly(4, 9);
  }

  // (e) ---------------------------------------------------------------------------------------

  /**
   * A thread's last reset writes the translator's hidden locals back too when an exit check (the
   * kind takes a lock) stands between it and the thread's end: a `for` left by a `return` keeps
   * the rest of its walk, which is dead there, and would make states that differ only in it.
   * Every local is then at its initial value, so the kind's record is written whole.
   */
  @Test
  void theLastResetBeforeAnExitCheckResetsHiddenLocalsToo() {
    Emitted e = emitPaths("""
        model m
        struct obj { v = 0 }
        set s of obj
        lock l
        fn first() {
          for x in s {
            if x.v == 0 { return x }
          }
          return null
        }
        thread t {
          a = alloc obj
          add(s, a)
          lock l
          f = first()
          unlock l
        }
        """);
    String exit = e.sourceMap().actions().stream()
        .filter(a -> a.thread().equals("t") && a.fault() == null && "Done".equals(a.to()))
        .map(SourceMap.Action::from).findFirst().orElseThrow();
    List<String> into = e.sourceMap().actions().stream()
        .filter(a -> a.thread().equals("t") && a.fault() == null && exit.equals(a.to()))
        .map(SourceMap.Action::name).toList();
    assertThat(into).hasSizeGreaterThanOrEqualTo(2); // the walk returned early, or ran out
    for (String a : into) {
      int at = e.tla().indexOf("\n" + a + "(self) ==");
      String body = e.tla().substring(at, e.tla().indexOf("\n\n", at + 1));
      assertThat(body).as(a).contains("t_locals' = [t_locals EXCEPT ![self] = t_locals_init]");
    }
  }

  @Test
  void putToZeroMovesToTheReleaseFunction() {
    Emitted e = emitPaths("""
        model m
        struct s {
          ref r = 1 release rel
          n = 0
        }
        var g = 0
        fn rel(o) {
          g = 7
          free o
        }
        thread t {
          x = alloc s
          put x.r
          g = 1
        }
        """);
    assertThat(actions(e, "t")).filteredOn(a -> a.startsWith("t_L13")).containsExactly(
        "t_L13_1 L13->L14",
        "t_L13_2 L13->L8",
        "t_L13_null L13 !null_deref",
        "t_L13_dfree L13 !double_free",
        "t_L13_underflow L13 !refcount_underflow");
    // L8 is the release function's first statement
    SourceMap.Label l8 = thread(e, "t").labels().stream().filter(l -> l.name().equals("L8")).findFirst().orElseThrow();
    assertThat(l8.loc().text()).isEqualTo("g = 7");
    // the path to L8 is the one that drops the count to zero: it does not mark the object freed,
    // the release function does
    assertThat(action(e, "t_L13_2").primary().text()).isEqualTo("put x.r");
    assertThat(e.tla()).contains("""
        t_L13_2(self) ==
            /\\ pc[self] = "L13"
            /\\ fault.kind = "none"
            /\\ t_locals[self].x # NULL /\\ s[t_locals[self].x].st = "live"
            /\\ s[t_locals[self].x].r = 1
            /\\ s' = [s EXCEPT ![t_locals[self].x].r = 0]
            /\\ t_locals' = [t_locals EXCEPT ![self].rel = [t_rel_init EXCEPT !.o = t_locals[self].x]]
            /\\ pc' = [pc EXCEPT ![self] = "L8"]
        """);
    // after the release function's last statement the thread goes straight on to the caller's
    // next statement: the function's return is merged into that step
    assertThat(actions(e, "t")).contains("t_L9 L9->L14", "t_L9_dfree L9 !double_free");
  }

  @Test
  void putToZeroWithoutReleaseFunctionFreesInPlace() {
    Emitted e = emit("""
        model m
        struct s { ref r = 1 }
        thread t {
          x = alloc s
          put x.r
        }
        """);
    assertThat(actions(e, "t")).containsExactly(
        "t_L4 L4->L5",
        "t_L4_bound L4 !model_bound",
        "t_L5_1 L5->Done",
        "t_L5_2 L5->Done",
        "t_L5_null L5 !null_deref",
        "t_L5_dfree L5 !double_free",
        "t_L5_underflow L5 !refcount_underflow");
    assertThat(e.tla()).contains("\\E x \\in {t_locals[self].x} :", "![x].r = IF br THEN @ - 1 ELSE 0,", "![x].st = IF br THEN @ ELSE \"freed\"]");
  }

  // (f) ---------------------------------------------------------------------------------------

  @Test
  void boundedWhileLoopHasAModelBoundFault() {
    Emitted e = emitPaths("""
        model m
        var g = 0
        thread t {
          while g < 5 bound 2 {
            g = g + 1
          }
        }
        """);
    // L4 tests the condition (it reads g), L4b counts the iteration and runs the body
    assertThat(labels(e, "t")).containsExactly("L4", "L4b", "Done");
    assertThat(actions(e, "t")).containsExactly(
        "t_L4_1 L4->L4b",
        "t_L4_2 L4->Done",
        "t_L4b L4b->L4",
        "t_L4b_bound L4b !model_bound");
    SourceMap.Action bound = action(e, "t_L4b_bound");
    assertThat(bound.to()).isNull();
    assertThat(bound.primary().text()).isEqualTo("while g < 5 bound 2 {");
    assertThat(e.tla()).contains("""
        t_L4b_bound(self) ==
            /\\ pc[self] = "L4b"
            /\\ fault.kind = "none"
            /\\ t_locals[self].iter_4_3 \\geq 2
            /\\ FaultBound("model_bound", self, 4, "loop 2")
        """);
    assertThat(e.sourceMap().variables()).filteredOn(v -> "iter_4_3".equals(v.field()))
        .singleElement().satisfies(v -> {
          assertThat(v.tla()).isEqualTo("t_locals");
          assertThat(v.kind()).isEqualTo("hidden");
          assertThat(v.thread()).isEqualTo("t");
        });
  }

  // (g) ---------------------------------------------------------------------------------------

  @Test
  void allocHasAModelBoundFaultAndTwoAllocsInTwoThreadsGiveBoundTwo() {
    Emitted e = emit("""
        model m
        struct s { ref r = 1 }
        thread a {
          x = alloc s
          put x.r
        }
        thread b {
          y = alloc s
          put y.r
        }
        """);
    assertThat(actions(e, "a")).contains("a_L4 L4->L5", "a_L4_bound L4 !model_bound");
    assertThat(actions(e, "b")).contains("b_L8 L8->L9", "b_L8_bound L8 !model_bound");
    assertThat(action(e, "a_L4_bound").primary().text()).isEqualTo("x = alloc s");
    assertThat(struct(e, "s").bound()).isEqualTo(2);
    assertThat(struct(e, "s").boundDerived()).isTrue();
    assertThat(e.cfg()).contains("  Pool_s = {s_1, s_2}\n");
  }

  @Test
  void oneAllocInAThreadArrayOfThreeGivesBoundThree() {
    Emitted e = emit("""
        model m
        struct s { ref r = 1 }
        thread t[3] {
          x = alloc s
          put x.r
        }
        """);
    assertThat(actions(e, "t")).contains("t_L4_bound L4 !model_bound");
    assertThat(struct(e, "s").bound()).isEqualTo(3);
    assertThat(struct(e, "s").boundDerived()).isTrue();
    assertThat(e.cfg()).contains("  Thread_t = {t_1, t_2, t_3}\n", "  Pool_s = {s_1, s_2, s_3}\n");
  }

  @Test
  void aDeclaredBoundWins() {
    Emitted e = emit("""
        model m
        struct s bound 5 { ref r = 1 }
        thread t {
          x = alloc s
          put x.r
        }
        """);
    assertThat(actions(e, "t")).contains("t_L4_bound L4 !model_bound");
    assertThat(struct(e, "s").bound()).isEqualTo(5);
    assertThat(struct(e, "s").boundDerived()).isFalse();
    assertThat(e.cfg()).contains("  Pool_s = {s_1, s_2, s_3, s_4, s_5}\n");
  }

  @Test
  void allocsInExclusiveBranchesCountOnceAndALoopBoundMultiplies() {
    Emitted either = emit("""
        model m
        struct s { ref r = 1 }
        thread t {
          either {
            x = alloc s
          } or {
            y = alloc s
          }
        }
        """);
    assertThat(struct(either, "s").bound()).isEqualTo(1);
    Emitted loop = emit("""
        model m
        struct s { ref r = 1 }
        var g = 0
        thread t {
          while g < 3 bound 4 {
            x = alloc s
            g = g + 1
          }
        }
        """);
    assertThat(struct(loop, "s").bound()).isEqualTo(4);
  }

  @Test
  void pickOverListedValuesBranchesOnEachAndHasNoEmptyCase() {
    Emitted e = emitAccepted("""
        model m
        const HIGH = 9
        var g = 0
        thread t {
          x = pick({0, 3, HIGH})
          g = x
        }
        """);
    assertThat(e.tla()).contains("\\E picked \\in {0, 3, HIGH} :", "g' = picked");
    // a listed set is never empty: no path assigns null to the integer
    assertThat(e.tla()).doesNotContain("{0, 3, HIGH} = {}");
    assertThat(actions(e, "t")).hasSize(1);
  }

  /** A counting loop needs no `bound`: its count comes from the counter's start, limit and step. */
  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "i = 0 | i < 2  | i = i + 1 | 2",
      "i = 0 | i <= 2 | i = i + 1 | 3",
      "i = 1 | i < 6  | i = i + 2 | 3",
      "i = 1 | i <= 5 | i = i + 2 | 3",
      "i = 0 | 3 > i  | i = i + 1 | 3",
      "i = 2 | i != 8 | i = i + 3 | 2",
      "i = 5 | i < 2  | i = i + 1 | 0"})
  void aFixedCountLoopGivesItsCountAsTheLoopsShareOfThePoolBound(String init, String cond, String step, int count) {
    Emitted e = emit("""
        model m
        struct s { ref r = 1 }
        thread t {
          %s
          while %s {
            x = alloc s
            %s
          }
          y = alloc s
        }
        """.formatted(init, cond, step));
    // one alloc per iteration, and the one after the loop
    assertThat(struct(e, "s").bound()).isEqualTo(count + 1);
    assertThat(struct(e, "s").boundDerived()).isTrue();
  }

  @Test
  void nestedCountingLoopsMultiplyAndACounterResetInsideTheOuterLoopIsKnown() {
    Emitted e = emit("""
        model m
        struct s { ref r = 1 }
        thread t {
          j = 0
          while j < 2 {
            i = 0
            while i < 3 {
              x = alloc s
              i = i + 1
            }
            j = j + 1
          }
        }
        """);
    assertThat(struct(e, "s").bound()).isEqualTo(6);
  }
}

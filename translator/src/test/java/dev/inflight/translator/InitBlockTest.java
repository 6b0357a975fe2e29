package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.diag.Code;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Severity;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.lower.InitCode;
import dev.inflight.translator.parse.ModelParser;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.testing.Sany;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The `init` block (docs/semantics.md, "The init block"): parsing, the statements it rejects
 * (E0408, one message each, rendered exactly), at most one block (E0409), and what it lowers to:
 * the disjuncts of Init, over constants only, with the block's locals no state.
 */
class InitBlockTest {

  static Translator.Result translate(String text) {
    return DiagnosticsTest.translate(text);
  }

  private static final String HEADER = """
      model m
      struct sock {
        ref refcnt = 1
      }
      var s: sock = null
      var g = 0
      lock l
      work w: f
      fn f() {
        g = 1
      }
      """;

  private static final String THREAD = """
      thread t {
        g = 2
        queue_work(w)
      }
      """;

  // ---------------------------------------------------------------- parsing

  @Test
  void anInitBlockParsesAsADeclarationAndInitStaysAName() {
    Diagnostics diags = new Diagnostics();
    SourceFile src = SourceLoader.decode("model m\nvar init = 1\ninit {\n  init = 2\n}\nthread t {\n  x = init\n}\n"
        .getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    var file = ModelParser.parse(src, diags);
    assertThat(diags.all()).isEmpty();
    assertThat(file.decls()).filteredOn(d -> d instanceof Decl.Init).singleElement()
        .satisfies(d -> assertThat(((Decl.Init) d).body().stmts()).hasSize(1));
    Translator.Result r = translate("model m\nvar init = 1\ninit {\n  init = 2\n}\nthread t {\n  x = init\n}\n");
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
  }

  // ---------------------------------------------------------------- rejected statements

  record Case(String name, String stmt, String message, String help) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final String BLOCKS = "`init` runs atomically before any thread and is no thread itself, so it cannot ";

  static Stream<Case> rejected() {
    return Stream.of(
        new Case("await", "await g == 1", "`await` cannot be used in `init`", "block"),
        new Case("lock", "lock l", "`lock` cannot be used in `init`", "hold a lock (a lock is held by a thread)"),
        new Case("unlock", "unlock l", "`unlock` cannot be used in `init`", "hold a lock (a lock is held by a thread)"),
        new Case("rcu_read_lock", "rcu_read_lock()", "`rcu_read_lock` cannot be used in `init`",
            "be inside an RCU read-side section (a reader is a thread)"),
        new Case("rcu_read_unlock", "rcu_read_unlock()", "`rcu_read_unlock` cannot be used in `init`",
            "be inside an RCU read-side section (a reader is a thread)"),
        new Case("synchronize_rcu", "synchronize_rcu()", "`synchronize_rcu` cannot be used in `init`", "wait for other threads"),
        new Case("synchronize_net", "synchronize_net()", "`synchronize_net` cannot be used in `init`", "wait for other threads"),
        new Case("rcu_barrier", "rcu_barrier()", "`rcu_barrier` cannot be used in `init`", "wait for other threads"),
        new Case("call_rcu", "call_rcu(s, rel)", "`call_rcu` cannot be used in `init`",
            "queue an RCU callback (it waits for the readers of a grace period)"),
        new Case("queue_work", "queue_work(w)", "`queue_work` cannot be used in `init`", "queue or wait for work (work runs on a thread)"),
        new Case("flush_work", "flush_work(w)", "`flush_work` cannot be used in `init`", "queue or wait for work (work runs on a thread)"),
        new Case("return", "return", "`return` cannot be used in `init`", "return (it is not a function)"),
        new Case("loop", "loop { g = 3 }", "`loop` cannot be used in `init`", "run forever"),
        new Case("a function that awaits", "waits()", "`waits` cannot be called in `init`: it uses `await`", "block"),
        new Case("a function calling one that locks", "locks_twice()", "`locks_twice` cannot be called in `init`: it uses `lock`",
            "hold a lock (a lock is held by a thread)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejected")
  void eachRejectedStatementGivesOneExactDiagnostic(Case c) {
    String text = HEADER + """
        fn rel(x) {
          free x
        }
        fn waits() {
          await g == 1
        }
        fn locks() {
          lock l
          unlock l
        }
        fn locks_twice() {
          locks()
        }
        init {
          s = alloc sock
          %s
        }
        """.formatted(c.stmt()) + THREAD + "thread u {\n  waits()\n  locks_twice()\n  call_rcu(s, rel)\n}\n";
    Translator.Result r = translate(text);
    assertThat(r.ok()).isFalse();
    List<Diagnostic> errors = r.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).toList();
    assertThat(errors).as(DiagnosticRenderer.renderAll(r.diagnostics())).hasSize(1);
    int line = (int) HEADER.lines().count() + 16;
    String rendered = DiagnosticRenderer.render(errors.get(0));
    String caret = "^".repeat(c.stmt().length());
    assertThat(rendered).isEqualTo("""
        error[E0408]: %s
          --> t.ifl:%d:3
           |
        %d |   %s
           |   %s
           = help: %s%s; move it to a thread
        """.formatted(c.message(), line, line, c.stmt(), caret, BLOCKS, c.help()));
  }

  @Test
  void everyRejectedStatementIsItsOwnMessage() {
    Translator.Result r = translate(HEADER + "init {\n  await g == 0\n  lock l\n  unlock l\n}\n" + THREAD);
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.NOT_IN_INIT, Code.NOT_IN_INIT, Code.NOT_IN_INIT);
    assertThat(r.diagnostics()).extracting(d -> d.span().line()).containsExactly(13, 14, 15);
  }

  @Test
  void twoInitBlocksGiveOneError() {
    Translator.Result r = translate(HEADER + "init {\n  g = 1\n}\ninit {\n  g = 2\n}\n" + THREAD);
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(DiagnosticRenderer.render(r.diagnostics().get(0))).isEqualTo("""
        error[E0409]: a model has at most one `init` block
          --> t.ifl:15:1
           |
        15 | init {
           | ^^^^
          ::: t.ifl:12:1
           |
        12 | init {
           | ---- the first `init` is here
           = help: merge the two blocks into one
        """);
  }

  @Test
  void aLoopInInitIsNotAlsoALoopOutsideADaemon() {
    Translator.Result r = translate(HEADER + "init {\n  loop {\n    g = 1\n  }\n}\n" + THREAD);
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.NOT_IN_INIT);
  }

  // ---------------------------------------------------------------- lowering and emitting

  private static final String EITHER = """
      model m
      struct sock {
        ref refcnt = 1
        v = 0
      }
      var s: sock = null
      set all of sock
      init {
        n = alloc sock
        add(all, n)
        either {
          n.v = 1
        } or {
          n.v = 2
        }
        s = n
      }
      thread t {
        touch s
      }
      """;

  @Test
  void eachPathThroughInitIsADisjunctOfInitOverConstants() {
    Translator.Result r = translate(EITHER);
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    InitCode init = r.emitted().lowered().init();
    // two choices, and the pool-bound fault of the alloc (never possible: the bound counts init's allocs)
    assertThat(init.paths()).extracting(InitCode.InitPath::faultKind).containsExactly(null, null, "model_bound");
    assertThat(init.paths().get(0).values()).containsOnlyKeys("sock", "s", "all");
    assertThat(init.blankNames()).containsEntry("sock", "Blank_sock");
    String tla = r.emitted().tla();
    assertThat(tla).contains("Blank_sock == [o \\in Pool_sock |-> [st |-> \"free\", refcnt |-> 0, v |-> 0]]");
    assertThat(tla).contains("/\\ LET new_sock == FirstFreeSlot(Blank_sock)");
    // each path's write of v goes into the new object's record (lower/Store#intoRecord)
    assertThat(tla).contains("![new_sock] = [st |-> \"live\", refcnt |-> 1, v |-> 1]]", "![new_sock] = [st |-> \"live\", refcnt |-> 1, v |-> 2]]",
        "/\\ s = new_sock", "/\\ all = {new_sock}");
    assertThat(tla).contains("fault = [kind |-> \"model_bound\", thread |-> NULL, line |-> 9, bound |-> \"pool sock\"]");
    // init's local n is no state variable, and nothing in Init names a thread
    assertThat(tla).doesNotContain("init_n");
    assertThat(tla.substring(tla.indexOf("Init =="), tla.indexOf("AllDone"))).doesNotContain("self");
    assertThat(r.checked().program().structs.get("sock").bound()).isEqualTo(1);
    assertThat(r.emitted().sourceMap().init().statements()).extracting(l -> l.line()).containsExactly(9, 10, 11, 12, 16, 14);
    Sany.Result sany = Sany.parseText(r.emitted().lowered().layout().moduleName, tla);
    assertThat(sany.ok()).as(sany.describe()).isTrue();
  }

  @Test
  void withoutInitTheInitialStateIsWrittenAsBefore() {
    Translator.Result r = translate("model m\nvar g = 3\nthread w {\n  g = 1\n}\n");
    assertThat(r.emitted().lowered().init()).isNull();
    assertThat(r.emitted().sourceMap().init()).isNull();
    assertThat(r.emitted().tla()).contains("Init ==\n    /\\ pc = [t \\in Threads |-> \"L4\"]\n    /\\ fault = [kind |-> \"none\"]\n    /\\ g = 3\n");
  }

  @Test
  void loopsInInitAreUnrolledAndFaultPastTheirBound() {
    Translator.Result r = translate("""
        model m
        struct sock {
          v = 0
        }
        set all of sock
        var total = 0
        init {
          a = alloc sock
          a.v = 1
          add(all, a)
          b = alloc sock
          b.v = 2
          add(all, b)
          for x in all {
            total = total + x.v
          }
          i = 0
          while i < 5 bound 3 {
            i = i + 1
          }
        }
        thread t {
          assert(total == 3)
        }
        """);
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    List<InitCode.InitPath> paths = r.emitted().lowered().init().paths();
    // the while's fourth iteration exceeds its bound: a model-bound fault at its head (line 18)
    assertThat(paths).filteredOn(p -> "model_bound".equals(p.faultKind())).extracting(p -> p.primary().line()).contains(18);
    Sany.Result sany = Sany.parseText(r.emitted().lowered().layout().moduleName, r.emitted().tla());
    assertThat(sany.ok()).as(sany.describe()).isTrue();
  }

  @Test
  void theReferenceTranslationHasTheSameInit() {
    Translator.Result merged = translate(EITHER);
    Diagnostics diags = new Diagnostics();
    SourceFile src = SourceLoader.decode(EITHER.getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    Translator.Result ref = Translator.translate(src, null, DiagnosticsTest.options(java.util.Map.of()).withReference(true), diags);
    String init = "Blank_sock ==";
    String a = merged.emitted().tla();
    String b = ref.emitted().tla();
    assertThat(b.substring(b.indexOf(init), b.indexOf("AllDone"))).isEqualTo(a.substring(a.indexOf(init), a.indexOf("AllDone")));
  }

  @Test
  void malformedInitBlocksAreParseErrors() {
    for (String bad : List.of("model m\ninit\nthread t {\n  g = 1\n}\n", "model m\ninit {\n  g = \n}\nthread t {\n  x = 1\n}\n",
        "model m\nvar g = 0\ninit {\n  g = 1\n", "model m\nvar g = 0\ninit { init { g = 1 } }\nthread t {\n  g = 2\n}\n")) {
      Translator.Result r = translate(bad);
      assertThat(r.ok()).as(bad).isFalse();
      assertThat(r.diagnostics().get(0).code()).as(bad).isIn(Code.UNEXPECTED_TOKEN, Code.SECOND_INIT);
    }
  }

  @Test
  void costsTrackedInitRunsOnNoCpu() {
    Translator.Result r = translate("""
        model m
        cost { cpus = 2  atomic_local = 1  atomic_remote = 10 }
        struct sock {
          ref refcnt = 1
        }
        var s: sock = null
        init {
          n = alloc sock
          get n.refcnt
          s = n
        }
        op fn drop() {
          put s.refcnt
        }
        thread a {
          drop()
        }
        thread b {
          drop()
        }
        latency drop <= 100
        """);
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    String tla = r.emitted().tla();
    assertThat(tla).contains("LET self == NULL").contains("[] OTHER -> -1");
    Sany.Result sany = Sany.parseText(r.emitted().lowered().layout().moduleName, tla);
    assertThat(sany.ok()).as(sany.describe()).isTrue();
  }
}

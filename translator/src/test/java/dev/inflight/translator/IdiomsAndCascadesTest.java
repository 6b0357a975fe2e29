package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.resolve.Library;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kernel idioms get a help line in the DSL's terms; one mistake gives one message (no cascade);
 * declarations nothing uses are warned about. Each row: a program and every diagnostic, rendered.
 */
class IdiomsAndCascadesTest {

  record Case(String name, String source, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Translator.Result translate(String text, Translator.Options o) {
    return Translator.translate(new SourceFile("t.ifl", text), null, o, new Diagnostics());
  }

  static Translator.Result translate(String text) {
    return translate(text, new Translator.Options(Map.of(), Library.packaged(), null));
  }

  static Stream<Case> cases() {
    return Stream.of(
        // callbacks with the wrong parameters: one message each, in the callback's own terms, and
        // no "never called" warning for a function the model names as a callback; a work item's
        // function where the work item is meant
        new Case("callbacks with the wrong parameters; a work function named for its work item", """
            model m
            struct obj { ref rc = 1 release rel }
            var g = 0
            work w: job
            work w2: job2
            fn job() { g = 1 }
            fn job2(x: int) { g = x }
            fn rel(a: obj, b: int) { free a }
            fn cb(o: obj, x: int) { free o }
            thread t {
              o = alloc obj
              queue_work(w)
              call_rcu(o, cb)
              flush_work(job)
            }
            """, """
            error[E0305]: release function `rel` takes 2 parameters
             --> t.ifl:2:33
              |
            2 | struct obj { ref rc = 1 release rel }
              |                                 ^^^
              = help: a release function takes the object as its one parameter: `fn rel(obj) { … }`

            error[E0305]: work function `job2` takes 1 parameter
             --> t.ifl:5:10
              |
            5 | work w2: job2
              |          ^^^^
              = help: a work function takes no parameters: `fn job2() { … }`

            error[E0305]: RCU callback `cb` takes 2 parameters
              --> t.ifl:13:15
               |
            13 |   call_rcu(o, cb)
               |               ^^
               = help: an RCU callback takes the object as its one parameter: `fn cb(obj) { … }`

            error[E0300]: type mismatch: expected a value, found function `job`
              --> t.ifl:14:14
               |
            14 |   flush_work(job)
               |              ^^^
               = help: the work item that runs `job` is `w`: name `w` here
            """),
        // two arguments in each other's place: one mistake, one message (it was one E0300 each)
        new Case("two arguments swapped", """
            model m
            struct sock { ref rc = 1 }
            struct task { n = 0 }
            var g = 0
            fn send(t: task, k: int, s: sock) { g = k }
            thread th {
              t = alloc task
              s = alloc sock
              send(s, 1, t)
            }
            """, """
            error[E0300]: type mismatch: `s` and `t` are in each other's place: `send` takes `t: task` before `s: sock`
             --> t.ifl:9:8
              |
            9 |   send(s, 1, t)
              |        ^^^^^^^
              = help: swap `s` and `t`
            """),
        // recursion through a release function is met by every thread and call path that inlines
        // it, each at the call that closes the cycle there: it was one message per meeting (two
        // here; six for an `override fn file_final_put` that runs __fput at once)
        new Case("recursion through a release function, met from two threads", """
            model m
            struct obj { ref rc = 1 release obj_release }
            fn obj_release(o: obj) { drop(o) }
            fn drop(o: obj) { put o.rc }
            thread t1 {
              o = alloc obj
              drop(o)
            }
            thread t2 {
              p = alloc obj
              put p.rc
            }
            """, """
            error[E0400]: recursive call: drop → obj_release → drop (obj_release is a release function: a `put` runs it)
             --> t.ifl:3:26
              |
            3 | fn obj_release(o: obj) { drop(o) }
              |                          ^^^^^^^
              = help: functions are inlined, so they cannot call themselves; use a bounded loop
            """),
        // a function that loops, called inside `atomic`: one message at the call, whichever of
        // its calls is checked first (its body was checked as inside `atomic` when that call came
        // first, and the loop was reported a second time there)
        new Case("a looping function called inside atomic", """
            model m
            var c = 0
            fn bump(n) {
              k = 0
              while k < n bound 3 {
                c = c + 1
                k = k + 1
              }
            }
            fn twice() { bump(2) }
            thread t1 {
              atomic { twice() }
            }
            thread t2 { bump(1) }
            """, """
            error[E0402]: `twice` runs a loop, and loops are not allowed inside `atomic`
              --> t.ifl:12:12
               |
            12 |   atomic { twice() }
               |            ^^^^^^^
              ::: t.ifl:5:3
               |
             5 |   while k < n bound 3 {
               |   --------------------- the loop
               = help: call `twice` outside the atomic block, or write its loop as a quantifier or set comprehension
            """),
        // one message for a line the lexer cannot read, whatever the parser's recovery makes of
        // the rest of it: `été` was two E0101 and an E0103 ("not a statement") for `t`
        new Case("characters the lexer cannot read", """
            model m
            var g = 0
            thread t {
              g = été + 1
              g = 1 é 2
              é = 2
              g = 2
            }
            """, """
            error[E0101]: invalid character `é` (U+00E9)
             --> t.ifl:4:7
              |
            4 |   g = été + 1
              |       ^

            error[E0101]: invalid character `é` (U+00E9)
             --> t.ifl:5:9
              |
            5 |   g = 1 é 2
              |         ^

            error[E0101]: invalid character `é` (U+00E9)
             --> t.ifl:6:3
              |
            6 |   é = 2
              |   ^
            """),
        // a comment never closed swallowed the thread's `}`: "unexpected `/`" and, with comments
        // ending later, "unexpected end of file"; a string never closed was "invalid character `"`"
        new Case("a comment never closed", """
            model m
            var g = 0
            thread t {
              g = 1 /* the rest
            }
            """, """
            error[E0106]: this comment is never closed: the rest of the file is part of it
             --> t.ifl:4:9
              |
            4 |   g = 1 /* the rest
              |         ^^
              = help: close it with `*/`, or write a line comment with `//`
            """),
        new Case("a string never closed", """
            model m
            include "kernel/af_unix.ifl
            var g = 0 /* closed */
            thread t {
              g = 1
            }
            """, """
            error[E0106]: this string is never closed on its line
             --> t.ifl:2:9
              |
            2 | include "kernel/af_unix.ifl
              |         ^
              = help: close it with `"` before the end of the line
            """),
        new Case("sk->refcnt", """
            model m
            struct sock { ref refcnt = 1 }
            thread t {
              sk = alloc sock
              x = sk->refcnt
            }
            """, """
            error[E0100]: unexpected `->`, expected an expression
             --> t.ifl:5:9
              |
            5 |   x = sk->refcnt
              |         ^^
              = help: `->` is C: the DSL writes a field through a pointer with `.`, as in `sk.refcnt`
            """),
        new Case("sock_put(sk)", """
            model m
            struct sock { ref refcnt = 1 }
            thread t {
              sk = alloc sock
              sock_put(sk)
            }
            """, """
            error[E0207]: unknown function `sock_put`
             --> t.ifl:5:3
              |
            5 |   sock_put(sk)
              |   ^^^^^^^^
              = help: the DSL has no `sock_put`: write `put sk.refcnt` (a `ref` field of the struct; at 0 the object is freed)
            """),
        new Case("rcu_read_lock without parentheses", """
            model m
            thread t {
              rcu_read_lock
            }
            """, """
            error[E0103]: this expression is not a statement
             --> t.ifl:3:3
              |
            3 |   rcu_read_lock
              |   ^^^^^^^^^^^^^
              = help: call it: `rcu_read_lock()`
            """),
        new Case("assert without parentheses", """
            model m
            var n = 0
            thread t {
              assert n >= 0
            }
            """, """
            error[E0103]: this expression is not a statement
             --> t.ifl:4:3
              |
            4 |   assert n >= 0
              |   ^^^^^^
              = help: `assert` is called with its arguments in parentheses: `assert(cond)`
            """),
        new Case("an undeclared lock", """
            model m
            thread t {
              lock hlock
              unlock hlock
            }
            """, """
            error[E0200]: unknown name `hlock`
             --> t.ifl:3:8
              |
            3 |   lock hlock
              |        ^^^^^
              = help: declare the lock: `lock hlock` at top level for a global lock, or `lock hlock` inside a struct for a lock per object (then `lock p.hlock`)

            error[E0200]: unknown name `hlock`
             --> t.ifl:4:10
              |
            4 |   unlock hlock
              |          ^^^^^
              = help: declare the lock: `lock hlock` at top level for a global lock, or `lock hlock` inside a struct for a lock per object (then `lock p.hlock`)
            """),
        new Case("a thread named like a struct: one error, no 'no thread', no 'never called'", """
            model m
            struct sock { ref refcnt = 1 }
            fn helper(s) { put s.refcnt }
            thread sock {
              s = alloc sock
              helper(s)
            }
            """, """
            error[E0201]: duplicate declaration of thread `sock`
             --> t.ifl:4:8
              |
            4 | thread sock {
              |        ^^^^
             ::: t.ifl:2:8
              |
            2 | struct sock { ref refcnt = 1 }
              |        ---- first declared here
              = help: rename one of them
            """),
        new Case("unused global, const and work item", """
            model m
            const N = 3
            var g = 0
            var used = 0
            fn f() { used = 1 }
            work w: f
            thread t { used = 2 }
            """, """
            warning[W0005]: const `N` is never used
             --> t.ifl:2:7
              |
            2 | const N = 3
              |       ^
              = help: remove it, or use it (a pool bound, a thread count, a loop bound); `--set N=…` changes nothing while it is unused

            warning[W0004]: global `g` is never used
             --> t.ifl:3:5
              |
            3 | var g = 0
              |     ^
              = help: remove it, or read or write it where it matters

            warning[W0006]: work item `w` is never queued, so its function never runs
             --> t.ifl:6:6
              |
            6 | work w: f
              |      ^
              = help: queue it with `queue_work(w)`, or remove it
            """),
        new Case("a check given twice", """
            model m
            var g = 0
            thread t { g = 1 }
            check no_leak
            check no_leak
            """, """
            warning[W0008]: `check no_leak` is given twice
             --> t.ifl:5:1
              |
            5 | check no_leak
              | ^^^^^^^^^^^^^
             ::: t.ifl:4:1
              |
            4 | check no_leak
              | ------------- first given here
              = help: remove one
            """),
        // 65536^4 is 2^64: a 64-bit product wrapped it to 0, and the model checked with Z = 0.
        new Case("a constant product past 64 bits", """
            model m
            const Z = 65536 * 65536 * 65536 * 65536
            var g = 0
            thread t {
              g = 10 / (Z + 1)
            }
            """, """
            error[E0104]: this is 4294967296, outside the integers a model can use (-2147483648 to 2147483647)
             --> t.ifl:2:11
              |
            2 | const Z = 65536 * 65536 * 65536 * 65536
              |           ^^^^^^^^^^^^^
              = help: models use small integers; scale the constant down
            """),
        new Case("a constant out of range used as a thread count", """
            model m
            const A = 2147483647 * 2
            var g = 0
            thread t[A] {
              g = 1
            }
            """, """
            error[E0104]: this is 4294967294, outside the integers a model can use (-2147483648 to 2147483647)
             --> t.ifl:2:11
              |
            2 | const A = 2147483647 * 2
              |           ^^^^^^^^^^^^^^
              = help: models use small integers; scale the constant down
            """),
        new Case("constant divisions without a value", """
            model m
            const Z = 0
            const M = 5 % (0 - 2)
            var h = 5 / Z
            thread t {
              h = M
            }
            """, """
            error[E0303]: this has no value: a remainder by -2
             --> t.ifl:3:11
              |
            3 | const M = 5 % (0 - 2)
              |           ^^^^^^^^^^^
              = help: the divisor of `%` must be positive (as in TLA+)

            error[E0303]: this has no value: a division by 0
             --> t.ifl:4:9
              |
            4 | var h = 5 / Z
              |         ^^^^^
              = help: the divisor of `/` must not be 0
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyDiagnosticIsRenderedExactly(Case c) {
    Translator.Result r = translate(c.source());
    assertThat(DiagnosticRenderer.renderAll(r.diagnostics())).isEqualTo(c.expected() + "\n");
  }

  @Test
  void costsWithoutAProfileAreOneError() {
    Translator.Result r = translate("""
        model m
        op fn f() {
          cost atomic_inc
          cost cache_miss
          cost atomic_inc
        }
        thread t { f() }
        """, new Translator.Options(Map.of(), Library.packaged(), null).withCosts(null));
    assertThat(r.diagnostics()).extracting(Diagnostic::message).containsExactly("costs are tracked but no machine profile is given");
  }

  @Test
  void aMisspelledUseDoesNotAlsoWarnThatTheDeclarationIsUnused() {
    Translator.Result r = translate("model m\nvar counter = 0\nthread t { countr = counter + 1\n touch_me = countr }\nthread u { x = conter }\n");
    assertThat(r.diagnostics()).extracting(d -> d.code().id()).containsExactly("E0200");
    assertThat(List.of(r.diagnostics().get(0).help())).containsExactly("did you mean `counter`?");
  }

  @Test
  void everyProcedureWhoseCallIsShownIsABuiltinWithThatManyArguments() {
    dev.inflight.translator.diag.Idioms.CALLED.forEach((name, usage) -> assertThat(
        dev.inflight.translator.resolve.Builtins.PROCEDURES.get(name)).as(name)
        .isEqualTo(usage.split(",").length));
  }
}

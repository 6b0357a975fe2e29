package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.Code;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Severity;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exact text users see for each kind of mistake: small programs and the rendered first
 * diagnostic (code, message, location, snippet, notes and help). Messages live in
 * {@link Diagnostics}; a change of wording should be a deliberate change of this table.
 */
class DiagnosticsTest {

  @Test
  void onlyInputAndSyntaxErrorsLeaveAFileUnknown() {
    assertThat(List.of(Code.FILE_NOT_FOUND, Code.NOT_UTF8, Code.NOT_A_REGULAR_FILE, Code.UNEXPECTED_TOKEN, Code.NESTING_TOO_DEEP))
        .allMatch(Code::losesTheFile);
    assertThat(List.of(Code.UNKNOWN_NAME, Code.INCLUDE_NOT_FOUND, Code.TYPE_MISMATCH, Code.WORK_NEVER_QUEUED))
        .noneMatch(Code::losesTheFile);
  }

  /** A program (as bytes, to allow non-UTF-8 input), `--set` overrides and the expected rendering. */
  record Case(String name, byte[] bytes, Map<String, String> overrides, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case src(String name, String source, String expected) {
    return new Case(name, source.getBytes(StandardCharsets.UTF_8), Map.of(), expected);
  }

  static Case withSet(String name, Map<String, String> overrides, String source, String expected) {
    return new Case(name, source.getBytes(StandardCharsets.UTF_8), overrides, expected);
  }

  static Case bytes(String name, byte[] bytes, String expected) {
    return new Case(name, bytes, Map.of(), expected);
  }

  static Translator.Options options(Map<String, String> overrides) {
    // The packaged library only: the result must not depend on $INFLIGHT_SPECS.
    return new Translator.Options(overrides, Library.packaged(), null);
  }

  static Translator.Result translate(byte[] bytes, Map<String, String> overrides) {
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(bytes, "t.ifl", diags);
    if (source == null) {
      return new Translator.Result(diags.all(), null, null);
    }
    return Translator.translate(source, null, options(overrides), diags);
  }

  static Translator.Result translate(String text) {
    return translate(text.getBytes(StandardCharsets.UTF_8), Map.of());
  }

  static Stream<Case> cases() {
    return Stream.of(
        // ---------------------------------------------------------------- syntax
        src("unexpected token where an expression is expected", """
            model m
            thread t {
              x = 1 +
            }
            """, """
            error[E0100]: unexpected `}`, expected an expression
             --> t.ifl:4:1
              |
            4 | }
              | ^
            """),
        src("a const whose value is past TLC's integers", """
            model m
            const N = 65536
            const M = N * N
            var g = 0
            thread t { g = M }
            """, """
            error[E0104]: this is 4294967296, outside the integers a model can use (-2147483648 to 2147483647)
             --> t.ifl:3:11
              |
            3 | const M = N * N
              |           ^^^^^
              = help: models use small integers; scale the constant down
            """),
        src("a latency bound past TLC's integers", """
            model m
            const S = 1000000000
            cost { syscall = 100 }
            op fn f() { cost syscall }
            latency f <= 3 * S
            thread t { f() }
            """, """
            error[E0104]: this is 3000000000, outside the integers a model can use (-2147483648 to 2147483647)
             --> t.ifl:5:14
              |
            5 | latency f <= 3 * S
              |              ^^^^^
              = help: models use small integers; scale the constant down
            """),
        src("unexpected token after a thread name", """
            model m
            thread t x = 1
            """, """
            error[E0100]: unexpected name `x`, expected one of `{`, `[`, `on`
             --> t.ifl:2:10
              |
            2 | thread t x = 1
              |          ^
            """),
        src("unexpected end of file inside a thread", "model m\nthread t {\n  x = 1", """
            error[E0100]: unexpected end of file, expected a statement or `}`
             --> t.ifl:3:8
              |
            3 |   x = 1
              |        ^
            """),
        src("invalid character", """
            model m
            thread t {
              x = 1 $
            }
            """, """
            error[E0101]: invalid character `$` (U+0024)
             --> t.ifl:3:9
              |
            3 |   x = 1 $
              |         ^
            """),

        // ---------------------------------------------------------------- names
        src("unknown name without a suggestion", """
            model m
            thread t {
              y = zzz + 1
            }
            """, """
            error[E0200]: unknown name `zzz`
             --> t.ifl:3:7
              |
            3 |   y = zzz + 1
              |       ^^^
              = help: declare it with `var`, `const`, or assign it first in this thread
            """),
        src("unknown name with a suggestion", """
            model m
            var count = 0
            thread t {
              y = cout + 1
            }
            """, """
            error[E0200]: unknown name `cout`
             --> t.ifl:4:7
              |
            4 |   y = cout + 1
              |       ^^^^
              = help: did you mean `count`?
            """),
        src("duplicate declaration with the first one as a note", """
            model m
            var g = 0
            var g = 1
            thread t { g = 2 }
            """, """
            error[E0201]: duplicate declaration of global `g`
             --> t.ifl:3:5
              |
            3 | var g = 1
              |     ^
             ::: t.ifl:2:5
              |
            2 | var g = 0
              |     - first declared here
              = help: rename one of them
            """),
        src("assignment to a const", """
            model m
            const N = 3
            thread t { N = 4 }
            """, """
            error[E0206]: cannot assign to constant `N`
             --> t.ifl:3:12
              |
            3 | thread t { N = 4 }
              |            ^
              = help: constants are fixed for a run; override one with `--set N=…` or make it a `var`
            """),
        src("unknown struct field with a suggestion", """
            model m
            struct sock {
              ref refcnt = 1
              state = 0
            }
            thread t {
              sk = alloc sock
              sk.stat = 1
            }
            """, """
            error[E0203]: struct `sock` has no field `stat`
             --> t.ifl:8:6
              |
            8 |   sk.stat = 1
              |      ^^^^
              = help: did you mean `state`?
            """),
        src("unknown struct field: the field with a kernel-style prefix", """
            model m
            struct sock {
              ref sk_refcnt = 1
              sk_state = 0
            }
            thread t {
              sk = alloc sock
              put sk.refcnt
            }
            """, """
            error[E0203]: struct `sock` has no field `refcnt`
             --> t.ifl:8:10
              |
            8 |   put sk.refcnt
              |          ^^^^^^
              = help: did you mean `sk_refcnt`?
            """),
        src("unknown struct field: the fields listed", """
            model m
            struct sock {
              ref refcnt = 1
              state = 0
            }
            thread t {
              sk = alloc sock
              sk.queue = 1
            }
            """, """
            error[E0203]: struct `sock` has no field `queue`
             --> t.ifl:8:6
              |
            8 |   sk.queue = 1
              |      ^^^^^
              = help: `sock` has `refcnt`, `state`
            """),
        src("unlock of an object instead of its lock field", """
            model m
            struct sock {
              ref refcnt = 1
              lock lk
            }
            thread t {
              sk = alloc sock
              lock sk.lk
              unlock sk
            }
            """, """
            error[E0304]: expected a lock, found sock
             --> t.ifl:9:10
              |
            9 |   unlock sk
              |          ^^
              = help: did you mean `sk.lk`?
            """),
        src("lock of an int", """
            model m
            var g = 0
            thread t { lock g }
            """, """
            error[E0304]: expected a lock, found int
             --> t.ifl:3:17
              |
            3 | thread t { lock g }
              |                 ^
              = help: declare one with `lock NAME` (global or struct field)
            """),
        src("include not found", """
            model m
            include "nope/missing.ifl"
            thread t { x = 1 }
            """, """
            error[E0204]: cannot find included file `nope/missing.ifl`
             --> t.ifl:2:1
              |
            2 | include "nope/missing.ifl"
              | ^^^^^^^^^^^^^^^^^^^^^^^^^^
              = help: paths are looked up next to this file, then in the model library (specs/)
            """),
        src("include not found: what it would have declared is not reported missing too", """
            model m
            include "nope/missing.ifl"
            var p: sock = null
            thread t { x = alloc sock }
            """, """
            error[E0204]: cannot find included file `nope/missing.ifl`
             --> t.ifl:2:1
              |
            2 | include "nope/missing.ifl"
              | ^^^^^^^^^^^^^^^^^^^^^^^^^^
              = help: paths are looked up next to this file, then in the model library (specs/)
            """),
        src("unfair of the callback thread's name before RCU callbacks shared threads", """
            model m
            struct o { v = 0 }
            fn cb(x: o) { x.v = 1 }
            thread t { p = alloc o  call_rcu(p, cb) }
            unfair rcu_cb_cb
            """, """
            error[E0200]: unknown thread kind `rcu_cb_cb`
             --> t.ifl:5:8
              |
            5 | unfair rcu_cb_cb
              |        ^^^^^^^^^
              = help: RCU callbacks run on the callback threads `rcu_cb` (any callback, in any order): write `unfair rcu_cb`
            """),
        src("get_not_zero used as a statement", """
            model m
            struct o { ref r = 1 }
            thread t { p = alloc o  get_not_zero(p.r) }
            """, """
            error[E0300]: type mismatch: expected `ok = get_not_zero(…)` or `if get_not_zero(…) { … }`, found a bare `get_not_zero(…)`
             --> t.ifl:3:25
              |
            3 | thread t { p = alloc o  get_not_zero(p.r) }
              |                         ^^^^^^^^^^^^^^^^^
              = help: it may fail: use its result (for a reference that cannot fail, `get`)
            """),
        src("list operation on a set", """
            model m
            struct o { v = 0 }
            set s of o
            thread t { p = alloc o  list_add(s, p) }
            """, """
            error[E0300]: type mismatch: expected a list, found set of o
             --> t.ifl:4:34
              |
            4 | thread t { p = alloc o  list_add(s, p) }
              |                                  ^
              = help: declare it `list NAME of STRUCT` for an ordered kernel list, or use add/remove on a set
            """),
        src("pick from a list", """
            model m
            struct o { v = 0 }
            list q of o
            thread t { p = pick(q) }
            """, """
            error[E0300]: type mismatch: expected a set of objects, found list of o
             --> t.ifl:4:21
              |
            4 | thread t { p = pick(q) }
              |                     ^
              = help: `pick` chooses from a set; a list's first entry is `head(q)` (null when it is empty), and `for x in q { … }` walks it
            """),
        src("unknown check name", """
            model m
            check no_leek
            thread t { x = 1 }
            """, """
            error[E0205]: unknown check `no_leek`
             --> t.ifl:2:7
              |
            2 | check no_leek
              |       ^^^^^^^
              = help: did you mean `no_leak`? known checks: no_use_after_free, no_double_free, no_refcount_underflow, \
            no_null_deref, lock_discipline, assertions, no_div_by_zero, rcu_discipline, list_discipline, deadlock, no_hang, no_leak
            """),
        withSet("--set of an unknown const, with a suggestion", Map.of("NTHREADS", "3"), """
            model m
            const NTHREAD = 2
            thread t { x = NTHREAD }
            """, """
            error[E0208]: bad override `--set NTHREADS=3`: the model has no const `NTHREADS` (did you mean `NTHREAD`?)
              = help: write `--set NAME=VALUE` with a declared const and an integer or boolean
            """),
        withSet("--set of an unknown const, without a suggestion", Map.of("ZZZ", "3"), """
            model m
            const NTHREAD = 2
            thread t { x = NTHREAD }
            """, """
            error[E0208]: bad override `--set ZZZ=3`: the model has no const `ZZZ`
              = help: write `--set NAME=VALUE` with a declared const and an integer or boolean
            """),
        withSet("--set with a value that is no integer or boolean", Map.of("NTHREAD", "abc"), """
            model m
            const NTHREAD = 2
            thread t { x = NTHREAD }
            """, """
            error[E0208]: bad override `--set NTHREAD=abc`: `abc` is not an integer or boolean
              = help: write `--set NAME=VALUE` with a declared const and an integer or boolean
            """),

        src("a library constant the model does not declare", """
            model m
            include "kernel/af_unix_v5.14.ifl"
            thread t {
              atomic {
                u = alloc user_struct
                me = task_new(100, u)
                a = sys_socketpair(me)
              }
              sys_close(me, a)
            }
            """, """
            error[E0200]: unknown name `TRIGGER_GC`
              --> specs/kernel/unix_gc_v6.7.ifl:37:60
               |
            37 |     trigger = unix_tot_inflight + GC_BACKGROUND_INFLIGHT > TRIGGER_GC && !gc_in_progress
               |                                                            ^^^^^^^^^^
               = help: `specs/kernel/unix_gc_v6.7.ifl` reads `TRIGGER_GC` from the model that includes it: declare it there (`const TRIGGER_GC = …` or `var TRIGGER_GC = …`)
            """),
        // ---------------------------------------------------------------- types
        src("wrong arity", """
            model m
            var g = 0
            fn f(a) { g = a }
            thread t { f(1, 2) }
            """, """
            error[E0301]: `f` takes 1 argument but 2 were given
             --> t.ifl:4:12
              |
            4 | thread t { f(1, 2) }
              |            ^^^^^^^
             ::: t.ifl:3:4
              |
            3 | fn f(a) { g = a }
              |    - declared here
              = help: call it as `f(a)`
            """),
        src("type mismatch: bool stored in an int", """
            model m
            var g = 0
            thread t { g = true }
            """, """
            error[E0300]: type mismatch: expected int, found bool
             --> t.ifl:3:16
              |
            3 | thread t { g = true }
              |                ^^^^
            """),
        src("type mismatch: int used as a condition", """
            model m
            var g = 0
            thread t { if g { g = 1 } }
            """, """
            error[E0300]: type mismatch: expected bool, found int
             --> t.ifl:3:15
              |
            3 | thread t { if g { g = 1 } }
              |               ^
            """),
        src("type mismatch: object stored in an int", """
            model m
            struct sock { ref refcnt = 1 }
            var g = 0
            thread t {
              sk = alloc sock
              g = sk
            }
            """, """
            error[E0300]: type mismatch: expected int, found sock
             --> t.ifl:6:7
              |
            6 |   g = sk
              |       ^^
            """),
        src("type mismatch: int stored in an object variable", """
            model m
            struct sock { ref refcnt = 1 }
            thread t {
              sk = alloc sock
              sk = 1
            }
            """, """
            error[E0300]: type mismatch: expected sock, found int
             --> t.ifl:5:8
              |
            5 |   sk = 1
              |        ^
            """),
        src("free of null", """
            model m
            struct sock { ref refcnt = 1 }
            thread t {
              free null
            }
            """, """
            error[E0300]: type mismatch: expected an object, found null
             --> t.ifl:4:8
              |
            4 |   free null
              |        ^^^^
              = help: `null` points to no object
            """),
        src("free of an element of a set only ever empty", """
            model m
            struct sock { ref refcnt = 1 }
            struct file { ref f_count = 1 }
            fn close_all(s) {
              for f in s {
                free f
              }
            }
            thread t {
              close_all({})
            }
            """, """
            error[E0300]: type mismatch: expected an object, found null
             --> t.ifl:6:10
              |
            6 |     free f
              |          ^
              = help: nothing says which struct `f` points to: it only ever holds `null` or elements of `{}`
            """),
        src("get on a field that is not a ref", """
            model m
            struct sock {
              ref refcnt = 1
              state = 0
            }
            thread t {
              sk = alloc sock
              get sk.state
            }
            """, """
            error[E0302]: `sk.state` is not a reference count
             --> t.ifl:8:7
              |
            8 |   get sk.state
              |       ^^^^^^^^
              = help: get/put take a `ref` field, like `get sk.refcnt`; declare it in the struct as `ref refcnt = 1`
            """),
        src("put on a field that is not a ref", """
            model m
            struct sock {
              ref refcnt = 1
              state = 0
            }
            thread t {
              sk = alloc sock
              put sk.state
            }
            """, """
            error[E0302]: `sk.state` is not a reference count
             --> t.ifl:8:7
              |
            8 |   put sk.state
              |       ^^^^^^^^
              = help: get/put take a `ref` field, like `get sk.refcnt`; declare it in the struct as `ref refcnt = 1`
            """),

        // ---------------------------------------------------------------- structure
        src("a loop inside atomic", """
            model m
            var g = 0
            thread t {
              atomic {
                for x in {1, 2} { g = g + x }
              }
            }
            """, """
            error[E0402]: loops are not allowed inside `atomic`
             --> t.ifl:5:5
              |
            5 |     for x in {1, 2} { g = g + x }
              |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
              = help: use a quantifier or set comprehension, or move the loop out of the atomic block
            """),
        src("direct recursion", """
            model m
            fn f() { f() }
            thread t { f() }
            """, """
            error[E0400]: recursive call: f → f
             --> t.ifl:2:10
              |
            2 | fn f() { f() }
              |          ^^^
              = help: functions are inlined, so they cannot call themselves; use a bounded loop
            """),
        src("mutual recursion", """
            model m
            fn f() { g() }
            fn g() { f() }
            thread t { f() }
            """, """
            error[E0400]: recursive call: f → g → f
             --> t.ifl:3:10
              |
            3 | fn g() { f() }
              |          ^^^
              = help: functions are inlined, so they cannot call themselves; use a bounded loop
            """),
        src("a function with steps called inside an expression", """
            model m
            var x = 0
            fn f(a) {
              x = a
              return 1
            }
            thread t { y = 1 + f(2) }
            """, """
            error[E0404]: function `f` has steps of its own, so it can only be called as a statement or as `x = f(…)`
             --> t.ifl:7:20
              |
            7 | thread t { y = 1 + f(2) }
              |                    ^^^^
              = help: only a function whose body is a single `return EXPR` can be used inside an expression
            """),
        src("recursion through an expression function", """
            model m
            fn f(n) { return n == 0 || f(n - 1) }
            thread t { assert(f(2)) }
            """, """
            error[E0400]: recursive call: f → f
             --> t.ifl:2:28
              |
            2 | fn f(n) { return n == 0 || f(n - 1) }
              |                            ^^^^^^^^
              = help: functions are inlined, so they cannot call themselves; use a bounded loop
            """),
        src("while loop without a derivable bound (locals only)", """
            model m
            thread t {
              i = 0
              j = 3
              while i < j {
                i = i + 1
              }
            }
            """, """
            error[E0401]: cannot derive a bound for this loop, which reads and writes only its thread's locals
             --> t.ifl:5:9
              |
            5 |   while i < j {
              |         ^^^^^
              = help: give one: `while COND bound N { … }`; exceeding it is reported as a model-bound error
            """),
        src("while loop without a derivable bound (counter written twice)", """
            model m
            thread t {
              i = 0
              while i < 3 {
                i = i + 1
                i = i + 1
              }
            }
            """, """
            error[E0401]: cannot derive a bound for this loop, which reads and writes only its thread's locals
             --> t.ifl:4:9
              |
            4 |   while i < 3 {
              |         ^^^^^
              = help: give one: `while COND bound N { … }`; exceeding it is reported as a model-bound error
            """),
        src("a refcount's maximum of 0", """
            model m
            struct s { ref r = 1 max 0 }
            thread t {
              x = alloc s
            }
            """, """
            error[E0405]: bad bound: a refcount's maximum must be an integer from 1 to 64, not 0
             --> t.ifl:2:26
              |
            2 | struct s { ref r = 1 max 0 }
              |                          ^
            """),
        src("a refcount that starts above its maximum", """
            model m
            struct s { ref r = 3 max 2 }
            thread t {
              x = alloc s
            }
            """, """
            error[E0405]: bad bound: the reference count `r` starts at 3, above its maximum 2
             --> t.ifl:2:20
              |
            2 | struct s { ref r = 3 max 2 }
              |                    ^
              = help: raise the maximum to 3 or more (at most 64): `ref r = 3 max 3`
            """),
        src("a refcount that starts above the default maximum", """
            model m
            struct s { ref r = 40 }
            thread t {
              x = alloc s
            }
            """, """
            error[E0405]: bad bound: the reference count `r` starts at 40, above its maximum 32 (the default when `max` is not given)
             --> t.ifl:2:20
              |
            2 | struct s { ref r = 40 }
              |                    ^^
              = help: raise the maximum to 40 or more (at most 64): `ref r = 40 max 40`
            """),
        src("a refcount that starts below zero", """
            model m
            struct s { ref r = 0 - 1 }
            thread t {
              x = alloc s
            }
            """, """
            error[E0405]: bad bound: the reference count `r` starts at -1, below zero
             --> t.ifl:2:20
              |
            2 | struct s { ref r = 0 - 1 }
              |                    ^^^^^
              = help: a count starts at 0 or more: `ref r = 1`
            """),
        src("a bad maximum is one message, whatever the count starts at", """
            model m
            struct s { ref r = 5 max 0 }
            thread t {
              x = alloc s
            }
            """, """
            error[E0405]: bad bound: a refcount's maximum must be an integer from 1 to 64, not 0
             --> t.ifl:2:26
              |
            2 | struct s { ref r = 5 max 0 }
              |                          ^
            """),
        src("alloc in a counting loop whose counter does not start at a constant", """
            model m
            struct s { ref r = 1 }
            var g = 1
            thread t {
              i = g
              while i < 3 {
                x = alloc s
                i = i + 1
              }
            }
            """, """
            error[E0405]: bad bound: cannot derive how many `s` objects the model allocates (an alloc inside a loop without a numeric bound); declare `struct s bound N`
             --> t.ifl:2:8
              |
            2 | struct s { ref r = 1 }
              |        ^
            """),
        src("a derived pool larger than a pool may be", """
            model m
            struct s { ref r = 1 }
            thread t[8] {
              i = 0
              while i < 10 {
                x = alloc s
                i = i + 1
              }
            }
            """, """
            error[E0405]: bad bound: the model may allocate 80 `s` objects (its allocs times their loops' bounds and the threads' counts), more than a pool holds (64)
             --> t.ifl:2:8
              |
            2 | struct s { ref r = 1 }
              |        ^
              = help: declare `struct s bound N` with N at most 64: an alloc past it is reported as a model bound exceeded
            """),
        src("pick over listed values of two types", """
            model m
            thread t {
              x = pick({0, true, 2})
            }
            """, """
            error[E0300]: type mismatch: expected int like the set's first element, found bool
             --> t.ifl:3:16
              |
            3 |   x = pick({0, true, 2})
              |                ^^^^
              = help: `pick` chooses among objects of a set, or among integer or boolean values listed in `{…}`
            """),
        src("a lock compared with something other than null", """
            model m
            lock l
            var g = 0
            thread t { g = 1 }
            invariant i: l == g
            """, """
            error[E0300]: type mismatch: expected null, found int
             --> t.ifl:5:19
              |
            5 | invariant i: l == g
              |                   ^
              = help: a lock compares only with null: `l == null` when nobody holds it, `l != null` when some thread does
            """),
        src("return outside a function", """
            model m
            thread t { return }
            """, """
            error[E0403]: `return` outside a function
             --> t.ifl:2:12
              |
            2 | thread t { return }
              |            ^^^^^^
              = help: a thread ends at the end of its body
            """),

        // ---------------------------------------------------------------- cost model
        src("latency property without a machine profile", """
            model m
            latency f <= 10
            op fn f() { x = 1 }
            thread t { f() }
            """, """
            error[E0500]: costs are tracked but no machine profile is given
             --> t.ifl:2:1
              |
            2 | latency f <= 10
              | ^^^^^^^^^^^^^^^
              = help: add `profile "xeon-2011"` (see specs/profiles/) or a `cost { ... }` block, or pass --profile
            """),
        src("unknown machine profile", """
            model m
            profile "xeon-2001"
            latency f <= 10
            op fn f() { x = 1 }
            thread t { f() }
            """, """
            error[E0501]: cannot find machine profile `xeon-2001`
             --> t.ifl:2:1
              |
            2 | profile "xeon-2001"
              | ^^^^^^^^^^^^^^^^^^^
              = help: profiles are looked up as a path, next to the model, then in specs/profiles/ (known: xeon-2011, manycore-2023, single-cpu)
            """),
        src("cost statement naming an entry the profile lacks", """
            model m
            cost { syscall = 50 }
            latency f <= 10
            op fn f() { cost sycall }
            thread t { f() }
            """, """
            error[E0502]: unknown cost `sycall`: the machine profile of this model has no such entry
             --> t.ifl:4:18
              |
            4 | op fn f() { cost sycall }
              |                  ^^^^^^
              = help: did you mean `syscall`? or define it in the model: `cost { sycall = N }`
            """),
        src("latency of a function that is not an operation", """
            model m
            cost { syscall = 50 }
            latency g <= 10
            op fn f() { cost syscall }
            fn g() { x = 1 }
            thread t { f() g() }
            """, """
            error[E0503]: `latency` names `g`, which is not an operation
             --> t.ifl:3:9
              |
            3 | latency g <= 10
              |         ^
              = help: mark the function `op fn g(...)`; operations: f
            """),
        src("machine with no CPU", """
            model m
            cost { cpus = 0 }
            latency f <= 10
            op fn f() { x = 1 }
            thread t { f() }
            """, """
            error[E0505]: cost `cpus` must be a non-negative integer (nanoseconds; `cpus`: a count of at least 1)
             --> t.ifl:2:8
              |
            2 | cost { cpus = 0 }
              |        ^^^^^^^^
            """),

        // ---------------------------------------------------------------- input bytes
        bytes("non-UTF-8 byte", "model m\nthread t { x = 1 \u00ff }\n".getBytes(StandardCharsets.ISO_8859_1), """
            error[E0003]: the file is not valid UTF-8 (bad byte at offset 25)
             --> t.ifl:2:18
              |
            2 | thread t { x = 1 \ufffd }
              |                  ^
              = help: save the file as UTF-8
            """),
        bytes("empty file", new byte[0], ""
            + "error[E0004]: the file is empty: a model needs at least one thread\n"
            + " --> t.ifl:1:1\n"
            + "  |\n"
            + "1 | \n"
            + "  | ^\n"
            + "  = help: run `inflight init NAME` for a commented starter model, or start with `model NAME` and a `thread NAME { … }`; examples/tutorial/ has complete models\n"),
        bytes("file of blanks only", "  \n\n".getBytes(StandardCharsets.UTF_8), ""
            + "error[E0004]: the file is empty: a model needs at least one thread\n"
            + " --> t.ifl:1:1\n"
            + "  |\n"
            + "1 |   \n"
            + "  | ^\n"
            + "  = help: run `inflight init NAME` for a commented starter model, or start with `model NAME` and a `thread NAME { … }`; examples/tutorial/ has complete models\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void firstDiagnosticIsRenderedExactly(Case c) {
    Translator.Result r = translate(c.bytes(), c.overrides());
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics()).isNotEmpty();
    Diagnostic first = r.diagnostics().get(0);
    assertThat(first.severity()).isEqualTo(Severity.ERROR);
    assertThat(DiagnosticRenderer.render(first)).isEqualTo(c.expected());
  }

  // ---------------------------------------------------------------- no error where there is none

  @Test
  void whileLoopWithALocalCounterHasADerivedBound() {
    Translator.Result r = translate("""
        model m
        const N = 3
        var total = 0
        thread t {
          i = 0
          while i < N {
            total = total + 1
            i = i + 1
          }
        }
        """);
    assertThat(r.diagnostics()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isEmpty();
    assertThat(r.ok()).isTrue();
  }

  // ---------------------------------------------------------------- files

  @Test
  void missingFile(@TempDir Path dir) {
    Path missing = dir.resolve("nope.ifl");
    Translator.Result r = Translator.translate(missing, options(Map.of()));
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(r.diagnostics().get(0).code()).isEqualTo(Code.FILE_NOT_FOUND);
    assertThat(DiagnosticRenderer.render(r.diagnostics().get(0))).isEqualTo(
        "error[E0001]: cannot read `" + Translator.display(missing) + "`: no such file\n"
            + "  = help: check the path; it is relative to the current directory\n");
  }

  @Test
  void directoryGivenAsFile(@TempDir Path dir) throws IOException {
    Path sub = Files.createDirectory(dir.resolve("models.ifl"));
    Translator.Result r = Translator.translate(sub, options(Map.of()));
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(DiagnosticRenderer.render(r.diagnostics().get(0))).isEqualTo(
        "error[E0002]: `" + Translator.display(sub) + "` is a directory, not a model file\n"
            + "  = help: give a `.ifl` file inside it\n");
  }

  @Test
  void nonUtf8FileOnDiskIsReportedWithItsPath(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("latin1.ifl");
    Files.write(file, "model m\nthread t { x = 1 }\n// caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    Translator.Result r = Translator.translate(file, options(Map.of()));
    assertThat(r.diagnostics()).hasSize(1);
    assertThat(DiagnosticRenderer.render(r.diagnostics().get(0))).isEqualTo(
        "error[E0003]: the file is not valid UTF-8 (bad byte at offset 33)\n"
            + " --> " + Translator.display(file) + ":3:7\n"
            + "  |\n"
            + "3 | // caf\ufffd\n"
            + "  |       ^\n"
            + "  = help: save the file as UTF-8\n");
  }

  // ---------------------------------------------------------------- several mistakes at once

  @Test
  void threeMistakesGiveThreeErrorsInSourceOrder() {
    Translator.Result r = translate("""
        model m
        const N = 3
        var b = true
        thread t {
          x = undefined_thing
          b = 1
          N = 2
        }
        """);
    assertThat(r.ok()).isFalse();
    List<Diagnostic> errors = r.diagnostics().stream().filter(Diagnostic::isError).toList();
    assertThat(errors).extracting(d -> d.code().id()).containsExactly("E0200", "E0300", "E0206");
    assertThat(errors).extracting(d -> d.span().line()).containsExactly(5, 6, 7);

    String text = DiagnosticRenderer.renderAll(r.diagnostics());
    assertThat(text).contains(
        " --> t.ifl:5:7\n",
        " --> t.ifl:6:7\n",
        " --> t.ifl:7:3\n",
        "5 |   x = undefined_thing\n  |       ^^^^^^^^^^^^^^^\n",
        "6 |   b = 1\n  |       ^\n",
        "7 |   N = 2\n  |   ^\n");
    assertThat(text.split("-->", -1)).hasSize(4);
    assertThat(text).doesNotContain("Exception");
  }

  // ---------------------------------------------------------------- known problems

  /**
   * After `x =` the parser wants an expression (or `alloc`), but the message says a statement is
   * expected, which sends the user looking for a missing line.
   */
  @Test
  void doubleEqualsSaysAnExpressionIsExpected() {
    Translator.Result r = translate("""
        model m
        thread t {
          x = = 1
        }
        """);
    assertThat(r.diagnostics()).isNotEmpty();
    assertThat(r.diagnostics().get(0).code()).isEqualTo(Code.UNEXPECTED_TOKEN);
    assertThat(r.diagnostics().get(0).message()).startsWith("unexpected `=`, expected an expression");
  }

  @Test
  void localAssignedFromAFunctionWithoutAReturnValueIsATypeError() {
    Translator.Result r = translate("""
        model m
        var g = 0
        fn f() { g = 1 }
        thread t {
          y = f()
          if y { g = 2 }
        }
        """);
    assertThat(r.ok()).isFalse();
    Diagnostic first = r.diagnostics().get(0);
    assertThat(first.code()).isEqualTo(Code.TYPE_MISMATCH);
    assertThat(first.span().line()).isEqualTo(5);
    assertThat(first.message()).endsWith("found nothing");
  }

  @Test
  void overrideOfTheWrongTypeIsABadOverride() {
    Translator.Result r = translate("""
        model m
        const N = 3
        var g = 0
        thread t { g = N + 1 }
        """.getBytes(StandardCharsets.UTF_8), Map.of("N", "true"));
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.BAD_OVERRIDE);
    assertThat(r.diagnostics().get(0).span()).isNull();
  }
}

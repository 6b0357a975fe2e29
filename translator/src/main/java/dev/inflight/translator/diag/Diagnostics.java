package dev.inflight.translator.diag;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects diagnostics for one run. There is one factory method per diagnostic, so the wording
 * of each message lives in exactly one place. Identical diagnostics (same code, place and
 * message) are reported once: a function inlined twice reports its mistake once.
 */
public final class Diagnostics {
  private final Set<Diagnostic> items = new LinkedHashSet<>();
  private final CostDiagnostics costs = new CostDiagnostics(this);

  public List<Diagnostic> all() {
    List<Diagnostic> list = new ArrayList<>(items);
    list.sort(Comparator.comparing((Diagnostic d) -> d.span() == null ? "" : d.span().file().path())
        .thenComparingInt(d -> d.span() == null ? 0 : d.span().start()));
    return list;
  }

  public boolean hasErrors() {
    return items.stream().anyMatch(Diagnostic::isError);
  }

  public void addAll(Collection<Diagnostic> ds) {
    items.addAll(ds);
  }

  public Diagnostic add(Diagnostic d) {
    items.add(d);
    return d;
  }

  Diagnostic error(Code code, Span span, String message, String help) {
    return add(new Diagnostic(Severity.ERROR, code, message, span, help, List.of()));
  }

  private Diagnostic warning(Code code, Span span, String message, String help) {
    return add(new Diagnostic(Severity.WARNING, code, message, span, help, List.of()));
  }

  // ---- input files ----

  public void fileNotFound(String path) {
    error(Code.FILE_NOT_FOUND, null, "cannot read `" + path + "`: no such file", "check the path; it is relative to the current directory");
  }

  public void notAFile(String path) {
    error(Code.NOT_A_FILE, null, "`" + path + "` is a directory, not a model file", "give a `.ifl` file inside it");
  }

  public void unreadable(String path, String why) {
    error(Code.FILE_UNREADABLE, null, "cannot read `" + path + "`: " + why, null);
  }

  public void notRegularFile(String path) {
    error(Code.NOT_A_REGULAR_FILE, null, "`" + path + "` is not a regular file (a device, pipe or socket)",
        "give a `.ifl` file");
  }

  public void linkOutOfDirectory(String path) {
    error(Code.LINK_OUT_OF_DIRECTORY, null, "`" + path + "` is a symbolic link that leads outside its directory, which a model may not read",
        "give the file's own path (a model reads only the directory it is in, and the library)");
  }

  public void fileTooLarge(String path, long limit) {
    error(Code.FILE_TOO_LARGE, null, "`" + path + "` is larger than " + (limit >> 20) + " MiB, the most a model may be",
        "models are small: split it, or check that this is the file you meant");
  }

  public void notUtf8(Span at, int byteOffset) {
    error(Code.NOT_UTF8, at, "the file is not valid UTF-8 (bad byte at offset " + byteOffset + ")",
        "save the file as UTF-8");
  }

  public void emptyFile(Span at) {
    error(Code.EMPTY_FILE, at, "the file is empty: a model needs at least one thread",
        "run `inflight init NAME` for a commented starter model, or start with `model NAME` and a `thread NAME { … }`; examples/tutorial/ has complete models");
  }

  // ---- syntax ----

  public void unexpectedToken(Span at, String found, String expected) {
    unexpectedToken(at, found, expected, null);
  }

  public void unexpectedToken(Span at, String found, String expected, String help) {
    error(Code.UNEXPECTED_TOKEN, at, "unexpected " + found + (expected == null ? "" : ", expected " + expected), help);
  }

  /** A string ({@code comment} false) or a block comment opened at {@code at} and never closed. */
  public void unterminated(Span at, boolean comment) {
    if (comment) {
      error(Code.UNTERMINATED, at, "this comment is never closed: the rest of the file is part of it",
          "close it with `*/`, or write a line comment with `//`");
    } else {
      error(Code.UNTERMINATED, at, "this string is never closed on its line", "close it with `\"` before the end of the line");
    }
  }

  public void invalidCharacter(Span at, String ch) {
    error(Code.INVALID_CHARACTER, at, "invalid character " + ch, null);
  }

  public void notAssignable(Span at) {
    error(Code.NOT_ASSIGNABLE, at, "cannot assign to this expression",
        "the left side of `=` must be a variable or a field, like `x` or `sk.state`");
  }

  public void notAStatement(Span at) {
    String bare = Idioms.bareCall(at.text().strip());
    error(Code.NOT_A_STATEMENT, at, "this expression is not a statement",
        bare != null ? bare : "only calls can stand alone; to test a condition use `await` or `if`");
  }

  public void integerTooLarge(Span at) {
    error(Code.INTEGER_TOO_LARGE, at, "integer literal is too large", "models use small integers; scale the constant down");
  }

  /** A constant expression whose value is outside TLC's integers (32 bits, signed). */
  public void valueTooLarge(Span at, long value) {
    error(Code.INTEGER_TOO_LARGE, at, "this is " + value + ", outside the integers a model can use (-2147483648 to 2147483647)",
        "models use small integers; scale the constant down");
  }

  public void nestingTooDeep(Span at, int limit) {
    error(Code.NESTING_TOO_DEEP, at, "nesting too deep: more than " + limit + " levels here",
        "brackets, blocks, `!`, `=>`, `else if` and each operator of a chain like `a + b + …` add a level;"
            + " move part of it into a local (`t = …`) or a function");
  }

  // ---- names ----

  public void unknownName(Span at, String name, String suggestion) {
    error(Code.UNKNOWN_NAME, at, "unknown name `" + name + "`",
        suggestion == null ? "declare it with `var`, `const`, or assign it first in this thread" : "did you mean `" + suggestion + "`?");
  }

  /**
   * An included file reads a name nothing declares: one the file expects the model including it
   * to declare (kernel/af_unix.ifl reads `TRIGGER_GC`).
   */
  public void unknownNameInInclude(Span at, String name) {
    error(Code.UNKNOWN_NAME, at, "unknown name `" + name + "`",
        "`" + at.file().path() + "` reads `" + name + "` from the model that includes it: declare it there (`const "
            + name + " = …` or `var " + name + " = …`)");
  }

  /** `unfair NAME` names no thread kind. */
  public void unknownThreadKind(Span at, String name, String suggestion) {
    String help = name.startsWith("rcu_cb_")
        ? "RCU callbacks run on the callback threads `rcu_cb` (any callback, in any order): write `unfair rcu_cb`"
        : suggestion == null ? "name a thread kind: a `thread`, a work item's `W_worker`, or `rcu_cb`"
        : "did you mean `" + suggestion + "`?";
    error(Code.UNKNOWN_NAME, at, "unknown thread kind `" + name + "`", help);
  }

  public void duplicate(Span at, String what, String name, Span first) {
    add(new Diagnostic(Severity.ERROR, Code.DUPLICATE_DECLARATION, "duplicate declaration of " + what + " `" + name + "`",
        at, "rename one of them", first == null ? List.of() : List.of(new Diagnostic.Note(first, "first declared here"))));
  }

  /** `override fn` / `extend struct` that cannot apply; {@code first} is the declaration concerned. */
  public void badExtension(Span at, String what, String help, Span first) {
    add(new Diagnostic(Severity.ERROR, Code.BAD_EXTENSION, what, at, help,
        first == null ? List.of() : List.of(new Diagnostic.Note(first, "declared here"))));
  }

  /** Two `override fn` of one function, neither in a file that includes the other's. */
  public void duplicateOverride(Span at, String name, Span first) {
    add(new Diagnostic(Severity.ERROR, Code.DUPLICATE_DECLARATION, "duplicate declaration of override of function `" + name + "`",
        at, "keep one: a function is replaced once, or again in a file that includes the one with the first `override`",
        List.of(new Diagnostic.Note(first, "first declared here"))));
  }

  /** A function declared twice, once in the model and once in a file it includes. */
  public void duplicateLibraryFunction(Span at, String name, Span library) {
    add(new Diagnostic(Severity.ERROR, Code.DUPLICATE_DECLARATION, "duplicate declaration of function `" + name + "`",
        at, "to replace the included `" + name + "`, write `override fn " + name + "(…) { … }`",
        List.of(new Diagnostic.Note(library, "first declared here"))));
  }

  public void unknownStruct(Span at, String name, String suggestion) {
    error(Code.UNKNOWN_STRUCT, at, "unknown struct `" + name + "`",
        suggestion == null ? "declare it with `struct " + name + " { … }`" : "did you mean `" + suggestion + "`?");
  }

  /** {@code fields}: the struct's fields, listed in the help when no suggestion is close and they are few. */
  public void unknownField(Span at, String struct, String field, String suggestion, java.util.Collection<String> fields) {
    String help = suggestion != null ? "did you mean `" + suggestion + "`?"
        : fields.isEmpty() ? "`" + struct + "` declares no fields"
        : fields.size() <= 12 ? "`" + struct + "` has " + String.join(", ", fields.stream().map(f -> "`" + f + "`").toList())
        : null;
    error(Code.UNKNOWN_FIELD, at, "struct `" + struct + "` has no field `" + field + "`", help);
  }

  public void includeNotFound(Span at, String path) {
    error(Code.INCLUDE_NOT_FOUND, at, "cannot find included file `" + path + "`",
        "paths are looked up next to this file, then in the model library (specs/)");
  }

  public void includeOutsideTree(Span at, String path, String why) {
    error(Code.INCLUDE_OUTSIDE_TREE, at, "cannot include `" + path + "`: " + why,
        "include `.ifl` files by a relative path inside the model's directory, or library models such as `kernel/af_unix.ifl`");
  }

  public void unknownCheck(Span at, String name, String known, String suggestion) {
    error(Code.UNKNOWN_CHECK, at, "unknown check `" + name + "`",
        (suggestion == null ? "" : "did you mean `" + suggestion + "`? ") + "known checks: " + known);
  }

  public void assignToConst(Span at, String name) {
    error(Code.ASSIGN_TO_CONST, at, "cannot assign to constant `" + name + "`",
        "constants are fixed for a run; override one with `--set " + name + "=…` or make it a `var`");
  }

  public void unknownFunction(Span at, String name, String suggestion) {
    String idiom = Idioms.function(name);
    error(Code.UNKNOWN_FUNCTION, at, "unknown function `" + name + "`",
        suggestion != null ? "did you mean `" + suggestion + "`?" : idiom != null ? idiom : "declare it with `fn " + name + "(…) { … }`");
  }

  /** An unknown name where a lock is expected (`lock hlock`). */
  public void unknownLock(Span at, String name) {
    error(Code.UNKNOWN_NAME, at, "unknown name `" + name + "`",
        "declare the lock: `lock " + name + "` at top level for a global lock, or `lock " + name + "` inside a struct for a"
            + " lock per object (then `lock p." + name + "`)");
  }

  public void badOverride(String text, String why) {
    error(Code.BAD_OVERRIDE, null, "bad override `--set " + text + "`: " + why, "write `--set NAME=VALUE` with a declared const and an integer or boolean");
  }

  public void misplaced(Span at, String what, String where) {
    error(Code.MISPLACED_DECLARATION, at, what + " is not allowed " + where, null);
  }

  /** The cost model's diagnostics (E05xx). */
  public CostDiagnostics costs() {
    return costs;
  }

  // ---- types ----

  public void typeMismatch(Span at, String expected, String found) {
    error(Code.TYPE_MISMATCH, at, "type mismatch: expected " + expected + ", found " + found, null);
  }

  public void typeMismatch(Span at, String expected, String found, String help) {
    error(Code.TYPE_MISMATCH, at, "type mismatch: expected " + expected + ", found " + found, help);
  }

  /** Two arguments of a call passed in each other's place (each fits the other's parameter). */
  public void swappedArguments(Span at, String fn, String first, String second, String firstParam, String secondParam) {
    error(Code.TYPE_MISMATCH, at, "type mismatch: `" + first + "` and `" + second + "` are in each other's place: `" + fn
        + "` takes `" + firstParam + "` before `" + secondParam + "`", "swap `" + first + "` and `" + second + "`");
  }

  public void wrongArity(Span at, String fn, int expected, int found) {
    error(Code.WRONG_ARITY, at, arity(fn, expected, found), null);
  }

  /** A call of a declared function with too many or too few arguments: its parameters shown. */
  public void wrongArity(Span at, String fn, int found, List<String> params, Span decl) {
    add(new Diagnostic(Severity.ERROR, Code.WRONG_ARITY, arity(fn, params.size(), found), at,
        "call it as `" + fn + "(" + String.join(", ", params) + ")`",
        decl == null ? List.of() : List.of(new Diagnostic.Note(decl, "declared here"))));
  }

  private static String arity(String fn, int expected, int found) {
    return "`" + fn + "` takes " + expected + " argument" + (expected == 1 ? "" : "s") + " but " + found + (found == 1 ? " was" : " were") + " given";
  }

  public void notARefcount(Span at, String what) {
    error(Code.NOT_A_REFCOUNT, at, "`" + what + "` is not a reference count",
        "get/put take a `ref` field, like `get sk.refcnt`; declare it in the struct as `ref refcnt = 1`");
  }

  /** A constant division by 0, or a constant remainder by a divisor below 1: it has no value. */
  public void constantDivision(Span at, boolean remainder, long divisor) {
    error(Code.NOT_CONSTANT, at, "this has no value: " + (remainder ? "a remainder by " : "a division by ") + divisor,
        remainder ? "the divisor of `%` must be positive (as in TLA+)" : "the divisor of `/` must not be 0");
  }

  public void notConstant(Span at) {
    error(Code.NOT_CONSTANT, at, "this must be a constant expression", "use integer literals, consts and arithmetic");
  }

  /** {@code locks}: the lock fields of the object found (`sk.lock`), if it is one. */
  public void notALock(Span at, String found, List<String> locks) {
    error(Code.NOT_A_LOCK, at, "expected a lock, found " + found, locks.isEmpty() ? "declare one with `lock NAME` (global or struct field)"
        : locks.size() == 1 ? "did you mean `" + locks.get(0) + "`?"
        : "its locks are " + String.join(", ", locks.stream().map(l -> "`" + l + "`").toList()));
  }

  /**
   * A function the model runs as a callback (an RCU callback, a work item's function) with the
   * wrong parameters: {@code takes} says what it must take, {@code params} the right list.
   */
  public void badCallback(Span at, String role, String fn, int found, String takes, String params) {
    error(Code.BAD_RELEASE_FN, at, role + " `" + fn + "` takes " + found + " parameter" + (found == 1 ? "" : "s"),
        "a" + (role.startsWith("RCU") ? "n " : " ") + role + " takes " + takes + ": `fn " + fn + "(" + params + ") { … }`");
  }

  public void badReleaseFn(Span at, String fn, String why) {
    error(Code.BAD_RELEASE_FN, at, "release function `" + fn + "` " + why, "a release function takes the object as its one parameter: `fn " + fn + "(obj) { … }`");
  }

  // ---- structure ----

  public void recursion(Span at, String cycle) {
    error(Code.RECURSION, at, "recursive call: " + cycle, "functions are inlined, so they cannot call themselves; use a bounded loop");
  }

  /**
   * {@code what} ("function `f`", "this call of `f`", "thread `t`") inlines to {@code size}
   * {@code units}; {@code inlined}: its calls make it that large, not its own text.
   */
  public void tooLargeInlined(Span at, String what, long size, String units, long limit, boolean inlined) {
    String count = approx(size) + " " + units + ", more than " + String.format("%,d", limit);
    if (!inlined) {
      error(Code.TOO_LARGE_INLINED, at, what + " is too large: " + count,
          "every statement becomes part of the TLA+ module: model the code path's shape, and write what repeats once, in a loop (`while i < N bound N { … }`)");
      return;
    }
    error(Code.TOO_LARGE_INLINED, at, what + " is too large once its function calls are inlined: " + count,
        "functions are inlined: every call is a copy of the body (an argument copied once per use of its parameter),"
            + " so a function that calls another twice doubles at each level; call it once, in a loop, or keep its result in a local");
  }

  /** A step (in practice an `atomic` block, which cannot be split) with too many paths. */
  public void stepTooWide(Span at, long paths, long limit) {
    error(Code.STEP_TOO_WIDE, at, "the step starting here has " + approx(paths) + " paths, more than " + String.format("%,d", limit)
            + ": branches inside an `atomic` block multiply (each `if` or `either` doubles them), and it cannot be split",
        "an `atomic` block is one step, with one path per way through it; keep in it only what must not interleave, and branch outside it");
  }

  /** A count for a message: exact up to a billion, then its power of ten ("about 10^12"). */
  private static String approx(long n) {
    return n < 1_000_000_000L ? "about " + String.format("%,d", n) : "about 10^" + (long) Math.floor(Math.log10(n));
  }

  public void unboundedLoop(Span at) {
    error(Code.UNBOUNDED_LOOP, at, "cannot derive a bound for this loop, which reads and writes only its thread's locals",
        "give one: `while COND bound N { … }`; exceeding it is reported as a model-bound error");
  }

  public void loopInAtomic(Span at) {
    error(Code.LOOP_IN_ATOMIC, at, "loops are not allowed inside `atomic`",
        "use a quantifier or set comprehension, or move the loop out of the atomic block");
  }

  /** A call inside `atomic` of a function that runs a loop (itself or in a function it calls). */
  public void loopInAtomicCall(Span at, String fn, Span loop) {
    add(new Diagnostic(Severity.ERROR, Code.LOOP_IN_ATOMIC, "`" + fn + "` runs a loop, and loops are not allowed inside `atomic`",
        at, "call `" + fn + "` outside the atomic block, or write its loop as a quantifier or set comprehension",
        List.of(new Diagnostic.Note(loop, "the loop"))));
  }

  public void returnOutsideFn(Span at) {
    error(Code.RETURN_OUTSIDE_FN, at, "`return` outside a function", "a thread ends at the end of its body");
  }

  public void callInExpression(Span at, String fn) {
    error(Code.CALL_IN_EXPRESSION, at, "function `" + fn + "` can only be called as a statement or as `x = " + fn + "(…)`",
        "functions are inlined code paths with their own steps; they cannot be part of an expression");
  }

  public void stepsInExpression(Span at, String fn) {
    error(Code.CALL_IN_EXPRESSION, at, "function `" + fn + "` has steps of its own, so it can only be called as a statement or as `x = "
        + fn + "(…)`", "only a function whose body is a single `return EXPR` can be used inside an expression");
  }

  /** A refcount's initial value outside 0..max ({@code given}: the declaration names its max). */
  public void refInitOutOfRange(Span at, String field, long init, int max, boolean given) {
    if (init < 0) {
      error(Code.BAD_BOUND, at, "bad bound: the reference count `" + field + "` starts at " + init + ", below zero",
          "a count starts at 0 or more: `ref " + field + " = 1`");
      return;
    }
    error(Code.BAD_BOUND, at, "bad bound: the reference count `" + field + "` starts at " + init + ", above its maximum " + max
        + (given ? "" : " (the default when `max` is not given)"),
        init <= 64 ? "raise the maximum to " + init + " or more (at most 64): `ref " + field + " = " + init + " max " + init + "`"
            : "a count's maximum is at most 64: start it lower");
  }

  /** A pool derived from allocs and loops (check/PoolBounds) larger than a pool may be. */
  public void poolTooLarge(Span at, String struct, String count, int max, boolean inModel) {
    error(Code.BAD_BOUND, at, "bad bound: the model may allocate " + count + " `" + struct + "` objects (its allocs times their loops' bounds and"
            + " the threads' counts), more than a pool holds (" + max + ")",
        (inModel ? "declare `struct " + struct + " bound N`" : "write `extend struct " + struct + " bound N` in the model")
            + " with N at most " + max + ": an alloc past it is reported as a model bound exceeded");
  }

  public void badBound(Span at, String why) {
    error(Code.BAD_BOUND, at, "bad bound: " + why, null);
  }

  public void loopOutsideDaemon(Span at, String thread) {
    error(Code.LOOP_OUTSIDE_DAEMON, at, "`loop` runs forever, but thread `" + thread + "` is not a daemon",
        "declare it `daemon thread " + thread + " { … }` (a daemon need not finish), or use a bounded `while`");
  }

  /**
   * A statement the `init` block cannot run: {@code what} is the statement (`await`, `lock`, …)
   * and {@code why} says what it needs; {@code via} is the called function it is in, or null.
   */
  public void notInInit(Span at, String what, String why, String via) {
    String msg = via == null ? "`" + what + "` cannot be used in `init`"
        : "`" + via + "` cannot be called in `init`: it uses `" + what + "`";
    error(Code.NOT_IN_INIT, at, msg, "`init` runs atomically before any thread and is no thread itself, so it cannot "
        + why + "; move it to a thread");
  }

  /** A second `init` block ({@code first} is the one that counts), or one in an included file. */
  public void secondInit(Span at, Span first) {
    add(new Diagnostic(Severity.ERROR, Code.SECOND_INIT, first == null ? "`init` in an included file"
        : "a model has at most one `init` block", at,
        first == null ? "only the model's own file may have an `init` block; move it there"
            : "merge the two blocks into one", first == null ? List.of() : List.of(new Diagnostic.Note(first, "the first `init` is here"))));
  }

  public void noThreads(Span at) {
    error(Code.NO_THREADS, at, "the model declares no thread", "add a `thread NAME { … }`");
  }

  public void derivedBound(Span at, String struct, int bound) {
    warning(Code.DERIVED_BOUND, at, "struct `" + struct + "` gets a derived pool bound of " + bound + " objects",
        "declare `struct " + struct + " bound N { … }` to choose it");
  }

  public void readBeforeAssign(Span at, String name, String initial, String suggestion) {
    warning(Code.READ_BEFORE_ASSIGN, at, "`" + name + "` is read before it is first assigned, so it is " + initial + " here",
        suggestion != null ? "did you mean `" + suggestion + "`?" : "assign it first; a local starts as 0, false or null");
  }

  public void unusedFunction(Span at, String name) {
    warning(Code.UNUSED_FUNCTION, at, "function `" + name + "` is never called", null);
  }

  public void unusedVariable(Span at, String name) {
    warning(Code.UNUSED_VARIABLE, at, "global `" + name + "` is never used", "remove it, or read or write it where it matters");
  }

  public void unusedConst(Span at, String name) {
    warning(Code.UNUSED_CONST, at, "const `" + name + "` is never used",
        "remove it, or use it (a pool bound, a thread count, a loop bound); `--set " + name + "=…` changes nothing while it is unused");
  }

  /** A `check` of a built-in check enabled already: it changes nothing. */
  public void duplicateCheck(Span at, String name, Span first) {
    add(new Diagnostic(Severity.WARNING, Code.DUPLICATE_CHECK, "`check " + name + "` is given twice", at, "remove one",
        first == null ? List.of() : List.of(new Diagnostic.Note(first, "first given here"))));
  }

  /** An `include` of the file it is in (directly or by another name): it reads nothing. */
  public void selfInclude(Span at, String path) {
    warning(Code.SELF_INCLUDE, at, "`" + path + "` includes itself: the include reads nothing", "remove it");
  }

  public void workNeverQueued(Span at, String name) {
    warning(Code.WORK_NEVER_QUEUED, at, "work item `" + name + "` is never queued, so its function never runs",
        "queue it with `queue_work(" + name + ")`, or remove it");
  }
}

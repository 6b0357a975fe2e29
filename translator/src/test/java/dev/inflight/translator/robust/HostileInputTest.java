package dev.inflight.translator.robust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.Translator;
import dev.inflight.translator.diag.Diagnostic;
import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.parse.Nesting;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Inputs that used to crash the translator (stack overflows on deep nesting, a 1.6 GB "did you
 * mean" table, an internal error from an RCU callback chain) give one diagnostic with a place, or
 * translate; never an exception. Each row: the input and the first two lines users see.
 */
class HostileInputTest {

  record Case(String name, String source, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static String rep(String s, int n) {
    return s.repeat(n);
  }

  static Translator.Result translate(String text) {
    Diagnostics diags = new Diagnostics();
    return Translator.translate(new SourceFile("t.ifl", text), null,
        new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null), diags);
  }

  /** The header and location lines of the first diagnostic. */
  static String head(Translator.Result r) {
    assertThat(r.diagnostics()).as("diagnostics").isNotEmpty();
    String[] lines = DiagnosticRenderer.render(r.diagnostics().get(0)).split("\n");
    return lines[0] + "\n" + (lines.length > 1 ? lines[1].strip() : "");
  }

  static Stream<Case> deep() {
    String deepIf = "model m\nvar g = 0\nthread t {\n" + rep("if g == 0 { ", 3000) + "g = 1 " + rep("} ", 3000) + "\n}\n";
    String parens = "model m\nvar g = 0\nthread t {\n  g = " + rep("(", 5000) + "1" + rep(")", 5000) + "\n}\n";
    String nots = "model m\nvar g = false\nthread t {\n  g = " + rep("!", 20_000) + "true\n}\n";
    String plus = "model m\nvar g = 0\nthread t {\n  g = 1" + rep("+1", 199_999) + "\n}\n";
    String implies = "model m\nvar g = false\nthread t {\n  g = g" + rep(" => g", 5000) + "\n}\n";
    String elseIf = "model m\nvar g = 0\nthread t {\n  if g == 0 { g = 1 }" + rep(" else if g == 1 { g = 2 }", 3000) + "\n}\n";
    String atomics = "model m\nvar g = 0\nthread t {\n" + rep("atomic { ", 2000) + "g = 1" + rep(" }", 2000) + "\n}\n";
    String minus = "model m\nvar g = 0\nthread t {\n  g = " + rep("-", 10_000) + "1\n}\n";
    String sets = "model m\nstruct s { }\nset a of s\nvar g = false\nthread t {\n  g = count(" + rep("{", 3000) + rep("}", 3000) + ") == 0\n}\n";
    return Stream.of(
        new Case("3,000 nested ifs", deepIf, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:3071"),
        new Case("5,000 nested parentheses", parens, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:262"),
        new Case("20,000 `!`", nots, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:262"),
        new Case("200,000 `+` terms", plus, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:7"),
        new Case("5,000 `=>`", implies, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:1284"),
        new Case("3,000 `else if`", elseIf, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:6388"),
        new Case("2,000 nested atomic blocks", atomics, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:2303"),
        new Case("10,000 unary `-`", minus, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:4:262"),
        new Case("3,000 nested set literals", sets, "error[E0105]: nesting too deep: more than 256 levels here\n--> t.ifl:6:267"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("deep")
  void deepNestingIsOneDiagnosticWithAPlace(Case c) {
    Translator.Result r = translate(c.source());
    assertThat(r.ok()).isFalse();
    assertThat(head(r)).isEqualTo(c.expected());
    assertThat(r.diagnostics()).as("one mistake, one message").hasSize(1);
  }

  /** Just inside the limit, each kind of nesting translates, and SANY accepts the module. */
  static Stream<Case> atTheLimit() {
    int n = Nesting.LIMIT - 20;
    return Stream.of(
        new Case("nested ifs", "model m\nvar g = 0\nthread t {\n" + rep("if g == 0 { ", n / 2) + "g = 1 " + rep("} ", n / 2) + "\n}\n", null),
        new Case("parentheses", "model m\nvar g = 0\nthread t {\n  g = " + rep("(", n) + "1" + rep(")", n) + "\n}\n", null),
        new Case("`!`", "model m\nvar g = false\nthread t {\n  g = " + rep("!", n) + "true\n}\n", null),
        new Case("`+` terms", "model m\nvar g = 0\nthread t {\n  g = 1" + rep("+1", n) + "\n}\n", null),
        new Case("`||` terms", "model m\nvar g = 0\nvar h = false\nthread t {\n  h = g == 0" + rep(" || g == 1", n) + "\n}\n", null),
        // one per line: lower/ names a line's labels L4, L4b, … L4z and on (see the report of issue 13)
        new Case("`else if`", "model m\nvar g = 0\nthread t {\n  if g == 0 { g = 1 }" + rep("\n  else if g == 1 { g = 2 }", n / 2) + "\n}\n", null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("atTheLimit")
  void nestingJustInsideTheLimitTranslatesAndSanyAcceptsIt(Case c, @TempDir Path dir) {
    Translator.Result r = translate(c.source());
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    Sany.Result sany = Sany.parse(Translator.write(r.emitted(), dir));
    assertThat(sany.ok()).as(sany.describe()).isTrue();
  }

  /**
   * A long straight-line body parses and checks without recursing per statement. (Lowering such a
   * body belongs to lower/ and is tested there; this stops before it.)
   */
  @Test
  void twentyThousandSequentialStatementsParse() {
    Diagnostics diags = new Diagnostics();
    String body = rep("  x = x + 1\n", 20_000);
    var file = dev.inflight.translator.parse.ModelParser.parse(new SourceFile("t.ifl", "model m\nthread t {\n  x = 0\n" + body + "}\n"), diags);
    assertThat(diags.all()).isEmpty();
    var thread = (dev.inflight.translator.ast.Decl.Thread) file.decls().get(1);
    assertThat(thread.body().stmts()).hasSize(20_001);
  }

  // ---------------------------------------------------------------- calls that multiply (E0410)

  /** {@code n} functions, each calling the next twice ({@code each}), the last {@code last}. */
  static String doubling(int n, String each, String last, String thread) {
    StringBuilder b = new StringBuilder("model m\nvar g = 0\n");
    for (int i = 0; i < n; i++) {
      b.append(each.replace("NEXT", "f" + (i + 1)).replace("THIS", "f" + i)).append('\n');
    }
    return b.append(last.replace("THIS", "f" + n)).append('\n').append(thread).append('\n').toString();
  }

  /**
   * Inlining every call made these exponential: 40 functions each calling the next twice took
   * the translator past any time limit (the checker types a body at each call, lowering inlines
   * it). Now one error at the place where the size first passes the limit, at once; the calls of
   * the function it names are not reported again.
   */
  static Stream<Case> multiplying() {
    String exprs = doubling(40, "fn THIS(x) { return NEXT(x) + NEXT(x) }", "fn THIS(x) { return x }", "thread t { g = f0(1) }");
    String nested = doubling(40, "fn THIS(x) { return NEXT(NEXT(x)) }", "fn THIS(x) { return x + 1 }", "thread t { g = f0(1) }");
    String stmts = doubling(40, "fn THIS() {\n  NEXT()\n  NEXT()\n}", "fn THIS() {\n  g = g + 1\n}", "thread t { f0() }");
    String square = "model m\nvar g = 0\nfn sq(x) { return x * x }\nthread t { g = " + rep("sq(", 40) + "2" + rep(")", 40) + " }\n";
    StringBuilder rel = new StringBuilder("model m\nstruct s {\n");
    for (int i = 0; i <= 30; i++) {
      rel.append("  ref r").append(i).append(" = 1 release rel").append(i).append('\n');
    }
    rel.append("}\n");
    for (int i = 0; i < 30; i++) {
      rel.append("fn rel").append(i).append("(o) {\n  put o.r").append(i + 1).append("\n  put o.r").append(i + 1).append("\n}\n");
    }
    rel.append("fn rel30(o) {\n  free o\n}\nthread t {\n  a = alloc s\n  put a.r0\n}\n");
    return Stream.of(
        new Case("expression functions doubling", exprs,
            "error[E0410]: function `f24` is too large once its function calls are inlined: about 262,141 syntax nodes, more than 200,000\n--> t.ifl:27:4"),
        new Case("an argument that is a call, copied", nested,
            "error[E0410]: this call of `f25` is too large once its function calls are inlined: about 262,143 syntax nodes, more than 200,000\n--> t.ifl:27:20"),
        new Case("statement functions doubling", stmts,
            "error[E0410]: function `f28` is too large once its function calls are inlined: about 12,286 statements, more than 10,000\n--> t.ifl:115:4"),
        new Case("a parameter read twice, nested in one expression", square,
            "error[E0410]: this call of `sq` is too large once its function calls are inlined: about 393,214 syntax nodes, more than 200,000\n--> t.ifl:4:85"),
        new Case("release functions doubling", rel.toString(),
            "error[E0410]: function `rel18` is too large once its function calls are inlined: about 12,286 statements, more than 10,000\n--> t.ifl:107:4"),
        // no call at all: the body's own text is too large, and the message says so (it spoke of
        // inlining before)
        new Case("a thread of 20,000 statements", "model m\nvar g = 0\nthread t {\n" + rep("  g = (g + 1) % 3\n", 20_000) + "}\n",
            "error[E0410]: thread `t` is too large: about 20,000 statements, more than 10,000\n--> t.ifl:3:8"),
        new Case("a function of 10,001 statements called once", "model m\nvar g = 0\nfn f() {\n" + rep("  g = (g + 1) % 3\n", 10_001)
            + "}\nthread t {\n  f()\n}\n",
            "error[E0410]: function `f` is too large: about 10,001 statements, more than 10,000\n--> t.ifl:3:4"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("multiplying")
  @Timeout(60)
  void callsThatMultiplyAreOneDiagnostic(Case c) {
    Translator.Result r = translate(c.source());
    assertThat(r.ok()).isFalse();
    assertThat(head(r)).isEqualTo(c.expected());
    assertThat(r.diagnostics()).as("one mistake, one message").hasSize(1);
  }

  /**
   * Three nested loops of 64 around an alloc derived a pool of 262,144 objects, and the translator
   * ran past any time limit writing a closure over it; a derived pool is bounded as a declared one.
   */
  @Test
  @Timeout(60)
  void aPoolDerivedPastTheLimitIsOneDiagnostic() {
    String loops = "model m\nstruct node { next: node = null }\nset all of node\nvar g = 0\nthread t {\n"
        + "  i = 0\n  while i < 64 {\n    j = 0\n    while j < 64 {\n      k = 0\n      while k < 64 {\n"
        + "        n = alloc node\n        add(all, n)\n        k = k + 1\n      }\n      j = j + 1\n    }\n    i = i + 1\n  }\n"
        + "  g = count(closure(all, x : {y in all : x.next == y}))\n}\n";
    Translator.Result r = translate(loops);
    assertThat(head(r)).isEqualTo("error[E0405]: bad bound: the model may allocate 262,144 `node` objects (its allocs times their"
        + " loops' bounds and the threads' counts), more than a pool holds (64)\n--> t.ifl:2:8");
    assertThat(r.diagnostics()).as("one mistake, one message").hasSize(1);
  }

  /**
   * Branches one after another multiply a step's paths: 25 `if`s on a local before a shared
   * write took the translator hours (lower/WideSteps#split now splits such a step); inside an
   * `atomic` block, which stays one step, they are E0411.
   */
  @Test
  @Timeout(60)
  void manyBranchesInOneStepAreSplitOrOneDiagnostic(@TempDir Path dir) {
    String ifs = rep("  if x == 1 { y = y + 1 }\n", 25);
    Translator.Result local = translate("model m\nvar g = 1\nvar h = 0\nthread t {\n  x = g\n  y = 0\n" + ifs + "  h = y\n}\n");
    assertThat(local.ok()).as(DiagnosticRenderer.renderAll(local.diagnostics())).isTrue();
    Sany.Result sany = Sany.parse(Translator.write(local.emitted(), dir));
    assertThat(sany.ok()).as(sany.describe()).isTrue();

    Translator.Result atomic = translate("model m\nvar g = 1\nvar h = 0\nthread t {\n  atomic {\n    x = g\n    y = 0\n"
        + ifs.replace("  if", "    if") + "    h = y\n  }\n}\n");
    assertThat(head(atomic)).isEqualTo("error[E0411]: the step starting here has about 33,554,432 paths, more than 2,048: branches"
        + " inside an `atomic` block multiply (each `if` or `either` doubles them), and it cannot be split\n--> t.ifl:6:5");
    assertThat(atomic.diagnostics()).as("one mistake, one message").hasSize(1);
  }

  // ---------------------------------------------------------------- long names

  @Test
  void twoSimilarTwentyThousandLetterNamesGetASuggestionQuickly() {
    String a = "a".repeat(20_000);
    String b = "a".repeat(19_999) + "b";
    long t0 = System.nanoTime();
    Translator.Result r = translate("model m\nvar " + a + " = 0\nvar g = 0\nthread t {\n  g = " + b + "\n}\n");
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(head(r)).isEqualTo("error[E0200]: unknown name `" + "a".repeat(48) + "…aaaaaaab`\n--> t.ifl:5:7");
    assertThat(r.diagnostics().get(0).help()).isEqualTo("did you mean `" + "a".repeat(48) + "…aaaaaaaa`?");
    assertThat(ms).as("milliseconds").isLessThan(5_000);
  }

  // ---------------------------------------------------------------- an untyped parameter along a call_rcu chain

  @Test
  void aCallbackChainFromAnUncalledOpFnTranslates() {
    Translator.Result r = translate("""
        model rcuchain
        struct sock { ref refcnt = 1
          dead = false }
        fn orphan(sk) {
          sk.dead = true
        }
        fn release_rcu(sk: sock) {
          orphan(sk)
          free sk
        }
        op fn release(sk: sock) {
          call_rcu(sk, release_rcu)
        }
        thread t {
          s = alloc sock
          free s
        }
        """);
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    assertThat(r.diagnostics()).extracting(Diagnostic::message).containsExactly("function `release` is never called");
  }

  /** Found by the fuzz long run (seed 2026096145): a local typed only by itself, used as an object. */
  @Test
  void aLocalNothingTypesUsedAsAnObjectIsATypeError() {
    for (String body : List.of("b = b.users\n  touch b", "b = b\n  touch b", "b = b.len")) {
      Translator.Result r = translate("model m\nstruct skb { len = 0 }\nthread r {\n  " + body + "\n}\n");
      assertThat(r.ok()).isFalse();
      assertThat(r.diagnostics()).filteredOn(Diagnostic::isError).extracting(d -> DiagnosticRenderer.render(d).lines().findFirst().orElse(""))
          .as(body).containsExactly("error[E0300]: type mismatch: expected an object, found `b`, whose struct nothing says");
    }
    // Code no thread runs is not translated, so it is no error there (library functions nothing calls).
    Translator.Result r = translate("model m\nstruct s { v = 0 }\nfn cb(x) { touch x }\nfn never(p) { call_rcu(p, cb) }\n"
        + "fn unused(q) { q.v = 1 }\nthread t { a = alloc s\n free a }\n");
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
  }

  @Test
  void thePacketLibraryTranslatesOnItsOwn() {
    Translator.Result r = Translator.translate(Path.of("../specs/kernel/packet.ifl"),
        new Translator.Options(Map.of(), Library.at(Path.of("../specs")), null));
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
  }
}

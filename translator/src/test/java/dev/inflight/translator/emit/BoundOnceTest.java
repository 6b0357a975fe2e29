package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a label action's definitions are bound once, and where they stay LET definitions. */
class BoundOnceTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);
  private static final TlaExpr P = name("p");
  private static final TlaExpr NULL = name("NULL");

  private static TlaExpr name(String n) {
    return new TlaExpr.Name(n);
  }

  private static TlaModule.OpDef def(String n, TlaExpr body) {
    return new TlaModule.OpDef(n, List.of(), body, List.of(), null);
  }

  private static TlaExpr let(TlaExpr body, TlaModule.OpDef... defs) {
    return new TlaExpr.Let(List.of(defs), body);
  }

  private static TlaExpr and(TlaExpr... items) {
    return new TlaExpr.And(List.of(items));
  }

  private static TlaExpr or(TlaExpr... items) {
    return new TlaExpr.Or(List.of(items));
  }

  private static TlaExpr eq(TlaExpr a, TlaExpr b) {
    return new TlaExpr.Infix(BinOp.EQ, a, b);
  }

  private static TlaExpr next(String var, TlaExpr value) {
    return eq(new TlaExpr.Primed(name(var)), value);
  }

  /** {@code s[p].n}: defined only where p is a slot, so TLC must not evaluate it before the guard. */
  private static TlaExpr field() {
    return new TlaExpr.Select(new TlaExpr.FunApp(name("s"), List.of(P)), "n");
  }

  private static String bound(TlaExpr action) {
    return PRINTER.print(BoundOnce.of(action)).replaceAll("\\s+", " ");
  }

  @Test
  void aDefinitionReadFirstAtTheStartIsBoundThere() {
    TlaExpr action = let(and(new TlaExpr.Infix(BinOp.NEQ, P, NULL), next("x", P)),
        def("p", new TlaExpr.Select(new TlaExpr.FunApp(name("t_locals"), List.of(name("self"))), "p")));
    assertThat(bound(action)).isEqualTo("\\E p \\in {t_locals[self].p} : p # NULL /\\ x' = p");
  }

  @Test
  void aDefinitionIsBoundAfterTheGuardsBeforeItsFirstRead() {
    TlaExpr action = let(and(new TlaExpr.Infix(BinOp.NEQ, P, NULL), next("x", name("v")), next("y", name("v"))),
        def("v", field()));
    // evaluating s[p].n before p # NULL would make TLC fail on a NULL p
    assertThat(bound(action)).isEqualTo("p # NULL /\\ \\E v \\in {s[p].n} : x' = v /\\ y' = v");
  }

  @Test
  void aDefinitionReadOnlyInAConditionalArmStaysALet() {
    TlaExpr action = let(next("x", new TlaExpr.If(new TlaExpr.Infix(BinOp.NEQ, P, NULL), name("v"), new TlaExpr.Num(0))),
        def("v", field()));
    assertThat(bound(action)).isEqualTo("LET v == s[p].n IN x' = IF p # NULL THEN v ELSE 0");
  }

  @Test
  void aDefinitionReadByTwoPathsStaysOneLetAndOneReadByOnePathIsBoundInIt() {
    TlaExpr a = name("a");
    TlaExpr b = name("b");
    TlaExpr shared = let(or(and(a, next("x", name("v"))), and(b, next("y", name("v")))), def("v", field()));
    assertThat(bound(shared)).isEqualTo("LET v == s[p].n IN (a /\\ x' = v) \\/ (b /\\ y' = v)");
    TlaExpr one = let(or(and(a, next("x", name("v"))), and(b, next("y", new TlaExpr.Num(0)))), def("v", field()));
    assertThat(bound(one)).isEqualTo("(a /\\ \\E v \\in {s[p].n} : x' = v) \\/ (b /\\ y' = 0)");
  }

  @Test
  void anExceptValueIsStrictOnlyAtKeysCertainlyInTheDomain() {
    TlaExpr atSelf = new TlaExpr.Except(name("t_locals"),
        List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("r")), name("v"))));
    assertThat(bound(let(next("t_locals", atSelf), def("v", field()))))
        .isEqualTo("\\E v \\in {s[p].n} : t_locals' = [t_locals EXCEPT ![self].r = v]");
    // at a pointer's slot: TLC skips the value of a key outside the domain, so v may never be evaluated
    TlaExpr atP = new TlaExpr.Except(name("s"),
        List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(P), new TlaExpr.Field("n")), name("v"))));
    assertThat(bound(let(next("s", atP), def("v", field())))).isEqualTo("LET v == s[p].n IN s' = [s EXCEPT ![p].n = v]");
  }

  @Test
  void aChainIsBoundInOrderAndAnOperatorsArgumentIsNotStrict() {
    TlaExpr free = new TlaExpr.Infix(BinOp.NEQ, name("S"), new TlaExpr.SetOf(List.of()));
    TlaExpr chain = let(or(and(name("ok2"), next("x", new TlaExpr.Num(1))), and(new TlaExpr.Prefix(dev.inflight.translator.tla.UnOp.NOT, name("ok")), next("x", new TlaExpr.Num(2)))),
        def("ok", free), def("ok2", new TlaExpr.Infix(BinOp.AND, name("ok"), free)));
    assertThat(bound(chain)).isEqualTo("\\E ok \\in {S # {}} : \\E ok2 \\in {ok /\\ S # {}} : (ok2 /\\ x' = 1) \\/ (~ok /\\ x' = 2)");
    // Op(v): TLC passes v unevaluated to an operator defined in TLA+
    TlaExpr viaOperator = let(next("x", new TlaExpr.Apply("Op", List.of(name("v")))), def("v", field()));
    assertThat(bound(viaOperator)).isEqualTo("LET v == s[p].n IN x' = Op(v)");
    assertThat(bound(let(next("x", new TlaExpr.Apply("Len", List.of(name("v")))), def("v", field()))))
        .isEqualTo("\\E v \\in {s[p].n} : x' = Len(v)");
  }

  @Test
  void aDefinitionThatReadsTheNewStateStaysALet() {
    TlaExpr action = let(and(next("x", new TlaExpr.Num(1)), name("v")), def("v", eq(new TlaExpr.Primed(name("x")), new TlaExpr.Num(1))));
    assertThat(bound(action)).isEqualTo("LET v == x' = 1 IN x' = 1 /\\ v");
  }

  @Test
  void aDefinitionReadThroughAnotherDefinitionOfAnInnerLetIsStrict() {
    // LET w == v + 1 IN w: evaluating it evaluates w, so v
    TlaExpr inner = new TlaExpr.Let(List.of(def("w", new TlaExpr.Infix(BinOp.PLUS, name("v"), new TlaExpr.Num(1)))), name("w"));
    assertThat(Strict.in("v", inner)).isTrue();
    assertThat(Strict.in("u", inner)).isFalse();
    TlaExpr unread = new TlaExpr.Let(List.of(def("w", name("v"))), new TlaExpr.Num(0));
    assertThat(Strict.in("v", unread)).isFalse();
  }
}

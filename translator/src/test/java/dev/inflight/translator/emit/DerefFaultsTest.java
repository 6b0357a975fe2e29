package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which adjacent fault leaves are a dereference's pair, written as one FaultDeref. */
class DerefFaultsTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);
  private static final TlaExpr NULL = name("NULL");
  private static final TlaExpr SELF = name("self");
  /** {@code t_locals[self].p}: the pointer dereferenced. */
  private static final TlaExpr O = new TlaExpr.Select(new TlaExpr.FunApp(name("t_locals"), List.of(SELF)), "p");

  private static TlaExpr name(String n) {
    return new TlaExpr.Name(n);
  }

  private static TlaExpr leaf(String path, TlaExpr... items) {
    return new TlaExpr.Sourced(new TlaExpr.And(List.of(items)), new PathTree.Leaf(List.of(path)));
  }

  private static TlaExpr nullLeaf(TlaExpr head, TlaExpr o, long line) {
    return leaf("T_L1_null", head, new TlaExpr.Infix(BinOp.EQ, o, NULL),
        new TlaExpr.Apply("Fault", List.of(new TlaExpr.Str("null_deref"), SELF, new TlaExpr.Num(line))));
  }

  private static TlaExpr freedLeaf(TlaExpr head, String heap, TlaExpr o, String kind, long line) {
    return leaf("T_L1_uaf", head, new TlaExpr.Infix(BinOp.NEQ, o, NULL),
        new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.Select(new TlaExpr.FunApp(name(heap), List.of(o)), "st"), new TlaExpr.Str("live")),
        new TlaExpr.Apply("FaultOn", List.of(new TlaExpr.Str(kind), SELF, new TlaExpr.Num(line), o)));
  }

  private static List<String> joined(TlaExpr... ds) {
    List<String> out = new ArrayList<>();
    for (TlaExpr d : DerefFaults.join(List.of(ds))) {
      out.add(PRINTER.print(d).replaceAll("\\s+", " "));
    }
    return out;
  }

  @Test
  void aDereferencesNullAndFreedPathsAreOneDisjunct() {
    TlaExpr pair = DerefFaults.pair(nullLeaf(name("ok2"), O, 14), freedLeaf(name("ok2"), "sock", O, "use_after_free", 14));
    assertThat(PRINTER.print(pair).replaceAll("\\s+", " "))
        .isEqualTo("ok2 /\\ FaultDeref(\"use_after_free\", self, 14, t_locals[self].p, sock)");
    assertThat(((PathTree.Leaf) ((TlaExpr.Sourced) pair).origin()).actions()).containsExactly("T_L1_null", "T_L1_uaf");
  }

  @Test
  void theFaultKindOfTheFreedPathIsKept() {
    assertThat(joined(nullLeaf(name("ok"), O, 9), freedLeaf(name("ok"), "sock", O, "double_free", 9)))
        .containsExactly("ok /\\ FaultDeref(\"double_free\", self, 9, t_locals[self].p, sock)");
  }

  @Test
  void leavesThatDifferBeforeTheCheckStayApart() {
    assertThat(DerefFaults.pair(nullLeaf(name("ok2"), O, 14), freedLeaf(name("ok3"), "sock", O, "use_after_free", 14))).isNull();
  }

  @Test
  void anotherObjectOrLineIsAnotherDereference() {
    TlaExpr other = new TlaExpr.Select(new TlaExpr.FunApp(name("t_locals"), List.of(SELF)), "q");
    assertThat(DerefFaults.pair(nullLeaf(name("ok"), O, 14), freedLeaf(name("ok"), "sock", other, "use_after_free", 14))).isNull();
    assertThat(DerefFaults.pair(nullLeaf(name("ok"), O, 14), freedLeaf(name("ok"), "sock", O, "use_after_free", 15))).isNull();
  }

  @Test
  void onlyAdjacentLeavesAreJoinedAndTheOrderIsKept() {
    TlaExpr between = leaf("T_L1_dfree", name("ok"), new TlaExpr.Apply("Fault", List.of(new TlaExpr.Str("assertion"), SELF,
        new TlaExpr.Num(3))));
    assertThat(joined(nullLeaf(name("ok"), O, 14), between, freedLeaf(name("ok"), "sock", O, "use_after_free", 14))).hasSize(3);
    assertThat(joined(between, nullLeaf(name("ok"), O, 14), freedLeaf(name("ok"), "sock", O, "use_after_free", 14), between))
        .containsExactly("ok /\\ Fault(\"assertion\", self, 3)",
            "ok /\\ FaultDeref(\"use_after_free\", self, 14, t_locals[self].p, sock)",
            "ok /\\ Fault(\"assertion\", self, 3)");
  }

  @Test
  void aPairBelowNothingElseIsTheApplicationAlone() {
    TlaExpr nul = new TlaExpr.Sourced(new TlaExpr.And(List.of(new TlaExpr.Infix(BinOp.EQ, O, NULL),
        new TlaExpr.Apply("Fault", List.of(new TlaExpr.Str("null_deref"), SELF, new TlaExpr.Num(7))))), new PathTree.Leaf(List.of("a")));
    TlaExpr freed = new TlaExpr.Sourced(new TlaExpr.And(List.of(new TlaExpr.Infix(BinOp.NEQ, O, NULL),
        new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.Select(new TlaExpr.FunApp(name("sock"), List.of(O)), "st"), new TlaExpr.Str("live")),
        new TlaExpr.Apply("FaultOn", List.of(new TlaExpr.Str("use_after_free"), SELF, new TlaExpr.Num(7), O)))),
        new PathTree.Leaf(List.of("b")));
    assertThat(joined(nul, freed)).containsExactly("FaultDeref(\"use_after_free\", self, 7, t_locals[self].p, sock)");
  }

  @Test
  void theObjectIsStrictSoBoundOnceMayBindItBeforeTheCall() {
    TlaExpr call = new TlaExpr.Apply(DerefFaults.OP, List.of(new TlaExpr.Str("use_after_free"), SELF, new TlaExpr.Num(7), name("p"),
        name("sock")));
    assertThat(Strict.in("p", call)).isTrue();
    assertThat(Strict.in("sock", call)).isFalse();
  }

  @Test
  void theDefinitionAvoidsTheModulesNames() {
    Namer namer = new Namer();
    namer.name(List.of("global", "o"), "o"); // the model has a global `o`
    String printed = PRINTER.print(DerefFaults.definition(namer).body()).replaceAll("\\s+", " ");
    assertThat(printed).doesNotContain(" o ").contains("IF o2 = NULL THEN Fault(\"null_deref\", t, line)");
  }
}

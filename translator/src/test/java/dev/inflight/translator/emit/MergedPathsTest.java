package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.geq;
import static dev.inflight.translator.tla.Tla.gt;
import static dev.inflight.translator.tla.Tla.leq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.not;
import static dev.inflight.translator.tla.Tla.num;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which arms emit/MergedPaths joins as far as each {@link MergedPaths.Reach} goes, and how. */
class MergedPathsTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);
  private static final TlaExpr X = name("x");
  private static final TlaExpr C = name("c");
  private static final TlaExpr G = name("g");

  private static Action path(String name, TlaExpr a, Action.Part... parts) {
    return new Action(name, null, "L1", "L2", null, List.of(), null, List.of(), null, List.of(parts),
        List.of(eq(new TlaExpr.Primed(name("a")), a)));
  }

  private static Action fault(String name, Action.Part... parts) {
    return new Action(name, null, "L1", null, "refcount_underflow", List.of(), null, List.of(), null, List.of(parts),
        List.of(new TlaExpr.Apply("Fault", List.of(new TlaExpr.Str("refcount_underflow")))));
  }

  private static Action.Part guard(TlaExpr e) {
    return new Action.Part.Guard(e);
  }

  private static MergedPaths.Result merge(MergedPaths.Reach reach, Action... paths) {
    return MergedPaths.of(List.of(paths), a -> null, new Namer(), reach);
  }

  private static String printed(Action a) {
    List<TlaExpr> items = new java.util.ArrayList<>(a.effect());
    for (int i = a.parts().size() - 1; i >= 0; i--) {
      items = a.parts().get(i).before(items);
    }
    return PRINTER.print(new TlaExpr.And(items)).replaceAll("\\s+", " ");
  }

  /** A count's three outcomes: above 1, at 1, and (a fault) at most 0. */
  private static final Action[] PUT = {
      path("T_above", num(1), guard(gt(X, num(1)))),
      path("T_at_one", num(2), guard(eq(X, num(1)))),
      fault("T_underflow", guard(leq(X, num(0))))};

  @Test
  void exclusiveGuardsAreJoinedAndTheSecondArmKeepsItsOwnTest() {
    MergedPaths.Result r = merge(MergedPaths.Reach.EXCLUSIVE, PUT);
    assertThat(r.members()).containsEntry("T_above", List.of("T_above", "T_at_one"));
    assertThat(r.paths()).hasSize(2);
    assertThat(printed(r.paths().get(0)))
        .isEqualTo("LET br == x > 1 IN (IF br THEN TRUE ELSE x = 1) /\\ a' = IF br THEN 1 ELSE 2");
    assertThat(r.paths().get(1).name()).isEqualTo("T_underflow");
  }

  @Test
  void onlyNegationsAreJoinedAtTheNarrowestReach() {
    assertThat(merge(MergedPaths.Reach.NEGATED, PUT).members()).isEmpty();
    MergedPaths.Result r = merge(MergedPaths.Reach.NEGATED,
        path("T_yes", num(1), guard(C)), path("T_no", num(2), guard(not(C))));
    assertThat(printed(r.paths().get(0))).isEqualTo("LET br == c IN a' = IF br THEN 1 ELSE 2");
  }

  @Test
  void guardsThatMayBothHoldAreNeverJoined() {
    for (MergedPaths.Reach reach : MergedPaths.Reach.values()) {
      assertThat(merge(reach, path("T_above", num(1), guard(gt(X, num(1)))), path("T_from_one", num(2), guard(geq(X, num(1)))))
          .members()).as(reach.name()).isEmpty();
    }
  }

  @Test
  void armsAFaultPathGoesOnWithAreJoinedOnlyAtTheWidestReach() {
    // the fault path shares c and fails g: joined, g would be tested in the IF and by the fault path
    Action[] ps = {
        path("T_g", num(1), guard(C), guard(G)),
        path("T_not_c", num(2), guard(not(C))),
        fault("T_not_g", guard(C), guard(not(G)))};
    assertThat(merge(MergedPaths.Reach.EXCLUSIVE, ps).members()).containsEntry("T_g", List.of("T_g", "T_not_c"));
    assertThat(merge(MergedPaths.Reach.EXCLUSIVE_APART_FROM_FAULTS, ps).members()).isEmpty();
    // a fault path that leaves before the split does not keep the arms apart
    Action[] before = {ps[0], ps[1], fault("T_early", guard(not(X)))};
    assertThat(merge(MergedPaths.Reach.EXCLUSIVE_APART_FROM_FAULTS, before).members()).containsKey("T_g");
  }
  private static TlaExpr.Update at(String field, TlaExpr value) {
    return new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field(field)), value);
  }

  private static TlaExpr except(TlaExpr.Update... updates) {
    return new TlaExpr.Except(name("a"), List.of(updates));
  }

  @Test
  void updatesOfDifferentFieldsAreOneExceptWhateverTheirOrder() {
    // the arms write p and q in opposite orders: different fields of one record commute
    MergedPaths.Result r = merge(MergedPaths.Reach.NEGATED,
        path("T_yes", except(at("p", num(1)), at("q", num(2))), guard(C)),
        path("T_no", except(at("q", num(3)), at("p", num(1)), at("r", num(4))), guard(not(C))));
    assertThat(printed(r.paths().get(0))).isEqualTo(
        "LET br == c IN a' = [a EXCEPT ![self].p = 1, ![self].q = IF br THEN 2 ELSE 3, ![self].r = IF br THEN @ ELSE 4]");
  }

  @Test
  void updatesAtKeysThatMayBeEqualKeepTheirOrderOrStayApart() {
    // ![o].p and ![self].p are one cell when o = self: their order matters
    TlaExpr.Update po = new TlaExpr.Update(List.of(new TlaExpr.Index(name("o")), new TlaExpr.Field("p")), num(1));
    MergedPaths.Result r = merge(MergedPaths.Reach.NEGATED,
        path("T_yes", except(po, at("p", num(2))), guard(C)),
        path("T_no", except(at("p", num(2)), po), guard(not(C))));
    assertThat(printed(r.paths().get(0))).isEqualTo(
        "LET br == c IN a' = IF br THEN [a EXCEPT ![o].p = 1, ![self].p = 2] ELSE [a EXCEPT ![self].p = 2, ![o].p = 1]");
  }

  @Test
  void aValueTwoArmsShareWithAThirdApartIsChosenByADisjunction() {
    // c, then d under ~c: the first two arms give 1, the third 2
    MergedPaths.Result r = merge(MergedPaths.Reach.NEGATED,
        path("T_c", num(1), guard(C)),
        path("T_d", num(1), guard(not(C)), guard(G)),
        path("T_neither", num(2), guard(not(C)), guard(not(G))));
    assertThat(printed(r.paths().get(0))).isEqualTo("LET br2 == c br == g IN a' = IF br2 \\/ br THEN 1 ELSE 2");
  }
  @Test
  void anUpdateOneArmMakesStandsInBothWhereTheOtherEvaluatesItsKey() {
    // a put: the count in one arm, the count and the state where it frees; k is evaluated in both
    TlaExpr.Update n1 = new TlaExpr.Update(List.of(new TlaExpr.Index(name("k")), new TlaExpr.Field("n")), num(1));
    TlaExpr.Update n0 = new TlaExpr.Update(List.of(new TlaExpr.Index(name("k")), new TlaExpr.Field("n")), num(0));
    TlaExpr.Update freed = new TlaExpr.Update(List.of(new TlaExpr.Index(name("k")), new TlaExpr.Field("st")), new TlaExpr.Str("freed"));
    MergedPaths.Result r = merge(MergedPaths.Reach.NEGATED,
        path("T_yes", except(n1), guard(C)), path("T_no", except(n0, freed), guard(not(C))));
    assertThat(printed(r.paths().get(0))).isEqualTo(
        "LET br == c IN a' = [a EXCEPT ![k].n = IF br THEN 1 ELSE 0, ![k].st = IF br THEN @ ELSE \"freed\"]");
    // a key only the other arm's EXCEPT evaluates (a slot the arm allocated) keeps the arms apart
    TlaExpr.Update other = new TlaExpr.Update(List.of(new TlaExpr.Index(name("j")), new TlaExpr.Field("st")), new TlaExpr.Str("freed"));
    MergedPaths.Result apart = merge(MergedPaths.Reach.NEGATED,
        path("T_yes", except(n1), guard(C)), path("T_no", except(n0, other), guard(not(C))));
    assertThat(printed(apart.paths().get(0))).startsWith("LET br == c IN a' = IF br THEN [a EXCEPT");
  }

  @Test
  void aChoiceNestedInOneArmWithAValueInCommonIsOneChoice() {
    // c, then d under c: only c /\ d gives 1; and only ~c /\ d gives 2
    MergedPaths.Result inThen = merge(MergedPaths.Reach.NEGATED,
        path("T_cd", num(1), guard(C), guard(G)),
        path("T_c", num(0), guard(C), guard(not(G))),
        path("T_not_c", num(0), guard(not(C))));
    assertThat(printed(inThen.paths().get(0))).isEqualTo("LET br2 == c br == g IN a' = IF br2 /\\ br THEN 1 ELSE 0");
    MergedPaths.Result inElse = merge(MergedPaths.Reach.NEGATED,
        path("T_c", num(0), guard(C)),
        path("T_d", num(2), guard(not(C)), guard(G)),
        path("T_neither", num(0), guard(not(C)), guard(not(G))));
    assertThat(printed(inElse.paths().get(0))).isEqualTo("LET br2 == c br == g IN a' = IF ~br2 /\\ br THEN 2 ELSE 0");
    MergedPaths.Result negated = merge(MergedPaths.Reach.NEGATED,
        path("T_cd", num(0), guard(C), guard(G)),
        path("T_c", num(1), guard(C), guard(not(G))),
        path("T_not_c", num(0), guard(not(C))));
    assertThat(printed(negated.paths().get(0))).isEqualTo("LET br2 == c br == g IN a' = IF br2 /\\ ~br THEN 1 ELSE 0");
  }

  @Test
  void aNameTheArmsDefineAlikeIsOneDefinitionChosenByTheCondition() {
    // each arm names its total t, and the value both arms write reads it
    Action yes = path("T_yes", name("t"), guard(C), new Action.Part.Let("t", num(5)));
    Action no = path("T_no", name("t"), guard(not(C)), new Action.Part.Let("u", num(1)),
        new Action.Part.Let("t", new TlaExpr.Infix(dev.inflight.translator.tla.BinOp.PLUS, name("u"), num(6))));
    MergedPaths.Result r = merge(MergedPaths.Reach.NEGATED, yes, no);
    assertThat(r.members()).containsEntry("T_yes", List.of("T_yes", "T_no"));
    // t reads u, which only the second arm defines: u comes first
    assertThat(printed(r.paths().get(0))).isEqualTo("LET br == c u == 1 t == IF br THEN 5 ELSE u + 6 IN a' = t");
  }
}

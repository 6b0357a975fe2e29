package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.List;
import org.junit.jupiter.api.Test;

class TautologyTest {
  private static final TlaExpr P = new TlaExpr.Name("p");
  private static final TlaExpr NULL = new TlaExpr.Name("NULL");
  private static final TlaExpr LIVE = new TlaExpr.Infix(BinOp.EQ, new TlaExpr.Select(new TlaExpr.FunApp(new TlaExpr.Name("s"), List.of(P)), "st"),
      new TlaExpr.Str("live"));

  private static TlaExpr not(TlaExpr e) {
    return new TlaExpr.Prefix(UnOp.NOT, e);
  }

  private static TlaExpr opposite(TlaExpr e) {
    TlaExpr.Infix in = (TlaExpr.Infix) e;
    return new TlaExpr.Infix(BinOp.NEQ, in.left(), in.right());
  }

  @Test
  void theDereferenceAndItsTwoFaultTestsCoverEveryState() {
    TlaExpr notNull = new TlaExpr.Infix(BinOp.NEQ, P, NULL);
    TlaExpr isNull = new TlaExpr.Infix(BinOp.EQ, P, NULL);
    TlaExpr or = new TlaExpr.Or(List.of(new TlaExpr.Infix(BinOp.AND, notNull, LIVE), isNull, new TlaExpr.And(List.of(notNull, opposite(LIVE)))));
    assertThat(Tautology.holds(or, 10)).isTrue();
    // without the use-after-free test, a freed p is not covered
    assertThat(Tautology.holds(new TlaExpr.Or(List.of(new TlaExpr.Infix(BinOp.AND, notNull, LIVE), isNull)), 10)).isFalse();
  }

  @Test
  void comparisonsAndTheirOppositesAreOneAtom() {
    TlaExpr x = new TlaExpr.Name("x");
    TlaExpr one = new TlaExpr.Num(1);
    assertThat(Tautology.holds(new TlaExpr.Or(List.of(new TlaExpr.Infix(BinOp.GT, x, one), new TlaExpr.Infix(BinOp.LEQ, x, one))), 10)).isTrue();
    assertThat(Tautology.holds(new TlaExpr.Or(List.of(new TlaExpr.Infix(BinOp.LT, x, one), new TlaExpr.Infix(BinOp.GEQ, x, one))), 10)).isTrue();
    // x > 1 and x < 1 are different atoms: x = 1 is in neither
    assertThat(Tautology.holds(new TlaExpr.Or(List.of(new TlaExpr.Infix(BinOp.GT, x, one), new TlaExpr.Infix(BinOp.LT, x, one))), 10)).isFalse();
    assertThat(Tautology.holds(new TlaExpr.Or(List.of(P, not(not(not(P))))), 10)).isTrue();
  }

  private static TlaExpr cmp(BinOp op, TlaExpr a, long k) {
    return new TlaExpr.Infix(op, a, new TlaExpr.Num(k));
  }

  private static boolean taut(TlaExpr... items) {
    return Tautology.holds(new TlaExpr.Or(List.of(items)), 10);
  }

  @Test
  void comparisonsOfOneTermWithLiteralsAreFactsAboutOneInteger() {
    TlaExpr c = new TlaExpr.Select(new TlaExpr.FunApp(new TlaExpr.Name("pid"), List.of(P)), "count");
    // the three ways a put can find its count
    assertThat(taut(cmp(BinOp.GT, c, 1), cmp(BinOp.EQ, c, 1), cmp(BinOp.LEQ, c, 0))).isTrue();
    // c = 0 is in none of these
    assertThat(taut(cmp(BinOp.GT, c, 1), cmp(BinOp.EQ, c, 1), cmp(BinOp.LT, c, 0))).isFalse();
    // the literal on the left: 1 < c is c > 1
    assertThat(taut(new TlaExpr.Infix(BinOp.LT, new TlaExpr.Num(1), c), cmp(BinOp.LEQ, c, 1))).isTrue();
    assertThat(taut(new TlaExpr.Infix(BinOp.LT, new TlaExpr.Num(1), c), cmp(BinOp.LT, c, 1))).isFalse();
    // two literals next to each other leave no integer between them: c < 2 \/ c > 1
    assertThat(taut(cmp(BinOp.LT, c, 2), cmp(BinOp.GT, c, 1))).isTrue();
    assertThat(taut(cmp(BinOp.LT, c, 2), cmp(BinOp.GT, c, 2))).isFalse();
    // mixed with a boolean atom
    assertThat(taut(new TlaExpr.And(List.of(P, cmp(BinOp.GT, c, 0))), not(P), cmp(BinOp.LEQ, c, 0))).isTrue();
    assertThat(taut(new TlaExpr.And(List.of(P, cmp(BinOp.GT, c, 0))), cmp(BinOp.LEQ, c, 0))).isFalse();
  }

  @Test
  void equalitiesAloneDoNotMakeATermAnInteger() {
    TlaExpr x = new TlaExpr.Name("x");
    // x = 1 \/ x # 1 is shown as before (x # 1 is ~(x = 1)) ...
    assertThat(taut(cmp(BinOp.EQ, x, 1), cmp(BinOp.NEQ, x, 1))).isTrue();
    // ... but with only equalities x is not read as one integer: x # 1 \/ x # 2 holds of every
    // value, yet is not shown (x = 1 and x = 2 stay independent atoms)
    assertThat(taut(cmp(BinOp.NEQ, x, 1), cmp(BinOp.NEQ, x, 2))).isFalse();
    // with an ordering among them, x is an integer and it is shown
    assertThat(taut(cmp(BinOp.NEQ, x, 1), cmp(BinOp.NEQ, x, 2), cmp(BinOp.LT, x, 5))).isTrue();
  }

  @Test
  void tooManyAtomsIsNotShown() {
    List<TlaExpr> items = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      TlaExpr a = new TlaExpr.Name("a" + i);
      items.add(a);
      items.add(not(a));
    }
    assertThat(Tautology.holds(new TlaExpr.Or(items), 6)).isTrue();
    assertThat(Tautology.holds(new TlaExpr.Or(items), 5)).isFalse();
  }
}

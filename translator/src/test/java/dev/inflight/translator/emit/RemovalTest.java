package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which equations of a path back to its own label are known to change, or keep, their variable
 * (emit/Removal; docs/semantics.md, "Fairness without ENABLED").
 */
class RemovalTest {
  private static final TlaExpr SELF = new TlaExpr.Name("self");
  private static final TlaExpr LOCALS = new TlaExpr.Name("t_locals");
  private static final List<TlaExpr.PathElem> REST = List.of(new TlaExpr.Index(SELF), new TlaExpr.Field("rest"));
  /** {@code t_locals[self].rest}. */
  private static final TlaExpr READ_REST = new TlaExpr.Select(new TlaExpr.FunApp(LOCALS, List.of(SELF)), "rest");

  /** The parts {@code LET rest == t_locals[self].rest IN \E x \in rest}. */
  private static final Enabled.Bound DRAWN = Enabled.Bound.NONE
      .with(new Action.Part.Let("rest", READ_REST))
      .with(new Action.Part.Exists("x", new TlaExpr.Name("rest")));

  private static TlaExpr minus(TlaExpr set, String element) {
    return new TlaExpr.Infix(BinOp.SETMINUS, set, new TlaExpr.SetOf(List.of(new TlaExpr.Name(element))));
  }

  private static TlaExpr.Update update(List<TlaExpr.PathElem> path, TlaExpr value) {
    return new TlaExpr.Update(path, value);
  }

  @Test
  void removingTheDrawnElementFromItsSetChangesTheVariable() {
    TlaExpr value = new TlaExpr.Except(LOCALS, List.of(
        update(REST, minus(new TlaExpr.Name("rest"), "x")),
        update(List.of(new TlaExpr.Index(SELF), new TlaExpr.Field("y")), new TlaExpr.Name("x"))));
    assertThat(Removal.removesDrawn(LOCALS, value, DRAWN)).isTrue();
    // the set written out instead of by its LET name: the same point
    TlaExpr spelled = new TlaExpr.Except(LOCALS, List.of(update(REST, minus(READ_REST, "x"))));
    assertThat(Removal.removesDrawn(LOCALS, spelled, DRAWN)).isTrue();
  }

  @Test
  void aLaterUpdateOfThePointOrAroundItMayUndoTheRemoval() {
    TlaExpr whole = new TlaExpr.Except(LOCALS, List.of(
        update(REST, minus(new TlaExpr.Name("rest"), "x")),
        update(List.of(new TlaExpr.Index(SELF)), new TlaExpr.Name("t_locals_init"))));
    assertThat(Removal.removesDrawn(LOCALS, whole, DRAWN)).isFalse();
    TlaExpr again = new TlaExpr.Except(LOCALS, List.of(
        update(REST, minus(new TlaExpr.Name("rest"), "x")),
        update(REST, new TlaExpr.Name("rest"))));
    assertThat(Removal.removesDrawn(LOCALS, again, DRAWN)).isFalse();
    // an earlier update of the record around it is overwritten at the point: still a change
    TlaExpr before = new TlaExpr.Except(LOCALS, List.of(
        update(List.of(new TlaExpr.Index(SELF)), new TlaExpr.Name("t_locals_init")),
        update(REST, minus(new TlaExpr.Name("rest"), "x"))));
    assertThat(Removal.removesDrawn(LOCALS, before, DRAWN)).isTrue();
  }

  @Test
  void anElementDrawnFromAnotherSetOrRemovedFromAnotherPointProvesNothing() {
    Enabled.Bound other = Enabled.Bound.NONE
        .with(new Action.Part.Let("rest", READ_REST))
        .with(new Action.Part.Exists("x", new TlaExpr.Name("q")));
    TlaExpr value = new TlaExpr.Except(LOCALS, List.of(update(REST, minus(new TlaExpr.Name("rest"), "x"))));
    assertThat(Removal.removesDrawn(LOCALS, value, other)).isFalse();
    // x drawn from rest, but removed from another thread's point
    TlaExpr elsewhere = new TlaExpr.Except(LOCALS, List.of(update(
        List.of(new TlaExpr.Index(new TlaExpr.Name("u")), new TlaExpr.Field("rest")), minus(new TlaExpr.Name("rest"), "x"))));
    assertThat(Removal.removesDrawn(LOCALS, elsewhere, DRAWN)).isFalse();
    // not drawn at all: x is a LET name, which may be outside the set
    Enabled.Bound let = Enabled.Bound.NONE
        .with(new Action.Part.Let("rest", READ_REST))
        .with(new Action.Part.Let("x", new TlaExpr.Name("NULL")));
    assertThat(Removal.removesDrawn(LOCALS, value, let)).isFalse();
  }

  @Test
  void theTailOfASequenceTheGuardsSayIsNotEmptyChangesTheVariable() {
    TlaExpr rest = new TlaExpr.Name("rest");
    TlaExpr value = new TlaExpr.Except(LOCALS, List.of(update(REST, new TlaExpr.Apply("Tail", List.of(rest)))));
    Enabled.Bound let = Enabled.Bound.NONE.with(new Action.Part.Let("rest", READ_REST));
    // no guard: the sequence may be empty (Tail is then no shorter, or an error)
    assertThat(Removal.removesDrawn(LOCALS, value, let)).isFalse();
    TlaExpr nonEmpty = new TlaExpr.Infix(BinOp.NEQ, rest, new TlaExpr.Tuple(List.of()));
    assertThat(Removal.removesDrawn(LOCALS, value, let.with(new Action.Part.Guard(nonEmpty)))).isTrue();
    // a conjunct of a guard, the point's read written out
    TlaExpr both = new TlaExpr.And(List.of(new TlaExpr.Name("ok"),
        new TlaExpr.Infix(BinOp.NEQ, READ_REST, new TlaExpr.Tuple(List.of()))));
    assertThat(Removal.removesDrawn(LOCALS, value, let.with(new Action.Part.Guard(both)))).isTrue();
    // the guard is about another sequence
    TlaExpr other = new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.Name("q"), new TlaExpr.Tuple(List.of()));
    assertThat(Removal.removesDrawn(LOCALS, value, let.with(new Action.Part.Guard(other)))).isFalse();
  }

  @Test
  void aPathBackToItsLabelGivesPcTheLabelItHas() {
    TlaExpr pc = new TlaExpr.Name("pc");
    TlaExpr same = new TlaExpr.Except(pc, List.of(update(List.of(new TlaExpr.Index(SELF)), new TlaExpr.Str("L6"))));
    assertThat(Removal.keepsLabel(pc, same, "L6")).isTrue();
    assertThat(Removal.keepsLabel(pc, same, "L7")).isFalse();
    TlaExpr other = new TlaExpr.Except(pc, List.of(update(List.of(new TlaExpr.Index(new TlaExpr.Name("u"))), new TlaExpr.Str("L6"))));
    assertThat(Removal.keepsLabel(pc, other, "L6")).isFalse();
  }
}

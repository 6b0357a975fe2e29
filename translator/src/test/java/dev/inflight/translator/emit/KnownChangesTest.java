package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which equations of a path back to its own label are known to change, or keep, their variable
 * (emit/KnownChanges; docs/semantics.md, "Fairness without ENABLED").
 */
class KnownChangesTest {
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
    assertThat(KnownChanges.changes(LOCALS, value, DRAWN)).isTrue();
    // the set written out instead of by its LET name: the same point
    TlaExpr spelled = new TlaExpr.Except(LOCALS, List.of(update(REST, minus(READ_REST, "x"))));
    assertThat(KnownChanges.changes(LOCALS, spelled, DRAWN)).isTrue();
  }

  @Test
  void aLaterUpdateOfThePointOrAroundItMayUndoTheRemoval() {
    TlaExpr whole = new TlaExpr.Except(LOCALS, List.of(
        update(REST, minus(new TlaExpr.Name("rest"), "x")),
        update(List.of(new TlaExpr.Index(SELF)), new TlaExpr.Name("t_locals_init"))));
    assertThat(KnownChanges.changes(LOCALS, whole, DRAWN)).isFalse();
    TlaExpr again = new TlaExpr.Except(LOCALS, List.of(
        update(REST, minus(new TlaExpr.Name("rest"), "x")),
        update(REST, new TlaExpr.Name("rest"))));
    assertThat(KnownChanges.changes(LOCALS, again, DRAWN)).isFalse();
    // an earlier update of the record around it is overwritten at the point: still a change
    TlaExpr before = new TlaExpr.Except(LOCALS, List.of(
        update(List.of(new TlaExpr.Index(SELF)), new TlaExpr.Name("t_locals_init")),
        update(REST, minus(new TlaExpr.Name("rest"), "x"))));
    assertThat(KnownChanges.changes(LOCALS, before, DRAWN)).isTrue();
  }

  @Test
  void anElementDrawnFromAnotherSetOrRemovedFromAnotherPointProvesNothing() {
    Enabled.Bound other = Enabled.Bound.NONE
        .with(new Action.Part.Let("rest", READ_REST))
        .with(new Action.Part.Exists("x", new TlaExpr.Name("q")));
    TlaExpr value = new TlaExpr.Except(LOCALS, List.of(update(REST, minus(new TlaExpr.Name("rest"), "x"))));
    assertThat(KnownChanges.changes(LOCALS, value, other)).isFalse();
    // x drawn from rest, but removed from another thread's point
    TlaExpr elsewhere = new TlaExpr.Except(LOCALS, List.of(update(
        List.of(new TlaExpr.Index(new TlaExpr.Name("u")), new TlaExpr.Field("rest")), minus(new TlaExpr.Name("rest"), "x"))));
    assertThat(KnownChanges.changes(LOCALS, elsewhere, DRAWN)).isFalse();
    // not drawn at all: x is a LET name, which may be outside the set
    Enabled.Bound let = Enabled.Bound.NONE
        .with(new Action.Part.Let("rest", READ_REST))
        .with(new Action.Part.Let("x", new TlaExpr.Name("NULL")));
    assertThat(KnownChanges.changes(LOCALS, value, let)).isFalse();
  }

  @Test
  void theTailOfASequenceTheGuardsSayIsNotEmptyChangesTheVariable() {
    TlaExpr rest = new TlaExpr.Name("rest");
    TlaExpr value = new TlaExpr.Except(LOCALS, List.of(update(REST, new TlaExpr.Apply("Tail", List.of(rest)))));
    Enabled.Bound let = Enabled.Bound.NONE.with(new Action.Part.Let("rest", READ_REST));
    // no guard: the sequence may be empty (Tail is then no shorter, or an error)
    assertThat(KnownChanges.changes(LOCALS, value, let)).isFalse();
    TlaExpr nonEmpty = new TlaExpr.Infix(BinOp.NEQ, rest, new TlaExpr.Tuple(List.of()));
    assertThat(KnownChanges.changes(LOCALS, value, let.with(new Action.Part.Guard(nonEmpty)))).isTrue();
    // a conjunct of a guard, the point's read written out
    TlaExpr both = new TlaExpr.And(List.of(new TlaExpr.Name("ok"),
        new TlaExpr.Infix(BinOp.NEQ, READ_REST, new TlaExpr.Tuple(List.of()))));
    assertThat(KnownChanges.changes(LOCALS, value, let.with(new Action.Part.Guard(both)))).isTrue();
    // the guard is about another sequence
    TlaExpr other = new TlaExpr.Infix(BinOp.NEQ, new TlaExpr.Name("q"), new TlaExpr.Tuple(List.of()));
    assertThat(KnownChanges.changes(LOCALS, value, let.with(new Action.Part.Guard(other)))).isFalse();
  }

  @Test
  void aCounterSteppedByANonZeroLiteralChanges() {
    List<TlaExpr.PathElem> j = List.of(new TlaExpr.Index(SELF), new TlaExpr.Field("j"));
    TlaExpr readJ = new TlaExpr.Select(new TlaExpr.FunApp(LOCALS, List.of(SELF)), "j");
    Enabled.Bound let = Enabled.Bound.NONE.with(new Action.Part.Let("j", readJ));
    TlaExpr up = new TlaExpr.Except(LOCALS, List.of(update(j, new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.Name("j"), new TlaExpr.Num(1)))));
    assertThat(KnownChanges.changes(LOCALS, up, let)).isTrue();
    TlaExpr down = new TlaExpr.Except(LOCALS, List.of(update(j, new TlaExpr.Infix(BinOp.MINUS, readJ, new TlaExpr.Num(2)))));
    assertThat(KnownChanges.changes(LOCALS, down, let)).isTrue();
    // + 0, a step that is not a literal, or another point's value stepped: unknown
    TlaExpr zero = new TlaExpr.Except(LOCALS, List.of(update(j, new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.Name("j"), new TlaExpr.Num(0)))));
    assertThat(KnownChanges.changes(LOCALS, zero, let)).isFalse();
    TlaExpr byName = new TlaExpr.Except(LOCALS, List.of(update(j, new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.Name("j"), new TlaExpr.Name("g")))));
    assertThat(KnownChanges.changes(LOCALS, byName, let)).isFalse();
    TlaExpr other = new TlaExpr.Except(LOCALS, List.of(update(j, new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.Name("g"), new TlaExpr.Num(1)))));
    assertThat(KnownChanges.changes(LOCALS, other, let)).isFalse();
    // a later update of the point takes the step back
    TlaExpr undone = new TlaExpr.Except(LOCALS, List.of(
        update(j, new TlaExpr.Infix(BinOp.PLUS, new TlaExpr.Name("j"), new TlaExpr.Num(1))), update(j, new TlaExpr.Name("j"))));
    assertThat(KnownChanges.changes(LOCALS, undone, let)).isFalse();
  }

  @Test
  void aPathBackToItsLabelGivesPcTheLabelItHas() {
    TlaExpr pc = new TlaExpr.Name("pc");
    TlaExpr same = new TlaExpr.Except(pc, List.of(update(List.of(new TlaExpr.Index(SELF)), new TlaExpr.Str("L6"))));
    assertThat(KnownChanges.keepsLabel(pc, same, "L6")).isTrue();
    assertThat(KnownChanges.keepsLabel(pc, same, "L7")).isFalse();
    TlaExpr other = new TlaExpr.Except(pc, List.of(update(List.of(new TlaExpr.Index(new TlaExpr.Name("u"))), new TlaExpr.Str("L6"))));
    assertThat(KnownChanges.keepsLabel(pc, other, "L6")).isFalse();
  }
}

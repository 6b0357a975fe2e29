package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.num;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link AtReads}: which reads of an updated point an EXCEPT writes as {@code @}. */
class AtReadsTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);
  private static final TlaExpr PID = name("pid");

  private static List<TlaExpr.PathElem> at(String key, String field) {
    return List.of(new TlaExpr.Index(name(key)), new TlaExpr.Field(field));
  }

  private static TlaExpr read(String key, String field) {
    return new TlaExpr.Select(new TlaExpr.FunApp(PID, List.of(name(key))), field);
  }

  private static TlaExpr minusOne(TlaExpr e) {
    return new TlaExpr.Infix(BinOp.MINUS, e, num(1));
  }

  private static String rewritten(TlaExpr.Update... updates) {
    return PRINTER.print(AtReads.of(new TlaExpr.Except(PID, List.of(updates))));
  }

  @Test
  void aReadOfThePointAnUpdateReplacesIsAt() {
    assertThat(rewritten(new TlaExpr.Update(at("k", "count"), minusOne(read("k", "count")))))
        .isEqualTo("[pid EXCEPT ![k].count = @ - 1]");
  }

  @Test
  void anEarlierUpdateOfAnotherFieldLeavesThePointAsTheStateHasIt() {
    assertThat(rewritten(new TlaExpr.Update(at("k", "st"), new TlaExpr.Str("live")),
        new TlaExpr.Update(at("k", "count"), new TlaExpr.If(name("br"), minusOne(read("k", "count")), num(0)))))
        .isEqualTo("[pid EXCEPT ![k].st = \"live\", ![k].count = IF br THEN @ - 1 ELSE 0]");
  }

  @Test
  void anEarlierUpdateThatMayBeTheSameCellKeepsTheRead() {
    // j may be k: @ would be 0 there, not the state's count
    assertThat(rewritten(new TlaExpr.Update(at("j", "count"), num(0)),
        new TlaExpr.Update(at("k", "count"), minusOne(read("k", "count")))))
        .isEqualTo("[pid EXCEPT ![j].count = 0, ![k].count = pid[k].count - 1]");
  }

  @Test
  void operatorsThatBindNamesAndNestedExceptsAreNotLookedInto() {
    TlaExpr filter = new TlaExpr.SetFilter(new TlaExpr.Bound("k", name("S")),
        new TlaExpr.Infix(BinOp.GT, read("k", "count"), num(0)));
    TlaExpr nested = new TlaExpr.Except(name("g"), List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(num(1))), read("k", "count"))));
    assertThat(rewritten(new TlaExpr.Update(at("k", "count"), new TlaExpr.Apply("Cardinality", List.of(filter))),
        new TlaExpr.Update(at("k", "m"), nested)))
        .isEqualTo("[pid EXCEPT ![k].count = Cardinality({k \\in S : pid[k].count > 0}), "
            + "![k].m = [g EXCEPT ![1] = pid[k].count]]");
  }
}

package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.neq;
import static dev.inflight.translator.tla.Tla.num;
import static dev.inflight.translator.tla.Tla.str;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Absorption}: a label's written-out ENABLED where its paths part ways. */
class AbsorptionTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);
  private static final TlaExpr P = name("p");
  private static final TlaExpr NULL = name("NULL");
  private static final TlaExpr ST = new TlaExpr.Select(new TlaExpr.FunApp(name("s"), List.of(P)), "st");
  private static final TlaExpr COUNT = new TlaExpr.Select(new TlaExpr.FunApp(name("s"), List.of(P)), "count");

  private static TlaExpr and(TlaExpr... items) {
    return new TlaExpr.And(List.of(items));
  }

  private static TlaExpr or(TlaExpr... items) {
    return new TlaExpr.Or(List.of(items));
  }

  private static String absorbed(TlaExpr e) {
    return PRINTER.print(Absorption.of(e));
  }

  @Test
  void aChainOfChecksAndItsFaultPathsIsTheChecksDeniedThenTheRest() {
    // a dereference (two faults: null, freed), then a count check, then the lock the path waits for
    // (emit/Enabled absorbs the inner level first, as it builds the tree from its leaves)
    TlaExpr inner = Absorption.of(or(and(new TlaExpr.Infix(BinOp.LT, COUNT, num(32)), eq(name("lock"), NULL)),
        new TlaExpr.Infix(BinOp.GEQ, COUNT, num(32))));
    TlaExpr chain = or(
        and(and(neq(P, NULL), eq(ST, str("live"))), inner),
        eq(P, NULL),
        and(neq(P, NULL), neq(ST, str("live"))));
    assertThat(absorbed(Enabled.or(((TlaExpr.Or) chain).items())))
        .isEqualTo("p = NULL \\/ s[p].st # \"live\" \\/ s[p].count \\geq 32 \\/ lock = NULL");
  }

  @Test
  void theInnerLevelIsAbsorbedToo() {
    TlaExpr inner = or(and(new TlaExpr.Infix(BinOp.LT, COUNT, num(32)), eq(name("lock"), NULL)),
        new TlaExpr.Infix(BinOp.GEQ, COUNT, num(32)));
    assertThat(absorbed(inner)).isEqualTo("s[p].count \\geq 32 \\/ lock = NULL");
  }

  @Test
  void twoWaysToTheSameRestAreFactoredAndTheFaultIsWrittenAsItWas() {
    // put: count > 1 or count = 1 go on to the same check; count <= 0 is the underflow
    TlaExpr rest = eq(name("lock"), NULL);
    TlaExpr e = or(and(new TlaExpr.Infix(BinOp.GT, COUNT, num(1)), rest), and(eq(COUNT, num(1)), rest),
        new TlaExpr.Infix(BinOp.LEQ, COUNT, num(0)));
    assertThat(absorbed(e)).isEqualTo("s[p].count \\leq 0 \\/ lock = NULL");
  }

  @Test
  void aChainIsAbsorbedAsFarAsItsFaultPathsCoverIt() {
    // no disjunct says s[p].st # "live": only p # NULL is denied, the rest of the chain stays
    TlaExpr e = or(and(neq(P, NULL), eq(ST, str("live")), name("r")), eq(P, NULL));
    assertThat(absorbed(e)).isEqualTo("p = NULL \\/ (s[p].st = \"live\" /\\ r)");
  }
}

package dev.inflight.translator.emit;

import static dev.inflight.translator.tla.Tla.and;
import static dev.inflight.translator.tla.Tla.eq;
import static dev.inflight.translator.tla.Tla.name;
import static dev.inflight.translator.tla.Tla.neq;
import static dev.inflight.translator.tla.Tla.or;
import static dev.inflight.translator.tla.Tla.str;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Assuming}: a condition read where a guard holds. */
class AssumingTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);
  private static final TlaExpr P = name("p");
  private static final TlaExpr NULL = name("NULL");
  private static final TlaExpr LIVE = eq(new TlaExpr.Select(new TlaExpr.FunApp(name("s"), List.of(P)), "st"), str("live"));
  private static final TlaExpr NOT_LIVE = neq(new TlaExpr.Select(new TlaExpr.FunApp(name("s"), List.of(P)), "st"), str("live"));

  private static String under(TlaExpr guard, TlaExpr e) {
    return PRINTER.print(Assuming.of(guard, e));
  }

  @Test
  void aDereferenceTestedAgainBelowItsGuardIsTrue() {
    // p # NULL /\ (p # NULL /\ live \/ ~live): below the guard, (TRUE /\ live) \/ ~live
    assertThat(under(neq(P, NULL), or(and(neq(P, NULL), LIVE), NOT_LIVE))).isEqualTo("TRUE");
  }

  @Test
  void theGuardsNegationIsFalseAndItsDisjunctGoes() {
    assertThat(under(and(neq(P, NULL), name("locked")), or(eq(P, NULL), name("x"))))
        .isEqualTo("x");
    assertThat(under(name("locked"), and(name("y"), new TlaExpr.Prefix(dev.inflight.translator.tla.UnOp.NOT, name("locked")))))
        .isEqualTo("FALSE");
  }

  @Test
  void aShortCircuitGuardIsReadAsItsDisjunction() {
    TlaExpr guard = new TlaExpr.If(name("a"), new TlaExpr.Bool(true), name("b"));
    assertThat(under(guard, or(new TlaExpr.Prefix(dev.inflight.translator.tla.UnOp.NOT, or(name("a"), name("b"))), name("z"))))
        .isEqualTo("z");
  }

  @Test
  void aValueThatMentionsTheGuardIsLeftAsWritten() {
    // inside a comparison the guard's conjunct stays: only conditions are read as facts
    TlaExpr value = neq(or(name("g"), and(neq(P, NULL), name("w"))), name("g"));
    assertThat(under(neq(P, NULL), value)).isEqualTo(PRINTER.print(value));
  }

  @Test
  void whatTheGuardDoesNotDecideIsUnchanged() {
    TlaExpr e = or(and(name("q"), LIVE), NOT_LIVE);
    assertThat(Assuming.of(neq(P, NULL), e)).isSameAs(e);
  }
}

package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalReadsNamesTest {
  private static TlaExpr read(String... fields) {
    TlaExpr e = new TlaExpr.FunApp(new TlaExpr.Name("th_locals"), List.of(new TlaExpr.Name("self")));
    for (String f : fields) {
      e = new TlaExpr.Select(e, f);
    }
    return e;
  }

  private static TlaExpr isNull(TlaExpr e) {
    return new TlaExpr.Infix(BinOp.EQ, e, new TlaExpr.Name("NULL"));
  }

  @Test
  void repeatedReadsAreNamedAfterTheLocalOrWithTheirFrameWhenTwoEndAlike() {
    TlaExpr paths = new TlaExpr.Or(List.of(
        new TlaExpr.And(List.of(isNull(read("get_n", "p")), isNull(read("set_n", "p")), isNull(read("q")))),
        new TlaExpr.And(List.of(isNull(read("get_n", "p")), isNull(read("set_n", "p")), isNull(read("x"))))));
    Namer namer = new Namer();
    String out = new TlaPrinter(100).print(LocalReads.name(paths, Set.of("th_locals"), namer));
    assertThat(out).isEqualTo(String.join("\n",
        "LET get_n_p == th_locals[self].get_n.p",
        "    set_n_p == th_locals[self].set_n.p",
        "IN",
        "\\/ /\\ get_n_p = NULL",
        "   /\\ set_n_p = NULL",
        "   /\\ th_locals[self].q = NULL",
        "\\/ /\\ get_n_p = NULL",
        "   /\\ set_n_p = NULL",
        "   /\\ th_locals[self].x = NULL"));
  }

  @Test
  void readsOfAnotherThreadOrOfOtherVariablesAreLeftAlone() {
    TlaExpr other = new TlaExpr.Select(new TlaExpr.FunApp(new TlaExpr.Name("th_locals"), List.of(new TlaExpr.Name("t"))), "q");
    TlaExpr heap = new TlaExpr.Select(new TlaExpr.FunApp(new TlaExpr.Name("s"), List.of(new TlaExpr.Name("self"))), "n");
    TlaExpr paths = new TlaExpr.And(List.of(isNull(other), isNull(other), isNull(heap), isNull(heap)));
    assertThat(LocalReads.name(paths, Set.of("th_locals"), new Namer())).isEqualTo(paths);
  }
}

package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.lower.Action;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaPrinter;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which UNCHANGED a label writes once for its paths, and which frames it names (emit/SharedUnchanged). */
class SharedUnchangedTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);

  private static TlaExpr name(String n) {
    return new TlaExpr.Name(n);
  }

  private static Set<TlaExpr> units(String... names) {
    Set<TlaExpr> out = new LinkedHashSet<>();
    for (String n : names) {
      out.add(name(n));
    }
    return out;
  }

  private static final String[] BASE = {"untouched_a", "untouched_b"};
  private static final String[] MOST = {"pool_of_files", "pool_of_sockets", "gc_inflight_list", "gc_candidates", "unix_tot_inflight"};

  /** What a label's paths leave unchanged: the base, the five others unless {@code most} is false, and {@code own}. */
  private static Set<TlaExpr> label(boolean most, String... own) {
    Set<TlaExpr> out = units(BASE);
    if (most) {
      out.addAll(units(MOST));
    }
    out.addAll(units(own));
    return out;
  }

  @Test
  void theSetMostLabelsLeaveAloneIsAFrameWhenNamingItSavesText() {
    List<Set<TlaExpr>> labels = List.of(label(true, "x"), label(true, "y"), label(true), label(true, "x", "y"), label(false, "x"));
    Set<TlaExpr> mostly = SharedUnchanged.mostly(labels, units(BASE), "t_untouched", "t_mostly_untouched");
    assertThat(mostly).containsExactlyInAnyOrderElementsOf(label(true));
    // two labels that would name it do not pay for its definition
    assertThat(SharedUnchanged.mostly(labels.subList(3, 5), units(BASE), "t_untouched", "t_mostly_untouched")).isNull();
    // nor do three when the units are short names
    List<Set<TlaExpr>> short3 = List.of(units("a", "b", "c", "d"), units("a", "b", "c", "d"), units("a", "b", "c", "d"));
    assertThat(SharedUnchanged.mostly(short3, Set.of(), null, "t_mostly_untouched")).isNull();
  }

  private static Action path(String name, Set<TlaExpr> unchanged) {
    return new Action(name, null, "L1", "L2", null, List.of(), null, List.of(), null, List.of(),
        List.of(new TlaExpr.Infix(dev.inflight.translator.tla.BinOp.EQ, new TlaExpr.Primed(name("pc")), name("pc2")),
            new TlaExpr.Prefix(UnOp.UNCHANGED, new TlaExpr.Tuple(new ArrayList<>(unchanged)))));
  }

  @Test
  void aLabelNamesTheLargestFrameItsPathsLeaveAlone() {
    SharedUnchanged.Frame mostly = new SharedUnchanged.Frame(name("t_mostly_untouched"), label(true));
    SharedUnchanged.Frame base = new SharedUnchanged.Frame(name("t_untouched"), units(BASE));
    List<SharedUnchanged.Frame> frames = List.of(mostly, base);
    SharedUnchanged all = SharedUnchanged.of(List.of(path("p1", label(true, "x", "y")), path("p2", label(true, "x"))), frames);
    assertThat(PRINTER.print(all.unchanged())).isEqualTo("UNCHANGED <<t_mostly_untouched, x>>");
    assertThat(PRINTER.print(all.paths().get(0).effect().get(1))).isEqualTo("UNCHANGED <<y>>");
    SharedUnchanged some = SharedUnchanged.of(List.of(path("p1", label(false, "x", "gc_candidates"))), frames);
    assertThat(PRINTER.print(some.unchanged())).isEqualTo("UNCHANGED <<t_untouched, x, gc_candidates>>");
  }
}

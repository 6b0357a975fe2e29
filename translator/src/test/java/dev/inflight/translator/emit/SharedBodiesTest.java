package dev.inflight.translator.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.Namer;
import dev.inflight.translator.tla.Quantifier;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which label actions call one operator with their shared paths, and with which arguments (emit/SharedBodies). */
class SharedBodiesTest {
  private static final TlaPrinter PRINTER = new TlaPrinter(200);

  private static TlaExpr name(String n) {
    return new TlaExpr.Name(n);
  }

  private static TlaExpr eq(TlaExpr a, TlaExpr b) {
    return new TlaExpr.Infix(BinOp.EQ, a, b);
  }

  private static TlaExpr self(String var) {
    return new TlaExpr.FunApp(name(var), List.of(name("self")));
  }

  private static TlaExpr set(String var, TlaExpr value) {
    return new TlaExpr.Except(name(var), List.of(new TlaExpr.Update(List.of(new TlaExpr.Index(name("self"))), value)));
  }

  /**
   * A label action of thread kind {@code kind} at {@code label}: it picks {@code b} from its locals,
   * writes it back, sets six globals from {@code read} (an expression of {@code b}) and goes to {@code to}.
   */
  private static TlaModule.OpDef action(String kind, String label, String to, String b, TlaExpr read) {
    List<TlaExpr> effects = new ArrayList<>();
    effects.add(eq(new TlaExpr.Primed(name(kind + "_locals")), set(kind + "_locals", name(b))));
    for (int i = 1; i <= 6; i++) {
      effects.add(eq(new TlaExpr.Primed(name("global_number_" + i)), new TlaExpr.Infix(BinOp.PLUS, read, new TlaExpr.Num(i))));
    }
    effects.add(eq(new TlaExpr.Primed(name("pc")), set("pc", new TlaExpr.Str(to))));
    TlaExpr paths = new TlaExpr.Quant(Quantifier.EXISTS,
        List.of(new TlaExpr.Bound(b, new TlaExpr.SetOf(List.of(new TlaExpr.Select(self(kind + "_locals"), "x"))))),
        new TlaExpr.And(effects));
    TlaExpr body = new TlaExpr.And(List.of(eq(self("pc"), new TlaExpr.Str(label)), ThreadActions.NO_FAULT,
        new TlaExpr.Prefix(UnOp.UNCHANGED, name(kind + "_untouched")), paths));
    return new TlaModule.OpDef(kind + "_at_" + label, List.of("self"), body, List.of(), null);
  }

  private static TlaModule.OpDef action(String kind, String label, String to) {
    return action(kind, label, to, "b", name("b"));
  }

  private static List<TlaModule.Unit> shared(TlaModule.OpDef... actions) {
    List<TlaModule.Unit> units = new ArrayList<>(List.of(actions));
    SharedBodies.apply(units, units.stream().map(u -> ((TlaModule.OpDef) u).name()).toList(), new Namer());
    return units;
  }

  private static String print(TlaModule.Unit u) {
    return PRINTER.print((TlaModule.OpDef) u).replaceAll("\\s+", " ").strip();
  }

  @Test
  void kindsAndCallSitesCallOneOperatorWithWhatDiffers() {
    List<TlaModule.Unit> units = shared(action("victim", "L1", "L2"), action("worker", "L1", "L2"), action("victim", "L1b", "L2b"));
    assertThat(units).hasSize(4);
    TlaModule.OpDef op = (TlaModule.OpDef) units.get(0);
    assertThat(op.name()).isEqualTo("L1_paths");
    assertThat(op.params()).containsExactly("self", "locals", "to");
    assertThat(print(op)).contains("\\E b \\in {locals[self].x} :", "locals' = [locals EXCEPT ![self] = b]",
        "pc' = [pc EXCEPT ![self] = to]");
    assertThat(print(units.get(1))).endsWith("/\\ UNCHANGED victim_untouched /\\ L1_paths(self, victim_locals, \"L2\")")
        .startsWith("victim_at_L1(self) == /\\ pc[self] = \"L1\" /\\ fault.kind = \"none\"");
    assertThat(print(units.get(2))).endsWith("/\\ UNCHANGED worker_untouched /\\ L1_paths(self, worker_locals, \"L2\")");
    assertThat(print(units.get(3))).endsWith("/\\ L1_paths(self, victim_locals, \"L2b\")")
        .startsWith("victim_at_L1b(self) == /\\ pc[self] = \"L1b\"");
  }

  @Test
  void boundVariablesMayBeNamedDifferently() {
    List<TlaModule.Unit> units = shared(action("victim", "L1", "L2"), action("worker", "L1", "L2", "z", name("z")));
    assertThat(units).hasSize(3);
    assertThat(print(units.get(0))).contains("\\E b \\in {locals[self].x} :", "global_number_1' = b + 1");
    assertThat(((TlaModule.OpDef) units.get(0)).params()).containsExactly("self", "locals");
  }

  @Test
  void aDifferenceThatMentionsAVariableBoundInThePathsIsNoArgument() {
    // victim's first global reads b, bound inside the paths; worker's reads a constant N
    TlaModule.OpDef victim = action("victim", "L1", "L2");
    TlaModule.OpDef worker = action("worker", "L1", "L2", "b", name("N"));
    assertThat(shared(victim, worker)).containsExactly(victim, worker);
  }

  @Test
  void aVariableBoundInOneAndFreeInTheOtherIsNotTheSame() {
    // worker binds z but reads b, a name of the module: not victim's b
    TlaModule.OpDef victim = action("victim", "L1", "L2");
    TlaModule.OpDef worker = action("worker", "L1", "L2", "z", name("b"));
    assertThat(shared(victim, worker)).containsExactly(victim, worker);
  }

  /** A label action whose paths set nine globals to {@code base + 1}, …, {@code base + 9} (literals). */
  private static TlaModule.OpDef numbers(String kind, int base) {
    List<TlaExpr> effects = new ArrayList<>();
    for (int i = 1; i <= 9; i++) {
      effects.add(eq(new TlaExpr.Primed(name("global_number_" + i)), new TlaExpr.Num(base + i)));
    }
    return new TlaModule.OpDef(kind + "_at_L1", List.of("self"), new TlaExpr.And(List.of(eq(self("pc"), new TlaExpr.Str("L1")),
        ThreadActions.NO_FAULT, new TlaExpr.Or(List.of(new TlaExpr.And(effects), eq(name("x"), new TlaExpr.Num(0)))))), List.of(), null);
  }

  @Test
  void moreThanEightDifferencesOrShortPathsStayAsTheyAre() {
    TlaModule.OpDef a = numbers("a", 0);
    TlaModule.OpDef b = numbers("b", 100);
    assertThat(shared(a, b)).as("nine different literals").containsExactly(a, b);
    TlaModule.OpDef c = numbers("c", 0);
    assertThat(shared(a, c)).as("the same literals").hasSize(3);
    assertThat(((TlaModule.OpDef) shared(a, c).get(0)).params()).containsExactly("self");
    TlaModule.OpDef small = new TlaModule.OpDef("a_at_L1", List.of("self"), new TlaExpr.And(List.of(eq(self("pc"), new TlaExpr.Str("L1")),
        ThreadActions.NO_FAULT, eq(new TlaExpr.Primed(name("x")), new TlaExpr.Num(1)))), List.of(), null);
    TlaModule.OpDef small2 = new TlaModule.OpDef("b_at_L1", List.of("self"), new TlaExpr.And(List.of(eq(self("pc"), new TlaExpr.Str("L1")),
        ThreadActions.NO_FAULT, eq(new TlaExpr.Primed(name("x")), new TlaExpr.Num(1)))), List.of(), null);
    assertThat(shared(small, small2)).as("shorter than " + SharedBodies.MIN_LENGTH + " characters").containsExactly(small, small2);
  }

  /**
   * A copy of one function's step at call site {@code label} of kind {@code kind}: it reads {@code b}
   * from the caller's frame {@code frame}, sets six globals from it, writes the frame's {@code err}
   * and gives the locals {@code after} where the function returns.
   */
  private static TlaModule.OpDef callSite(String kind, String label, String frame, TlaExpr after) {
    String locals = kind + "_locals";
    TlaExpr read = new TlaExpr.Select(new TlaExpr.Select(self(locals), frame), "b");
    List<TlaExpr> effects = new ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      effects.add(eq(new TlaExpr.Primed(name("global_number_" + i)), new TlaExpr.Infix(BinOp.PLUS, name("b"), new TlaExpr.Num(i))));
    }
    TlaExpr err = new TlaExpr.Except(name(locals), List.of(new TlaExpr.Update(
        List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field(frame), new TlaExpr.Field("err")), name("b"))));
    effects.add(eq(new TlaExpr.Primed(name(locals)), new TlaExpr.If(eq(name("b"), new TlaExpr.Num(0)), err, after)));
    TlaExpr paths = new TlaExpr.Quant(Quantifier.EXISTS, List.of(new TlaExpr.Bound("b", new TlaExpr.SetOf(List.of(read)))),
        new TlaExpr.And(effects));
    return new TlaModule.OpDef(kind + "_at_" + label, List.of("self"), new TlaExpr.And(List.of(eq(self("pc"), new TlaExpr.Str(label)),
        ThreadActions.NO_FAULT, paths)), List.of(), null);
  }

  private static TlaExpr blank(String kind, String frame) {
    return new TlaExpr.Except(name(kind + "_locals"), List.of(new TlaExpr.Update(
        List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field(frame)), name("NULL"))));
  }

  @Test
  void callSitesWhoseFramesAreDifferentFieldsShareWithTheFieldAsAString() {
    List<TlaModule.Unit> units = shared(callSite("w", "L5", "sys_write", blank("w", "f")),
        callSite("w", "L5b", "sys_sendmsg", blank("w", "f")));
    assertThat(units).hasSize(3);
    TlaModule.OpDef op = (TlaModule.OpDef) units.get(0);
    assertThat(op.params()).containsExactly("self", "field");
    assertThat(print(op)).contains("\\E b \\in {w_locals[self][field].b} :", "[w_locals EXCEPT ![self][field].err = b]",
        "![self].f = NULL");
    assertThat(print(units.get(1))).endsWith("/\\ L5_paths(self, \"sys_write\")");
    assertThat(print(units.get(2))).endsWith("/\\ L5_paths(self, \"sys_sendmsg\")");
  }

  @Test
  void copiesOfOneLabelWithDifferentCodeAfterTheReturnPassWhatTheCallerDoes() {
    // one caller goes on to clear one frame, the other two: the forms differ, the label is the same
    TlaExpr two = new TlaExpr.Except(name("w_locals"), List.of(
        new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("g")), name("NULL")),
        new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("h")), new TlaExpr.Num(3))));
    List<TlaModule.Unit> units = shared(callSite("w", "L5", "sys_write", blank("w", "f")), callSite("w", "L5b", "sys_sendmsg", two));
    assertThat(units).hasSize(3);
    TlaModule.OpDef op = (TlaModule.OpDef) units.get(0);
    assertThat(op.params()).containsExactly("self", "field", "locals_next");
    assertThat(print(op)).contains("ELSE locals_next");
    assertThat(print(units.get(1))).endsWith("/\\ L5_paths(self, \"sys_write\", [w_locals EXCEPT ![self].f = NULL])");
    assertThat(print(units.get(2))).endsWith("/\\ L5_paths(self, \"sys_sendmsg\", [w_locals EXCEPT ![self].g = NULL, ![self].h = 3])");
    TlaModule.OpDef other = callSite("w", "L6", "sys_sendmsg", two);
    assertThat(shared(callSite("w", "L5", "sys_write", blank("w", "f")), other)).as("another label of another form").hasSize(2);
  }

  @Test
  void aSecondOperatorForOneLabelIsNamedForItsKindToo() {
    // v and u share L5's copies of one form first; w's two copies, of two other forms, then
    TlaExpr.Update g = new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("g")), name("NULL"));
    TlaExpr.Update h = new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("h")), new TlaExpr.Num(3));
    TlaExpr.Update k = new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("k")), new TlaExpr.Num(4));
    List<TlaModule.Unit> units = shared(
        callSite("v", "L5", "f", new TlaExpr.Except(name("v_locals"), List.of(g, h, k))),
        callSite("u", "L5", "f", new TlaExpr.Except(name("u_locals"), List.of(g, h, k))),
        callSite("w", "L5", "sys_write", blank("w", "f")),
        callSite("w", "L5b", "sys_sendmsg", new TlaExpr.Except(name("w_locals"), List.of(g, h))));
    assertThat(units).hasSize(6);
    assertThat(units.stream().filter(u -> ((TlaModule.OpDef) u).name().endsWith("_paths")).map(u -> ((TlaModule.OpDef) u).name()))
        .containsExactlyInAnyOrder("L5_paths", "w_L5_paths");
  }

  @Test
  void anOperatorIsDefinedBeforeTheFirstActionThatCallsItWhereverItsGroupStarts() {
    // w's L5b copy is of the form of an earlier, shorter action (too short to share: the form's
    // copies are not shared), so the copies of label L5 are grouped L5b first, L5 second, while
    // L5 comes first in the module: the operator must precede it
    TlaExpr.Update g = new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("g")), name("NULL"));
    TlaExpr.Update h = new TlaExpr.Update(List.of(new TlaExpr.Index(name("self")), new TlaExpr.Field("h")), new TlaExpr.Num(3));
    String kind = "a_thread_kind_whose_name_is_long";
    TlaModule.OpDef late = callSite(kind, "L5b", "sys_sendmsg", new TlaExpr.Except(name(kind + "_locals"), List.of(g, h)));
    // the same form with one-letter names: below SharedBodies.MIN_LENGTH
    TlaModule.OpDef shortOne = new TlaModule.OpDef("w_at_L9", List.of("self"), dev.inflight.translator.tla.Rewrite.apply(late.body(),
        e -> e instanceof TlaExpr.Name n && n.id().startsWith("global_number_") ? name("g" + n.id().substring(14))
            : e instanceof TlaExpr.Name n && n.id().equals(kind + "_locals") ? name("w") : null), List.of(), null);
    List<TlaModule.Unit> units = shared(shortOne, callSite(kind, "L5", "sys_write", blank(kind, "f")), late);
    List<String> names = units.stream().map(u -> ((TlaModule.OpDef) u).name()).toList();
    assertThat(names).containsExactly("w_at_L9", "L5_paths", kind + "_at_L5", kind + "_at_L5b");
  }

  /** A label action that sets x to g_1 op (g_2[self] + … + g_30[self]) and y to 1. */
  private static TlaModule.OpDef sum(String name, BinOp op) {
    TlaExpr e = new TlaExpr.FunApp(name("g_2"), List.of(name("self")));
    for (int i = 3; i <= 30; i++) {
      e = new TlaExpr.Infix(BinOp.PLUS, e, new TlaExpr.FunApp(name("g_" + i), List.of(name("self"))));
    }
    e = new TlaExpr.Infix(op, name("g_1"), e);
    return new TlaModule.OpDef(name, List.of("self"), new TlaExpr.And(List.of(eq(self("pc"), new TlaExpr.Str("L1")),
        ThreadActions.NO_FAULT, eq(new TlaExpr.Primed(name("x")), e), eq(new TlaExpr.Primed(name("y")), new TlaExpr.Num(1)))),
        List.of(), null);
  }

  @Test
  void copiesOfOneLabelWhoseCallsWouldBeAsLongAsTheirPathsStayApart() {
    // the copies differ in the one long value they give x: the call would pass all of it
    TlaModule.OpDef a = sum("a_at_L1", BinOp.PLUS);
    TlaModule.OpDef b = sum("a_at_L1b", BinOp.MINUS);
    assertThat(shared(a, b)).containsExactly(a, b);
  }
}

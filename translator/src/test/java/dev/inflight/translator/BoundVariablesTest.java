package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.tla.Binders;
import dev.inflight.translator.tla.TlaModule;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The variables the translator binds in the module (CHOOSE, \E, \A, comprehension, function
 * constructor and LET names, operator parameters) never collide with a name of the module nor
 * with a variable bound around them, and substituting a value into a binder's scope renames the
 * value's own bound variables instead of capturing them. SANY rejects any shadowing
 * ("Multiply-defined symbol"), so each model here must pass it.
 */
class BoundVariablesTest {

  /** A struct, a set of it and a global: the start of most models here. */
  private static final String SET_OF_S = """
      model m
      struct s { n = 0 }
      set all of s
      var g = 0
      """;

  /** Every name the module declares or defines at the top level. */
  static Set<String> moduleNames(TlaModule m) {
    Set<String> out = new HashSet<>();
    for (TlaModule.Unit u : m.units()) {
      if (u instanceof TlaModule.Constants c) {
        out.addAll(c.names());
      } else if (u instanceof TlaModule.Variables v) {
        out.addAll(v.names());
      } else if (u instanceof TlaModule.OpDef d) {
        out.add(d.name());
      }
    }
    return out;
  }

  /**
   * No definition binds a module-level name, even one defined after it (which SANY would allow,
   * but a reader would not).
   */
  static void assertNoBoundVariableIsAModuleName(TlaModule m) {
    Set<String> module = moduleNames(m);
    for (TlaModule.Unit u : m.units()) {
      if (u instanceof TlaModule.OpDef d) {
        Set<String> bound = new HashSet<>(Binders.bound(d.body()));
        bound.addAll(d.params());
        bound.retainAll(module);
        assertThat(bound).as("variables bound in %s that are module-level names", d.name()).isEmpty();
      }
    }
  }

  static Emitted translate(String model) {
    Emitted e = LoweringTest.emitAccepted(model);
    assertNoBoundVariableIsAModuleName(e.module());
    return e;
  }

  // ---------------------------------------------------------------- module-level names

  @Test
  void globalsNamedLikeTheGeneratorsOwnVariablesKeepTheirNames() {
    Emitted e = translate("""
        model m
        struct s { n = 0 }
        const o = 2
        var x = 0
        var t = 0
        var i = 0
        var q = 0
        var b = 0
        set all of s
        queue work of s max 2
        thread th {
          p = alloc s
          add(all, p)
          push(work, p)
          for e in all {
            x = x + 1
          }
          for e in work {
            t = t + 1
          }
          b = count({y in all : y.n == 0})
          if exists z in live(s) : z.n == 0 {
            i = 1
          }
        }
        var w = 0
        var c = 0
        fn cb(r: s) {
          free r
        }
        thread reader {
          r = alloc s
          rcu_read_lock()
          x = 1
          rcu_read_unlock()
          synchronize_rcu()
          call_rcu(r, cb)
          rcu_barrier()
        }
        check no_leak
        invariant inv: q == 0 && count(live(s)) <= o
        """);
    // the globals are the module's variables, and every generated variable (RCU's too) moved aside
    assertThat(moduleNames(e.module())).contains("x", "t", "i", "q", "b", "w", "c", "o");
    assertThat(e.tla()).contains(
        "[w2 \\in Threads |-> rcu_gp[w2] \\ {self}]",
        "{[c2 EXCEPT !.wait = @ \\ {self}] : c2 \\in rcu_cbs}",
        "\\E cb \\in rcu_cbs :",
        "Elems(q2) == {q2[i2] : i2 \\in DOMAIN q2}",
        "pc = [t2 \\in Threads |->",
        "rcu_depth = [t2 \\in Threads |-> 0]",
        "s = [o2 \\in Pool_s |-> [st |-> \"free\", n |-> 0]]",
        "FirstFreeSlot(h) == CHOOSE o2 \\in DOMAIN h : h[o2].st = \"free\"", "\\E new_s \\in {FirstFreeSlot(s)} :",
        "\\E rest_15_3 \\in {th_locals[self].rest_15_3} :", "\\E next_e \\in rest_15_3 :",
        "LET next_e == Head(rest_18_3)",
        "\\A t2 \\in Thread_th : pc[t2] = \"Done\"",
        "\\A o2 \\in Pool_s : s[o2].st # \"live\"",
        "q = 0 /\\ Cardinality({o2 \\in Pool_s : s[o2].st = \"live\"}) \\leq o");
  }

  @Test
  void aPropertyKeepsItsNameAndTheGeneratedVariablesMoveAside() {
    Emitted e = translate(SET_OF_S + """
        thread th {
          p = alloc s
          g = 1
        }
        invariant t: g >= 0
        invariant o: count(live(s)) <= 1
        """);
    assertThat(e.tla()).contains("\nt == g \\geq 0\n", "\no == Cardinality({o2 \\in Pool_s : s[o2].st = \"live\"}) \\leq 1\n",
        "pc = [t2 \\in Threads |-> \"L6\"]", "CHOOSE o2 \\in DOMAIN h");
  }

  // ---------------------------------------------------------------- enclosing bound variables

  @Test
  void dslVariablesNamedLikeGeneratedDefinitionsAreRenamedApart() {
    Emitted e = translate(SET_OF_S + """
        thread th {
          atomic {
            p = alloc s
            add(all, p)
            g = count({new_s in all : new_s.n == 0})
          }
          atomic {
            u = pick(all)
            g = count({picked in all : picked == u && (exists self in all : self == picked)})
          }
          g = count({o in all : o in live(s)})
        }
        """);
    // `new_s` is the LET name of the allocated object: the DSL variable must not read the new
    // object's fields in its place (n would fold to 0 for every element); `picked` would have
    // compared every element with itself
    assertThat(e.tla()).contains("Cardinality({new_s2 \\in all \\cup {new_s} : s_now[new_s2].n = 0})",
        "\\E picked \\in all :", "g' = Cardinality({picked2 \\in all :\n", "picked2 = picked /\\ \\E self2 \\in all : self2 = picked2})",
        "g' = Cardinality({o \\in all : o \\in {o2 \\in Pool_s : s[o2].st = \"live\"}})");
  }

  // A DSL variable named like a fairness operator used to send the renaming loop round forever
  // (`WF_x_`, `WF_x__`, ... all read as fairness operators); a separate thread lets it fail.
  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aDslVariableNamedLikeAFairnessOperatorIsRenamedOnce() {
    Emitted e = translate(SET_OF_S + """
        thread th {
          g = count({WF_x in all : WF_x.n == 0})
        }
        """);
    assertThat(e.tla()).contains("g' = Cardinality({_WF_x \\in all : s[_WF_x].n = 0})");
  }

  // ---------------------------------------------------------------- capture-avoiding substitution

  @Test
  void aComprehensionSubstitutedIntoOneOfTheSameVariableIsRenamed() {
    // The user's report: `s` is inlined into the second comprehension, whose variable is `b` too.
    Emitted e = translate("""
        model m
        struct s { x = 0 }
        set set_a of s
        set set_c of s
        var g = 0
        thread th {
          atomic {
            sa = {b in set_a : b.x == 1}
            tt = {b in set_c : b in sa}
            g = count(tt)
          }
        }
        """);
    // sa's value, read again in the step, is named (a LET of the path), so it is never
    // substituted into the scope of the second `b`
    assertThat(e.tla()).contains("LET sa_now == {b \\in set_a : s[b].x = 1}", "\\E tt_now \\in {{b \\in set_c : b \\in sa_now}} :",
        "g' = Cardinality(tt_now)");
  }

  @Test
  void substitutedValuesOfGlobalsFieldsAndQuantifiersAreRenamedToo() {
    Emitted e = translate("""
        model m
        struct s {
          x = 0
          set kids of s
        }
        set set_a of s
        set chosen of s
        var ok = false
        thread th {
          p = alloc s
          atomic {
            chosen = {b in set_a : b.x == 1}
            p.kids = {b in set_a : b.x == 2}
            ok = forall b in set_a : b in chosen || (exists c in p.kids : c == b && (exists b2 in chosen : b2 == c))
          }
        }
        """);
    // The values of `chosen` and `p.kids` are named where they are read again, so inside
    // `forall b` and `exists b2` only their names appear: nothing can be captured.
    assertThat(e.tla()).contains("\\E chosen_now \\in {{b \\in set_a : s[b].x = 1}} :", "LET kids_now == {b \\in set_a : s[b].x = 2}",
        "LET p == th_locals[self].p\n", "s' = [s EXCEPT ![p].kids = kids_now]", "\\A b \\in set_a :\n", "b \\in chosen_now \\/\n",
        "\\E c \\in kids_now : c = b /\\ \\E b2 \\in chosen_now : b2 = c\n");
  }

  @Test
  void closuresSubstitutedIntoClosuresGetTheirOwnDefinitionNames() {
    Emitted e = translate("""
        model m
        struct s { next: s }
        set roots of s
        var g = 0
        thread th {
          atomic {
            r = closure(roots, z : {z.next})
            r2 = closure({w in r : w in roots}, z : {z.next} minus r)
            g = count(r2)
          }
        }
        """);
    // each closure is named where it is computed (its step's dereferences are checked for each
    // element it reaches), so each closure's definitions are its own
    assertThat(e.tla()).contains("\\E reach_now \\in {LET reach1_1 == roots \\cup (UNION {{s[z].next} : z \\in roots \\ {NULL}})",
        "reach1_0 == {w \\in reach_now : w \\in roots}", "reach1_0 \\cup (UNION {{s[z].next} \\ reach_now : z \\in reach1_0 \\ {NULL}})",
        "g' = Cardinality(reach_now2)");
  }
}

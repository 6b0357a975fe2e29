package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/**
 * An empty set literal passed for an untyped parameter (`sys_sendmsg(t, f, {})`): `{}` is a set
 * of any element, so it never fixes the parameter's element type; that comes from the other
 * calls or from how the function uses the parameter's elements, whichever call the checker meets
 * first. The argument lowers to `{}` and SANY accepts the module.
 */
class EmptySetArgumentTest {

  /** The AF_UNIX shape: a sendmsg that passes a set of files, sometimes none. */
  private static final String LIBRARY = """
      model m
      struct task { n = 0 }
      struct file { ref f_count = 1  inflight = 0 }
      var sent = 0
      fn unix_inflight(t: task, fp: file) {
        fp.inflight = fp.inflight + 1
      }
      fn sys_sendmsg(t: task, fds) {
        for fp in fds {
          get fp.f_count
          unix_inflight(t, fp)
        }
        sent = sent + 1
      }
      """;

  @Test
  void anEmptySetCalledFirstDoesNotHideTheElementTypeOfALaterCall() {
    // Before: the parameter took the type of `{}` (a set of no struct) for good, so `free fp`
    // lowered an object of no struct and crashed ("not an object").
    Emitted e = LoweringTest.emitAccepted("""
        model m
        struct file { ref f_count = 1 }
        set fds of file
        fn drop_all(s) {
          for fp in s {
            free fp
          }
        }
        thread t {
          f = alloc file
          drop_all({})
          add(fds, f)
          drop_all(fds)
        }
        """);
    // `{}` is the parameter's initial value: entering the function writes its blank frame
    assertThat(e.tla()).contains("![self].drop_all = t_drop_all_init,",
        "![self].drop_all = [t_drop_all_init EXCEPT !.s = fds]", "file' = [file EXCEPT ![next_fp].st = \"freed\"]");
  }

  @Test
  void theElementTypeOfASetOnlyEverEmptyComesFromTheParametersUse() {
    // Only `{}` is passed: the loop variable is given to a `file` parameter and its refcount is
    // taken, which says what the set holds. (Before: "expected an object, found null".)
    Emitted e = LoweringTest.emitAccepted(LIBRARY + """
        thread sender {
          me = alloc task
          sys_sendmsg(me, {})
        }
        """);
    assertThat(e.tla()).contains("![self].sys_sendmsg = [sender_sys_sendmsg_init EXCEPT !.t = new_task]",
        "![next_fp].f_count = @ +");
  }

  @Test
  void aFieldOnlyOneStructHasTellsTheElementTypeToo() {
    Emitted e = LoweringTest.emitAccepted("""
        model m
        struct task { n = 0 }
        struct sock { state = 0 }
        var g = 0
        fn mark(t: task, socks) {
          for sk in socks {
            sk.state = 1
          }
          g = count({x in socks : x.state == 1})
        }
        thread th {
          me = alloc task
          mark(me, {})
        }
        """);
    assertThat(e.tla()).contains("![self].mark = [th_mark_init EXCEPT !.t = new_task]",
        "sock' = [sock EXCEPT ![next_sk].state = 1]",
        "LET socks == th_locals[self].mark.socks", "g' = Cardinality({x \\in socks : sock[x].state = 1})");
  }

  @Test
  void emptyAndNonEmptyCallsInEitherOrderAgree() {
    String both = LIBRARY + """
        set open of file
        thread a {
          me = alloc task
          f = alloc file
          add(open, f)
          CALLS
        }
        """;
    Emitted emptyFirst = LoweringTest.emitAccepted(both.replace("CALLS", "sys_sendmsg(me, {})\n  sys_sendmsg(me, open)"));
    Emitted emptyLast = LoweringTest.emitAccepted(both.replace("CALLS", "sys_sendmsg(me, open)\n  sys_sendmsg(me, {})"));
    for (Emitted e : new Emitted[] {emptyFirst, emptyLast}) {
      assertThat(e.tla()).contains("![self].sys_sendmsg = [a_sys_sendmsg_init EXCEPT",
          "![self].sys_sendmsg.fds = open", "![next_fp].f_count = @ +");
    }
  }
}

package dev.inflight.driver.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step that reads a field of a freed object inside a quantifier or comprehension (a list walk
 * that meets an entry freed while still linked) is a use-after-free naming that object
 * (docs/semantics.md, "Dereferences and faults"). Before, field reads there were not checked for
 * liveness and read the freed object's stale record: the model held.
 */
class QuantifiedUseAfterFreeTest {

  @TempDir
  Path tmp;

  /** A producer links an object and then drops its reference ({@code %s}: what it does between). */
  private static final String LINKED = """
      model linked
      struct sock {
        ref refcnt = 1
        v = 0
        peer: sock = null
      }
      set socks of sock
      var hit = false
      thread producer {
        sk = alloc sock
        add(socks, sk)
      %s  put sk.refcnt
      }
      thread walker {
        if %s {
          hit = true
        }
      }
      """;

  @Test
  void aWalkThatMeetsAnObjectFreedWhileLinkedIsAUseAfterFree() throws IOException {
    CheckReport r = check("walk.ifl", LINKED.formatted("", "exists s in socks : s.v == 0"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    assertThat(r.trace().summary()).isEqualTo("use-after-free: walker uses sock#1 at " + r.file()
        + ":15; sock#1 was freed by producer at step 4 (" + r.file() + ":12)");
  }

  @Test
  void anObjectUnlinkedBeforeItIsFreedIsNeverMet() throws IOException {
    CheckReport r = check("unlinked.ifl", LINKED.formatted("  remove(socks, sk)\n", "exists s in socks : s.v == 0"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.HOLDS);
    assertThat(r.verdicts()).containsEntry("no_use_after_free", CheckReport.HOLDS);
  }

  @Test
  void theLiveObjectsOfAStructAreReadFreely() throws IOException {
    CheckReport r = check("live.ifl", LINKED.formatted("", "exists s in live(sock) : s.v == 0"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.HOLDS);
  }

  @Test
  void aPointerReadThroughAnElementIsCheckedToo() throws IOException {
    String model = """
        model peers
        struct obj { v = 0  peer: obj = null }
        set s of obj
        var hit = false
        thread t {
          a = alloc obj
          b = alloc obj
          a.peer = b
          add(s, a)
          free b
        }
        thread walker {
          if exists y in s : y.peer != null && y.peer.v == 1 {
            hit = true
          }
        }
        """;
    CheckReport r = check("peers.ifl", model);
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.trace().summary()).isEqualTo("use-after-free: walker uses obj#2 at " + r.file()
        + ":13; obj#2 was freed by t at step 6 (" + r.file() + ":10)");
  }

  @Test
  void aPropertyMayReadAFreedObjectsRecord() throws IOException {
    String model = """
        model ghost
        struct sock { v = 0 }
        set ever of sock
        thread t {
          sk = alloc sock
          add(ever, sk)
          free sk
        }
        invariant counted: forall s in ever : s.v == 0
        """;
    CheckReport r = check("ghost.ifl", model);
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.HOLDS);
    assertThat(r.verdicts()).containsEntry("counted", CheckReport.HOLDS).containsEntry("no_use_after_free", CheckReport.HOLDS);
  }

  /** A walker computes a closure whose step reads the fields of each element it reaches ({@code %s}). */
  private static final String REACHED = """
      model reached
      struct sock {
        ref refcnt = 1
        v = 0
      }
      set socks of sock
      var hit = false
      thread producer {
        keep = alloc sock
        sk = alloc sock
        add(socks, sk)
      %s  put sk.refcnt
        put keep.refcnt
      }
      thread walker {
        if %s {
          hit = true
        }
      }
      """;

  @Test
  void aClosureWhoseStepReadsAFreedObjectItReachedIsAUseAfterFree() throws IOException {
    CheckReport r = check("reach.ifl", REACHED.formatted("", "count(closure(socks, x : {y in live(sock) : y.v == x.v + 1})) > 2"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    assertThat(r.trace().summary()).isEqualTo("use-after-free: walker uses sock#2 at " + r.file()
        + ":16; sock#2 was freed by producer at step 5 (" + r.file() + ":12)");
  }

  @Test
  void aClosureThatNeverReachesTheFreedObjectHolds() throws IOException {
    CheckReport r = check("unreached.ifl", REACHED.formatted("  remove(socks, sk)\n",
        "count(closure(socks, x : {y in live(sock) : y.v == x.v + 1})) > 2"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.HOLDS);
  }

  @Test
  void aClosureInsideAQuantifierChecksEachElementsStepToo() throws IOException {
    // the step draws the freed object from `socks` without reading it; its own step reads it
    CheckReport r = check("nested.ifl", REACHED.formatted("",
        "exists s in live(sock) : count(closure({s}, x : {y in socks : x.v == 0})) > 1"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_use_after_free");
    assertThat(r.trace().summary()).isEqualTo("use-after-free: walker uses sock#2 at " + r.file()
        + ":16; sock#2 was freed by producer at step 5 (" + r.file() + ":12)");
  }

  @Test
  void aClosureThatReachesNullAndDereferencesItIsANullDereference() throws IOException {
    String model = """
        model chain
        struct obj { v = 0  peer: obj = null }
        var hit = false
        thread t {
          a = alloc obj
          b = alloc obj
          a.peer = b
          if count(closure({a}, x : %s)) > 1 {
            hit = true
          }
          free a
          free b
        }
        """;
    CheckReport r = check("chain.ifl", model.formatted("{x.peer}"));
    assertThat(r.verdict()).as(describe(r)).isEqualTo(Verdict.VIOLATED);
    assertThat(r.violated().name()).isEqualTo("no_null_deref");
    assertThat(r.trace().summary()).isEqualTo("null dereference: t dereferences null at " + r.file() + ":8");

    CheckReport filtered = check("filtered.ifl", model.formatted("{p in {x.peer} : p != null}"));
    assertThat(filtered.verdict()).as(describe(filtered)).isEqualTo(Verdict.HOLDS);
  }

  private CheckReport check(String name, String text) throws IOException {
    return CheckedModels.check(tmp, name, text);
  }

  private static String describe(CheckReport r) {
    return CheckedModels.describe(r);
  }
}

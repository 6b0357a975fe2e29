package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import org.junit.jupiter.api.Test;

/**
 * A property's `live(S)` that TLC would evaluate more than once (used twice, or under a
 * quantifier or inside a set built element by element) is named once by a LET at the top of the
 * property (emit/LiveSets): evaluated once per state instead of once per use and per element.
 * One use at the top level stays written out.
 */
class LiveSetsTest {
  private static final String MODEL = """
      model m
      struct sock bound 2 { busy = false }
      struct skb bound 2 { owner: sock = null }
      thread t {
        s = alloc sock
        s.busy = true
        b = alloc skb
        b.owner = s
      }
      invariant one_busy: forall s in live(sock) : s.busy => !(exists u in live(sock) : u != s && u.busy)
      invariant owned: forall s in live(sock) : s.busy || count(live(skb)) == 0
      invariant few: count(live(skb)) <= 2
      """;

  @Test
  void aLiveSetUsedTwiceIsNamedOnce() {
    Emitted e = LoweringTest.emitAccepted(MODEL);
    assertThat(e.tla()).contains("""
        one_busy ==
            LET live_sock == {o \\in Pool_sock : sock[o].st = "live"}
            IN \\A s \\in live_sock :
                 (sock[s].busy => ~\\E u \\in live_sock : u # s /\\ sock[u].busy) \\/
                   (PrintT(<<"inflight-witness", "one_busy", s>>) /\\ FALSE)
        """);
  }

  @Test
  void aLiveSetUnderAQuantifierIsNamedAndOneUsedOnceAtTheTopIsNot() {
    Emitted e = LoweringTest.emitAccepted(MODEL);
    assertThat(e.tla())
        .contains("""
            owned ==
                LET live_skb == {o \\in Pool_skb : skb[o].st = "live"}
                IN \\A s \\in {o \\in Pool_sock : sock[o].st = "live"} :
            """)
        .contains("few == Cardinality({o \\in Pool_skb : skb[o].st = \"live\"}) \\leq 2");
  }
}

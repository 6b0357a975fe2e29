package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inflight.driver.tlc.TlcValue.FunV;
import dev.inflight.driver.tlc.TlcValue.IntV;
import dev.inflight.driver.tlc.TlcValue.ModelV;
import dev.inflight.driver.tlc.TlcValue.SeqV;
import dev.inflight.driver.tlc.TlcValue.StrV;
import java.util.List;
import org.junit.jupiter.api.Test;

class TlcStateParserTest {

    @Test
    void initialPredicateHeader() {
        var h = TlcStateParser.parseHeader("1: <Initial predicate>");
        assertThat(h.index()).isEqualTo(1);
        assertThat(h.name()).isNull();
        assertThat(h.location()).isNull();
    }

    @Test
    void actionHeaderWithLocation() {
        var h = TlcStateParser.parseHeader("2: <rx_L1 line 26, col 5 to line 32, col 50 of module UafRace>");
        assertThat(h.index()).isEqualTo(2);
        assertThat(h.name()).isEqualTo("rx_L1");
        assertThat(h.location()).isEqualTo(new TlaLocation(26, 5, 32, 50, "UafRace"));
        assertThat(h.location().render()).isEqualTo("line 26, col 5 to line 32, col 50 of module UafRace");
    }

    @Test
    void parametersInTheHeaderAreDropped() {
        // TLC 2.18 prints "<rx_L12 line …>" for \E self \in S : rx_L12(self); accept the argument form too.
        var h = TlcStateParser.parseHeader("7: <rx_L12(self) line 3, col 1 to line 4, col 2 of module M>");
        assertThat(h.name()).isEqualTo("rx_L12");
        assertThat(h.location()).isEqualTo(new TlaLocation(3, 1, 4, 2, "M"));
        var bare = TlcStateParser.parseHeader("3: <Next>");
        assertThat(bare.name()).isEqualTo("Next");
        assertThat(bare.location()).isNull();
    }

    @Test
    void conjunctionStateWithContinuationLines() {
        TlcState s = TlcStateParser.parseState(List.of(
                "4: <rx_L2 line 38, col 5 to line 51, col 31 of module UafRace>",
                "/\\ balance = -3",
                "/\\ pc = (rx_1 :> \"Done\" @@ rx_2 :> \"L2\")",
                "/\\ hist = << [pc |-> \"L1\", op |-> \"lookup\", rc |-> 1],",
                "   [pc |-> \"L2\", op |-> \"put\", rc |-> 1] >>",
                "/\\ note = \"q\\\"t\"",
                ""));
        assertThat(s.index()).isEqualTo(4);
        assertThat(s.action()).isEqualTo("rx_L2");
        assertThat(s.isInitial()).isFalse();
        assertThat(s.vars().keySet()).containsExactly("balance", "pc", "hist", "note");
        assertThat(s.get("balance")).isEqualTo(new IntV(-3));
        assertThat(((FunV) s.get("pc")).get(new ModelV("rx_1"))).contains(new StrV("Done"));
        assertThat(((SeqV) s.get("hist")).elements()).hasSize(2);
        assertThat(s.get("note")).isEqualTo(new StrV("q\"t"));
    }

    @Test
    void singleVariableStateHasNoConjunction() {
        TlcState s = TlcStateParser.parseState(List.of("2: <Next line 6, col 9 to line 6, col 27 of module D>",
                "x = <<1,", "   2>>"));
        assertThat(s.vars()).containsOnlyKeys("x");
        assertThat(s.get("x").render()).isEqualTo("<<1, 2>>");
    }

    @Test
    void lassoMarkers() {
        var back = TlcStateParser.parseBackToState(
                List.of("2: Back to state: <Next line 7, col 9 to line 7, col 68 of module LiveLasso>"));
        assertThat(back).isEqualTo(new TlcLasso.BackToState(2, "Next", new TlaLocation(7, 9, 7, 68, "LiveLasso")));
        assertThat(TlcStateParser.parseStuttering(List.of("5: Stuttering"))).isEqualTo(new TlcLasso.Stuttering(5));
    }

    @Test
    void badValueNamesTheVariable() {
        assertThatThrownBy(() -> TlcStateParser.parseVariables(List.of("/\\ x = 1", "/\\ y = {1,")))
                .isInstanceOf(TlcValueParseException.class)
                .hasMessageStartingWith("Variable y: Cannot parse TLC value");
        assertThatThrownBy(() -> TlcStateParser.parseHeader("not a header"))
                .isInstanceOf(TlcValueParseException.class);
    }
}

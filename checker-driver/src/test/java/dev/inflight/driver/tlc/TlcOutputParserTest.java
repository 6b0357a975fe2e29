package dev.inflight.driver.tlc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TlcOutputParserTest {

    @Test
    void framesAndUnframedLines() {
        List<TlcEvent> events = TlcOutputParser.parse("""
                @!@!@STARTMSG 2220:0 @!@!@
                Starting SANY...
                @!@!@ENDMSG 2220 @!@!@
                Parsing file /x/Spec.tla
                <<"bound", 20>>
                @!@!@STARTMSG 2217:4 @!@!@
                1: <Initial predicate>
                x = 0

                @!@!@ENDMSG 2217 @!@!@
                """);
        assertThat(events).containsExactly(
                new TlcMessage(2220, 0, List.of("Starting SANY...")),
                new TlcEvent.TextLine("Parsing file /x/Spec.tla"),
                new TlcEvent.TextLine("<<\"bound\", 20>>"),
                new TlcMessage(2217, 4, List.of("1: <Initial predicate>", "x = 0")));
    }

    @Test
    void nestedFrameStartingMidLine() {
        List<TlcEvent> events = TlcOutputParser.parse("""
                @!@!@STARTMSG 1000:1 @!@!@
                The exception was a tlc2.tool.ConfigFileException
                : @!@!@STARTMSG 5006:0 @!@!@
                TLC found an error in the configuration file at line 3
                @!@!@ENDMSG 5006 @!@!@
                @!@!@ENDMSG 1000 @!@!@
                @!@!@STARTMSG 2186:0 @!@!@
                Finished in 297ms at (2026-11-30 02:47:55)
                @!@!@ENDMSG 2186 @!@!@
                """);
        assertThat(events).containsExactly(
                new TlcMessage(5006, 0, List.of("TLC found an error in the configuration file at line 3")),
                new TlcMessage(1000, 1, List.of("The exception was a tlc2.tool.ConfigFileException", ": ",
                        "TLC found an error in the configuration file at line 3")),
                new TlcMessage(2186, 0, List.of("Finished in 297ms at (2026-11-30 02:47:55)")));
    }

    @Test
    void incrementalFeedEmitsEachEventWhenComplete() {
        List<TlcEvent> seen = new ArrayList<>();
        TlcOutputParser p = new TlcOutputParser(seen::add);
        p.accept("@!@!@STARTMSG 2200:0 @!@!@");
        p.accept("Progress(3) at 2026-11-30 02:46:17: 5 states generated (390 s/min), 5 distinct states found "
                + "(390 ds/min), 2 states left on queue.");
        assertThat(seen).isEmpty();
        assertThat(p.insideFrame()).isTrue();
        p.accept("@!@!@ENDMSG 2200 @!@!@");
        assertThat(seen).hasSize(1);
        p.accept("hello from Print");
        assertThat(seen).last().isEqualTo(new TlcEvent.TextLine("hello from Print"));
        assertThat(p.insideFrame()).isFalse();
    }

    @Test
    void truncatedOutputFlushesOpenFrames() {
        List<TlcEvent> seen = new ArrayList<>();
        TlcOutputParser p = new TlcOutputParser(seen::add);
        p.accept("@!@!@STARTMSG 2217:4 @!@!@");
        p.accept("3: <Next line 6, col 9 to line 6, col 27 of module Deadlock>");
        p.finish();
        assertThat(seen).containsExactly(
                new TlcMessage(2217, 4, List.of("3: <Next line 6, col 9 to line 6, col 27 of module Deadlock>")));
    }

    @Test
    void strayEndMarkerIsKeptAsText() {
        List<TlcEvent> events = TlcOutputParser.parse("@!@!@ENDMSG 2200 @!@!@\nplain");
        assertThat(events).containsExactly(new TlcEvent.TextLine("@!@!@ENDMSG 2200 @!@!@"),
                new TlcEvent.TextLine("plain"));
    }

    @Test
    void unterminatedInnerFrameIsClosedByOuterEnd() {
        List<TlcEvent> events = TlcOutputParser.parse("""
                @!@!@STARTMSG 1000:1 @!@!@
                outer
                @!@!@STARTMSG 5006:0 @!@!@
                inner
                @!@!@ENDMSG 1000 @!@!@
                """);
        assertThat(events).containsExactly(new TlcMessage(5006, 0, List.of("inner")),
                new TlcMessage(1000, 1, List.of("outer", "inner")));
    }

    @Test
    void blankUnframedLinesAreKept() {
        List<TlcEvent> events = TlcOutputParser.parse("***Parse Error***\n\nResidual stack trace follows:");
        assertThat(events).containsExactly(new TlcEvent.TextLine("***Parse Error***"), new TlcEvent.TextLine(""),
                new TlcEvent.TextLine("Residual stack trace follows:"));
    }
}

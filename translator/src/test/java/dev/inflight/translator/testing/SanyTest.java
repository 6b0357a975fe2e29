package dev.inflight.translator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-process SANY helper: success, parse errors, semantic errors, repeated use. */
class SanyTest {

    @Test
    void acceptsAValidModule() {
        Sany.Result r = Sany.parseText("Ok", "---- MODULE Ok ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n====\n");
        assertThat(r.ok()).as(r.describe()).isTrue();
        assertThat(r.errors()).isEmpty();
        assertThat(r.rootModule()).isNotNull();
        assertThat(SanyTree.definition(r.rootModule(), "Init")).isEqualTo("=(x, 0)");
    }

    @Test
    void reportsParseErrors() {
        Sany.Result r = Sany.parseText("Bad", "---- MODULE Bad ----\nA == 1 +\n====\n");
        assertThat(r.ok()).isFalse();
        assertThat(r.rootModule()).isNull();
        assertThat(r.output()).contains("***Parse Error***");
        assertThat(r.errors()).contains("Could not parse module Bad");
    }

    @Test
    void reportsSemanticErrors() {
        Sany.Result r = Sany.parseText("Sem", "---- MODULE Sem ----\nEXTENDS Naturals\nA == z + 1\n====\n");
        assertThat(r.ok()).isFalse();
        assertThat(r.errors()).contains("Unknown operator");
    }

    @Test
    void reportsLevelErrors() {
        Sany.Result r = Sany.parseText("Lvl", "---- MODULE Lvl ----\nVARIABLE x\nA == (x')'\n====\n");
        assertThat(r.ok()).isFalse();
        assertThat(r.errors()).contains("Level error");
    }

    @Test
    void resolvesSiblingModules(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Lib.tla"), "---- MODULE Lib ----\nTwo == 2\n====\n");
        Files.writeString(dir.resolve("Main.tla"), "---- MODULE Main ----\nEXTENDS Lib, Naturals\nFour == Two + Two\n====\n");
        Sany.Result r = Sany.parse(dir.resolve("Main.tla"));
        assertThat(r.ok()).as(r.describe()).isTrue();
    }

    @Test
    void isSafeToCallManyTimes() {
        for (int i = 0; i < 25; i++) {
            boolean valid = i % 3 != 0;
            String body = valid ? "A == Len(<<" + i + ">>)" : "A == Len(<<" + i + ">>";
            Sany.Result r = Sany.parseText("Rep", "---- MODULE Rep ----\nEXTENDS Sequences\n" + body + "\n====\n");
            assertThat(r.ok()).as("iteration %d: %s", i, r.describe()).isEqualTo(valid);
        }
    }
}

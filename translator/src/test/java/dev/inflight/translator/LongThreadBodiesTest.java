package dev.inflight.translator;

import static dev.inflight.translator.LoweringTest.action;
import static dev.inflight.translator.LoweringTest.actions;
import static dev.inflight.translator.LoweringTest.emit;
import static dev.inflight.translator.LoweringTest.labels;
import static dev.inflight.translator.LoweringTest.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.inflight.translator.emit.Emitted;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Translation does not recurse once per statement: thread bodies of thousands of statements
 * translate on a thread with a small stack (256 KB; a recursion per instruction along a path, or
 * per instruction the label push-down walks past, overflows it after a few hundred statements).
 * The step structure is checked against what the merging rule of docs/semantics.md gives for the
 * model's shape.
 */
class LongThreadBodiesTest {

  private static final long SMALL_STACK = 256 * 1024;

  /** Loads the translator's classes on an ordinary thread first: class loading needs stack of its own. */
  @BeforeAll
  static void warmUp() {
    emit("""
        model warm
        var g = 0
        thread t {
          x = 1
          g = x
        }
        """);
  }

  /** {@link LoweringTest#emit} on a thread with a {@value #SMALL_STACK}-byte stack. */
  private static Emitted emitOnSmallStack(String model) throws InterruptedException {
    AtomicReference<Emitted> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        result.set(emit(model));
      } catch (Throwable x) {
        failure.set(x);
      }
    }, "small-stack", SMALL_STACK);
    t.start();
    t.join();
    if (failure.get() instanceof StackOverflowError so) {
      fail("translation overflowed a " + SMALL_STACK / 1024 + " KB stack: something recurses per statement", so);
    }
    if (failure.get() instanceof Error e) {
      throw e;
    }
    if (failure.get() instanceof RuntimeException e) {
      throw e;
    }
    return result.get();
  }

  @Test
  void threeThousandLocalStatementsAreOneStep() throws InterruptedException {
    int n = 3000;
    StringBuilder model = new StringBuilder("model long_local\nthread t {\n  x = 0\n"); // body from line 3
    for (int i = 1; i < n; i++) {
      model.append("  x = x + 1\n");
    }
    model.append("}\n");

    Emitted e = emitOnSmallStack(model.toString());

    // All local: the entry is the only label before the end, and one path runs the whole body.
    assertThat(labels(e, "t")).containsExactly("L3", "Done");
    assertThat(actions(e, "t")).containsExactly("t_L3 L3->Done");
    assertThat(lines(action(e, "t_L3"))).isEqualTo(range(3, 3 + n - 1));
  }

  @Test
  void alternatingSharedAndLocalStatementsAreOneStepPerSharedStatement() throws InterruptedException {
    int n = 1500; // statement i (0-based) is on line 4 + i: even ones local, odd ones shared
    StringBuilder model = new StringBuilder("model alternating\nvar g = 0\nthread t {\n  x = 0\n");
    for (int i = 1; i < n; i++) {
      model.append(i % 2 == 1 ? "  g = g + 1\n" : "  x = x + 1\n");
    }
    model.append("}\n");

    Emitted e = emitOnSmallStack(model.toString());

    // The first step runs `x = 0`, the first shared statement and the local one after it; every
    // later shared statement is a label and its step runs it and the local statement after it.
    List<String> expectedLabels = new ArrayList<>(List.of("L4"));
    for (int i = 3; i < n; i += 2) {
      expectedLabels.add("L" + (4 + i));
    }
    expectedLabels.add("Done");
    int sharedStatements = n / 2;
    assertThat(expectedLabels).hasSize(sharedStatements + 1);
    assertThat(labels(e, "t")).isEqualTo(expectedLabels);
    List<String> expectedActions = IntStream.range(0, expectedLabels.size() - 1)
        .mapToObj(k -> "t_" + expectedLabels.get(k) + " " + expectedLabels.get(k) + "->" + expectedLabels.get(k + 1))
        .collect(Collectors.toList());
    assertThat(actions(e, "t")).hasSize(sharedStatements).isEqualTo(expectedActions);
    assertThat(lines(action(e, "t_L4"))).containsExactly(4, 5, 6);
    assertThat(lines(action(e, "t_L" + (4 + n - 1)))).containsExactly(4 + n - 1);
  }

  @Test
  void theLabelAfterASharedStatementIsPushedDownPastThreeThousandLocalStatements() throws InterruptedException {
    int n = 3000;
    StringBuilder model = new StringBuilder("model push_down\nvar g = 0\nthread t {\n  g = 1\n"); // line 4
    for (int i = 1; i <= n; i++) {
      model.append("  x = ").append(i).append('\n'); // line 4 + i
    }
    model.append("  g = 2\n}\n"); // line 5 + n

    Emitted e = emitOnSmallStack(model.toString());

    String second = "L" + (5 + n);
    assertThat(labels(e, "t")).containsExactly("L4", second, "Done");
    assertThat(actions(e, "t")).containsExactly("t_L4 L4->" + second, "t_" + second + " " + second + "->Done");
    assertThat(lines(action(e, "t_L4"))).isEqualTo(range(4, 4 + n));
  }

  private static List<Integer> range(int from, int toInclusive) {
    return IntStream.rangeClosed(from, toInclusive).boxed().collect(Collectors.toList());
  }
}

package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The paths' {@code Ran(k)} marks (emit/RanHook), through which a check learns which paths ran:
 * every fault-free path has exactly one, numbered as the source map says and on the last line of
 * the path's own lines in the module, and no fault path has one. A wrong number would make the
 * vacuity warnings name the wrong statements. Without the hook (the default, `inflight
 * translate`) the module has no trace of it.
 */
class RanHookTest {
  private static final Pattern MARK = Pattern.compile("\\bRan\\((\\d+)\\)");

  static Stream<ExampleModels.Example> examples() {
    return ExampleModels.all().stream();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void eachFaultFreePathEndsWithItsOwnMark(ExampleModels.Example e) {
    Emitted emitted = ExampleModels.translate(e, ExampleModels.options().withRanHook(true)).emitted();
    String[] lines = emitted.tla().split("\n", -1);
    List<Integer> marks = new ArrayList<>(); // the k of each Ran(k), by line (1-based)
    List<Integer> markLines = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      Matcher m = MARK.matcher(lines[i]);
      while (m.find()) {
        marks.add(Integer.parseInt(m.group(1)));
        markLines.add(i + 1);
      }
    }
    List<SourceMap.Action> paths = emitted.sourceMap().actions();
    List<Integer> numbers = paths.stream().filter(a -> a.ran() != null).map(SourceMap.Action::ran).toList();
    assertThat(numbers).as("fault-free paths numbered 1..n in order").isEqualTo(
        java.util.stream.IntStream.rangeClosed(1, numbers.size()).boxed().toList());
    assertThat(marks).as("one mark per fault-free path").containsExactlyInAnyOrderElementsOf(numbers);
    for (SourceMap.Action a : paths) {
      assertThat(a.ran() == null).as(a.name() + " is a fault path exactly when it has no number").isEqualTo(a.fault() != null);
      if (a.ran() != null) {
        int line = markLines.get(marks.indexOf(a.ran()));
        // its disjunct's last line; in a disjunct of joined branches (emit/MergedPaths) the marks
        // are an IF at its end, within its lines
        assertThat(line).as(a.name() + "'s mark is in its disjunct, at its end").isBetween(a.tlaFirstLine(), a.tlaLastLine());
        assertThat(lines[a.tlaLastLine() - 1]).as(a.name() + "'s disjunct ends with a mark").containsPattern(MARK);
      }
    }
    Emitted plain = ExampleModels.translate(e).emitted();
    assertThat(plain.tla()).doesNotContain("Ran(").doesNotContain("ASSUME");
    assertThat(plain.sourceMap().actions()).allMatch(a -> a.ran() == null);
  }
}

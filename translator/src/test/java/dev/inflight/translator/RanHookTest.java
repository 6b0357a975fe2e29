package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
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
  private static final Pattern ANY_MARK = Pattern.compile("\\bRan\\((\\w+)\\)");
  private static final Pattern SELF_DEF = Pattern.compile("^(\\w+)\\(self\\) ==");
  private static final Pattern HEADER = Pattern.compile("^(\\w+)\\(([^)]*)\\) ==");

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
    Map<String, String> defs = new HashMap<>(); // each `X(self) ==` definition's text, on one line
    for (int i = 0; i < lines.length; i++) {
      Matcher d = SELF_DEF.matcher(lines[i]);
      if (d.find()) {
        StringBuilder def = new StringBuilder();
        for (int j = i; j < lines.length && !lines[j].isEmpty(); j++) {
          def.append(lines[j].strip()).append(' ');
        }
        defs.put(d.group(1), def.toString());
      }
    }
    List<Integer> numbers = paths.stream().filter(a -> a.ran() != null).map(SourceMap.Action::ran).toList();
    assertThat(numbers).as("fault-free paths numbered 1..n in order").isEqualTo(
        java.util.stream.IntStream.rangeClosed(1, numbers.size()).boxed().toList());
    assertThat(numbers).as("no two paths share a number").doesNotHaveDuplicates();
    assertThat(numbers).as("every literal mark is a path's").containsAll(marks);
    for (SourceMap.Action a : paths) {
      assertThat(a.ran() == null).as(a.name() + " is a fault path exactly when it has no number").isEqualTo(a.fault() != null);
      if (a.ran() != null) {
        // its disjunct's last line ends with its mark; in a disjunct of joined branches
        // (emit/MergedPaths) the marks are an IF at its end, within its lines
        assertThat(lines[a.tlaLastLine() - 1]).as(a.name() + "'s disjunct ends with a mark").containsPattern(ANY_MARK);
        assertThat(marksOf(a, lines, emitted.sourceMap(), defs)).as(a.name() + "'s mark, in its disjunct").contains(a.ran());
      }
    }
    Emitted plain = ExampleModels.translate(e).emitted();
    assertThat(plain.tla()).doesNotContain("Ran(").doesNotContain("ASSUME");
    assertThat(plain.sourceMap().actions()).allMatch(a -> a.ran() == null);
  }

  /**
   * The numbers the marks in path {@code a}'s lines give: each {@code Ran(k)}, and, in paths written
   * once for several label actions (emit/SharedBodies), for each {@code Ran(p)} with {@code p} a
   * parameter of that operator, what the path's own label action passes for {@code p}.
   */
  private static List<Integer> marksOf(SourceMap.Action a, String[] lines, SourceMap map, Map<String, String> defs) {
    List<String> found = new ArrayList<>();
    for (int i = a.tlaFirstLine() - 1; i < a.tlaLastLine(); i++) {
      Matcher m = ANY_MARK.matcher(lines[i]);
      while (m.find()) {
        found.add(m.group(1));
      }
    }
    List<Integer> out = new ArrayList<>();
    found.stream().filter(x -> x.chars().allMatch(Character::isDigit)).forEach(x -> out.add(Integer.valueOf(x)));
    List<String> inShared = found.stream().filter(x -> !x.chars().allMatch(Character::isDigit)).toList();
    if (inShared.isEmpty()) {
      return out;
    }
    int h = a.tlaFirstLine() - 1;
    while (h >= 0 && !HEADER.matcher(lines[h]).find()) {
      h--;
    }
    Matcher header = HEADER.matcher(lines[h]);
    assertThat(header.find()).isTrue();
    List<String> params = List.of(header.group(2).split(",\\s*"));
    String action = map.threads().stream().filter(t -> t.name().equals(a.thread())).flatMap(t -> t.labels().stream())
        .filter(l -> l.name().equals(a.from())).map(SourceMap.Label::action).findFirst().orElseThrow();
    String def = defs.getOrDefault(action, "");
    int call = def.indexOf(header.group(1) + "(");
    assertThat(call).as(action + " calls " + header.group(1)).isNotNegative();
    List<String> args = arguments(def, call + header.group(1).length() + 1);
    for (String param : inShared) {
      out.add(Integer.valueOf(args.get(params.indexOf(param)).strip()));
    }
    return out;
  }

  /** The arguments of the call whose argument list starts at {@code from} (after its parenthesis): split at its own commas. */
  private static List<String> arguments(String text, int from) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int start = from;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && text.startsWith("<<", i) || !quoted && text.startsWith(">>", i)) {
        depth += text.charAt(i) == '<' ? 1 : -1;
        i++;
      } else if (!quoted && (c == '(' || c == '[' || c == '{')) {
        depth++;
      } else if (!quoted && (c == ')' || c == ']' || c == '}')) {
        if (depth == 0) {
          out.add(text.substring(start, i));
          return out;
        }
        depth--;
      } else if (!quoted && c == ',' && depth == 0) {
        out.add(text.substring(start, i));
        start = i + 1;
      }
    }
    throw new AssertionError("no end to the call at " + from);
  }
}

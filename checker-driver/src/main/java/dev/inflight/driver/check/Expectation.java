package dev.inflight.driver.check;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a model says checking it must give, in a header line {@code // expect: holds},
 * {@code // expect: violated PROPERTY} or {@code // expect: incomplete} (every example under
 * examples/ has one; `inflight check --expect` compares a run with it, so that a repository of
 * models that demonstrate bugs can be checked in CI).
 */
public record Expectation(Verdict verdict, String property) {

  private static final Pattern EXPECT = Pattern.compile("(?m)^\\s*//\\s*expect:(.*)$");

  /** A model's text has no readable `// expect:` line; the message says what is wrong and how to write one. */
  public static final class Unreadable extends Exception {
    public Unreadable(String message) {
      super(message);
    }
  }

  /** Reads the `// expect:` line of a model's text. */
  public static Expectation parse(String text) throws Unreadable {
    Matcher m = EXPECT.matcher(text);
    if (!m.find()) {
      throw new Unreadable("no `// expect:` line; add one of `// expect: holds`, "
          + "`// expect: violated PROPERTY` or `// expect: incomplete` to its header");
    }
    String what = m.group(1).strip();
    if (m.find()) {
      throw new Unreadable("more than one `// expect:` line");
    }
    String[] words = what.split("\\s+");
    if (words.length == 1 && words[0].equals("holds")) {
      return new Expectation(Verdict.HOLDS, null);
    }
    if (words.length == 1 && words[0].equals("incomplete")) {
      return new Expectation(Verdict.INCOMPLETE, null);
    }
    if (words.length == 2 && words[0].equals("violated")) {
      return new Expectation(Verdict.VIOLATED, words[1]);
    }
    throw new Unreadable("cannot read `// expect: " + what + "`; write `holds`, `violated PROPERTY` or `incomplete`");
  }

  /**
   * Whether a run gave what this expects: the same verdict, and for `violated P`, P among the
   * properties it found violated (a run without --fail-fast finds every one).
   */
  public boolean metBy(CheckReport r) {
    if (r.verdict() != verdict) {
      return false;
    }
    return verdict != Verdict.VIOLATED
        || r.violations().stream().anyMatch(v -> v.property().name().equals(property));
  }

  /** `holds`, `violated P`, `incomplete`: as the header writes it. */
  public String describe() {
    return switch (verdict) {
      case HOLDS -> "holds";
      case VIOLATED -> "violated " + property;
      case INCOMPLETE -> "incomplete";
      default -> verdict.name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  /** What a run gave, in the header's words: `violated a, b` names every violated property. */
  public static String describe(CheckReport r) {
    return switch (r.verdict()) {
      case HOLDS -> "holds";
      case VIOLATED -> "violated " + String.join(", ", r.violations().stream().map(v -> v.property().name()).distinct().toList());
      case INCOMPLETE -> "incomplete";
      case BAD_INPUT -> "bad input";
      case INTERNAL_ERROR -> "an internal error";
    };
  }
}

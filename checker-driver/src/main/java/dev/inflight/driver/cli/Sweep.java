package dev.inflight.driver.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** `--sweep K=1..5` or `--sweep K=1,2,8`: a const and the values to run it at. */
record Sweep(String name, List<String> values) {
  static Sweep parse(String spec, Function<String, RuntimeException> usage) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw usage.apply("--sweep takes K=A..B or K=V1,V2,...; got `" + spec + "`");
    }
    String name = spec.substring(0, eq).strip();
    String range = spec.substring(eq + 1).strip();
    List<String> values = new ArrayList<>();
    try {
      if (range.contains("..")) {
        String[] ends = range.split("\\.\\.", 2);
        long from = Long.parseLong(ends[0].strip());
        long to = Long.parseLong(ends[1].strip());
        if (to < from || to - from > 1000) {
          throw usage.apply("--sweep range `" + range + "` must go up, by at most 1000 values");
        }
        for (long v = from; v <= to; v++) {
          values.add(Long.toString(v));
        }
      } else {
        for (String v : range.split(",")) {
          values.add(Long.toString(Long.parseLong(v.strip())));
        }
      }
    } catch (NumberFormatException e) {
      throw usage.apply("--sweep values must be integers; got `" + range + "`");
    }
    return new Sweep(name, List.copyOf(values));
  }
}

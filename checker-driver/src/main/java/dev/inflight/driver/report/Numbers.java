package dev.inflight.driver.report;

import java.util.Locale;

/**
 * The one way Inflight prints numbers: Locale.ROOT whatever the machine's locale (a German
 * locale must not turn `1.2 s` into `1,2 s`), and counts with thousands separators everywhere
 * (`21,996`, in the text report as in every table).
 */
public final class Numbers {
  private Numbers() {}

  /** `21,996`. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** `1.2 s` from milliseconds. */
  public static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  /** {@link String#format} in Locale.ROOT. */
  public static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}

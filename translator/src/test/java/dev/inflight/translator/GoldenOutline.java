package dev.inflight.translator;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The golden outline of a large generated module (GoldenTest): hashes and sizes of the module and
 * its source map, then one line per top-level definition: its name, line count and the first 12
 * hex digits of the SHA-256 of its text (the comment lines above it included); CONSTANTS,
 * VARIABLES and ASSUME blocks are entries of their own, and the text before the first entry is
 * {@code (header)}.
 */
final class GoldenOutline {
  private static final Pattern DEFINITION = Pattern.compile("^(?:([A-Za-z_][A-Za-z0-9_]*)(\\(.*\\))?\\s*==|(VARIABLES|CONSTANTS|ASSUME)\\b)");

  private GoldenOutline() {}

  static String of(String tla, String srcmap) {
    StringBuilder out = new StringBuilder();
    out.append("# outline of a generated module larger than ").append(GoldenTest.FULL_LIMIT).append(" bytes (GoldenTest)\n");
    out.append("module ").append(sha(tla)).append(' ').append(tla.getBytes(StandardCharsets.UTF_8).length).append(" bytes ")
        .append(tla.split("\n", -1).length).append(" lines\n");
    out.append("srcmap ").append(sha(srcmap)).append(' ').append(srcmap.getBytes(StandardCharsets.UTF_8).length).append(" bytes\n");
    String name = "(header)";
    StringBuilder chunk = new StringBuilder();
    StringBuilder pending = new StringBuilder(); // comment lines: they belong to the definition below them
    int lines = 0;
    for (String line : tla.split("\n", -1)) {
      Matcher m = DEFINITION.matcher(line);
      if (m.find()) {
        entry(out, name, lines, chunk);
        name = m.group(1) != null ? m.group(1) : m.group(3);
        chunk.setLength(0);
        chunk.append(pending);
        lines = (int) pending.chars().filter(c -> c == '\n').count();
        pending.setLength(0);
      }
      if (line.startsWith("\\*")) {
        pending.append(line).append('\n');
        continue;
      }
      chunk.append(pending).append(line).append('\n');
      lines += (int) pending.chars().filter(c -> c == '\n').count() + 1;
      pending.setLength(0);
    }
    chunk.append(pending);
    entry(out, name, lines, chunk);
    return out.toString();
  }

  private static void entry(StringBuilder out, String name, int lines, CharSequence text) {
    out.append(name).append(' ').append(lines).append(" lines ").append(sha(text.toString()), 0, 12).append('\n');
  }

  private static String sha(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

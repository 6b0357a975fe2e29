package dev.inflight.driver.cli;

import dev.inflight.driver.report.JsonReport;
import dev.inflight.driver.report.JunitReport;
import dev.inflight.driver.report.RunResult;
import dev.inflight.driver.report.SarifReport;
import dev.inflight.driver.report.SummaryTable;
import dev.inflight.driver.report.TextReport;
import dev.inflight.driver.check.CheckReport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The `--output [FORMAT:]FILE` destinations of a run: parsed, checked for writing before any
 * model is checked (an unwritable file found only after an hour of checking would throw the
 * verdict away), and written at the end.
 */
final class OutputTargets {
  enum Format { text, json, junit, sarif }

  /** One output destination. */
  record Target(Format format, Path file) {}

  private OutputTargets() {}

  /** The destinations; {@code usage} turns a message into a usage error. */
  static List<Target> parse(List<String> outputs, Format format, Function<String, RuntimeException> usage) {
    List<Target> out = new ArrayList<>();
    for (String o : outputs) {
      Format f = prefix(o);
      String file = f == null ? o : o.substring(o.indexOf(':') + 1);
      if (f == null) {
        f = format != null ? format : byExtension(file);
      }
      if (file.isEmpty()) {
        throw usage.apply("--output needs a file name");
      }
      Path p = Path.of(file);
      if (Files.isDirectory(p)) {
        throw usage.apply("--output needs a file, but `" + file + "` is a directory");
      }
      String why = unwritable(p);
      if (why != null) {
        throw usage.apply("cannot write `" + file + "`: " + why);
      }
      out.add(new Target(f, p));
    }
    return out;
  }

  /**
   * Why {@code p} cannot be written, or null when it can: its directory is created, an existing
   * file is opened for appending (nothing changes), a new one is tried by creating and removing it.
   */
  static String unwritable(Path p) {
    try {
      Path parent = p.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      if (Files.exists(p)) {
        try (OutputStream s = Files.newOutputStream(p, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
          return null;
        }
      }
      Files.newOutputStream(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
      Files.delete(p);
      return null;
    } catch (IOException e) {
      return reason(e);
    }
  }

  /** An I/O failure in words (Java's own messages often repeat the path and say nothing else). */
  static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "a file is in the way of its directory";
    }
    if (e instanceof java.nio.file.NotDirectoryException) {
      return "part of the path is a file, not a directory";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason().toLowerCase(Locale.ROOT);
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** Writes every target; returns the first failure's message, or null. */
  static String write(List<Target> targets, RunResult run) {
    for (Target t : targets) {
      try {
        Files.writeString(t.file(), render(t.format(), run), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "cannot write `" + t.file() + "`: " + reason(e);
      }
    }
    return null;
  }

  static String render(Format f, RunResult run) {
    return switch (f) {
      case json -> JsonReport.render(run);
      case junit -> JunitReport.render(run);
      case sarif -> SarifReport.render(run);
      case text -> {
        StringBuilder b = new StringBuilder();
        for (CheckReport r : run.reports()) {
          if (b.length() > 0) {
            b.append('\n');
          }
          b.append(TextReport.render(r, false));
        }
        if (run.reports().size() + run.skipped().size() > 1) {
          b.append('\n').append(SummaryTable.render(run));
        }
        yield b.toString();
      }
    };
  }

  /** The format of `FORMAT:FILE`, or null when there is no (known) prefix. */
  static Format prefix(String output) {
    int colon = output.indexOf(':');
    if (colon <= 0) {
      return null;
    }
    try {
      return Format.valueOf(output.substring(0, colon).toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException notAFormat) {
      return null;
    }
  }

  static Format byExtension(String file) {
    String f = file.toLowerCase(Locale.ROOT);
    if (f.endsWith(".json") && !f.endsWith(".sarif.json")) {
      return Format.json;
    }
    if (f.endsWith(".sarif") || f.endsWith(".sarif.json")) {
      return Format.sarif;
    }
    if (f.endsWith(".xml")) {
      return Format.junit;
    }
    return Format.text;
  }
}

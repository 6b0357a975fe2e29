package dev.inflight.driver.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard error is a terminal, so that the progress line (carriage returns and ANSI
 * erase sequences) is drawn only where someone watches. {@code System.console()} tests standard
 * input and output, not standard error: `inflight check m.ifl 2> err.txt` on a terminal would fill
 * err.txt with progress frames. bin/inflight tests `[ -t 2 ]` and passes the answer as
 * {@code -Dinflight.stderrIsTerminal}; without it, Linux's /proc tells where descriptor 2 goes.
 */
final class Terminal {
  static final String PROPERTY = "inflight.stderrIsTerminal";

  private Terminal() {}

  static boolean stderrIsTerminal() {
    String told = System.getProperty(PROPERTY);
    if (told != null) {
      return Boolean.parseBoolean(told);
    }
    try {
      Path fd2 = Path.of("/proc/self/fd/2");
      if (Files.isSymbolicLink(fd2)) {
        String target = Files.readSymbolicLink(fd2).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      }
    } catch (Exception e) {
      // no /proc: not Linux
    }
    return false;
  }
}

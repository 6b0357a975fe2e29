package dev.inflight.translator.parse;

import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads model files strictly: UTF-8 only, with a diagnostic for every way reading can fail. */
public final class SourceLoader {

  /** The largest model file read: thirty times the largest model in the library. */
  public static final long MAX_BYTES = 1L << 20;

  private SourceLoader() {}

  /** Reads a file from disk; returns null (after reporting) when it cannot be used. */
  public static SourceFile read(Path path, String displayPath, Diagnostics diags) {
    if (!Files.exists(path)) {
      diags.fileNotFound(displayPath);
      return null;
    }
    if (Files.isDirectory(path)) {
      diags.notAFile(displayPath);
      return null;
    }
    if (!Files.isRegularFile(path)) {
      diags.notRegularFile(displayPath); // /dev/zero or a FIFO would be read forever
      return null;
    }
    byte[] bytes;
    try (java.io.InputStream in = Files.newInputStream(path)) {
      bytes = in.readNBytes((int) MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        diags.fileTooLarge(displayPath, MAX_BYTES);
        return null;
      }
    } catch (IOException e) {
      diags.unreadable(displayPath, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
      return null;
    }
    return decode(bytes, displayPath, diags);
  }

  /**
   * Reads a top-level model file: as {@link #read}, but a file whose real path (symbolic links
   * resolved) is outside its own directory is refused unread. A model reads only its directory and
   * the library (resolve/ModelTree); a pull request's `evil.ifl` linked to a secret would otherwise
   * have the secret's first line shown in its diagnostics, and in the CI log.
   */
  public static SourceFile readTopLevel(Path path, String displayPath, Diagnostics diags) {
    Path abs = path.toAbsolutePath().normalize();
    Path dir = abs.getParent();
    if (dir != null && Files.exists(abs)) {
      try {
        if (!abs.toRealPath().startsWith(dir.toRealPath())) {
          diags.linkOutOfDirectory(displayPath);
          return null;
        }
      } catch (IOException e) {
        // read reports what cannot be read
      }
    }
    return read(path, displayPath, diags);
  }

  /** Decodes bytes as UTF-8; reports the first bad byte with its line and column. */
  public static SourceFile decode(byte[] bytes, String displayPath, Diagnostics diags) {
    CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult r = dec.decode(in, out, true);
    if (r.isError()) {
      int badByte = in.position();
      out.flip();
      String before = out.toString();
      // Show the valid prefix of the line so the caret lands where the bad byte is.
      String lossy = new String(bytes, StandardCharsets.UTF_8);
      SourceFile shown = new SourceFile(displayPath, before + lossy.substring(Math.min(lossy.length(), before.length())));
      diags.notUtf8(shown.span(before.length(), before.length() + 1), badByte);
      return null;
    }
    dec.flush(out);
    out.flip();
    String text = out.toString();
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    SourceFile file = new SourceFile(displayPath, text);
    if (text.isBlank()) {
      diags.emptyFile(file.span(0, 0));
      return null;
    }
    return file;
  }

}

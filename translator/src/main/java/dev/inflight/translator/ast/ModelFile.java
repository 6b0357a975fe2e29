package dev.inflight.translator.ast;

import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import java.util.List;

/** One parsed source file: its declarations in source order. */
public record ModelFile(SourceFile source, Span span, List<Decl> decls) implements Node {
  public ModelFile {
    decls = List.copyOf(decls);
  }
}

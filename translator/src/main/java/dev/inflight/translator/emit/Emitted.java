package dev.inflight.translator.emit;

import dev.inflight.translator.lower.Lowered;
import dev.inflight.translator.tla.PrintedModule;
import dev.inflight.translator.tla.TlaModule;

/** Result of the emit phase: the module (as IR and as text), its .cfg, and its source map. */
public record Emitted(Lowered lowered, TlaModule module, PrintedModule printed, String cfg, SourceMap sourceMap) {

  public String moduleName() {
    return module.name();
  }

  public String tla() {
    return printed.text();
  }
}

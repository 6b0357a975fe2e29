package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.emit.SourceMap;
import java.util.ArrayList;
import java.util.List;

/**
 * What a counterexample's first state says about the model's `init` block (docs/semantics.md,
 * "The init block"): the objects it allocated (and freed), and which init statement faulted
 * when the run ended in the initial state. Without an init block every pool slot is free in
 * the initial state, so there is nothing to say.
 */
final class InitialState {
  private final TraceMapper mapper;
  private final SourceMap map;

  InitialState(TraceMapper mapper, SourceMap map) {
    this.mapper = mapper;
    this.map = map;
  }

  /** Every object that is not free in the initial state: allocated with its fields, then freed if it is. */
  List<DslStep.Change> objects(TlcState s) {
    List<DslStep.Change> out = new ArrayList<>();
    if (map.init() == null) {
      return out;
    }
    for (SourceMap.Struct st : map.structs()) {
      if (!(s.get(st.heapVar()) instanceof TlcValue.FunV heap)) {
        continue;
      }
      for (TlcValue key : heap.domain()) {
        if (!(heap.get(key).orElse(null) instanceof TlcValue.RecordV r) || "free".equals(TraceMapper.str(r.get("st")))) {
          continue;
        }
        String obj = key instanceof TlcValue.ModelV m ? mapper.displayOf(m.name()) : key.render();
        List<String> fields = new ArrayList<>();
        st.fields().forEach(f -> fields.add(f.name() + "=" + mapper.render(r.get(f.tla()), s)));
        out.add(DslStep.Change.alloc(obj, fields));
        if ("freed".equals(TraceMapper.str(r.get("st")))) {
          out.add(DslStep.Change.free(obj));
        }
      }
    }
    return out;
  }

  /**
   * The initial state's note: where the init block is, or, when a fault in it ended the run,
   * the statement that faulted (by the fault's line) and the fault; null without an init block.
   */
  String note(TlcState s) {
    if (map.init() == null) {
      return null;
    }
    String after = "after `init` (" + TraceMapper.where(map.init().loc()) + ")";
    if (!(s.get("fault") instanceof TlcValue.RecordV f) || "none".equals(TraceMapper.str(f.get("kind")))) {
      return after;
    }
    String kind = TraceMapper.str(f.get("kind"));
    Integer line = f.get("line") instanceof TlcValue.IntV n ? (int) n.value() : null;
    SourceMap.Loc at = null;
    for (SourceMap.Loc l : map.init().statements()) {
      if (line != null && l.line() == line && l.file().equals(map.init().loc().file())) {
        at = l;
        break;
      }
    }
    String where = at != null ? TraceMapper.where(at) + ": `" + TraceMapper.code(at.text()) + "`"
        : map.init().loc().file() + ":" + line;
    return after + "; init stopped at " + where + "   <- " + (kind == null ? "fault" : kind.replace('_', ' '));
  }
}

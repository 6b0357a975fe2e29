package dev.inflight.driver.trace;

import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.emit.SourceMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a step's assignments of call results say beyond its state changes: which locals its
 * statements assign (their changes show even back to 0 or null), and what a call returned into a
 * local that already held the value (`ok = try_get(sk)` returning false into false) — only for a
 * call that returned in the step.
 */
final class CallResults {
  private final SourceMap map;
  private final TraceMapper mapper;

  CallResults(SourceMap map, TraceMapper mapper) {
    this.map = map;
    this.mapper = mapper;
  }

  /** The locals a step's statements assign (`ok = try_get(sk)`): their changes show even back to 0 or null. */
  static Set<String> assigned(SourceMap.Action a) {
    Set<String> out = new HashSet<>();
    if (a != null && a.statements() != null) {
      for (SourceMap.Loc l : a.statements()) {
        Matcher m = ASSIGNMENT.matcher(TraceMapper.code(l.text()));
        if (m.find()) {
          out.add(m.group(1));
        }
      }
    }
    return out;
  }

  private static final Pattern ASSIGNMENT = Pattern.compile("^(\\w+)\\s*=(?!=)");
  private static final Pattern CALL_RESULT = Pattern.compile("^(\\w+)\\s*=\\s*(\\w+)\\((.*)\\)\\s*$");

  /** Whether {@code args} closes no parenthesis it did not open: `f(a) + g(b)` is not one call. */
  private static boolean balanced(String args) {
    int depth = 0;
    for (int i = 0; i < args.length(); i++) {
      char c = args.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth < 0) {
        return false;
      }
    }
    return depth == 0;
  }

  /**
   * `r = f(…)` whose value did not change (a function returning null into a null local): the
   * step still says what the call returned, which a reader looks for.
   */
  void returned(SourceMap.Action a, String mover, TlcState cur, List<DslStep.Change> changes) {
    if (a == null || a.statements() == null || mover == null) {
      return;
    }
    List<SourceMap.Loc> ran = a.statements();
    for (int k = 0; k < ran.size(); k++) {
      if (a.fault() != null && (k == ran.size() - 1 || a.calledFrom() != null && a.calledFrom().contains(ran.get(k)))) {
        continue; // the statement that faults, or a call it is inside of: it returned nothing
      }
      Matcher m = CALL_RESULT.matcher(TraceMapper.code(ran.get(k).text()));
      if (!m.find() || !balanced(m.group(3)) || changes.stream().anyMatch(c -> c.kind() == DslStep.Change.Kind.LOCAL && m.group(1).equals(c.field()))
          || inside(m.group(2), a.thread(), mapper.instanceOf(mover), cur)) {
        continue;
      }
      // A later statement of the step reads the result: the local may have been reset when the
      // step ended (it is dead after it), so its value now is not what the call returned.
      Pattern use = Pattern.compile("\\b" + Pattern.quote(m.group(1)) + "\\b");
      if (ran.subList(k + 1, ran.size()).stream().anyMatch(later -> use.matcher(TraceMapper.code(later.text())).find())) {
        continue;
      }
      for (SourceMap.Variable v : map.variables()) {
        if ("local".equals(v.kind()) && m.group(1).equals(v.dsl()) && a.thread().equals(v.thread())
            && LocalValues.of(v, cur.get(v.tla())) instanceof TlcValue.FunV f) {
          String id = mapper.instanceOf(mover);
          f.get(new TlcValue.ModelV(id)).ifPresent(val -> changes.add(DslStep.Change.returned(mover, v.dsl(), mapper.render(val, cur), m.group(2))));
        }
      }
    }
  }

  /**
   * Whether thread {@code id} (of kind {@code kind}) is inside function {@code fn} in {@code cur}:
   * its frame of it is not NULL (docs/semantics.md, "Locals"), so a call to it has not returned.
   */
  private boolean inside(String fn, String kind, String id, TlcState cur) {
    for (SourceMap.Variable v : map.variables()) {
      if ("local".equals(v.kind()) && kind.equals(v.thread()) && v.field() != null && v.field().startsWith(fn + ".")
          && LocalValues.of(v, cur.get(v.tla())) instanceof TlcValue.FunV f && f.get(new TlcValue.ModelV(id)).isPresent()) {
        return true;
      }
    }
    return false;
  }

}

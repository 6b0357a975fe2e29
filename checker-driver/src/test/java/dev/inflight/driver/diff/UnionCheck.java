package dev.inflight.driver.diff;

import dev.inflight.driver.tlc.TlcOptions;
import dev.inflight.driver.tlc.TlcOutcome;
import dev.inflight.driver.tlc.TlcResult;
import dev.inflight.driver.tlc.TlcRunner;
import dev.inflight.driver.tlc.TlcState;
import dev.inflight.driver.tlc.TlcValue;
import dev.inflight.translator.Translator;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.resolve.ThreadSym;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks many generated modules in a few TLC runs: each is an INSTANCE of one union module whose
 * variable `which` picks the model a behaviour belongs to, so TLC starts (and parses the standard
 * modules) once for all of them. Every model's own variables are its instance's; the other models
 * stay in their initial states.
 *
 * <p>Safety: an invariant `Probe` that never fails but prints, for every reachable state, the
 * model's checks that the state violates (its invariants, and `deadlock` when the model's Next is
 * not enabled), so one run gives every model's full set of violated checks. Liveness (no_hang and
 * `eventually`): TLC stops at the first violated temporal property, so the models whose safety
 * holds are checked together with one property, `<>` of "the watched threads of the behaviour's
 * model have finished" (each model's `Finished`), and a model whose lasso TLC reports is taken
 * out and the rest checked again, until none is violated. (Only no_hang: random models declare
 * no `eventually`.) Fairness is each model's weak fairness of its threads, restricted
 * to behaviours of that model.
 */
final class UnionCheck {
  /** A model to check: a unique id and its translation. */
  record Model(String id, Emitted emitted) {}

  /**
   * What checking gave: the checks some reachable state violates (invariant names, `deadlock`),
   * and, for a model whose safety checks all hold, whether a temporal property fails.
   */
  record Result(Set<String> violated, Boolean liveness) {
    String describe() {
      if (!violated.isEmpty()) {
        return "violated " + String.join(", ", violated);
      }
      return liveness == null ? "holds (safety)" : liveness ? "violated no_hang" : "holds";
    }
  }

  private static final Pattern PRINT = Pattern.compile("<<\"inflight-diff\", (\\d+), \\{(.*)}>>");
  private static final Pattern CONSTANT = Pattern.compile("^\\s+(\\w+) = (.*)$");

  private final Path dir;
  private final List<Model> models;
  /** Per model: its .cfg's invariants, temporal properties and constants. */
  private final List<Cfg> cfgs = new ArrayList<>();

  private record Cfg(List<String> invariants, List<String> temporal, Map<String, String> constants) {}

  UnionCheck(Path dir, List<Model> models) {
    this.dir = dir;
    this.models = models;
    for (Model m : models) {
      cfgs.add(parse(m.emitted().cfg()));
    }
  }

  /** Runs TLC until every model has its result. */
  Map<String, Result> run() throws IOException {
    for (Model m : models) {
      Translator.write(m.emitted(), dir);
    }
    Map<Integer, Set<String>> safety = new LinkedHashMap<>();
    for (int i = 0; i < models.size(); i++) {
      safety.put(i, new LinkedHashSet<>());
    }
    List<Integer> all = new ArrayList<>(safety.keySet());
    TlcResult r = tlc("UnionSafety", all, false);
    if (!r.isSuccess()) {
      throw new AssertionError("TLC failed on the union of " + models.size() + " models: " + r.outcome() + "\n"
          + String.join("\n", r.unframedLines()) + "\n" + r.messages());
    }
    for (String line : r.unframedLines()) {
      Matcher m = PRINT.matcher(line);
      if (m.find()) {
        Set<String> names = safety.get(Integer.parseInt(m.group(1)) - 1);
        for (String n : m.group(2).split(",")) {
          if (!n.isBlank()) {
            names.add(n.strip().replace("\"", ""));
          }
        }
      }
    }
    List<Integer> live = new ArrayList<>();
    for (int i : all) {
      if (safety.get(i).isEmpty() && cfgs.get(i).temporal().contains("NoHang")) {
        live.add(i);
      }
    }
    Set<Integer> failing = new LinkedHashSet<>();
    while (!live.isEmpty()) {
      TlcResult l = tlc("UnionLive", live, true);
      if (l.isSuccess()) {
        break;
      }
      if (!(l.outcome() instanceof TlcOutcome.LivenessViolated) || l.trace().isEmpty()) {
        throw new AssertionError("TLC failed checking liveness of the union: " + l.outcome() + "\n" + l.messages());
      }
      TlcState first = l.trace().get(0);
      int which = (int) ((TlcValue.IntV) first.get("which")).value() - 1;
      failing.add(which);
      live.remove(Integer.valueOf(which));
    }
    Map<String, Result> out = new LinkedHashMap<>();
    for (int i : all) {
      boolean checkedLive = safety.get(i).isEmpty() && cfgs.get(i).temporal().contains("NoHang");
      Boolean hang = null;
      if (checkedLive) {
        hang = failing.contains(i);
      } else if (safety.get(i).isEmpty()) {
        hang = Boolean.FALSE; // no temporal property: nothing can fail
      }
      out.put(models.get(i).id(), new Result(safety.get(i), hang));
    }
    return out;
  }

  private TlcResult tlc(String name, List<Integer> active, boolean liveness) throws IOException {
    Files.writeString(dir.resolve(name + ".tla"), module(name, active, liveness));
    Files.writeString(dir.resolve(name + ".cfg"), config(active, liveness));
    TlcOptions opts = TlcOptions.defaults().withCheckDeadlock(false).withWorkers(1)
        .withExtraArgs(liveness ? List.of("-lncheck", "final") : List.of());
    long t0 = System.nanoTime();
    TlcResult r = new TlcRunner(opts).run(dir, name + ".tla", name + ".cfg");
    if (Boolean.getBoolean("inflight.diff.verbose")) {
      System.out.printf("%s: %d models, %s, %d distinct states, %d ms%n", name, active.size(), r.outcome().kind(),
          r.statistics().distinct(), (System.nanoTime() - t0) / 1_000_000);
    }
    return r;
  }

  private static String inst(int i) {
    return "I" + (i + 1);
  }

  /** The model's own variables, in its declaration order. */
  private List<String> vars(int i) {
    return models.get(i).emitted().lowered().vars().all();
  }

  /** How many variable slots the run needs: as many as its largest model has variables. */
  private int slots(List<Integer> active) {
    return active.stream().mapToInt(i -> vars(i).size()).max().orElse(0);
  }

  /** `<<v7, v8>>`: the slots model {@code i} leaves unused (they stay 0). */
  private String spare(int i, int slots) {
    List<String> names = new ArrayList<>();
    for (int k = vars(i).size() + 1; k <= slots; k++) {
      names.add("v" + k);
    }
    return "<<" + String.join(", ", names) + ">>";
  }

  /**
   * The union: variables {@code which} and the slots v1..vK; model i's j-th variable is slot j
   * (a behaviour belongs to one model, so the models share the slots), the slots it does not use
   * stay 0.
   */
  private String module(String name, List<Integer> active, boolean liveness) {
    int slots = slots(active);
    StringBuilder b = new StringBuilder();
    b.append("---- MODULE ").append(name).append(" ----\nEXTENDS TLC, Integers\n");
    List<String> consts = new ArrayList<>();
    consts.add("NULL");
    for (int i : active) {
      for (String c : cfgs.get(i).constants().keySet()) {
        if (!c.equals("NULL")) {
          consts.add(inst(i) + "_" + c);
        }
      }
    }
    List<String> allVars = new ArrayList<>();
    allVars.add("which");
    for (int k = 1; k <= slots; k++) {
      allVars.add("v" + k);
    }
    b.append("CONSTANTS ").append(String.join(", ", consts)).append('\n');
    b.append("VARIABLES ").append(String.join(", ", allVars)).append('\n');
    b.append("all == <<").append(String.join(", ", allVars)).append(">>\n");
    for (int i : active) {
      Emitted e = models.get(i).emitted();
      List<String> subst = new ArrayList<>();
      for (String c : cfgs.get(i).constants().keySet()) {
        subst.add(c + " <- " + (c.equals("NULL") ? "NULL" : inst(i) + "_" + c));
      }
      List<String> vs = vars(i);
      for (int j = 0; j < vs.size(); j++) {
        subst.add(vs.get(j) + " <- v" + (j + 1));
      }
      b.append(inst(i)).append(" == INSTANCE ").append(e.moduleName()).append(" WITH ").append(String.join(", ", subst)).append('\n');
    }
    List<String> inits = new ArrayList<>();
    List<String> nexts = new ArrayList<>();
    for (int i : active) {
      String keep = spare(i, slots);
      StringBuilder zero = new StringBuilder();
      for (int k = vars(i).size() + 1; k <= slots; k++) {
        zero.append(" /\\ v").append(k).append(" = 0");
      }
      inits.add("(which = " + (i + 1) + " /\\ " + inst(i) + "!Init" + zero + ")");
      nexts.add("(which = " + (i + 1) + " /\\ " + inst(i) + "!Next /\\ UNCHANGED <<which>> /\\ UNCHANGED " + keep + ")");
    }
    b.append("Init == which \\in {").append(String.join(", ", active.stream().map(i -> String.valueOf(i + 1)).toList()))
        .append("} /\\ (").append(String.join("\n  \\/ ", inits)).append(")\n");
    b.append("Next == ").append(String.join("\n  \\/ ", nexts)).append('\n');
    List<String> fair = new ArrayList<>();
    for (int i : active) {
      Emitted e = models.get(i).emitted();
      var layout = e.lowered().layout();
      var program = e.lowered().checked().program();
      for (ThreadSym t : program.threads) {
        if (program.unfair.stream().anyMatch(u -> u.name().text().equals(t.name()))) {
          continue;
        }
        fair.add("(\\A self \\in " + inst(i) + "_" + layout.threadConst.get(t) + " : WF_all(which = " + (i + 1) + " /\\ "
            + inst(i) + "!" + layout.threadStep.get(t) + "(self) /\\ UNCHANGED <<which>> /\\ UNCHANGED " + spare(i, slots) + "))");
      }
    }
    b.append("Fair == ").append(fair.isEmpty() ? "TRUE" : String.join("\n  /\\ ", fair)).append('\n');
    b.append("Spec == Init /\\ [][Next]_all /\\ Fair\n");
    if (!liveness) {
      List<String> arms = new ArrayList<>();
      for (int i : active) {
        List<String> checks = new ArrayList<>();
        for (String inv : cfgs.get(i).invariants()) {
          checks.add("(IF " + inst(i) + "!" + inv + " THEN {} ELSE {\"" + inv + "\"})");
        }
        checks.add("(IF ENABLED " + inst(i) + "!Next THEN {} ELSE {\"deadlock\"})");
        String fails = String.join(" \\cup ", checks);
        arms.add("which = " + (i + 1) + " -> LET f == " + fails + " IN f = {} \\/ PrintT(<<\"inflight-diff\", " + (i + 1) + ", f>>)");
      }
      b.append("Probe == CASE ").append(String.join("\n  [] ", arms)).append('\n');
    } else {
      // One <>P property for all of them (which never changes): TLC checks it in one pass.
      List<String> arms = new ArrayList<>();
      for (int i : active) {
        arms.add("(which = " + (i + 1) + " /\\ " + inst(i) + "!Finished)");
      }
      b.append("Live == <>(").append(String.join(" \\/ ", arms)).append(")\n");
    }
    b.append("====\n");
    return b.toString();
  }

  private String config(List<Integer> active, boolean liveness) {
    StringBuilder b = new StringBuilder("CONSTANTS\n  NULL = NULL\n");
    for (int i : active) {
      for (Map.Entry<String, String> c : cfgs.get(i).constants().entrySet()) {
        if (!c.getKey().equals("NULL")) {
          b.append("  ").append(inst(i)).append('_').append(c.getKey()).append(" = ").append(c.getValue()).append('\n');
        }
      }
    }
    b.append("SPECIFICATION Spec\n");
    if (!liveness) {
      b.append("INVARIANT Probe\n");
    } else {
      b.append("PROPERTY Live\n");
    }
    b.append("CHECK_DEADLOCK FALSE\n");
    return b.toString();
  }

  /** The parts of a generated .cfg the union needs. */
  private static Cfg parse(String cfg) {
    List<String> inv = new ArrayList<>();
    List<String> temporal = new ArrayList<>();
    Map<String, String> consts = new LinkedHashMap<>();
    String section = "";
    for (String line : cfg.split("\n")) {
      if (line.startsWith("\\*")) {
        continue;
      }
      if (!line.startsWith(" ")) {
        section = line.strip();
        continue;
      }
      switch (section) {
        case "CONSTANTS" -> {
          Matcher m = CONSTANT.matcher(line);
          if (m.matches()) {
            consts.put(m.group(1), m.group(2).strip());
          }
        }
        case "INVARIANTS" -> inv.add(line.strip());
        case "PROPERTIES" -> temporal.add(line.strip());
        default -> { }
      }
    }
    return new Cfg(inv, temporal, consts);
  }
}

package dev.inflight.driver.diff;

import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.resolve.ThreadSym;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.TlaModule;
import dev.inflight.translator.tla.TlaPrinter;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The text of a union module ({@link UnionCheck}): the generated modules' definitions pasted into
 * one module, model number r's definitions and constants renamed {@code Ir_name} and its j-th
 * variable renamed to the shared slot {@code vj}. A behaviour belongs to one model (variable
 * {@code which}, never changed), so the models share the slots; the slots a model does not use
 * stay 0.
 *
 * <p>Pasting the text rather than instantiating the modules (INSTANCE … WITH) is what makes the
 * union cheap: TLC evaluates an instance's every variable and operator reference through its
 * substitutions, which made a union run 1.5 times slower per state than the modules alone. The
 * renaming is by tokens ({@link #rename}): strings, comments and record field names are left
 * alone; a name it missed or mangled leaves the union with an undefined or doubly defined
 * symbol, which SANY rejects (the run then fails), so it cannot change what is checked.
 */
final class UnionModule {
  /**
   * A model of the union: its number r (which = r), translation, .cfg parts, variables (in
   * declaration order: variable j lives in slot vj) and renamed definitions.
   */
  record Member(int number, Emitted emitted, UnionCheck.Cfg cfg, List<String> vars, String definitions, String eventually) {
    static Member of(int number, Emitted emitted, UnionCheck.Cfg cfg) {
      List<String> vars = new ArrayList<>();
      for (TlaModule.Unit u : emitted.module().units()) {
        if (u instanceof TlaModule.Variables v) {
          vars.addAll(v.names());
        }
      }
      Map<String, String> names = names(number, emitted, vars);
      return new Member(number, emitted, cfg, List.copyOf(vars), rename(body(emitted.tla()), names), eventuallyOf(emitted, cfg, names));
    }

    /** Whether the model has an `eventually` property (its {@link #eventually} state predicate is defined). */
    boolean hasEventually() {
      return eventually != null;
    }

    String prefix() {
      return prefix(number);
    }

    static String prefix(int number) {
      return "I" + number + "_";
    }
  }

  private UnionModule() {
  }

  /** What a model's count stops the safety run with when it reaches the cap: {@code <<"inflight-too-large", r>>}. */
  static final java.util.regex.Pattern TOO_LARGE = java.util.regex.Pattern.compile("<<\"inflight-too-large\", (\\d+)>>");

  /** The check name a model gets when a thread's written-out ENABLED is not TLC's (enabledCheck). */
  static final String ENABLED_CHECK = "enabled_differs";

  /**
   * The safety union: Probe, an invariant that never fails, counts each model's states in TLC
   * register r (printing the count at every power of two from 64 on: {@code <<"inflight-size", r,
   * n>>}) and prints the model's checks a state violates that it has not printed before
   * ({@code <<"inflight-diff", r, {names}>>}; register N + r holds those printed). Registers are
   * per TLC worker: the run has one. Each model {@code enabledCheck} accepts also gets the check
   * {@value #ENABLED_CHECK}: in every state, each fair thread's {@code _enabled(self)}
   * (emit/Enabled) equals TLC's {@code ENABLED} of the thread's step as the union runs it. A model
   * whose count of states reaches {@code maxStates} stops the run with a failed {@code Assert}
   * naming it ({@link #TOO_LARGE}), where the run would otherwise go on for hours.
   */
  static String safety(String name, List<Member> members, java.util.function.Predicate<Member> enabledCheck, long maxStates) {
    int n = members.stream().mapToInt(Member::number).max().orElse(0);
    StringBuilder b = header(name, members);
    List<String> arms = new ArrayList<>();
    for (Member m : members) {
      int r = m.number();
      String p = m.prefix();
      List<String> checks = new ArrayList<>();
      List<String> holds = new ArrayList<>();
      for (String inv : m.cfg().invariants()) {
        checks.add("(IF " + p + inv + " THEN {} ELSE {\"" + inv + "\"})");
        holds.add(p + inv);
      }
      checks.add("(IF ENABLED " + p + "Next THEN {} ELSE {\"deadlock\"})");
      holds.add("ENABLED " + p + "Next");
      if (enabledCheck.test(m)) {
        String same = String.join(" /\\ ", fairSteps(m, members, (en, step) -> "(" + en + " <=> ENABLED <<" + step + ">>_all)"));
        if (!same.isEmpty()) {
          checks.add("(IF " + same + " THEN {} ELSE {\"" + ENABLED_CHECK + "\"})");
          holds.add(same);
        }
      }
      int seen = n + r;
      String count = "TLCSet(" + r + ", TLCGet(" + r + ") + 1) /\\ (TLCGet(" + r + ") \\notin Pow2 \\/ PrintT(<<\"inflight-size\", "
          + r + ", TLCGet(" + r + ")>>))"
          + (maxStates == Long.MAX_VALUE ? "" : " /\\ Assert(TLCGet(" + r + ") < " + maxStates + ", <<\"inflight-too-large\", " + r + ">>)");
      String report = "LET new == (" + String.join(" \\cup ", checks) + ") \\ TLCGet(" + seen + ") IN new = {} \\/ (PrintT(<<\"inflight-diff\", "
          + r + ", new>>) /\\ TLCSet(" + seen + ", TLCGet(" + seen + ") \\cup new))";
      arms.add("which = " + r + " -> " + count + " /\\ ((" + String.join(" /\\ ", holds) + ") \\/ " + report + ")");
    }
    b.append("Pow2 == {2^k : k \\in 6..30}\n");
    // Each model's registers start when its initial states are computed (before Probe sees them).
    init(b, members, m -> "TLCSet(" + m.number() + ", 0) /\\ TLCSet(" + (n + m.number()) + ", {}) /\\ ");
    next(b, members, m -> enabledCheck.test(m) ? moved(m, members, n) : "");
    b.append("USpec == UInit /\\ [][UNext]_all\n");
    b.append("Probe == CASE ").append(String.join("\n  [] ", arms)).append('\n');
    b.append("====\n");
    return b.toString();
  }

  /** The check name a model gets when a thread's {@code <<_moved(self)>>_sub} is not {@code <<_step(self)>>_vars} on a step (enabledCheck). */
  static final String MOVED_CHECK = "moved_differs";

  /**
   * A conjunct of model {@code m}'s step in the safety union: on every step that raises no fault,
   * each fair thread's {@code <<_moved(self)>>_sub} (emit/Enabled#moved and #movedVars), which the
   * module's fairness uses for {@code <<_step(self)>>_vars}, is that action; otherwise it reports {@value #MOVED_CHECK}
   * (once) and lets the step happen. Evaluated after the step, with every primed variable bound.
   */
  private static String moved(Member m, List<Member> members, int n) {
    int fault = m.vars().indexOf("fault");
    String all = m.prefix() + "vars";
    String changed = "(" + all + "' # " + all + ")";
    // the fairness's own subscript on the left (emit/Enabled#movedVars), all variables on the right
    String same = String.join(" /\\ ", fairThreads(m, (t, layout) -> {
      String sub = m.prefix() + layout.threadMovedVars.get(t);
      return "(\\A self \\in " + m.prefix() + layout.threadConst.get(t) + " : (" + m.prefix() + layout.threadMoved.get(t) + "(self) /\\ ("
          + sub + "' # " + sub + ")) <=> (" + m.prefix() + layout.threadStep.get(t) + "(self) /\\ " + changed + "))";
    }));
    if (same.isEmpty() || fault < 0) {
      return "";
    }
    String f = "v" + (fault + 1);
    int seen = n + m.number();
    return "(IF " + f + "' # " + f + " \\/ (" + same + ") THEN TRUE ELSE LET new == {\"" + MOVED_CHECK + "\"} \\ TLCGet(" + seen
        + ") IN IF new = {} THEN TRUE ELSE PrintT(<<\"inflight-diff\", " + m.number() + ", new>>) /\\ TLCSet(" + seen + ", TLCGet(" + seen
        + ") \\cup new))";
  }

  /**
   * The liveness union: one property, {@code <>} of "the watched threads of the behaviour's model
   * have finished" (each model's Finished), under each model's weak fairness of its fair threads,
   * restricted to behaviours of that model.
   */
  static String liveness(String name, List<Member> members) {
    return liveness(name, members, false);
  }

  /**
   * The liveness union of {@link #liveness(String, List)}, or with {@code eventually} the same
   * with one property {@code <>[]} of "the behaviour's model's {@link Member#eventually} holds"
   * (each member must have one): each model's `eventually` properties together.
   */
  static String liveness(String name, List<Member> members, boolean eventually) {
    StringBuilder b = header(name, members);
    init(b, members, m -> "");
    next(b, members);
    List<String> fair = new ArrayList<>();
    for (Member m : members) {
      fair.addAll(fairSteps(m, members, (en, step) -> "WF_all(" + step + ")"));
    }
    b.append("UFair == ").append(fair.isEmpty() ? "TRUE" : String.join("\n  /\\ ", fair)).append('\n');
    b.append("USpec == UInit /\\ [][UNext]_all /\\ UFair\n");
    List<String> arms = new ArrayList<>();
    for (Member m : members) {
      if (eventually) {
        b.append(m.prefix()).append("Eventually ==\n    /\\ ").append(m.eventually()).append('\n');
      }
      arms.add("(which = " + m.number() + " /\\ " + m.prefix() + (eventually ? "Eventually" : "Finished") + ")");
    }
    b.append("Live == ").append(eventually ? "<>[](" : "<>(").append(String.join(" \\/ ", arms)).append(")\n");
    b.append("====\n");
    return b.toString();
  }

  /**
   * Per fair thread of model {@code m}: {@code \A self \in Threads : f(en, step)}, where en is
   * the thread's written-out ENABLED and step its step as the union runs it (model m's
   * behaviours, the other slots unchanged).
   */
  private static List<String> fairSteps(Member m, List<Member> members, java.util.function.BinaryOperator<String> f) {
    return fairThreads(m, (t, layout) -> {
      String step = "which = " + m.number() + " /\\ " + m.prefix() + layout.threadStep.get(t) + "(self) /\\ UNCHANGED <<which>> /\\ UNCHANGED "
          + spare(m, members);
      String en = "which = " + m.number() + " /\\ " + m.prefix() + layout.threadEnabled.get(t) + "(self)";
      return "(\\A self \\in " + m.prefix() + layout.threadConst.get(t) + " : " + f.apply(en, step) + ")";
    });
  }

  /** {@code f} of each fair thread of model {@code m}, in declaration order. */
  private static List<String> fairThreads(Member m,
      java.util.function.BiFunction<ThreadSym, dev.inflight.translator.lower.Layout, String> f) {
    var layout = m.emitted().lowered().layout();
    var program = m.emitted().lowered().checked().program();
    List<String> out = new ArrayList<>();
    for (ThreadSym t : program.threads) {
      if (program.fair(t)) {
        out.add(f.apply(t, layout));
      }
    }
    return out;
  }

  /**
   * The safety union {@code module} with {@code USym}, the union of the members' own Symmetry
   * (emit/Symmetry; each permutes only its model's sets), declared in {@code cfg}; unchanged when
   * no member has one. Each returned as [module, cfg].
   */
  static String[] withSymmetry(String module, String cfg, List<Member> members) {
    List<String> syms = members.stream().filter(m -> m.emitted().sourceMap().symmetry() != null)
        .map(m -> m.prefix() + m.emitted().sourceMap().symmetry().op()).toList();
    if (syms.isEmpty()) {
      return new String[] {module, cfg};
    }
    int end = module.lastIndexOf("====");
    return new String[] {module.substring(0, end) + "USym == " + String.join(" \\cup ", syms) + "\n" + module.substring(end),
        cfg + "SYMMETRY USym\n"};
  }

  /** The .cfg of a union: its constants, USpec, and Probe (safety) or Live (liveness). */
  static String config(List<Member> members, boolean liveness) {
    StringBuilder b = new StringBuilder("CONSTANTS\n  NULL = NULL\n");
    for (Member m : members) {
      for (Map.Entry<String, String> c : m.cfg().constants().entrySet()) {
        if (!c.getKey().equals("NULL")) {
          b.append("  ").append(m.prefix()).append(c.getKey()).append(" = ").append(c.getValue()).append('\n');
        }
      }
    }
    b.append("SPECIFICATION USpec\n");
    b.append(liveness ? "PROPERTY Live\n" : "INVARIANT Probe\n");
    b.append("CHECK_DEADLOCK FALSE\n");
    return b.toString();
  }

  private static int slots(List<Member> members) {
    return members.stream().mapToInt(m -> m.vars().size()).max().orElse(0);
  }

  /** `<<v7, v8>>`: the slots model {@code m} leaves unused (they stay 0). */
  private static String spare(Member m, List<Member> members) {
    List<String> names = new ArrayList<>();
    for (int k = m.vars().size() + 1; k <= slots(members); k++) {
      names.add("v" + k);
    }
    return "<<" + String.join(", ", names) + ">>";
  }

  private static StringBuilder header(String name, List<Member> members) {
    Set<String> ext = new LinkedHashSet<>(List.of("Integers", "TLC"));
    members.forEach(m -> ext.addAll(m.emitted().module().extendsList()));
    List<String> consts = new ArrayList<>();
    consts.add("NULL");
    for (Member m : members) {
      for (String c : m.cfg().constants().keySet()) {
        if (!c.equals("NULL")) {
          consts.add(m.prefix() + c);
        }
      }
    }
    List<String> allVars = new ArrayList<>();
    allVars.add("which");
    for (int k = 1; k <= slots(members); k++) {
      allVars.add("v" + k);
    }
    StringBuilder b = new StringBuilder();
    b.append("---- MODULE ").append(name).append(" ----\nEXTENDS ").append(String.join(", ", ext)).append('\n');
    b.append("CONSTANTS ").append(String.join(", ", consts)).append('\n');
    b.append("VARIABLES ").append(String.join(", ", allVars)).append('\n');
    b.append("all == <<").append(String.join(", ", allVars)).append(">>\n");
    for (Member m : members) {
      b.append(m.definitions());
    }
    return b;
  }

  private static void init(StringBuilder b, List<Member> members, java.util.function.Function<Member, String> first) {
    int slots = slots(members);
    List<String> inits = new ArrayList<>();
    for (Member m : members) {
      StringBuilder zero = new StringBuilder();
      for (int k = m.vars().size() + 1; k <= slots; k++) {
        zero.append(" /\\ v").append(k).append(" = 0");
      }
      inits.add("(which = " + m.number() + " /\\ " + first.apply(m) + m.prefix() + "Init" + zero + ")");
    }
    b.append("UInit == which \\in {").append(String.join(", ", members.stream().map(m -> String.valueOf(m.number())).toList()))
        .append("} /\\ (").append(String.join("\n  \\/ ", inits)).append(")\n");
  }

  private static void next(StringBuilder b, List<Member> members) {
    next(b, members, m -> "");
  }

  /** UNext; each model's step followed by the conjunct {@code extra} gives it (none when empty). */
  private static void next(StringBuilder b, List<Member> members, java.util.function.Function<Member, String> extra) {
    List<String> nexts = new ArrayList<>();
    for (Member m : members) {
      String x = extra.apply(m);
      nexts.add("(which = " + m.number() + " /\\ " + m.prefix() + "Next /\\ UNCHANGED <<which>> /\\ UNCHANGED " + spare(m, members)
          + (x.isEmpty() ? "" : " /\\ " + x) + ")");
    }
    b.append("UNext == ").append(String.join("\n  \\/ ", nexts)).append('\n');
  }

  /**
   * The state predicate P of each of the model's `eventually` properties ({@code <>[]P}, emit/
   * Properties) in its .cfg, conjoined and renamed for the union; null when it has none. {@code
   * <>[]P /\ <>[]Q} is {@code <>[](P /\ Q)}, so one predicate stands for all of them.
   */
  private static String eventuallyOf(Emitted e, UnionCheck.Cfg cfg, Map<String, String> names) {
    List<String> preds = new ArrayList<>();
    for (TlaModule.Unit u : e.module().units()) {
      if (u instanceof TlaModule.OpDef d && cfg.temporal().contains(d.name()) && d.body() instanceof TlaExpr.Prefix ev
          && ev.op() == UnOp.EVENTUALLY && ev.arg() instanceof TlaExpr.Prefix always && always.op() == UnOp.ALWAYS) {
        preds.add("(" + new TlaPrinter().print(always.arg()).replace("\n", "\n        ") + ")");
      }
    }
    return preds.isEmpty() ? null : rename(String.join("\n    /\\ ", preds), names);
  }

  /** The names of the model's definitions, constants and variables in the union. */
  private static Map<String, String> names(int number, Emitted e, List<String> vars) {
    Map<String, String> names = new LinkedHashMap<>();
    for (TlaModule.Unit u : e.module().units()) {
      if (u instanceof TlaModule.OpDef d) {
        names.put(d.name(), Member.prefix(number) + d.name());
      } else if (u instanceof TlaModule.Constants c) {
        c.names().forEach(x -> names.put(x, x.equals("NULL") ? "NULL" : Member.prefix(number) + x));
      }
    }
    for (int j = 0; j < vars.size(); j++) {
      names.put(vars.get(j), "v" + (j + 1));
    }
    return names;
  }

  /**
   * The module text without its header, EXTENDS, CONSTANTS and VARIABLES declarations,
   * separators and closing line: what is left are the definitions and ASSUMEs, each starting at
   * the line's first column, with continuation lines indented.
   */
  static String body(String tla) {
    StringBuilder b = new StringBuilder();
    boolean skip = false;
    for (String line : tla.split("\n", -1)) {
      if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
        skip = line.matches("(EXTENDS|CONSTANTS?|VARIABLES?)\\b.*") || line.startsWith("----") || line.startsWith("====");
      }
      if (!skip) {
        b.append(line).append('\n');
      }
    }
    return b.toString();
  }

  /**
   * Renames the identifiers {@code names} maps, by TLA+ tokens: strings are copied, comments
   * dropped, {@code \in}-style operators and record field names ({@code r.f}, {@code [f |-> e]},
   * {@code [f : S]}, {@code , f |-> e}) left alone; {@code WF_x}, {@code SF_x} and the subscript
   * of {@code ]_x} / {@code >>_x} are renamed in their x.
   */
  static String rename(String text, Map<String, String> names) {
    List<String> toks = new ArrayList<>(); // tokens; whitespace and comments as one space
    BitSet word = new BitSet(); // which tokens are identifiers
    int i = 0;
    int len = text.length();
    while (i < len) {
      char c = text.charAt(i);
      int j = i + 1;
      if (c == '\\' && j < len && text.charAt(j) == '*') {
        j = text.indexOf('\n', j);
        i = j < 0 ? len : j;
        toks.add(" ");
        continue;
      }
      if (c == '(' && j < len && text.charAt(j) == '*') {
        int depth = 1;
        j++;
        while (j < len && depth > 0) {
          if (text.startsWith("(*", j)) {
            depth++;
            j += 2;
          } else if (text.startsWith("*)", j)) {
            depth--;
            j += 2;
          } else {
            j++;
          }
        }
        toks.add(" ");
        i = j;
        continue;
      }
      boolean letter = false;
      if (c == '"') {
        while (j < len && text.charAt(j) != '"') {
          j += text.charAt(j) == '\\' ? 2 : 1;
        }
        j = Math.min(len, j + 1);
      } else if (c == '\\' && j < len && Character.isLetter(text.charAt(j))) {
        while (j < len && Character.isLetterOrDigit(text.charAt(j))) {
          j++;
        }
      } else if (isWordChar(c)) {
        letter = Character.isLetter(c);
        while (j < len && isWordChar(text.charAt(j))) {
          letter |= Character.isLetter(text.charAt(j));
          j++;
        }
      } else if (Character.isWhitespace(c)) {
        while (j < len && Character.isWhitespace(text.charAt(j))) {
          j++;
        }
      } else if (text.startsWith("|->", i)) {
        j = i + 3;
      } else if (text.startsWith("..", i)) {
        j = i + 2;
      }
      if (letter) {
        word.set(toks.size());
      }
      toks.add(text.substring(i, j));
      i = j;
    }
    StringBuilder out = new StringBuilder(text.length() + text.length() / 8);
    String prev = "";
    for (int k = 0; k < toks.size(); k++) {
      String t = toks.get(k);
      if (word.get(k)) {
        char last = out.length() == 0 ? ' ' : out.charAt(out.length() - 1);
        String r;
        if (t.startsWith("_") && (last == ']' || last == '>') && (r = names.get(t.substring(1))) != null) {
          t = "_" + r;
        } else if ((t.startsWith("WF_") || t.startsWith("SF_")) && (r = names.get(t.substring(3))) != null) {
          t = t.substring(0, 3) + r;
        } else if ((r = names.get(t)) != null && !prev.equals(".") && !(isFieldMark(next(toks, k)) && (prev.equals("[") || prev.equals(",")))) {
          t = r;
        }
      }
      out.append(t);
      if (!t.isBlank()) {
        prev = t;
      }
    }
    return out.toString();
  }

  /** The token after token k that is not white space. */
  private static String next(List<String> toks, int k) {
    for (int q = k + 1; q < toks.size(); q++) {
      if (!toks.get(q).isBlank()) {
        return toks.get(q);
      }
    }
    return "";
  }

  private static boolean isFieldMark(String t) {
    return t.equals("|->") || t.equals(":");
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}

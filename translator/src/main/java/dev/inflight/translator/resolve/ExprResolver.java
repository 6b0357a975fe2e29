package dev.inflight.translator.resolve;

import static dev.inflight.translator.resolve.Resolver.suggest;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.diag.Diagnostics;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Binds the names in one expression: bound variables of binders, then the scope's locals (a
 * read before the first assignment is reported once), globals, consts and work items; machine
 * profile entries in a `cost` statement; calls of expression functions and built-in functions.
 * Without a scope (initialisers, bounds, properties) only the program's names are visible.
 */
final class ExprResolver implements Expr.Visitor<Void> {
  private final Program program;
  private final Diagnostics diags;
  private final List<Decl.Cost> costBlocks;
  /** Locals already reported as read before their assignment (shared by every ExprResolver). */
  private final Set<Symbol.LocalSym> readBeforeWarned;
  private final Scope scope;
  private final Deque<Map<String, Symbol.BoundSym>> bound = new ArrayDeque<>();
  boolean writing;
  /** In a `cost` statement: names the model does not declare are machine-profile entries. */
  boolean costNames;
  /** The target of `lock`/`unlock`: an unknown name there is a lock to declare. */
  boolean lockTarget;

  ExprResolver(ResolveContext cx, Scope scope) {
    this.program = cx.program;
    this.diags = cx.diags;
    this.costBlocks = cx.costBlocks;
    this.readBeforeWarned = cx.readBeforeWarned;
    this.scope = scope;
  }

  void expr(Expr e) {
    if (e != null) {
      e.accept(this);
    }
  }

  void userCall(Expr.Call c) {
    FnSym fn = program.fns.get(c.fn().text());
    program.calls.put(c, fn);
    fn.used = true;
    if (fn.decl.params().size() != c.args().size()) {
      List<String> params = new ArrayList<>();
      fn.decl.params().forEach(p -> params.add(p.name() == null ? "_" : p.name().text()));
      diags.wrongArity(c.span(), fn.name(), c.args().size(), params, fn.decl.name() == null ? null : fn.decl.name().span());
    }
    c.args().forEach(this::expr);
  }

  void builtinArgs(Expr.Call c) {
    String name = c.fn().text();
    if (Builtins.RCU.containsKey(name) || name.equals("rcu_pick")) {
      program.usesRcu = true;
    }
    if (name.equals("call_rcu") && c.args().size() == 2) {
      expr(c.args().get(0));
      Expr f = c.args().get(1);
      FnSym fn = f instanceof Expr.Name n ? program.fns.get(n.name().text()) : null;
      if (fn == null) {
        String text = f instanceof Expr.Name n ? n.name().text() : f.span().text();
        diags.unknownFunction(f.span(), text, suggest(text, program.fns.keySet()));
      } else if (fn.params.size() != 1) {
        fn.used = true; // named: not also "never called"
        diags.badCallback(f.span(), "RCU callback", fn.name(), fn.params.size(), "the object as its one parameter", "obj");
      } else {
        fn.used = true;
        program.rcuCallbacks.put(c, fn);
        program.rcuCallbackFns.add(fn);
      }
      return;
    }
    c.args().forEach(this::expr);
  }

  public Void visitInt(Expr.IntLit e) {
    return null;
  }

  public Void visitBool(Expr.BoolLit e) {
    return null;
  }

  public Void visitNull(Expr.NullLit e) {
    return null;
  }

  public Void visitName(Expr.Name e) {
    String n = e.name().text();
    for (Map<String, Symbol.BoundSym> frame : bound) {
      if (frame.containsKey(n)) {
        program.names.put(e, frame.get(n));
        return null;
      }
    }
    if (scope != null && scope.locals().containsKey(n)) {
      Symbol.LocalSym l = scope.locals().get(n);
      program.names.put(e, l);
      if (!writing && !l.isParam && l.assignedFrom >= 0 && e.span().file() == l.first.span().file() && e.span().start() < l.assignedFrom
          && readBeforeWarned.add(l)) {
        List<String> others = new ArrayList<>(scope.locals().keySet());
        others.remove(n);
        others.addAll(program.globals.keySet());
        diags.readBeforeAssign(e.span(), n, "0, false or null", suggest(n, others));
      }
      return null;
    }
    if (program.globals.containsKey(n)) {
      program.names.put(e, program.globals.get(n));
      return null;
    }
    if (program.consts.containsKey(n)) {
      program.names.put(e, program.consts.get(n));
      return null;
    }
    if (program.works.containsKey(n)) {
      program.names.put(e, program.works.get(n));
      return null;
    }
    if (costNames) {
      Long v = program.cost.profile.get(n);
      if (v != null) {
        program.names.put(e, new Symbol.CostSym(n, v));
      } else if (program.cost.tracked && (program.cost.profileName != null || !costBlocks.isEmpty())) {
        // (without any profile, E0500 or E0501 said so once: no message per cost entry)
        diags.costs().unknownCost(e.span(), n, program.cost.profileName == null ? "of this model" : "`" + program.cost.profileName + "`",
            suggest(n, program.cost.profile.keySet()));
      } else {
        program.names.put(e, new Symbol.CostSym(n, 0));
      }
      return null;
    }
    List<String> visible = new ArrayList<>();
    bound.forEach(f -> visible.addAll(f.keySet()));
    if (scope != null) {
      visible.addAll(scope.locals().keySet());
    }
    visible.addAll(program.globals.keySet());
    visible.addAll(program.consts.keySet());
    if (program.structs.containsKey(n)) {
      diags.typeMismatch(e.span(), "a value", "struct `" + n + "`", "a struct name is not a value; `live(" + n + ")` is the set of its live objects");
      return null;
    }
    if (program.fns.containsKey(n)) {
      // `flush_work(job)` for the work item that runs job
      List<String> runs = program.works.values().stream()
          .filter(w -> w.decl.fn() != null && w.decl.fn().text().equals(n)).map(Symbol.WorkSym::name).toList();
      diags.typeMismatch(e.span(), "a value", "function `" + n + "`", runs.size() == 1
          ? "the work item that runs `" + n + "` is `" + runs.get(0) + "`: name `" + runs.get(0) + "` here"
          : "a function is not a value: call it, `" + n + "(…)`, or pass it to `call_rcu`");
      return null;
    }
    String suggestion = suggest(n, visible);
    if (lockTarget && suggestion == null) {
      diags.unknownLock(e.span(), n);
    } else if (suggestion == null && e.span().file() != program.root().source()) {
      diags.unknownNameInInclude(e.span(), n); // a name a library file expects the model to declare
    } else {
      diags.unknownName(e.span(), n, suggestion);
    }
    return null;
  }

  public Void visitField(Expr.Field e) {
    expr(e.obj());
    return null;
  }

  public Void visitCall(Expr.Call e) {
    String fn = e.fn().text();
    if (fn.equals("live") && e.args().size() == 1 && e.args().get(0) instanceof Expr.Name n) {
      StructSym s = program.structs.get(n.name().text());
      if (s == null) {
        diags.unknownStruct(n.span(), n.name().text(), suggest(n.name().text(), program.structs.keySet()));
      } else {
        program.structRefs.put(n, s);
      }
      return null;
    }
    if (program.fns.containsKey(fn)) {
      FnSym f = program.fns.get(fn);
      if (f.expression() != null) {
        userCall(e); // an expression function: stands for its returned expression
      } else {
        f.used = true; // (one message: not also "never called")
        diags.stepsInExpression(e.span(), fn);
      }
      return null;
    }
    if (Builtins.PROCEDURES.containsKey(fn)) {
      diags.callInExpression(e.span(), fn);
      return null;
    }
    if (!Builtins.FUNCTIONS.containsKey(fn)) {
      diags.unknownFunction(e.fn().span(), fn, suggest(fn, callableNames(program)));
      return null;
    }
    e.args().forEach(this::expr);
    return null;
  }

  public Void visitUnary(Expr.Unary e) {
    expr(e.operand());
    return null;
  }

  public Void visitBinary(Expr.Binary e) {
    expr(e.left());
    expr(e.right());
    return null;
  }

  public Void visitSetLit(Expr.SetLit e) {
    e.elems().forEach(this::expr);
    return null;
  }

  public Void visitSetComp(Expr.SetComp e) {
    binder(e.var(), e.set(), e.pred());
    return null;
  }

  public Void visitQuant(Expr.Quant e) {
    binder(e.var(), e.set(), e.body());
    return null;
  }

  public Void visitClosure(Expr.Closure e) {
    binder(e.var(), e.roots(), e.step());
    return null;
  }

  private void binder(Ident var, Expr set, Expr body) {
    expr(set);
    Map<String, Symbol.BoundSym> frame = new LinkedHashMap<>();
    if (var != null) {
      frame.put(var.text(), new Symbol.BoundSym(var));
    }
    bound.push(frame);
    expr(body);
    bound.pop();
  }

  public Void visitError(Expr.Error e) {
    return null;
  }

  /** Every name a call may name: the functions, then the built-in procedures and functions. */
  static Collection<String> callableNames(Program program) {
    List<String> all = new ArrayList<>(program.fns.keySet());
    all.addAll(Builtins.PROCEDURES.keySet());
    all.addAll(Builtins.FUNCTIONS.keySet());
    return all;
  }
}

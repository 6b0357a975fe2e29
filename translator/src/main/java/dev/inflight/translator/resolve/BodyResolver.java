package dev.inflight.translator.resolve;

import static dev.inflight.translator.resolve.Resolver.suggest;

import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.diag.Diagnostics;
import java.util.List;

/**
 * Binds the names of everything that is not a declaration's name: latency properties,
 * initialisers and bounds (constants only), thread, `init` and function bodies (after declaring
 * their locals: a local is declared by its first assignment), properties and `unfair`; adds the
 * work items' workers and the RCU callback threads ({@link SyntheticThreads}) on the way.
 */
final class BodyResolver {
  private final ResolveContext cx;
  private final Program program;
  private final Diagnostics diags;
  private final SyntheticThreads synthetic;

  BodyResolver(ResolveContext cx) {
    this.cx = cx;
    this.program = cx.program;
    this.diags = cx.diags;
    this.synthetic = new SyntheticThreads(cx);
  }

  void resolveBodies() {
    synthetic.synthesizeWorkers();
    resolveLatencies();
    for (ThreadSym t : List.copyOf(program.threads)) {
      constExpr(t.decl.cpu());
    }
    for (StructSym s : program.structs.values()) {
      for (FieldSym f : s.fields().values()) {
        if (f.member instanceof Member.Ref r && r.release() != null) {
          FnSym fn = program.fns.get(r.release().text());
          if (fn == null) {
            diags.unknownFunction(r.release().span(), r.release().text(), suggest(r.release().text(), program.fns.keySet()));
          } else if (fn.params.size() != 1) {
            fn.used = true; // named: not also "never called"
            diags.badReleaseFn(r.release().span(), fn.name(), "takes " + fn.params.size() + " parameters");
          } else {
            f.release = fn;
            fn.used = true;
          }
        }
        if (f.member instanceof Member.Ref r) {
          constExpr(r.init());
        } else if (f.member instanceof Member.Plain p) {
          constExpr(p.init());
        } else if (f.member instanceof Member.QueueOf q) {
          constExpr(q.capacity());
        }
      }
      constExpr(s.boundExpr());
    }
    for (Symbol.ConstSym c : program.consts.values()) {
      constExpr(c.decl.value());
    }
    for (Symbol.GlobalSym g : program.globals.values()) {
      if (g.member instanceof Member.Plain p) {
        constExpr(p.init());
      } else if (g.member instanceof Member.QueueOf q) {
        constExpr(q.capacity());
      }
    }
    for (ThreadSym t : program.threads) {
      constExpr(t.decl.count());
      body(t, t.decl.body());
    }
    if (program.init != null) {
      body(program.init, program.init.decl.body());
    }
    for (FnSym f : program.fns.values()) {
      body(f, f.decl.body());
    }
    for (Decl.Property p : program.properties) {
      new ExprResolver(cx, null).expr(p.cond());
    }
    synthetic.synthesizeRcuCallbackThreads();
    for (Decl.Unfair u : program.unfair) {
      boolean known = program.threads.stream().anyMatch(t -> t.name().equals(u.name().text()));
      if (!known) {
        List<String> names = program.threads.stream().map(ThreadSym::name).toList();
        diags.unknownThreadKind(u.name().span(), u.name().text(), suggest(u.name().text(), names));
      }
    }
  }

  /** Latency properties: the operation, a constant bound, and `when` over the op's parameters. */
  private void resolveLatencies() {
    for (Decl.Latency l : program.cost.latencies) {
      List<FnSym> fns = program.cost.ops.get(l.op().text());
      if (fns == null) {
        diags.costs().unknownOp(l.op().span(), l.op().text(), String.join(", ", program.cost.ops.keySet()));
      }
      constExpr(l.bound());
      if (l.when() != null && fns != null) {
        if (fns.size() > 1) {
          diags.costs().whenOnSharedOp(l.when().span(), l.op().text(), fns.stream().map(FnSym::name).toList());
        } else {
          new ExprResolver(cx, fns.get(0)).expr(l.when());
        }
      }
    }
  }

  /** Initialisers and bounds see constants only. */
  private void constExpr(Expr e) {
    if (e != null) {
      new ExprResolver(cx, null).expr(e);
    }
  }

  private void body(Scope scope, Block block) {
    if (block == null) {
      return;
    }
    declareLocals(scope, block);
    new StmtResolver(cx, scope).block(block);
  }

  /** First pass over a body: every assigned plain name that is not global becomes a local. */
  private void declareLocals(Scope scope, Block block) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        declareTarget(scope, a.target(), s.span().end());
      } else if (s instanceof Stmt.Alloc a) {
        declareTarget(scope, a.target(), s.span().end());
      } else if (s instanceof Stmt.For f) {
        if (f.var() != null) {
          declareName(scope, f.var(), f.var().span().end());
        }
        declareLocals(scope, f.body());
      } else if (s instanceof Stmt.If i) {
        declareLocals(scope, i.then());
        if (i.orElse() != null) {
          declareLocals(scope, i.orElse());
        }
      } else if (s instanceof Stmt.While w) {
        declareLocals(scope, w.body());
      } else if (s instanceof Stmt.Either e) {
        for (Block b : e.branches()) {
          declareLocals(scope, b);
        }
      } else if (s instanceof Stmt.Atomic a) {
        declareLocals(scope, a.body());
      } else if (s instanceof Stmt.Loop l) {
        declareLocals(scope, l.body());
      }
    }
  }

  private void declareTarget(Scope scope, Expr target, int from) {
    if (target instanceof Expr.Name n) {
      declareName(scope, n.name(), from);
    }
  }

  private void declareName(Scope scope, Ident name, int from) {
    String text = name.text();
    if ((program.globals.containsKey(text) && !modelsOwn(program.globals.get(text), name)) || program.consts.containsKey(text)) {
      return;
    }
    Symbol.LocalSym l = scope.locals().get(text);
    if (l == null) {
      l = new Symbol.LocalSym(name, scope, false);
      scope.locals().put(text, l);
    }
    if (!l.isParam && (l.assignedFrom < 0 || from < l.assignedFrom)) {
      l.assignedFrom = from;
    }
  }

  /**
   * Whether {@code g} is a global of the model's own file and {@code name} is in another (a
   * library function): the library cannot know the model's names, so a name it assigns is its
   * own local there, not the model's global that happens to be spelled alike.
   */
  private boolean modelsOwn(Symbol.GlobalSym g, Ident name) {
    ModelFile root = program.files.isEmpty() ? null : program.files.get(0);
    if (root == null || g.member == null || g.member.span() == null || name.span() == null) {
      return false;
    }
    String rootPath = root.source().path();
    return rootPath.equals(g.member.span().file().path()) && !rootPath.equals(name.span().file().path());
  }
}

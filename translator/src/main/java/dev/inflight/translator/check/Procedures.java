package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.Builtins;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import java.util.Map;

/**
 * Checks calls of built-in procedures (add, remove, push, pop, pick, assert, call_rcu, …): their
 * arity and operands, and the type of their result; operands are typed by the body's
 * {@link ExprTyper}.
 */
final class Procedures {
  private final CheckContext ctx;
  private final Program program;
  private final Diagnostics diags;
  private final Map<Expr, Type> types;
  private final ExprTyper ex;

  Procedures(CheckContext ctx, ExprTyper ex) {
    this.ctx = ctx;
    this.program = ctx.program;
    this.diags = ctx.diags;
    this.types = ctx.types;
    this.ex = ex;
  }

  /** Built-in procedures: add, remove, push, pop, pick, assert. Returns the result type. */
  Type procedure(Expr.Call c) {
    String fn = c.fn().text();
    int arity = Builtins.PROCEDURES.get(fn);
    if (c.args().size() != arity) {
      ctx.report(() -> diags.wrongArity(c.span(), fn, arity, c.args().size()));
      c.args().forEach(ex::expr);
      return Type.ERROR;
    }
    if (arity == 0) {
      return Type.VOID;
    }
    if (fn.equals("call_rcu")) {
      return callRcu(c);
    }
    if (fn.equals("rcu_assign_pointer")) {
      Type v = ex.expr(c.args().get(1));
      Expr target = c.args().get(0);
      if (!(target instanceof Expr.Name) && !(target instanceof Expr.Field)) {
        ctx.report(() -> diags.notAssignable(target.span()));
        return Type.VOID;
      }
      ex.assign(target, v, c.args().get(1).span());
      return Type.VOID;
    }
    if (fn.equals("pick") && c.args().get(0) instanceof Expr.SetLit lit && !lit.elems().isEmpty()) {
      Type first = ex.expr(lit.elems().get(0));
      if (first instanceof Type.Int || first instanceof Type.Bool) {
        return pickValue(lit, first);
      }
    }
    Type a0 = ex.expr(c.args().get(0));
    Type result;
    switch (fn) {
      case "add":
      case "remove":
      case "list_add_rcu":
      case "list_del_rcu": {
        Type a1 = ex.expr(c.args().get(1));
        if (a0 instanceof Type.SetT st) {
          ctx.expect(a1, new Type.Obj(st.elem()), c.args().get(1).span());
          ex.narrow(c.args().get(1), new Type.Obj(st.elem()));
          if (a1 instanceof Type.Obj o) {
            ex.narrow(c.args().get(0), new Type.SetT(o.struct()));
          }
        } else if (!(a0 instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a set", a0.describe()));
        }
        result = Type.VOID;
        break;
      }
      case "push": {
        Type a1 = ex.expr(c.args().get(1));
        if (a0 instanceof Type.QueueT q && !q.list()) {
          ctx.expect(a1, new Type.Obj(q.elem()), c.args().get(1).span());
        } else if (a0 instanceof Type.QueueT) {
          ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a queue", a0.describe(), "add to a list with `list_add_tail(l, x)` or `list_add(l, x)`"));
        } else if (!(a0 instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a queue", a0.describe()));
        }
        result = Type.VOID;
        break;
      }
      case "list_add":
      case "list_add_tail":
      case "list_del": {
        Type a1 = ex.expr(c.args().get(1));
        if (a0 instanceof Type.QueueT q && q.list()) {
          ctx.expect(a1, new Type.Obj(q.elem()), c.args().get(1).span());
          ex.narrow(c.args().get(1), new Type.Obj(q.elem()));
        } else if (!(a0 instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a list", a0.describe(),
              a0 instanceof Type.SetT ? "declare it `list NAME of STRUCT` for an ordered kernel list, or use add/remove on a set" : null));
        }
        result = Type.VOID;
        break;
      }
      case "get_not_zero":
        if (!(a0 instanceof Type.RefCount) && !(a0 instanceof Type.Error)) {
          ctx.report(() -> diags.notARefcount(c.args().get(0).span(), c.args().get(0).span().text()));
        }
        result = Type.BOOL;
        break;
      case "pop":
        if (a0 instanceof Type.QueueT q) {
          result = new Type.Obj(q.elem());
        } else {
          if (!(a0 instanceof Type.Error)) {
            ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a queue", a0.describe()));
          }
          result = Type.ERROR;
        }
        break;
      case "pick":
      case "rcu_pick":
        if (a0 instanceof Type.SetT st && st.elem() != null) {
          result = new Type.Obj(st.elem());
        } else {
          if (!(a0 instanceof Type.Error)) {
            String seq = c.args().get(0).span().text();
            ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a set of objects", a0.describe(),
                a0 instanceof Type.QueueT q ? "`" + fn + "` chooses from a set; a " + (q.list() ? "list" : "queue")
                    + "'s first entry is `head(" + seq + ")` (null when it is empty), and `for x in " + seq + " { … }` walks it" : null));
          }
          result = Type.ERROR;
        }
        break;
      case "assert":
        ctx.expect(a0, Type.BOOL, c.args().get(0).span());
        result = Type.VOID;
        break;
      case "queue_work":
        if (c.args().get(0) instanceof Expr.Name n && program.names.get(n) instanceof Symbol.WorkSym w) {
          ctx.queued.add(w);
        }
        // fall through
      case "flush_work":
        if (!(a0 instanceof Type.Work) && !(a0 instanceof Type.Error)) {
          ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "a work item", a0.describe(), "declare one with `work NAME: FN`"));
        }
        result = Type.VOID;
        break;
      default:
        result = Type.ERROR;
    }
    types.put(c, result);
    return result;
  }

  /** `call_rcu(obj, FN)`: FN's parameter takes obj's type; FN's body is checked once. */
  private Type callRcu(Expr.Call c) {
    Type obj = ex.expr(c.args().get(0));
    if (!(obj instanceof Type.Obj o && o.struct() != null) && !(obj instanceof Type.Error)) {
      ctx.report(() -> diags.typeMismatch(c.args().get(0).span(), "an object", obj.describe()));
    }
    FnSym f = program.rcuCallbacks.get(c);
    if (f == null) {
      return Type.VOID;
    }
    Symbol.LocalSym p = f.params.get(0);
    Type before = p.type;
    ctx.refine(p, obj);
    if (p.type == before) {
      ctx.expect(obj, p.type, c.args().get(0).span());
    }
    ex.narrow(c.args().get(0), p.type);
    if (!ctx.quiet && !f.checked) {
      f.checked = true;
      new BodyChecker(ctx, f, false).block(f.decl.body());
    }
    return Type.VOID;
  }

  /**
   * `pick({0, 1, 2})`: any of the listed integers (or booleans), a branch per value; the
   * literal is not a set of objects, so it is typed here and not by visitSetLit.
   */
  private Type pickValue(Expr.SetLit lit, Type elem) {
    for (Expr x : lit.elems().subList(1, lit.elems().size())) {
      Type t = ex.expr(x);
      if (!t.getClass().equals(elem.getClass()) && !(t instanceof Type.Error)) {
        ctx.report(() -> diags.typeMismatch(x.span(), elem.describe() + " like the set's first element", t.describe(),
            "`pick` chooses among objects of a set, or among integer or boolean values listed in `{…}`"));
        return Type.ERROR;
      }
    }
    types.put(lit, new Type.SetT(null));
    return elem;
  }
}

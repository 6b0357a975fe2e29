package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.check.ConstEval;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import dev.inflight.translator.tla.BinOp;
import dev.inflight.translator.tla.TlaExpr;
import dev.inflight.translator.tla.UnOp;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in procedures on sets and queues, and `assert` (docs/semantics.md, "Statements"):
 * `add`/`remove` (and RCU's `list_add_rcu`/`list_del_rcu`), `push` (a full queue exceeds the
 * model bound), `x = pop(q)` (null when empty), `x = pick(s)` / `rcu_pick` (one path per element,
 * or null when empty; `rcu_pick` outside a read-side section is an rcu_discipline fault) and `assert(c)` (an assertion fault when false). The arguments are
 * evaluated, and their dereferences checked, before the procedure runs; an object put into a
 * container or taken out of one must be live ({@link #entry}).
 */
final class BuiltinProcs {
  private final StepContext ctx;

  BuiltinProcs(StepContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Putting an object into a set, list or queue, or taking it out, writes through the entry
   * (`list_add(&obj->node, head)`, `list_del(&obj->node)`, `__skb_unlink`): the entry must be
   * live, else a use-after-free. Putting null in is a null dereference (and a null element would
   * make every quantifier over the container dereference null); taking null out of a set is
   * nothing. {@code ok} goes on as the path where the entry is fine (unchanged when that is
   * already known). Objects only: a set of listed integers has no entry.
   */
  private Path entry(Path ok, Expr elemExpr, TlaExpr elem, boolean insert, Instr.Proc pr, PathSink out) {
    return ctx.checked.typeOf(elemExpr) instanceof Type.Obj o ? entry(ok, o.struct(), elem, insert, pr, out) : ok;
  }

  private Path entry(Path ok, dev.inflight.translator.resolve.StructSym struct, TlaExpr elem, boolean insert, Instr.Proc pr, PathSink out) {
    if (struct == null) {
      return ok;
    }
    TlaExpr context = insert ? null : new TlaExpr.Infix(BinOp.NEQ, elem, ExprGen.NULL);
    return ctx.faults.discharge(ok, List.of(new Obligation.Pointer(context, elem, struct, pr.span())), pr, out);
  }

  /**
   * `rcu_pick` walks an RCU-protected set, which only a reader may do: outside every read-side
   * section it is an rcu_discipline fault (CONFIG_PROVE_RCU's "suspicious rcu_dereference_check()
   * usage"; nothing would keep the element from being freed as it is read). The path inside one
   * goes on. An `rcu_pick` inside a section on every path has no fault path (RcuSections).
   */
  private Path inReadSection(Path ok, Instr.Proc pr, PathSink out) {
    TlaExpr mine = new TlaExpr.FunApp(ok.store.read("rcu_depth"), List.of(ExprGen.SELF));
    Path outside = ok.copy();
    outside.guard(new TlaExpr.Infix(BinOp.EQ, mine, new TlaExpr.Num(0)));
    ctx.faults.fault(outside, "unprotected_rcu_pick", pr, null, out);
    ok.guard(new TlaExpr.Infix(BinOp.GT, mine, new TlaExpr.Num(0)));
    return ok;
  }

  void step(Instr.Proc pr, Path p, PathSink out) {
    String fn = pr.call().fn().text();
    List<Obligation> obs = new ArrayList<>();
    ExprGen g = p.gen();
    List<TlaExpr> args = new ArrayList<>();
    for (Expr a : pr.call().args()) {
      args.add(g.gen(a, obs));
    }
    Path ok = ctx.faults.discharge(p, obs, pr, out);
    Expr coll = pr.call().args().get(0);
    switch (fn) {
      case "add":
      case "remove":
      case "list_add_rcu":
      case "list_del_rcu": {
        BinOp op = fn.equals("add") || fn.equals("list_add_rcu") ? BinOp.CUP : BinOp.SETMINUS;
        Path fine = entry(ok, pr.call().args().get(1), args.get(1), op == BinOp.CUP, pr, out);
        TlaExpr v = new TlaExpr.Infix(op, args.get(0), new TlaExpr.SetOf(List.of(args.get(1))));
        out.go(pr.next(), assign(fine, coll, v, pr, out));
        return;
      }
      case "push": {
        Path fine = entry(ok, pr.call().args().get(1), args.get(1), true, pr, out);
        TlaExpr len = new TlaExpr.Apply("Len", List.of(args.get(0)));
        int capacity = capacityOf(coll);
        TlaExpr cap = new TlaExpr.Num(capacity);
        Path full = fine.copy();
        full.guard(new TlaExpr.Infix(BinOp.GEQ, len, cap));
        String queue = coll instanceof Expr.Field fd ? fd.field().text() : coll instanceof Expr.Name n ? n.name().text() : "?";
        ctx.faults.bound(full, "queue " + queue + " " + capacity, pr, null, out);
        fine.guard(new TlaExpr.Infix(BinOp.LT, len, cap));
        TlaExpr v = new TlaExpr.Apply("Append", List.of(args.get(0), args.get(1)));
        out.go(pr.next(), assign(fine, coll, v, pr, out));
        return;
      }
      case "pop": {
        TlaExpr q = args.get(0);
        TlaExpr empty = new TlaExpr.Infix(BinOp.EQ, q, new TlaExpr.Tuple(List.of()));
        Path none = ok.copy();
        none.guard(empty);
        out.go(pr.next(), pr.result() != null ? assign(none, pr.result(), ExprGen.NULL, pr, out) : none);
        out.then(() -> {
          Path nonEmpty = ok;
          nonEmpty.guard(new TlaExpr.Prefix(UnOp.NOT, empty));
          TlaExpr head = new TlaExpr.Apply("Head", List.of(q));
          TlaExpr tail = new TlaExpr.Apply("Tail", List.of(q));
          // the head is unlinked (its links written): it must be live
          Path some = entry(nonEmpty, ctx.checked.typeOf(coll) instanceof Type.QueueT qt ? qt.elem() : null, head, false, pr, out);
          Path popped = assign(some, coll, tail, pr, out);
          out.go(pr.next(), pr.result() != null ? assign(popped, pr.result(), head, pr, out) : popped);
        });
        return;
      }
      case "pick":
      case "rcu_pick": {
        TlaExpr s = args.get(0);
        TlaExpr empty = new TlaExpr.SetOf(List.of());
        Path walk = fn.equals("rcu_pick") && !ctx.insideRcu.contains(pr) ? inReadSection(ok, pr, out) : ok;
        if (!(s instanceof TlaExpr.SetOf lit && !lit.elems().isEmpty())) { // a listed set is never empty
          Path none = walk.copy();
          none.guard(new TlaExpr.Infix(BinOp.EQ, s, empty));
          out.go(pr.next(), assign(none, pr.result(), ExprGen.NULL, pr, out));
        }
        out.then(() -> {
          Path some = walk; // \E picked \in s: no element when s is empty
          String v = some.fresh("picked");
          some.bind(true, v, s);
          out.go(pr.next(), assign(some, pr.result(), new TlaExpr.Name(v), pr, out));
        });
        return;
      }
      case "list_add":
      case "list_add_tail": {
        Path fine = entry(ok, pr.call().args().get(1), args.get(1), true, pr, out);
        // CONFIG_DEBUG_LIST: "list_add double add" for an entry already on the list.
        TlaExpr on = new TlaExpr.Infix(BinOp.IN, args.get(1), new TlaExpr.Apply("Elems", List.of(args.get(0))));
        Path twice = fine.copy();
        twice.guard(on);
        ctx.faults.fault(twice, "list_double_add", pr, args.get(1), out);
        fine.guard(new TlaExpr.Prefix(UnOp.NOT, on));
        TlaExpr one = new TlaExpr.Tuple(List.of(args.get(1)));
        TlaExpr v = fn.equals("list_add") ? new TlaExpr.Infix(BinOp.CONCAT, one, args.get(0))
            : new TlaExpr.Apply("Append", List.of(args.get(0), args.get(1)));
        out.go(pr.next(), assign(fine, coll, v, pr, out));
        return;
      }
      case "list_del": {
        Path fine = entry(ok, pr.call().args().get(1), args.get(1), false, pr, out);
        // CONFIG_DEBUG_LIST: "list_del corruption" for an entry that is not on the list.
        TlaExpr on = new TlaExpr.Infix(BinOp.IN, args.get(1), new TlaExpr.Apply("Elems", List.of(args.get(0))));
        Path absent = fine.copy();
        absent.guard(new TlaExpr.Prefix(UnOp.NOT, on));
        ctx.faults.fault(absent, "list_del_absent", pr, args.get(1), out);
        fine.guard(on);
        TlaExpr v = new TlaExpr.Apply("ListDel", List.of(args.get(0), args.get(1)));
        out.go(pr.next(), assign(fine, coll, v, pr, out));
        return;
      }
      case "assert": {
        Path bad = ok.copy();
        bad.guard(new TlaExpr.Prefix(UnOp.NOT, args.get(0)));
        ctx.faults.fault(bad, "assertion", pr, null, out);
        ok.guard(args.get(0));
        out.go(pr.next(), ok);
        return;
      }
      default:
        throw new IllegalStateException(fn);
    }
  }

  private Path assign(Path p, Expr target, TlaExpr value, Instr in, PathSink out) {
    return ctx.targets.assign(p, target, value, in, out);
  }

  private int capacityOf(Expr queue) {
    Member m = null;
    if (queue instanceof Expr.Name n && ctx.program.names.get(n) instanceof Symbol.GlobalSym g) {
      m = g.member;
    } else if (queue instanceof Expr.Field f) {
      Type t = ctx.checked.typeOf(f.obj());
      if (t instanceof Type.Obj o && o.struct() != null) {
        m = o.struct().fields().get(f.field().text()).member;
      }
    }
    if (m instanceof Member.QueueOf q) {
      Object v = new ConstEval(ctx.program).eval(q.capacity());
      return v instanceof Long l ? (int) (long) l : 1;
    }
    return 1;
  }
}

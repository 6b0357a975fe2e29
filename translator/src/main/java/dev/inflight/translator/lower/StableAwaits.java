package dev.inflight.translator.lower;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The `await`s whose condition no thread can make false once it holds (docs/semantics.md,
 * "Stable waits"). Such a wait is a right mover: passing it changes nothing another thread can
 * see, and no other thread's step can disable it afterwards, so the step that passes it may go
 * on into the thread's next shared instruction (lower/Labels).
 *
 * <p>The decision is syntactic and conservative. A condition is stable when it is a conjunction
 * (`&&`) of atoms each of which is stable:
 *
 * <ul>
 *   <li>an atom that reads no shared state (only the waiting thread's own locals, literals and
 *       constants), which no other thread can change;
 *   <li>{@code G}, {@code !G} or {@code G op k} for a global G of type bool, int or pointer and a
 *       literal or constant k ({@code op} a comparison, either side), such that every write to G
 *       anywhere in the model's threads (the init block runs before them and does not count)
 *       keeps the atom true: a literal or constant for which the atom holds; for {@code G != null},
 *       an `alloc` or a local that is an allocated object on every path to the write
 *       ({@link NonNullLocals}); for {@code G > k} and {@code G >= k}, {@code G + d} with a
 *       literal d ≥ 0.
 * </ul>
 *
 * Any other write to G (a value read from elsewhere, a `pick` into it) makes its atoms
 * unstable. Writes are counted in every thread kind, the waiting one included. A daemon's waits
 * are never stable: `all_done()` tells a daemon at rest from one that has passed a wait.
 */
final class StableAwaits {
  private final Program program;
  /** Every write to a global, by the global: its value, or null when it is unknown. */
  private final Map<Symbol.GlobalSym, List<Written>> writes = new HashMap<>();

  /** What a write stores: a literal value, an allocated object, {@code G + d}, or something else. */
  private record Written(Object literal, boolean nonNull, Long plus) {
    static final Written UNKNOWN = new Written(null, false, null);
  }

  /** The marker of a null literal among written values. */
  private static final Object NULL = new Object();

  private StableAwaits(Program program) {
    this.program = program;
  }

  /** The stable `await` instructions of {@code cfgs} (all of the model's thread kinds), by identity. */
  static Set<Instr> of(Program program, List<Cfg> cfgs) {
    StableAwaits s = new StableAwaits(program);
    for (Cfg cfg : cfgs) {
      s.collect(cfg);
    }
    Set<Instr> out = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Cfg cfg : cfgs) {
      // A daemon at rest (before a wait at the head of its loop) counts as finished for
      // all_done(), and past the wait it does not: its waits stay steps of their own.
      if (cfg.thread().isDaemon()) {
        continue;
      }
      for (Instr in : cfg.nodes()) {
        if (in instanceof Instr.Await a && a.atomic() < 0 && s.stable(a.cond())) {
          out.add(a);
        }
      }
    }
    return out;
  }

  private void collect(Cfg cfg) {
    NonNullLocals nonNull = NonNullLocals.of(program, cfg);
    Assignments assignments = new Assignments(program);
    for (int id = 0; id < cfg.nodes().size(); id++) {
      for (Assignments.Write w : assignments.of(cfg.node(id))) {
        if (w.target() instanceof Symbol.GlobalSym g) {
          write(g, w.allocated() ? new Written(null, true, null)
              : w.value() == null ? Written.UNKNOWN : value(g, w.value(), nonNull.at(id)));
        }
      }
    }
  }

  private void write(Symbol.GlobalSym g, Written w) {
    writes.computeIfAbsent(g, k -> new ArrayList<>()).add(w);
  }

  private Symbol.GlobalSym global(Expr e) {
    return e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.GlobalSym g ? g : null;
  }

  /** What {@code g = value} stores, given the locals that hold an allocated object there. */
  private Written value(Symbol.GlobalSym g, Expr value, Set<Symbol.LocalSym> nonNull) {
    Object lit = literal(value);
    if (lit != null) {
      return new Written(lit, false, null);
    }
    if (value instanceof Expr.Name n && program.names.get(n) instanceof Symbol.LocalSym l && nonNull.contains(l)) {
      return new Written(null, true, null);
    }
    if (value instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD && global(b.left()) == g
        && literal(b.right()) instanceof Long d && d >= 0) {
      return new Written(null, false, d);
    }
    return Written.UNKNOWN;
  }

  /** A literal's or constant's value (Long, Boolean, or {@link #NULL}), else null. */
  private Object literal(Expr e) {
    if (e instanceof Expr.IntLit i) {
      return i.value();
    }
    if (e instanceof Expr.BoolLit b) {
      return b.value();
    }
    if (e instanceof Expr.NullLit) {
      return NULL;
    }
    if (e instanceof Expr.Name n && program.names.get(n) instanceof Symbol.ConstSym c) {
      return c.value;
    }
    return null;
  }

  private boolean stable(Expr cond) {
    if (cond instanceof Expr.Binary b && b.op() == Expr.BinOp.AND) {
      return stable(b.left()) && stable(b.right());
    }
    if (!dev.inflight.translator.check.SharedReads.expr(program, cond)) {
      return true;
    }
    if (global(cond) != null && global(cond).type instanceof Type.Bool) {
      return holdsAfterEveryWrite(global(cond), Expr.BinOp.EQ, Boolean.TRUE);
    }
    if (cond instanceof Expr.Unary u && u.op() == Expr.UnOp.NOT && global(u.operand()) != null
        && global(u.operand()).type instanceof Type.Bool) {
      return holdsAfterEveryWrite(global(u.operand()), Expr.BinOp.EQ, Boolean.FALSE);
    }
    if (cond instanceof Expr.Binary b && comparison(b.op())) {
      if (scalar(global(b.left())) && literal(b.right()) != null) {
        return holdsAfterEveryWrite(global(b.left()), b.op(), literal(b.right()));
      }
      if (scalar(global(b.right())) && literal(b.left()) != null) {
        return holdsAfterEveryWrite(global(b.right()), flip(b.op()), literal(b.left()));
      }
    }
    return false;
  }

  private static boolean scalar(Symbol.GlobalSym g) {
    return g != null && (g.type instanceof Type.Bool || g.type instanceof Type.Int || g.type instanceof Type.Obj);
  }

  private static boolean comparison(Expr.BinOp op) {
    return switch (op) {
      case LT, LE, GT, GE, EQ, NE -> true;
      default -> false;
    };
  }

  /** {@code k op G} as {@code G op' k}. */
  private static Expr.BinOp flip(Expr.BinOp op) {
    return switch (op) {
      case LT -> Expr.BinOp.GT;
      case LE -> Expr.BinOp.GE;
      case GT -> Expr.BinOp.LT;
      case GE -> Expr.BinOp.LE;
      default -> op;
    };
  }

  /** Whether {@code G op k} holds after every write to G, given that it held before. */
  private boolean holdsAfterEveryWrite(Symbol.GlobalSym g, Expr.BinOp op, Object k) {
    for (Written w : writes.getOrDefault(g, List.of())) {
      boolean keeps;
      if (w.literal() != null) {
        keeps = holds(w.literal(), op, k);
      } else if (w.nonNull()) {
        keeps = op == Expr.BinOp.NE && k == NULL;
      } else if (w.plus() != null) {
        keeps = (op == Expr.BinOp.GT || op == Expr.BinOp.GE) && k instanceof Long;
      } else {
        keeps = false;
      }
      if (!keeps) {
        return false;
      }
    }
    return true;
  }

  /** {@code v op k} on literal values; false when they are not comparable. */
  private static boolean holds(Object v, Expr.BinOp op, Object k) {
    if (v instanceof Long a && k instanceof Long b) {
      return switch (op) {
        case LT -> a < b;
        case LE -> a <= b;
        case GT -> a > b;
        case GE -> a >= b;
        case EQ -> a.equals(b);
        case NE -> !a.equals(b);
        default -> false;
      };
    }
    boolean same = v.equals(k);
    if ((v instanceof Boolean && k instanceof Boolean) || (v == NULL && k == NULL)) {
      return op == Expr.BinOp.EQ ? same : op == Expr.BinOp.NE && !same;
    }
    return false;
  }
}

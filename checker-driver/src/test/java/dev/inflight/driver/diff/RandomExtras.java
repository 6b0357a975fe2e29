package dev.inflight.driver.diff;

import java.util.Random;

/**
 * What a share of the differential test's models draw besides {@link RandomModels}' statements,
 * so that every built-in with an encoding of its own meets the reference translation: a queue
 * (`push` into a bounded one, `pop`), a list's head (`list_add`, `head`, `count`), a `mutex`
 * (taking it inside an RCU read-side section is an rcu_discipline fault), a `while` with a
 * `bound` over shared state, `rcu_pick` inside and outside a read-side section, `rcu_barrier`, a
 * pointer field (`nx`, set, read and dereferenced), the set operators and `refs`, an `unfair`
 * thread kind, `no_leak`, and invariants, `all_done()` among them. Which models draw them is
 * decided from the model's name (RandomModels#build), so the others stay the models they were.
 */
final class RandomExtras {
  private final Random rnd;
  private final RandomModels m;
  /** Whether the model uses the queue `qq`, the mutex `mx`, the field `nx` (and so declares them). */
  private boolean queue;
  private boolean mutex;
  private boolean next;

  RandomExtras(Random rnd, RandomModels m) {
    this.rnd = rnd;
    this.m = m;
  }

  /** A statement (one of a fifth of those the model draws). */
  String stmt(boolean inAtomic, boolean inRcu, boolean inLoop) {
    String a = m.obj();
    switch (rnd.nextInt(11)) {
      case 0:
        queue = true;
        return m.guarded(a, "push(qq, " + a + ")");
      case 1:
        queue = true;
        return a + " = pop(qq)\n";
      case 2:
        // now and then an add the list may already hold: a list_discipline fault
        return m.guarded(a, rnd.nextInt(3) == 0 ? "list_add(q, " + a + ")" : "if " + a + " not in q { list_add(q, " + a + ") }");
      case 3:
        return a + " = head(q)\n";
      case 4:
        if (inAtomic) {
          return "g = (g + 1) % 3\n";
        }
        mutex = true; // inside a read-side section, an rcu_discipline fault
        return "lock mx\n" + m.block(1 + rnd.nextInt(2), 0, false, inRcu, inLoop) + "unlock mx\n";
      case 5: {
        if (inAtomic || inLoop) {
          return "h = (h + 2) % 3\n";
        }
        // a loop over shared state with a bound: a third round is a model bound exceeded fault
        String c = switch (rnd.nextInt(3)) {
          case 0 -> "g != 2";
          case 1 -> "h != 1";
          default -> "count(s) < 2";
        };
        return "while " + c + " bound 2 {\n" + m.indent(m.block(1, 0, false, inRcu, true)) + "}\n";
      }
      case 6: {
        String pick = a + " = rcu_pick(s)\n" + m.guarded(a, rnd.nextBoolean() ? "touch " + a : "g = " + a + ".v");
        return inRcu || inAtomic || rnd.nextInt(4) == 0 ? pick : "rcu_read_lock()\n" + pick + "rcu_read_unlock()\n";
      }
      case 7:
        return inAtomic ? "g = 0\n" : "rcu_barrier()\n"; // inside a read-side section, an rcu_discipline fault
      case 8:
        next = true;
        return m.guarded(a, a + ".nx = " + (rnd.nextBoolean() ? "p" : a));
      case 9: {
        next = true;
        String b = a.equals("a") ? "b" : "a";
        m.locals().add(b);
        return m.guarded(a, b + " = " + a + ".nx");
      }
      default:
        next = true;
        return m.guarded(a, "if " + a + ".nx != null { touch " + a + ".nx }");
    }
  }

  /** A condition (one of a tenth of those the model draws). */
  String cond() {
    return switch (rnd.nextInt(7)) {
      case 0 -> "count(s minus {p}) == 0";
      case 1 -> "p in (s union {" + m.obj() + "})";
      case 2 -> "count(s inter live(obj)) == count(s)";
      case 3 -> "count(q) == 1";
      case 4 -> "head(q) == p";
      case 5 -> {
        queue = true;
        yield "list_empty(qq)";
      }
      default -> {
        String a = m.obj();
        yield a + " != null && refs(" + a + ".rc) == 1";
      }
    };
  }

  /** The global declarations the statements drawn need. */
  String globals() {
    return (queue ? "queue qq of obj max 2\n" : "") + (mutex ? "mutex mx\n" : "");
  }

  /** The members `obj` gets. */
  String members() {
    return next ? "  nx: obj\n" : "";
  }

  /**
   * The model's last declarations: an `unfair` thread kind (a quarter), `check no_leak` (a
   * quarter), an invariant (a half).
   */
  String properties() {
    StringBuilder b = new StringBuilder();
    if (rnd.nextInt(4) == 0) {
      b.append("unfair th1\n");
    }
    if (rnd.nextInt(4) == 0) {
      b.append("check no_leak\n"); // at the end of every thread, no object of obj live
    }
    if (rnd.nextBoolean()) {
      b.append("invariant iv: ").append(switch (rnd.nextInt(6)) {
        case 0 -> "g != 2 || h != 2";
        case 1 -> "all_done() => count(live(obj)) == 0";
        case 2 -> "p == null || p.v != 2";
        case 3 -> "count(s) <= 1";
        case 4 -> "all_done() => g == h";
        default -> "forall o in live(obj) : o.rc >= 1";
      }).append('\n');
    }
    return b.toString();
  }
}

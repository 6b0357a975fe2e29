package dev.inflight.driver.diff;

import java.util.Random;

/**
 * The parts of a random model ({@link RandomModels}) whose shape is fixed up to a few choices:
 * the `init` block, the daemon, and the bodies of the RCU callback, the release function and the
 * work item's function. Each is drawn from the model's {@link Random}, in the order the model
 * draws them.
 */
final class RandomDecls {
  private final Random rnd;

  RandomDecls(Random rnd) {
    this.rnd = rnd;
  }

  /**
   * An `init` block (a quarter of the models): objects allocated and published, a choice or a
   * branch, a walk over the set; only statements init may run, so both translations start from
   * the same initial states, several of them when it chooses.
   */
  String initBlock() {
    StringBuilder b = new StringBuilder("init {\n  i0 = alloc obj\n");
    int n = 2 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      b.append(switch (rnd.nextInt(10)) {
        case 0 -> "  p = i0\n";
        case 1 -> "  add(s, i0)\n";
        case 2 -> "  list_add_tail(q, i0)\n";
        case 3 -> "  either {\n    g = 1\n  } or {\n    h = 1\n  }\n";
        case 4 -> "  if g == 1 {\n    h = 2\n  } else {\n    g = 2\n  }\n";
        case 5 -> "  get i0.rc\n";
        case 6 -> "  i0.v = " + (1 + rnd.nextInt(2)) + "\n";
        case 7 -> "  for z in s {\n    z.v = (z.v + 1) % 3\n  }\n";
        case 8 -> "  i1 = pick(s)\n  if i1 != null {\n    p = i1\n  }\n";
        default -> "  g = " + rnd.nextInt(3) + "\n";
      });
    }
    return b.append("}\n").toString();
  }

  String daemon() {
    String stmt = switch (rnd.nextInt(5)) {
      case 0 -> "    g = (g + 1) % 3\n";
      case 1 -> "    await h == 1\n    h = 0\n";
      case 2 -> "    h = 1 - h\n";
      // a loop that opens inside a function, with a local (the reference translation's daemon
      // starts there, its frame live)
      case 3 -> "    tick()\n";
      default -> "    lock l\n    g = (g + 2) % 3\n    unlock l\n";
    };
    String fn = stmt.contains("tick()") ? "fn tick() {\n  t = g\n  if t != 1 {\n    g = (t + 1) % 3\n  }\n}\n" : "";
    return fn + "daemon thread dm {\n  loop {\n" + stmt + "  }\n}\n";
  }

  String callbackBody() {
    return switch (rnd.nextInt(4)) {
      case 0 -> "  put o.rc\n";
      case 1 -> "  t = g\n  g = (t + 1) % 3\n";
      case 2 -> "  touch o\n  put o.rc\n";
      default -> "  o.v = 1\n";
    };
  }

  /** `obj`'s release function: it frees the object, mostly after unpublishing it, now and then not at all (a leak). */
  String releaseFn() {
    String body = switch (rnd.nextInt(6)) {
      case 0 -> "  free o\n";
      case 1 -> "  if o in s {\n    remove(s, o)\n  }\n  free o\n";
      case 2 -> "  g = (g + 1) % 3\n  free o\n";
      case 3 -> "  lock l\n  if p == o {\n    p = null\n  }\n  unlock l\n  free o\n";
      case 4 -> "  touch o\n";
      default -> "  atomic {\n    if o in q {\n      list_del(q, o)\n    }\n    free o\n  }\n";
    };
    return "fn obj_release(o: obj) {\n" + body + "}\n";
  }

  /** The work item's function: a shared update, a critical section, or a use of the published object. */
  String workBody() {
    return switch (rnd.nextInt(4)) {
      case 0 -> "g = (g + 1) % 3\n";
      case 1 -> "lock l\nh = 1 - h\nunlock l\n";
      case 2 -> "c = p\nif c != null {\n  touch c\n}\n";
      default -> "if g == 1 {\n  h = 2\n}\n";
    };
  }
}

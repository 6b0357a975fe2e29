package dev.inflight.driver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Regression tests of the differential test: models on which the merged and the reference
 * translations once disagreed (or that a merging rule exists for), each with the verdict both
 * translations must give. All of them are checked in one union run.
 */
class DisagreementsTest {

  /** A model, the checks it violates (TLA+ operator names, `deadlock`), and whether no_hang fails. */
  record Case(String why, String model, Set<String> violated, boolean hangs) {}

  static final List<Case> CASES = List.of(
      new Case("lock releases: a spinner that takes the lock each time round may starve a thread waiting for it under weak "
          + "fairness; were a whole critical section one step, the waiter would be enabled in every state and fairness would "
          + "force it on (docs/semantics.md, \"Lock releases\")", """
          model starve_waiter
          var g = 0
          var h = 0
          lock l
          thread spinner {
            while g == 0 {
              lock l
              h = 1 - h
              unlock l
            }
          }
          thread setter {
            lock l
            g = 1
            unlock l
          }
          """, Set.of(), true),
      new Case("lock releases: the same with an empty critical section, whose release must not join the lock's step", """
          model starve_waiter_empty
          var g = 0
          lock l
          thread spinner {
            while g == 0 {
              lock l
              unlock l
            }
          }
          thread setter {
            lock l
            g = 1
            unlock l
          }
          """, Set.of(), true),
      new Case("lock releases: an unfair thread may stop for good between its write and its release, holding the lock", """
          model unfair_stops_holding
          var g = 0
          lock l
          thread t {
            lock l
            g = 1
            unlock l
          }
          thread u {
            if g == 1 {
              lock l
              unlock l
            }
          }
          unfair t
          """, Set.of(), true),
      new Case("found by the differential test: in the reference translation a daemon waiting for work rests at its loop's "
          + "first instruction, not at the (empty) loop head, or a finished run is a deadlock", """
          model rest_at_loop_body
          struct obj bound 1 { ref rc = 1 }
          var p: obj = null
          fn cb(o: obj) {
            put o.rc
          }
          thread th0 {
            atomic { b = p }
            if b != null { call_rcu(b, cb) }
          }
          """, Set.of(), false),
      new Case("found by `bench/run --reference` on examples/packet: in the reference translation a daemon whose loop "
          + "opens inside a function starts there, so it starts with the function's frame live, not NULL (TLC could not "
          + "write the frame's locals: an internal error)", """
          model starts_inside_fn
          var g = 0
          fn tick() {
            t = g
            g = (t + 1) % 3
          }
          daemon thread dm {
            loop {
              tick()
            }
          }
          thread th {
            g = 2
          }
          """, Set.of(), false),
      new Case("issue 10: a choice merged into the wait after it hid the deadlock", """
          model either_then_await
          var flag = 0
          thread a {
            either { x = 1 } or { x = 2 }
            await flag == x
          }
          thread b { flag = 2 }
          """, Set.of("deadlock"), true),
      new Case("issue 10: a choice before a lock, in a loop", """
          model choice_in_loop_then_lock
          lock l1
          lock l2
          var g = 0
          thread a {
            i = 0
            while i < 2 {
              either { lock l1 unlock l1 } or { lock l2 unlock l2 }
              i = i + 1
            }
            g = 1
          }
          thread b {
            lock l2
            await g == 1
            unlock l2
          }
          """, Set.of("deadlock"), true),
      new Case("issue 10: `for` over a set visits it in every order", """
          model for_fixed_order
          struct obj { v = 0 }
          set s of obj
          var A: obj = null
          var seen_a = false
          thread t {
            atomic { a = alloc obj  b = alloc obj  A = a  add(s, b)  add(s, a) }
            for x in s { if x == A { seen_a = true } else { assert(seen_a) } }
          }
          """, Set.of("Assertions"), false),
      new Case("issue 10: two invocations of one RCU callback overlap and lose an update", """
          model callbacks_overlap
          struct item { v = 0 }
          var n = 0
          fn count_it(it: item) {
            t = n
            n = t + 1
          }
          thread w[2] {
            it = alloc item
            call_rcu(it, count_it)
          }
          invariant both_counted: all_done() => n == 2
          """, Set.of("both_counted"), false),
      new Case("issue 10: a thread blocked forever while a daemon polls is a hang", """
          model hang_behind_daemon
          var flag = false
          var n = 0
          thread victim { await flag }
          daemon thread poll { loop { n = 1 - n } }
          """, Set.of(), true),
      new Case("issue 10: `get` on a count of 0", """
          model get_on_zero
          struct obj { ref rc = 1 }
          thread t {
            o = alloc obj
            put o.rc
            get o.rc
          }
          """, Set.of("NoUseAfterFree"), false),
      new Case("an assert after a shared write is a step of its own: the other thread's fault stays reachable", """
          model assert_after_write
          struct obj { v = 0 }
          var g = 0
          var p: obj = null
          thread t {
            g = 1
            assert(false)
          }
          thread u {
            await g == 1
            touch p
          }
          """, Set.of("Assertions", "NoNullDeref"), false),
      new Case("a division by a local after a shared write is a step of its own, as an assert is: the other thread's "
          + "fault stays reachable", """
          model divide_after_write
          struct obj { v = 0 }
          var g = 0
          var p: obj = null
          thread t {
            n = 0
            g = 1
            x = 5 / n
          }
          thread u {
            await g == 1
            touch p
          }
          """, Set.of("NoDivByZero", "NoNullDeref"), false),
      new Case("the same with a remainder inside an expression function, in a branch condition", """
          model modulus_after_write
          struct obj { v = 0 }
          var g = 0
          var p: obj = null
          fn rem(a, b) { return a % b }
          thread t {
            n = 0
            g = 1
            if rem(5, n) == 1 { n = 2 }
          }
          thread u {
            await g == 1
            touch p
          }
          """, Set.of("NoDivByZero", "NoNullDeref"), false),
      new Case("found by FoldedFormTest's random models: a null added to a set made the quantifier of an expression "
          + "function dereference null and TLC stop with an evaluation error; adding null is now a null dereference", """
          model add_null_then_quantify
          struct obj bound 3 {
            ref rc = 1
            v = 0
          }
          var g = 0
          var p: obj = null
          set s of obj
          fn hot(o) {
            return o.v == g
          }
          thread th0 {
            atomic { a = p }
            add(s, a)
            assert(exists y in s : hot(y))
          }
          """, Set.of("NoNullDeref"), false),
      new Case("found by the differential long run (salt 16): a label at the start of an atomic block that begins with "
          + "local code was pushed down into the block, splitting it, so an RCU callback ran inside it", """
          model atomic_not_split
          struct obj bound 3 {
            ref rc = 1
            v = 0
          }
          var g = 0
          var h = 0
          var p: obj = null
          lock l
          set s of obj
          list q of obj
          fn cb(o: obj) {
            put o.rc
          }
          init {
            i0 = alloc obj
            p = i0
            if g == 1 {
              h = 2
            } else {
              g = 2
            }
          }
          thread th0 {
            atomic { a = p b = p }
            either {
              if a != null { list_add_tail(q, a) }
            } or {
              atomic {
                if a != null { call_rcu(a, cb) }
                if b != null { get b.rc }
                g = 1
              }
            }
            synchronize_rcu()
          }
          thread th1 {
            atomic { a = p b = p }
            rcu_read_lock()
            add(s, a)
            rcu_read_unlock()
            atomic {
              if b != null { add(s, b) }
              if a != null { remove(s, a) }
              h = 1
            }
            h = (h + g) % 3
          }
          """, Set.of(), false),
      // Costs tracked (docs/semantics.md, "Costs: where time may not move"): found by the
      // generator's operations called at a loop head and its `cost` statements.
      new Case("costs: a wait inside an operation starts a step, so the thread waits there and is charged the time of "
          + "the steps it waits for; merged into the step from the thread's first label, it waited uncharged", """
          model wait_in_op_first
          cost { cpus = 1 }
          latency wait_h <= 50
          var h = 0
          var n = 0
          op fn wait_h() {
            await h == 1
          }
          thread a { wait_h() }
          thread b {
            n = 1
            cost 60
            h = 1
          }
          """, Set.of("Latency_wait_h"), false),
      new Case("costs: a `cost` statement of a thread others may wait on is a step of its own; merged after the write "
          + "that woke the waiter, it was charged to the waiter as if it still waited", """
          model charge_after_wake
          cost { cpus = 1  syscall = 100 }
          latency wait_h <= 150
          var h = 0
          var n = 0
          op fn wait_h() {
            cost syscall
            n = 1
            await h == 1
          }
          thread a { wait_h() }
          thread b {
            h = 1
            cost 80
          }
          """, Set.of(), false),
      new Case("costs: an operation's completion is recorded before a wait that never ends, not in the wait's step", """
          model completion_before_wait
          cost { cpus = 1 }
          latency quick <= 50
          var h = 0
          op fn quick() {
            cost 80
          }
          thread a {
            quick()
            await h == 1
          }
          thread b { h = 0 }
          """, Set.of("Latency_quick", "deadlock"), true),
      new Case("costs: a `cost` whose amount reads shared state is a step of its own, reading it when the statement runs",
          """
          model cost_reads_shared
          cost { cpus = 1 }
          latency work <= 100
          var h = 0
          op fn work() {
            h = 0
            cost 60 * h
          }
          thread a { work() }
          thread b { h = 2 }
          """, Set.of("Latency_work"), false),
      new Case("costs: an atomic block that waits, inside an operation, starts a step; the local code before it merged "
          + "into its step, the thread waited at that code's label, uncharged", """
          model atomic_first_wait
          cost { cpus = 1 }
          latency wait_h <= 50
          var h = 0
          var n = 0
          op fn wait_h() {
            m = 2
            atomic {
              await h == 1
              n = m
            }
          }
          thread a { wait_h() }
          thread b {
            n = 1
            cost 60
            h = 1
          }
          """, Set.of("Latency_wait_h"), false),
      new Case("costs: a thread waits inside an atomic block while the block's step cannot move, on the holder of the "
          + "lock it takes or, at an await, on anyone (in both translations it was never charged)", """
          model wait_in_atomic
          cost { cpus = 1 }
          latency take <= 50
          latency wait_h <= 100
          var n = 0
          var h = 0
          lock l
          op fn take() {
            atomic {
              n = 2
              lock l
              n = 3
              unlock l
            }
          }
          op fn wait_h() {
            atomic {
              n = 4
              await h == 1
            }
          }
          thread a { take() }
          thread c { wait_h() }
          thread b {
            lock l
            cost 60
            unlock l
            cost 50
            h = 1
          }
          """, Set.of("Latency_take", "Latency_wait_h"), false));

  @Test
  void mergedAndReferenceGiveTheKnownVerdicts() throws IOException {
    List<UnionCheck.Model> models = new ArrayList<>();
    for (int i = 0; i < CASES.size(); i++) {
      models.add(new UnionCheck.Model(i + "m", DifferentialTest.translate(CASES.get(i).model(), "_m", false)));
      models.add(new UnionCheck.Model(i + "r", DifferentialTest.translate(CASES.get(i).model(), "_r", true)));
    }
    Path dir = Files.createTempDirectory("inflight-diff-");
    Map<String, UnionCheck.Result> results = UnionCheck.runInParts(dir, models);
    for (int i = 0; i < CASES.size(); i++) {
      Case c = CASES.get(i);
      for (String mode : List.of("m", "r")) {
        UnionCheck.Result r = results.get(i + mode);
        assertThat(r.violated()).as("%s (%s): %s", c.why(), mode.equals("m") ? "merged" : "reference", c.model()).isEqualTo(c.violated());
        if (c.violated().isEmpty()) {
          assertThat(r.liveness()).as("no_hang of %s (%s)", c.why(), mode).isEqualTo(c.hangs());
        }
      }
    }
  }
}

package dev.inflight.translator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inflight.translator.diag.DiagnosticRenderer;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.emit.Emitted;
import dev.inflight.translator.parse.SourceLoader;
import dev.inflight.translator.resolve.Library;
import dev.inflight.translator.testing.Sany;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the cost model puts in a module (docs/cost-model.md): nothing unless costs are tracked;
 * then CPU placement, prices as constants, lat/op_end, cache-line owners, blocking, latency
 * invariants. SANY must accept every tracked module.
 */
class CostModelTest {

  static void assertSany(Emitted e) {
    Sany.Result sany = Sany.parseText(e.moduleName(), e.tla());
    assertThat(sany.ok()).as(sany.describe()).isTrue();
  }

  static final String MODEL = """
      model m
      cost {
        cpus = 4
        syscall = 100
        atomic_local = 10
        atomic_remote = 200
        queue_work = 700
        lock_local = 20
        lock_remote = 80
      }
      struct obj bound 1 {
        ref count = 1
      }
      var shared: obj = null
      var gc_pass = 0
      work w: pass
      fn pass() {
        cost syscall * 3
        gc_pass = gc_pass + 1
      }
      fn inner(x: obj) {
        get x.count
        put x.count
      }
      op fn outer(x: obj, n) {
        cost syscall
        inner(x)
      }
      op send fn write(x: obj) {
        queue_work(w)
        flush_work(w)
      }
      op send fn writev(x: obj) {
        lock big
        inner(x)
        unlock big
      }
      lock big
      op fn inner_op(x: obj) {
        get x.count
        put x.count
      }
      op fn wrapper(x: obj) {
        inner_op(x)
      }
      thread a on cpu 2 {
        p = alloc obj
        shared = p
        outer(p, 1)
        write(p)
        writev(p)
        wrapper(p)
      }
      thread b {
        await shared != null
        q = shared
        outer(q, 2)
      }
      """;

  static Emitted translate(String model, Translator.Options options) {
    Diagnostics diags = new Diagnostics();
    SourceFile source = SourceLoader.decode(model.getBytes(StandardCharsets.UTF_8), "t.ifl", diags);
    Translator.Result r = Translator.translate(source, null, options, diags);
    assertThat(r.ok()).as(DiagnosticRenderer.renderAll(r.diagnostics())).isTrue();
    return r.emitted();
  }

  static Translator.Options plain() {
    return new Translator.Options(Map.of(), Library.packaged(), null);
  }

  @Test
  void withoutALatencyBoundOrACostReportThereIsNoCostState() {
    Emitted e = translate(MODEL, plain());

    assertThat(e.tla()).doesNotContainPattern("\\blat\\b").doesNotContain("op_end").doesNotContain("CpuOf")
        .doesNotContain("Cost_").doesNotContain("WaitsFor").doesNotContain("count_cpu");
    assertThat(e.sourceMap().cost()).isNull();
  }

  @Test
  void trackedCostsPlaceThreadsPriceStepsAndRecordCompletions() {
    Emitted e = translate(MODEL, plain().withCosts(null));
    String tla = e.tla();

    // a is placed on CPU 2; b takes the first CPU in declaration order; the worker the next.
    assertThat(tla).contains("CpuOf(t) ==").contains("CASE t = a -> 2").contains("[] t = b -> 0")
        .contains("[] t = w_worker -> 1");
    assertThat(tla).contains("Cost_syscall == 100").contains("Cost_atomic_remote == 200");
    assertThat(tla).containsPattern("VARIABLES [^=]*\\blat\\b[^=]*\\bop_end\\b");
    // a refcount's cache line remembers its CPU; an atomic is local or remote by it
    assertThat(tla).contains("count_cpu |-> CpuOf(self)")
        .contains("\\E x \\in {a_locals[self].inner.x} :", "AtomicCost(obj[x].count_cpu, self)")
        .contains("AtomicCost(c, t) == IF c = CpuOf(t) THEN Cost_atomic_local ELSE Cost_atomic_remote");
    // two functions, one operation; and an operation inside another is part of it
    assertThat(tla).contains("op |-> \"send\"").contains("op |-> \"outer\"").containsPattern("op |-> \"wrapper\"|_paths\\(self, [^\\n]*\"wrapper\"")
        .doesNotContain("op |-> \"inner_op\"").doesNotContain("op |-> \"write\"");
    // a lock last taken on another CPU is contended; one never taken (-1) is not
    assertThat(tla).contains("big_cpu = -1").contains("LockCost(big_cpu, self)")
        .contains("LockCost(c, t) == IF c = CpuOf(t) \\/ c = -1 THEN Cost_lock_local ELSE Cost_lock_remote");
    // queue_work of a pending item is free
    assertThat(tla).contains("IF w_pending THEN 0 ELSE 700");
    // a thread blocked in flush_work inside an operation waits on the worker's steps
    assertThat(tla).contains("WaitsFor(self, waker) ==").contains("waker \\in Thread_w_worker");
    assertThat(e.sourceMap().cost().ops()).containsExactly("outer", "send", "inner_op", "wrapper");
    assertThat(e.sourceMap().cost().cpus()).containsEntry("a", 2).containsEntry("b", 0);
    assertThat(e.cfg()).contains("  a = a\n").contains("  b = b\n");
    assertSany(e);
  }

  @Test
  void onlyTheStepsOfAKindSomeoneCanWaitOnChargeOthers() {
    // the one wait inside an operation is a flush_work: only the worker's steps can be waited on
    Emitted e = translate("""
        model m
        cost {
          cpus = 2
          syscall = 100
          queue_work = 700
        }
        var n = 0
        work w: pass
        fn pass() {
          cost syscall
          n = n + 1
        }
        op fn send() {
          queue_work(w)
          flush_work(w)
        }
        thread a {
          send()
          cost syscall
          n = n + 2
        }
        latency send <= 5000
        """, plain());
    String tla = e.tla();
    assertThat(tla).contains("WaitsFor(self, waker) ==").contains("waker \\in Thread_w_worker");
    for (String action : tla.split("\n(?=\\\\\\* a \\w+ thread at )")) {
      if (action.contains("lat' =")) {
        assertThat(action.contains("lat' = [w2 \\in Threads |->") || action.contains("lat' = [w \\in Threads |->")).as(action)
            .isEqualTo(action.startsWith("\\* a w_worker thread"));
      }
    }
    assertThat(tla).contains("lat' = [lat EXCEPT ![self] =").contains("[lat EXCEPT ![self] = Capped(");
    assertSany(e);
  }

  /** How many of kind {@code kind}'s actions write lat for every thread, and how many for their own only. */
  private static int[] latForms(String tla, String kind) {
    int[] n = new int[2];
    for (String action : tla.split("\n(?=\\\\\\* a \\w+ thread at )")) {
      if (action.startsWith("\\* a " + kind + " thread at ")) {
        n[0] += action.split("lat' = \\[w2? \\\\in Threads", -1).length - 1;
        n[1] += action.split("lat' = \\[lat EXCEPT", -1).length - 1;
      }
    }
    return n;
  }

  @Test
  void onlyAStepThatMayHoldALockSomeoneWaitsForChargesTheWaiter() {
    // a waits inside `writev` for `big`'s holder (and in `write` for the worker): a step of a or
    // b charges a waiter only where its thread may hold `big`, which is inside writev's critical
    // section; the worker's steps always may
    Emitted e = translate(MODEL + "latency send <= 5000\n", plain());
    assertThat(e.tla()).contains("big = waker");
    int[] a = latForms(e.tla(), "a");
    assertThat(a[0]).as("a's steps inside the critical section (inner's get and put)").isEqualTo(2);
    assertThat(a[1]).isPositive();
    assertThat(latForms(e.tla(), "b")[0]).isZero();
    assertThat(latForms(e.tla(), "w_worker")[1]).isZero();
    assertSany(e);

    // the reference translation keeps the rule per thread kind: every step of a and b may charge
    String ref = translate(MODEL + "latency send <= 5000\n", plain().withReference(true)).tla();
    assertThat(latForms(ref, "b")[0]).isPositive();
  }

  @Test
  void aThreadWaitsInsideAnAtomicBlockWhileItsStepCannotMove() {
    // the block waits after its first instruction: the thread is blocked at the block's label
    // while no path of its step can move, on the holder of the global lock it takes; a block
    // that waits in an await (or on an object's lock) waits on anyone
    Emitted e = translate("""
        model m
        cost { cpus = 1 }
        latency take <= 50
        latency wait_h <= 50
        var n = 0
        var h = 0
        lock l
        op fn take() {
          m = 1
          atomic {
            n = 2
            lock l
            n = m
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
          h = 1
          unlock l
        }
        """, plain());
    String tla = e.tla();
    String waits = tla.substring(tla.indexOf("WaitsFor(self, waker) =="), tla.indexOf("\n\n", tla.indexOf("WaitsFor(self, waker) ==")));
    assertThat(waits).containsPattern("self \\\\in Thread_a\\s+/\\\\ pc\\[self\\] = \"L\\w+\"\\s+/\\\\ l # NULL\\s+/\\\\ l = waker")
        .containsPattern("self \\\\in Thread_c\\s+/\\\\ pc\\[self\\] = \"L\\w+\"\\s+/\\\\ h # 1\\s*$");
    // the local `m = 1` before the block is not merged into it: the block starts a step of its own
    assertThat(tla.split("\n(?=\\\\\\* a \\w+ thread at )")).filteredOn(a -> a.startsWith("\\* a a thread") && a.contains(": lock l\n"))
        .singleElement().asString().doesNotContain("m = 1");
    assertThat(tla).contains(": m = 1\n");
    assertSany(e);
  }

  @Test
  void latencyBoundsAreInvariantsOverCompletions() {
    Emitted e = translate(MODEL + "latency outer <= 400\nlatency outer <= 150 when n == 1\n", plain());

    assertThat(e.tla()).contains("Latency_outer_1 == op_end.op = \"outer\" => op_end.ns \\leq 400")
        .contains("Latency_outer_2 ==").contains("op_end.when2 => op_end.ns \\leq 150");
    // A check records only a completion that breaks a bound: the disjunction over the op's bounds.
    assertThat(e.tla()).contains("when2 |-> n = 1")
        // the completion's total, read by each bound's test and by the record, is named once
        .containsPattern("\\\\E (lat_total\\d*) \\\\in \\{lat\\[self\\] \\+(?s:.*?)IF \\1 > 400 \\\\/ \\(n = 1 /\\\\ \\1 > 150\\)")
        .containsPattern("ns \\|-> Capped\\(lat_total\\d*\\)")
        .contains("ELSE NoOpEnd");
    // `send` has no bound: a check never records its completion; a cost run records every one.
    assertThat(e.tla()).doesNotContain("[op |-> \"send\"");
    assertThat(translate(MODEL + "latency outer <= 400\n", plain().withCosts(null)).tla()).contains("[op |-> \"send\"")
        .doesNotContain("ELSE NoOpEnd");
    assertThat(e.cfg()).contains("INVARIANTS\n").contains("  Latency_outer_1\n").contains("  Latency_outer_2\n");
    assertThat(e.sourceMap().properties()).anyMatch(p -> p.name().equals("latency_outer_1") && p.kind().equals("latency"))
        .anyMatch(p -> p.name().equals("latency_outer_2"));
    assertSany(e);
  }

  @Test
  void aCheckOfBoundsStopsRunningTotalsPastTheLargestBound() {
    String bounds = "latency outer <= 400\nlatency send <= 150\n";
    Emitted e = translate(MODEL + bounds, plain());
    String tla = e.tla();

    assertThat(tla).contains("LatCap == 401").containsPattern("Capped\\((\\w+)\\) == IF \\1 < LatCap THEN \\1 ELSE LatCap");
    // every total the module keeps goes through it: a thread's own, its waiters', a completion's
    assertThat(tla).containsPattern("\\\\E (lat_total\\d*) \\\\in \\{lat\\[self\\] \\+(?s:.*?)ns \\|-> Capped\\(\\1\\)")
        .containsPattern("Capped\\(lat\\[w2?\\] \\+")
        .contains("Capped(IF w_pending THEN 0 ELSE 700)");
    assertThat(e.sourceMap().cost().latCap()).isEqualTo(401L);
    assertSany(e);

    // not when totals are samples, nor in the reference translation, nor when a charge may be negative
    assertThat(translate(MODEL + bounds, plain().withCosts(null)).tla()).doesNotContain("LatCap").doesNotContain("Capped(");
    assertThat(translate(MODEL + bounds, plain().withReference(true)).tla()).doesNotContain("LatCap");
    Emitted negative = translate(MODEL.replace("cost syscall * 3", "cost syscall * 3 - gc_pass") + bounds, plain());
    assertThat(negative.tla()).doesNotContain("LatCap").doesNotContain("Capped(");
    assertThat(negative.sourceMap().cost().latCap()).isNull();
    assertThat(translate(MODEL.replace("cost syscall * 3", "cost gc_pass") + bounds, plain()).tla()).doesNotContain("LatCap");
  }

  @Test
  void anExplicitProfileWinsOverTheModelsOwnEntries() {
    Emitted e = translate(MODEL, plain().withCosts("single-cpu"));

    assertThat(e.tla()).contains("CpuOf(t) == 0").contains("Cost_syscall == 100")
        .contains("Cost_atomic_remote == 8");
    assertThat(e.sourceMap().cost().profile()).isEqualTo("specs/profiles/single-cpu.cost");
  }

  @Test
  void aModelSetsALibraryConstsDefault() {
    String model = """
        model m
        include "kernel/af_unix_v6.8.ifl"
        const TRIGGER_GC = 0
        const SANE_USER = 1
        const GC_BACKGROUND_INFLIGHT = 32000
        thread t {
          u = alloc user_struct
          me = task_new(100, u)
        }
        """;
    Emitted e = translate(model, plain());

    assertThat(e.tla()).contains("GC_BACKGROUND_INFLIGHT == 32000").doesNotContain("GC_BACKGROUND_INFLIGHT == 0");
  }
}

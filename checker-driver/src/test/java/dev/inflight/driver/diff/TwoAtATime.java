package dev.inflight.driver.diff;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Dynamic tests over example files whose checks run two at a time (each TLC runs one worker, so
 * one at a time leaves a core of the 2-core machine idle): every check is submitted when the
 * factory runs, and each test waits for its own and fails as it would have.
 */
public final class TwoAtATime {
  private TwoAtATime() {}

  /** A check of one file that may throw (an AssertionError fails its test). */
  public interface Check {
    void run(Path file) throws Exception;
  }

  public static Stream<DynamicTest> tests(List<Path> files, Path root, Check check) {
    ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "form-test");
      t.setDaemon(true);
      return t;
    });
    Map<Path, Future<?>> runs = new LinkedHashMap<>();
    for (Path f : files) {
      runs.put(f, pool.submit(() -> {
        check.run(f);
        return null;
      }));
    }
    pool.shutdown();
    return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), () -> {
      try {
        runs.get(f).get();
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Error err) {
          throw err;
        }
        throw e.getCause() instanceof Exception x ? x : e;
      }
    }));
  }
}

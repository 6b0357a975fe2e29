package dev.inflight.driver.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** The models a command line names: directories searched for `*.ifl`, and `--shard I/N` of them. */
final class ModelFiles {
  private ModelFiles() {}

  /** The files to check: directories replaced by the .ifl files under them, in path order. */
  static List<Path> expand(List<Path> files, Function<String, RuntimeException> usage) {
    List<Path> out = new ArrayList<>();
    for (Path f : files) {
      if (Files.isDirectory(f)) {
        try (Stream<Path> s = Files.walk(f)) {
          List<Path> found = s.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".ifl"))
              .sorted().toList();
          if (found.isEmpty()) {
            throw usage.apply("no .ifl models under `" + f + "`");
          }
          out.addAll(found);
        } catch (IOException e) {
          throw usage.apply("cannot read the directory `" + f + "`: " + OutputTargets.reason(e));
        }
      } else {
        out.add(f);
      }
    }
    return out;
  }

  /** A shard `I/N` (1 ≤ I ≤ N): {@code [I, N]}; a usage error otherwise. */
  static int[] shard(String spec, Function<String, RuntimeException> usage) {
    String[] parts = spec.split("/", -1);
    try {
      if (parts.length == 2) {
        int i = Integer.parseInt(parts[0].strip());
        int n = Integer.parseInt(parts[1].strip());
        if (n >= 1 && i >= 1 && i <= n) {
          return new int[] {i, n};
        }
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw usage.apply("--shard takes I/N with 1 <= I <= N, like --shard 2/4, not `" + spec + "`");
  }

  /**
   * Shard I of N: every N-th model starting with the I-th, in path order. The same command line
   * on every CI job gives disjoint shards that together are all the models.
   */
  static List<Path> shardOf(List<Path> models, int i, int n) {
    List<Path> out = new ArrayList<>();
    for (int k = i - 1; k < models.size(); k += n) {
      out.add(models.get(k));
    }
    return out;
  }
}

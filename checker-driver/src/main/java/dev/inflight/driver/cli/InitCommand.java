package dev.inflight.driver.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `inflight init NAME`: a commented starter model that checks clean. */
@Command(name = "init", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Write NAME.ifl, a commented starter model (two threads handing over a refcounted object) that holds.")
final class InitCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The model's name (letters, digits, _), or a path ending in NAME.ifl.")
  String name;

  @Option(names = "--force", description = "Overwrite an existing file.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    Path file = Path.of(name.endsWith(".ifl") ? name : name + ".ifl");
    String model = file.getFileName().toString().replaceFirst("\\.ifl$", "");
    if (!model.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "`" + model + "` is not a model name: use letters, digits and _, starting with a letter or _");
    }
    if (Files.exists(file) && !force) {
      throw new CommandLine.ParameterException(spec.commandLine(), "`" + file + "` already exists (--force overwrites it)");
    }
    if (file.toAbsolutePath().getParent() != null) {
      Files.createDirectories(file.toAbsolutePath().getParent());
    }
    Files.writeString(file, starter(model), StandardCharsets.UTF_8);
    var out = spec.commandLine().getOut();
    out.println("wrote " + file);
    out.println("next: inflight check " + file);
    out.flush();
    return ExitCodes.HOLDS;
  }

  static String starter(String model) {
    return """
        // %1$s: a starter Inflight model. Check it with
        //
        //   inflight check %1$s.ifl
        //
        // It holds as written. Delete the `get` in `producer` and check again to see a
        // use-after-free told step by step; `--set CONSUMERS=2` checks two consumers.
        // The language is described in the README and docs/semantics.md; examples/ has
        // more models.
        model %1$s

        // A bound you can change from the command line: --set CONSUMERS=2
        const CONSUMERS = 1

        // An object kind. Every instance has a lifetime: allocated, live, freed. A `ref`
        // field is a reference count: `put` to 0 frees the object.
        struct sock {
          ref refcnt = 1          // the reference `alloc` hands to its caller
          state = 0               // a plain field
        }

        // A global: where the producer publishes the object.
        var shared: sock = null

        // A thread. Each statement is one atomic step; other threads can run in between.
        thread producer {
          sk = alloc sock         // locals are declared by their first assignment
          sk.state = 1
          i = 0
          while i < CONSUMERS {   // one reference per consumer, taken before publishing
            get sk.refcnt
            i = i + 1
          }
          shared = sk
          put sk.refcnt           // drop the producer's own reference
        }

        // CONSUMERS symmetric copies: consumer[1], consumer[2], ...
        thread consumer[CONSUMERS] {
          await shared != null    // blocks until the object is published
          sk = shared
          touch sk                // a read of *sk: a use-after-free if it was freed
          put sk.refcnt           // drop the reference the producer took for us
        }

        // Built-in checks (no use-after-free, double free, refcount underflow, null
        // dereference, lock discipline, assertions, deadlock) are always on.
        check no_leak             // and: every object is freed once all threads are done

        // Your own properties: an invariant holds in every state; `eventually` must end up true.
        invariant refcount_sane: forall s in live(sock) : s.refcnt >= 1
        eventually all_freed: count(live(sock)) == 0
        """.formatted(model);
  }
}

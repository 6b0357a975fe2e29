package dev.inflight.driver.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * TLC's own floor for "distinct states per second": raw TLC ({@link RawTlc}, measured exactly as
 * the bench table's column) on the hand-written baseline PacketRfc.tla of ../shared/baselines with
 * 1 to 5 readers. A module of a few small variables, written by hand: what it reaches at a given
 * number of states bounds what any generated module of that many states can reach by this
 * measure, since the count starts before TLC's first state and ends with its exit.
 */
final class Floor {
  private Floor() {}

  /** {@code args[0]}: the baselines directory. */
  public static void main(String[] args) throws IOException {
    Path baselines = Path.of(args.length > 0 ? args[0] : "../shared/baselines");
    Path tla = baselines.resolve("PacketRfc.tla");
    Path cfg = baselines.resolve("PacketRfc.cfg");
    if (!Files.isRegularFile(tla) || !Files.isRegularFile(cfg)) {
      System.err.println("bench/run --floor: no PacketRfc.tla and .cfg in " + baselines);
      System.exit(2);
    }
    String config = Files.readString(cfg);
    if (!config.matches("(?s).*Readers = \\{[^}]*\\}.*")) {
      System.err.println("bench/run --floor: " + cfg + " sets no `Readers = {...}`");
      System.exit(2);
    }
    System.out.println("| PacketRfc.tla (hand-written), readers | distinct states | exploration (s) | distinct states/s |");
    System.out.println("|---:|---:|---:|---:|");
    Path work = Files.createTempDirectory("inflight-bench-floor-");
    try {
      for (int readers = 1; readers <= 5; readers++) {
        StringJoiner set = new StringJoiner(", ", "Readers = {", "}");
        for (int r = 1; r <= readers; r++) {
          set.add("r" + r);
        }
        Path dir = work.resolve("r" + readers);
        Files.createDirectories(dir);
        Files.copy(tla, dir.resolve("PacketRfc.tla"));
        Files.writeString(dir.resolve("PacketRfc.cfg"), config.replaceFirst("Readers = \\{[^}]*\\}", set.toString()));
        RawTlc.Run run = RawTlc.runModule(dir, "PacketRfc", "PacketRfc.cfg");
        System.out.printf(Locale.ROOT, "| %d | %,d | %.2f | %,.0f |%n", readers, run.distinct(), run.exploreSeconds(), run.statesPerSecond());
      }
    } finally {
      RawTlc.delete(work);
    }
  }
}

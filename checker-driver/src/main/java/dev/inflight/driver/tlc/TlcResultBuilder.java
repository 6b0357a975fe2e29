package dev.inflight.driver.tlc;

import static dev.inflight.driver.tlc.TlcCodes.*;

import dev.inflight.driver.tlc.TlcOutcome.IncompleteReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Consumes {@link TlcEvent}s of one run and builds its {@link TlcResult}.
 *
 * <p>The first verdict TLC reports wins (with {@code -continue} later violations are counted as
 * messages only and their traces ignored). At {@link #build}: a run that was timed out or killed
 * (also: exit code 130, 137 or 143) before TLC printed its final 2186 message is
 * {@link TlcOutcome.Incomplete}, whatever it printed before; out-of-memory text
 * anywhere makes it {@code Incomplete(OUT_OF_MEMORY)}, TLC's stack overflow (1005, or 1000 naming
 * StackOverflowError) without an earlier verdict {@code Incomplete(STACK_OVERFLOW)}; success with states left on the queue is
 * {@code Incomplete(LEFT_ON_QUEUE)}; a run without any verdict is classified by its exit code.
 * Feed events from one thread, then call {@link #build} (after that thread has finished).
 */
public final class TlcResultBuilder implements Consumer<TlcEvent> {

    private static final Pattern INVARIANT = Pattern.compile("^Invariant (\\S+) is violated");
    private static final Pattern ACTION_PROPERTY = Pattern.compile("^Action property (\\S+) is violated");
    private static final Pattern STATS = Pattern.compile(
            "(-?[\\d,]+) states generated, (-?[\\d,]+) distinct states found, (-?[\\d,]+) states left on queue");
    private static final Pattern DEPTH = Pattern.compile("depth of the complete state graph search is (\\d+)");
    private static final Pattern INIT = Pattern.compile(
            "Finished computing initial states: ([\\d,]+) (?:distinct )?states? generated"
                    + "(?:, with ([\\d,]+) of them distinct)?");
    private static final Pattern FINISHED_MS = Pattern.compile("^Finished in (\\d+)ms");
    private static final Pattern FINISHED_HUMAN = Pattern.compile("^Finished in ((?:\\d+(?:d|h|min|s) ?)+) at");
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+)(d|h|min|s)");
    private static final Pattern NESTED_LOCATION = Pattern.compile(
            "^\\s*\\d+\\. Line (\\d+), column (\\d+) to line (\\d+), column (\\d+) in (\\S+)");
    private static final Pattern FP_LOCATION = Pattern.compile(
            "^\\s*\\d+\\) line (\\d+), col (\\d+) to line (\\d+), col (\\d+) of module (\\S+)");

    private static final List<String> OOM_TEXT = List.of("OutOfMemoryError", "Java heap space",
            "GC overhead limit exceeded", "Java ran out of memory", "Out Of Memory",
            "Requested array size exceeds VM limit");
    private static final String GENERAL_PREAMBLE_1 = "TLC threw an unexpected exception.";
    private static final String GENERAL_PREAMBLE_2 = "This was probably caused by an error in the spec or model.";
    private static final String GENERAL_PREAMBLE_3 = "See the User Output or TLC Console for clues to what happened.";

    /** Codes (class 1) that mean TLC could not evaluate something in the spec. */
    private static final Set<Integer> EVALUATION_CODES = Set.of(TLC_INITIAL_STATE,
            TLC_ASSUMPTION_EVALUATION_ERROR, TLC_STATE_NOT_COMPLETELY_SPECIFIED_INITIAL,
            TLC_STATE_NOT_COMPLETELY_SPECIFIED_NEXT, TLC_INVARIANT_EVALUATION_FAILED,
            TLC_ACTION_PROPERTY_EVALUATION_FAILED, TLC_STATES_AND_NO_NEXT_ACTION, TLC_NO_STATES_SATISFYING_INIT,
            2141, 2142, 2143, 2144, 2145, 2146, 2154, 2155, 2157, 2158, 2164, 2165, 2169, 2170, 2176, 2177, 2178,
            2179, 2180, 2181, 2182, 2183, 2184, 2215, 2246, 2247, 2248, 2250, 2251, 2252, 2253, 2260, 2261,
            TLC_INTEGER_TOO_BIG, 2266, 2283);

    private final List<TlcMessage> messages = new ArrayList<>();
    private final List<TlcMessage> warnings = new ArrayList<>();
    private final List<String> unframed = new ArrayList<>();
    private final List<String> sanyText = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<TlcState> trace = new ArrayList<>();
    private final List<TlaLocation> nestedLocations = new ArrayList<>();
    private final List<TlaLocation> fingerprintLocations = new ArrayList<>();

    private Consumer<? super TlcProgress> progressListener;
    private TlcOutcome verdict;
    private TlcLasso lasso;
    private TlcProgress lastProgress;
    private int traceHeaders;
    private boolean inSany;
    private boolean success;
    private boolean finished;
    private boolean outOfMemory;
    private boolean stackOverflow;
    private boolean timedOut;
    private boolean killed;
    private long initialStates = TlcStatistics.UNKNOWN;
    private long generated = TlcStatistics.UNKNOWN;
    private long distinct = TlcStatistics.UNKNOWN;
    private long leftOnQueue = TlcStatistics.UNKNOWN;
    private long depth = TlcStatistics.UNKNOWN;
    private long durationMs = TlcStatistics.UNKNOWN;

    /** Builds the result of a complete output text (e.g. a recorded run). */
    public static TlcResult fromOutput(String stdout, int exitCode) {
        TlcResultBuilder b = new TlcResultBuilder();
        TlcOutputParser.parse(stdout).forEach(b);
        return b.build(exitCode);
    }

    /** Calls {@code listener} on every 2200 progress message (on the thread that feeds events). */
    public TlcResultBuilder onProgress(Consumer<? super TlcProgress> listener) {
        this.progressListener = listener;
        return this;
    }

    /** Records a line of the process's standard error. */
    public void addStderr(String line) {
        stderr.add(line);
    }

    /** Notes that the driver killed TLC because its timeout expired. */
    public void markTimedOut() {
        timedOut = true;
    }

    /** Notes that TLC was killed (interrupt, shutdown) rather than finishing on its own. */
    public void markKilled() {
        killed = true;
    }

    @Override
    public void accept(TlcEvent event) {
        if (event instanceof TlcEvent.TextLine t) {
            unframed.add(t.text());
            if (inSany) {
                sanyText.add(t.text());
            }
        } else if (event instanceof TlcMessage m) {
            messages.add(m);
            if (m.severity() == TlcMessage.WARNING) {
                warnings.add(m);
            }
            try {
                dispatch(m);
            } catch (TlcValueParseException | NumberFormatException e) {
                problems.add("Message " + m.code() + ": " + e.getMessage());
            }
        }
    }

    private void dispatch(TlcMessage m) {
        String first = m.firstLine();
        switch (m.code()) {
            case TLC_SANY_START -> inSany = true;
            case TLC_SANY_END -> inSany = false;
            case TLC_INIT_GENERATED1, TLC_INIT_GENERATED2, TLC_INIT_GENERATED3, TLC_INIT_GENERATED4 -> {
                Matcher x = INIT.matcher(first);
                if (x.find()) {
                    initialStates = TlcProgress.num(x.group(2) != null ? x.group(2) : x.group(1));
                }
            }
            case TLC_PROGRESS_STATS -> progress(m);
            case TLC_STATS -> {
                Matcher x = STATS.matcher(first);
                if (x.find()) {
                    generated = TlcProgress.num(x.group(1));
                    distinct = TlcProgress.num(x.group(2));
                    leftOnQueue = TlcProgress.num(x.group(3));
                }
            }
            case TLC_SEARCH_DEPTH -> {
                Matcher x = DEPTH.matcher(first);
                if (x.find()) {
                    depth = Long.parseLong(x.group(1));
                }
            }
            case TLC_FINISHED -> {
                finished = true;
                durationMs = duration(first);
            }
            case TLC_SUCCESS -> success = true;
            case TLC_INVARIANT_VIOLATED_BEHAVIOR -> verdict(new TlcOutcome.InvariantViolated(name(INVARIANT, first)));
            case TLC_INVARIANT_VIOLATED_INITIAL -> {
                if (verdict(new TlcOutcome.InvariantViolatedInitial(name(INVARIANT, first)))) {
                    initialStateFrom(m.body().subList(1, m.body().size()));
                }
            }
            case TLC_PROPERTY_VIOLATED_INITIAL -> {
                if (verdict(new TlcOutcome.LivenessViolated())) {
                    initialStateFrom(m.body().subList(1, m.body().size()));
                }
            }
            case TLC_DEADLOCK_REACHED -> verdict(new TlcOutcome.Deadlock());
            case TLC_TEMPORAL_PROPERTY_VIOLATED -> verdict(new TlcOutcome.LivenessViolated());
            case TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR ->
                    verdict(new TlcOutcome.ActionPropertyViolated(name(ACTION_PROPERTY, first)));
            case TLC_VALUE_ASSERT_FAILED -> verdict(new TlcOutcome.AssertionFailed(assertMessage(m)));
            case TLC_ASSUMPTION_FALSE -> verdict(new TlcOutcome.AssertionFailed(m.text()));
            case TLC_BEHAVIOR_UP_TO_THIS_POINT, TLC_COUNTER_EXAMPLE -> traceHeaders++;
            case TLC_STATE_PRINT2 -> {
                if (collectingTrace()) {
                    trace.add(TlcStateParser.parseState(m.body()));
                }
            }
            case TLC_BACK_TO_STATE -> {
                if (collectingTrace()) {
                    lasso = TlcStateParser.parseBackToState(m.body());
                }
            }
            case TLC_STATE_PRINT3 -> {
                if (collectingTrace()) {
                    lasso = TlcStateParser.parseStuttering(m.body());
                }
            }
            case TLC_NESTED_EXPRESSION -> {
                if (nestedLocations.isEmpty()) {
                    nestedLocations.addAll(locations(m.body(), NESTED_LOCATION));
                }
            }
            case TLC_FINGERPRINT_EXCEPTION -> {
                if (fingerprintLocations.isEmpty()) {
                    fingerprintLocations.addAll(locations(m.body(), FP_LOCATION));
                }
                checkOutOfMemory(m);
                String reason = afterLine(m.body(), "Reason:");
                evaluationError(reason.isEmpty() ? m.text() : reason);
            }
            case SYSTEM_OUT_OF_MEMORY, SYSTEM_OUT_OF_MEMORY_TOO_MANY_INIT, SYSTEM_OUT_OF_MEMORY_LIVENESS ->
                    outOfMemory = true;
            case SYSTEM_STACK_OVERFLOW -> stackOverflow = true;
            case GENERAL -> {
                checkOutOfMemory(m);
                stackOverflow |= m.text().contains("StackOverflowError");
                if (!outOfMemory && !stackOverflow) {
                    evaluationError(generalMessage(m.body()));
                }
            }
            case TLC_INITIAL_STATE -> {
                String msg = beforeLine(m.body(), "While working on the initial state:");
                if (evaluationError(msg)) {
                    int at = m.body().indexOf("While working on the initial state:");
                    if (at >= 0) {
                        initialStateFrom(m.body().subList(at + 1, m.body().size()));
                    }
                }
            }
            case TLC_INVARIANT_EVALUATION_FAILED -> {
                // The cause (2179 "\div is 0", …) is a nested message, emitted first: the
                // parent, which contains its text, names the invariant (trace/Undefined).
                if (verdict instanceof TlcOutcome.EvaluationError e && m.text().contains(e.message())) {
                    verdict = null;
                }
                checkOutOfMemory(m);
                evaluationError(m.text());
            }
            case TLC_PARSING_FAILED, TLC_PARSING_FAILED2 -> verdict(new TlcOutcome.ParseError(parseErrorText(m)));
            case TLC_TOO_MNY_POSSIBLE_STATES -> verdict(new TlcOutcome.Incomplete(IncompleteReason.STATE_LIMIT));
            default -> other(m);
        }
    }

    private void other(TlcMessage m) {
        if (isConfigError(m.code())) {
            verdict(new TlcOutcome.ConfigError(m.text()));
        } else if (EVALUATION_CODES.contains(m.code())) {
            checkOutOfMemory(m);
            evaluationError(m.text());
        } else if (m.severity() == TlcMessage.ERROR || m.severity() == TlcMessage.TLCBUG) {
            checkOutOfMemory(m);
            if (!outOfMemory) {
                verdict(new TlcOutcome.TlcFailure(m.text()));
            }
        }
    }

    /**
     * Notes a live sample of TLC's counts (TlcMain on standard error): the figures an incomplete
     * run reports when TLC is stopped before it prints its own. Thread-safe against {@link #build}.
     */
    public synchronized void liveProgress(TlcProgress p) {
        if (lastProgress == null || p.distinct() >= lastProgress.distinct()) {
            lastProgress = p;
        }
    }

    private synchronized void progress(TlcMessage m) {
        TlcProgress p = TlcProgress.parse(m.text());
        if (p == null) {
            return;
        }
        lastProgress = p;
        if (progressListener != null) {
            try {
                progressListener.accept(p);
            } catch (RuntimeException e) {
                problems.add("Progress listener failed: " + e);
            }
        }
    }

    private boolean collectingTrace() {
        return traceHeaders <= 1 && lasso == null;
    }

    /** Sets the verdict unless one is set; returns whether it was set. */
    private boolean verdict(TlcOutcome outcome) {
        if (verdict != null) {
            return false;
        }
        verdict = outcome;
        return true;
    }

    private boolean evaluationError(String message) {
        return verdict(new TlcOutcome.EvaluationError(message.strip(), List.of()));
    }

    private void initialStateFrom(List<String> lines) {
        if (!trace.isEmpty()) {
            return;
        }
        var vars = TlcStateParser.parseVariables(lines);
        if (!vars.isEmpty()) {
            trace.add(new TlcState(1, null, null, vars));
        }
    }

    private void checkOutOfMemory(TlcMessage m) {
        if (mentionsOutOfMemory(m.text())) {
            outOfMemory = true;
        }
    }

    private static boolean mentionsOutOfMemory(String text) {
        for (String s : OOM_TEXT) {
            if (text.contains(s)) {
                return true;
            }
        }
        return false;
    }

    private static String name(Pattern p, String line) {
        Matcher x = p.matcher(line);
        return x.find() ? x.group(1) : line;
    }

    private static String assertMessage(TlcMessage m) {
        String rest = String.join("\n", m.body().subList(Math.min(1, m.body().size()), m.body().size())).strip();
        try {
            if (TlcValueParser.parse(rest) instanceof TlcValue.StrV s) {
                return s.value();
            }
        } catch (TlcValueParseException e) {
            // not a plain string: keep TLC's text
        }
        return rest;
    }

    private static String generalMessage(List<String> body) {
        List<String> lines = new ArrayList<>(body);
        lines.removeIf(l -> l.equals(GENERAL_PREAMBLE_1) || l.equals(GENERAL_PREAMBLE_2)
                || l.equals(GENERAL_PREAMBLE_3));
        return String.join("\n", lines);
    }

    private String parseErrorText(TlcMessage m) {
        List<String> lines = new ArrayList<>();
        for (String l : sanyText) {
            if (!l.startsWith("Parsing file ") && !l.startsWith("Semantic processing of module ")) {
                lines.add(l);
            }
        }
        String text = String.join("\n", lines).strip();
        return text.isEmpty() ? m.text() : text;
    }

    private static String afterLine(List<String> body, String marker) {
        int i = body.indexOf(marker);
        return i < 0 ? "" : String.join("\n", body.subList(i + 1, body.size())).strip();
    }

    private static String beforeLine(List<String> body, String marker) {
        int i = body.indexOf(marker);
        return String.join("\n", i < 0 ? body : body.subList(0, i)).strip();
    }

    private static List<TlaLocation> locations(List<String> body, Pattern p) {
        List<TlaLocation> out = new ArrayList<>();
        for (String l : body) {
            Matcher x = p.matcher(l);
            if (x.find()) {
                out.add(new TlaLocation(Integer.parseInt(x.group(1)), Integer.parseInt(x.group(2)),
                        Integer.parseInt(x.group(3)), Integer.parseInt(x.group(4)), x.group(5)));
            }
        }
        return out;
    }

    static long duration(String line) {
        Matcher ms = FINISHED_MS.matcher(line);
        if (ms.find()) {
            return Long.parseLong(ms.group(1));
        }
        Matcher h = FINISHED_HUMAN.matcher(line);
        if (!h.find()) {
            return TlcStatistics.UNKNOWN;
        }
        long total = 0;
        Matcher part = DURATION_PART.matcher(h.group(1));
        while (part.find()) {
            long n = Long.parseLong(part.group(1));
            total += switch (part.group(2)) {
                case "d" -> n * 86_400_000L;
                case "h" -> n * 3_600_000L;
                case "min" -> n * 60_000L;
                default -> n * 1_000L;
            };
        }
        return total;
    }

    /**
     * Builds the result.
     *
     * @param exitCode TLC's exit code, or -1 if unknown
     */
    public TlcResult build(int exitCode) {
        for (String l : stderr) {
            if (mentionsOutOfMemory(l)) {
                outOfMemory = true;
            }
        }
        for (String l : unframed) {
            if (l.contains("java.lang.OutOfMemoryError")) {
                outOfMemory = true;
            }
        }
        List<TlaLocation> locations = nestedLocations.isEmpty() ? fingerprintLocations : nestedLocations;
        TlcStatistics stats = statistics();
        TlcOutcome outcome;
        if (timedOut && !finished) {
            outcome = new TlcOutcome.Incomplete(IncompleteReason.TIMEOUT);
        } else if (outOfMemory) {
            outcome = new TlcOutcome.Incomplete(IncompleteReason.OUT_OF_MEMORY);
        } else if (stackOverflow && verdict == null) {
            outcome = new TlcOutcome.Incomplete(IncompleteReason.STACK_OVERFLOW);
        } else if ((killed || exitCode == 130 || exitCode == 137 || exitCode == 143) && !finished) {
            outcome = new TlcOutcome.Incomplete(IncompleteReason.KILLED);
        } else if (verdict instanceof TlcOutcome.EvaluationError e) {
            outcome = new TlcOutcome.EvaluationError(e.message(), locations);
        } else if (verdict != null) {
            outcome = verdict;
        } else if (success) {
            outcome = stats.leftOnQueue() > 0 ? new TlcOutcome.Incomplete(IncompleteReason.LEFT_ON_QUEUE)
                    : new TlcOutcome.Success();
        } else {
            outcome = fromExitCode(exitCode);
        }
        return new TlcResult(outcome, trace, lasso, stats, exitCode, locations, warnings, messages, unframed,
                stderr, problems);
    }

    private synchronized TlcStatistics statistics() {
        long gen = generated;
        long dis = distinct;
        long queue = leftOnQueue;
        long dep = depth;
        if (gen == TlcStatistics.UNKNOWN && lastProgress != null) {
            gen = lastProgress.generated();
            dis = lastProgress.distinct();
            queue = lastProgress.queue();
        }
        if (dep == TlcStatistics.UNKNOWN && lastProgress != null) {
            dep = lastProgress.depth();
        }
        return new TlcStatistics(initialStates, gen, dis, queue, dep, durationMs);
    }

    private TlcOutcome fromExitCode(int exitCode) {
        return switch (exitCode) {
            case EXIT_ERROR_SPEC_PARSE -> new TlcOutcome.ParseError(
                    sanyText.isEmpty() ? failureText(exitCode) : String.join("\n", sanyText).strip());
            case EXIT_ERROR_CONFIG_PARSE -> new TlcOutcome.ConfigError(failureText(exitCode));
            case EXIT_ERROR_STATESPACE_TOO_LARGE -> new TlcOutcome.Incomplete(IncompleteReason.STATE_LIMIT);
            case 130, 137, 143 -> new TlcOutcome.Incomplete(IncompleteReason.KILLED);
            default -> new TlcOutcome.TlcFailure(failureText(exitCode));
        };
    }

    private String failureText(int exitCode) {
        StringBuilder sb = new StringBuilder("TLC exited with code " + exitCode + " without a verdict.");
        for (TlcMessage m : messages) {
            if (m.severity() == TlcMessage.ERROR || m.severity() == TlcMessage.TLCBUG) {
                sb.append('\n').append(m.text());
            }
        }
        appendTail(sb, unframed);
        appendTail(sb, stderr);
        return sb.toString();
    }

    private static void appendTail(StringBuilder sb, List<String> lines) {
        int from = Math.max(0, lines.size() - 20);
        for (String l : lines.subList(from, lines.size())) {
            sb.append('\n').append(l);
        }
    }
}

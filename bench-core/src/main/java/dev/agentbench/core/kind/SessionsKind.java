package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.core.measure.HeldSessions;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.SessionsProcedure;
import dev.agentbench.core.measure.StreamLog;
import java.time.Duration;
import java.util.List;

/**
 * {@link BenchmarkKind#SESSIONS}: iterations of N sessions at once, timed until all finish (see
 * {@link SessionsProcedure}). Besides the core figures it reports, for a benchmark with a {@link
 * dev.agentbench.api.Benchmark#sequentialNanos() sequential time}, the speedup of its parallel tool
 * calls; and, as {@link SessionsProcedure} counts them, the garbage collections and their time over
 * the timed pass per 1,000 iterations; and, for a benchmark that declares parameters, the heap each live
 * session retains ({@link HeldSessions}), whose curve against the parameter the reports draw.
 */
final class SessionsKind extends CellKind {

    static final SessionsKind INSTANCE = new SessionsKind();

    /** The section of the speedup. */
    static final String PARALLEL = "Parallel tool calls";

    static final Figure.Definition SPEEDUP = new Figure.Definition("speedup", "speedup", "×", Better.HIGHER,
            Combine.MEDIAN, PARALLEL, "the turn's tool calls run one after another (their summed duration) over the "
                    + "median iteration: about the number of calls when a framework runs them at once, 1× when it "
                    + "runs them in turn.");

    /** The section of the retained heap per live session. */
    static final String HELD = "Retained heap per live session";

    static final Figure.Definition RETAINED_PER_SESSION = new Figure.Definition("retainedPerSession",
            "retained per session", "B", Better.LOWER, Combine.MEDIAN, HELD, "heap still in use per session held "
                    + "open (prepared and run, not yet deleted) after a settled GC, over --held-sessions sessions "
                    + "held at once after the timed pass: what a service pays in memory for each live conversation. "
                    + "Measured for benchmarks with parameters only.");

    private SessionsKind() {
        super(BenchmarkKind.SESSIONS);
    }


    @Override
    public List<Figure.Definition> figures() {
        List<Figure.Definition> figures = new java.util.ArrayList<>(List.of(SPEEDUP, SessionsProcedure.GC_PER_1K,
                SessionsProcedure.GC_MS_PER_1K, RETAINED_PER_SESSION));
        figures.addAll(MockServe.FIGURES);
        figures.addAll(StreamFigures.FIGURES);
        return List.copyOf(figures);
    }

    /**
     * The parent's side: the mock's own time per request over the fork, as the mock timed it. These
     * figures only describe the floor, so a mock that cannot tell (one that does not serve the
     * script's counters) leaves the fork without them rather than failing it.
     */
    @Override
    public CellResult afterFork(CellResult fork, ParentFork context) {
        if (fork.status() != dev.agentbench.api.result.CellStatus.OK || fork.forksOrSelf().size() != 1) {
            return fork;
        }
        try {
            return MockServe.withFigures(fork, context.mock().load(context.scriptName()), context.script(),
                    context.preparedTurns());
        } catch (java.io.IOException e) {
            return fork;
        }
    }

    @Override
    public boolean expandsConcurrency() {
        return true;
    }

    @Override
    public Measurement measure(ChildRun run) throws Exception {
        boolean held = !run.benchmark.parameters().isEmpty() && !run.settings.dryRun() && !run.profiler.active();
        double[] retained = {Double.NaN};
        StreamFigures stream = StreamFigures.collector();
        StreamLog streams = observesStream(run) ? streamLog(run, stream) : null;
        Measurement measurement = withHandle(run.agents, handle -> {
            Measurement timed = SessionsProcedure.measure(run.benchmark, handle, run.settings, run.cell.concurrency(),
                    run.clock, run.log, run.profiler, streams);
            if (held) { // after the timed and memory passes, so that it never perturbs them
                retained[0] = HeldSessions.measure(run.benchmark, handle, run.settings.heldSessions(), run.log,
                        run::warn);
            }
            return timed;
        });
        if (run.settings.dryRun()) {
            if (streams != null) {
                stream.requirePaired();
            }
            return measurement;
        }
        if (held) {
            measurement = measurement.withFigure(RETAINED_PER_SESSION.of(retained[0]));
        }
        if (streams != null) {
            measurement = stream.addTo(measurement, run.cell.concurrency(), run.log);
            writeTimeline(run, stream);
        }
        long sequential = run.benchmark.sequentialNanos();
        if (sequential > 0) {
            double median = com.google.common.math.Quantiles.median().compute(measurement.samples());
            Figure speedup = SPEEDUP.of(sequential / median);
            run.log.accept(String.format("speedup: %.2f (sequential %s over the median)", speedup.value(),
                    Duration.ofNanos(sequential)));
            measurement = measurement.withFigure(speedup);
        }
        return measurement;
    }

    /**
     * Writes one reply's timeline for the report, when the run asks for it; a timeline that cannot be
     * written is said in the log and costs the cell nothing (it only draws a picture).
     */
    private static void writeTimeline(ChildRun run, StreamFigures stream) {
        dev.agentbench.api.result.StreamTimeline timeline = stream.timeline(run.cell.target(), run.cell.name());
        if (run.timeline == null || timeline == null) {
            return;
        }
        try {
            dev.agentbench.core.results.ResultsJson.write(run.timeline, timeline);
        } catch (java.io.IOException | RuntimeException e) {
            run.log.accept("stream: cannot write the timeline [" + run.timeline + "]: " + e.getMessage());
        }
    }

    /** Whether the cell's benchmark observes the stream: its {@code streamed()} is {@code true}. */
    static boolean observesStream(ChildRun run) {
        return run.benchmark.streamed().orElse(false);
    }

    /**
     * The log of a cell that observes the stream: room for as many pieces per session as the script has
     * characters of text and tool arguments (a framework delivers no more pieces than that, and usually
     * one per chunk), and, after the timed pass, the mock's write times of its last sessions, read
     * through the mock's admin API and paired into {@code figures}.
     */
    static StreamLog streamLog(ChildRun run, StreamFigures figures) {
        long chars = 16;
        for (dev.agentbench.api.script.ScriptTurn turn : run.script.turns()) {
            for (dev.agentbench.api.script.Step step : turn.steps()) {
                chars += step.text() == null ? 0 : step.text().length();
                chars += step.toolCalls().stream().mapToLong(call -> call.arguments().length() + 1).sum();
            }
        }
        int room = (int) Math.min(chars, 1 << 16);
        int concurrency = run.cell.concurrency();
        return new StreamLog(concurrency, room, sessions -> {
            var mock = run.scriptUrl == null ? java.util.Optional.<java.util.Map.Entry<java.net.URI, String>>empty()
                    : dev.agentbench.mockclient.MockAdmin.ofScriptUrl(run.scriptUrl);
            if (mock.isEmpty()) {
                throw new IllegalStateException("The cell's script URL [" + run.scriptUrl + "] is not one of the"
                        + " mock's registered scripts, so its chunk write times cannot be read");
            }
            dev.agentbench.mockclient.MockAdmin admin = new dev.agentbench.mockclient.MockAdmin(
                    AdminClient.CLIENT, mock.get().getKey());
            // every tagged reply of the sessions kept: a session makes one per streamed text step
            int replies = Math.max(1, sessions.size()) * Math.max(1, textSteps(run.script));
            figures.pair(sessions, admin.writes(mock.get().getValue(),
                    Math.min(replies * 2, dev.agentbench.mockclient.MockAdmin.MAX_WRITES)));
        });
    }

    /**
     * The one client a child reads the mock's write times with, made at its first use and kept for the
     * JVM's life. A client made per read and then dropped is let go by its own selector thread some
     * seconds later (on JDK 17 it cannot be closed), with its buffers: about 120 KB leaving the heap
     * in the middle of the held sessions' pass, which read negative whenever that pass outlasted the
     * selector's wake-up (a chunk delay's sessions: -1 to -7 KB a session).
     */
    private static final class AdminClient {
        static final java.net.http.HttpClient CLIENT = dev.agentbench.mockclient.MockAdmin.client();
    }

    private static int textSteps(dev.agentbench.api.script.Script script) {
        int steps = 0;
        for (dev.agentbench.api.script.ScriptTurn turn : script.turns()) {
            for (dev.agentbench.api.script.Step step : turn.steps()) {
                steps += step.text() != null ? 1 : 0;
            }
        }
        return steps;
    }
}

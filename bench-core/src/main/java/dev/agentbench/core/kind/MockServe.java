package dev.agentbench.core.kind;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.MockServeTime;
import dev.agentbench.api.script.Script;
import dev.agentbench.mockclient.MockAdmin.MockLoad;
import java.util.List;

/**
 * The mock's own time per request, as the mock timed the replies of one fork's script (every reply
 * it wrote in full of the turns the benchmark times: warm-up, timed and memory passes alike; the
 * script is registered from its first timed turn): from the request's last byte read to the reply's
 * last byte written, the script's waits left out. With the requests one iteration makes, it
 * says how much of a floor's time per operation is the mock's.
 */
public final class MockServe {

    /** The section of the mock's figures. */
    static final String SECTION = "The mock's own time";

    static final Figure.Definition MICROS = new Figure.Definition("mockMicrosPerRequest", "mock per request", "µs",
            Better.NEITHER, Combine.MEDIAN, SECTION, "the median of the mock's own time per reply, by its own timer: "
                    + "from a request's last byte read to its reply's last byte written (a stream's last event), "
                    + "scripted waits left out; the same for every target unless the requests differ. It is over "
                    + "every request of the fork of the turns the benchmark times, not those of the earlier turns "
                    + "a session is prepared with.");
    static final Figure.Definition P99_MICROS = new Figure.Definition("mockP99MicrosPerRequest", "mock p99", "µs",
            Better.NEITHER, Combine.MAX, SECTION, "the 99th percentile of that time, the worst fork's.");
    static final Figure.Definition REQUESTS = new Figure.Definition("mockRequestsPerIteration", "requests/iteration",
            "", Better.NEITHER, Combine.MEDIAN, SECTION, "the chat requests one iteration's timed part makes: the "
                    + "script's model replies per session, less those of the earlier turns a session is prepared "
                    + "with, × the sessions at once.");

    static final List<Figure.Definition> FIGURES = List.of(MICROS, P99_MICROS, REQUESTS);

    private MockServe() {}

    /**
     * The mock's own time over a run: the median of the forks' medians and the highest of their 99th
     * percentiles, over every fork of an OK cell that recorded them; {@code null} when none did.
     */
    public static MockServeTime ofRun(List<CellResult> cells) {
        List<Double> medians = new java.util.ArrayList<>();
        double p99 = 0;
        for (CellResult cell : cells) {
            if (cell == null || cell.status() != CellStatus.OK) {
                continue;
            }
            for (Fork fork : cell.forksOrSelf()) {
                Figure median = fork.figure(MICROS.name());
                if (median != null) {
                    medians.add(median.value());
                    Figure high = fork.figure(P99_MICROS.name());
                    p99 = Math.max(p99, high == null ? median.value() : high.value());
                }
            }
        }
        if (medians.isEmpty()) {
            return null;
        }
        double median = Combine.MEDIAN.of(medians.stream().mapToDouble(Double::doubleValue).toArray());
        return new MockServeTime(medians.size(), median, p99);
    }

    /**
     * The script's model replies in the timed part of one session, one request each: those of its
     * turns after the first {@code preparedTurns}, which the session was prepared with.
     */
    static int requestsPerSession(Script script, int preparedTurns) {
        return script.turns().stream().skip(preparedTurns).mapToInt(turn -> turn.steps().size()).sum();
    }

    /**
     * One OK fork's result with the mock's figures; itself when the mock served none of its requests
     * (a target that makes none, a dry run) or the result is not one OK fork.
     */
    static CellResult withFigures(CellResult fork, MockLoad mock, Script script, int preparedTurns) {
        if (fork.status() != CellStatus.OK || fork.forksOrSelf().size() != 1 || mock.served() == 0
                || mock.serveMedianNanos() <= 0) {
            return fork;
        }
        Fork measured = fork.forksOrSelf().get(0);
        Fork with = measured.withFigures(List.of(MICROS.of(mock.serveMedianNanos() / 1000.0),
                P99_MICROS.of(mock.serveP99Nanos() / 1000.0),
                REQUESTS.of((double) requestsPerSession(script, preparedTurns) * fork.concurrency())), null);
        return new CellResult(fork.format(), fork.target(), fork.benchmark(), fork.concurrency(), fork.name(),
                fork.status(), fork.error(), fork.time(), fork.warmupIterations(), fork.steadyState(), fork.drift(),
                fork.samples(), fork.logTail(), fork.memory(), fork.throughput(), fork.turnLatency(), fork.jvm(),
                with.figures(), fork.forks().isEmpty() ? List.of() : List.of(with), fork.cpu(), with.warnings(),
                fork.params());
    }

}

package dev.agentbench.core.link;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Load;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.mockclient.MockAdmin.MockLoad;
import dev.agentbench.core.measure.LoadProcedure;
import dev.agentbench.core.measure.PassSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The parent's side of a LOAD cell: the script it registers, every reply held for the model latency,
 * and the cell's {@link Load} figures, made from what the child measured (turns per second, turn
 * latency) and what the mock counted (requests in flight, the time it held them, how late).
 */
final class LoadFigures {

    /**
     * When the mock's holds ran this much longer than asked, on average, as a share of the time
     * asked, the cell says so: its efficiency then reads that much low because of the mock, not
     * the target. 1%: 2 ms on a 200 ms hold.
     */
    static final double MOCK_LATE_WARNING_SHARE = 0.01;

    private LoadFigures() {}

    /**
     * {@code script} with every step held: {@code latency} before its first byte, {@code chunkDelay}
     * before each further streamed chunk. A step that has a fault of its own keeps it, with the
     * delays added.
     */
    static Script held(Script script, Duration latency, Duration chunkDelay) {
        if (latency.isZero() && chunkDelay.isZero()) {
            return script;
        }
        List<ScriptTurn> turns = new ArrayList<>();
        for (ScriptTurn turn : script.turns()) {
            List<Step> steps = new ArrayList<>();
            for (Step step : turn.steps()) {
                Fault fault = step.fault();
                Fault heldFault = fault == null
                        ? new Fault(0, null, 0, latency.toMillis(), chunkDelay.toMillis(), false, false, false)
                        : new Fault(fault.status(), fault.message(), fault.retryAfterSeconds(),
                                fault.delayMs() + latency.toMillis(), fault.chunkDelayMs() + chunkDelay.toMillis(),
                                fault.cutOff(), fault.malformedChunk(), fault.hang());
                steps.add(new Step(step.text(), step.toolCalls(), heldFault));
            }
            turns.add(new ScriptTurn(turn.user(), steps));
        }
        return new Script(script.name(), turns);
    }

    /**
     * The OK result of one fork of a LOAD cell of {@code sessions} sessions, with its {@link Load}:
     * the child's turns per second and turn latency, less the model's time per turn as the mock held
     * it; the mock's most requests in flight and its own lateness. A warning when the mock was late.
     */
    static CellResult withLoad(CellResult fork, MockLoad mock, PassSettings settings, int sessions) {
        if (fork.status() != CellStatus.OK || fork.forksOrSelf().size() != 1) {
            return fork;
        }
        Fork measured = fork.forksOrSelf().get(0);
        if (measured.throughput() == null || measured.turnLatency() == null) {
            return fork; // a dry run's: nothing to make figures of
        }
        double callsPerTurn = measured.metrics().getOrDefault(LoadProcedure.MODEL_CALLS_PER_TURN, 1.0);
        double modelMillisPerTurn = mock.heldNanosPerRequest() * callsPerTurn / 1e6;
        double lateP99 = mock.lateP99Micros() / 1000.0;
        Load load = Load.of(sessions, settings.modelLatency().toNanos() / 1e6, modelMillisPerTurn,
                measured.throughput().turnsPerSecond(), (int) mock.maxInFlight(),
                measured.turnLatency().median() / 1e6, measured.turnLatency().p99() / 1e6, lateP99);
        double heldPerHold = mock.holds() == 0 ? 0 : mock.heldNanos() / (double) mock.holds();
        double lateShare = heldPerHold == 0 ? 0 : mock.lateNanosPerHold() / heldPerHold;
        String warning = lateShare > MOCK_LATE_WARNING_SHARE
                ? String.format(Locale.ROOT, "the mock held replies %.1f ms longer than asked on average (%.1f%% of"
                        + " the hold; 99th percentile %.1f ms, at most %.1f ms): efficiency reads up to that much low"
                        + " because of the mock, not the target", mock.lateNanosPerHold() / 1e6, lateShare * 100,
                        lateP99, mock.lateMaxMicros() / 1000.0)
                : null;
        Fork with = measured.withLoad(load, warning);
        List<String> warnings = with.warnings();
        return new CellResult(fork.format(), fork.target(), fork.benchmark(), fork.concurrency(), fork.name(),
                fork.status(), fork.error(), fork.time(), fork.warmupIterations(), fork.steadyState(), fork.drift(),
                List.of(), fork.logTail(), fork.memory(), fork.throughput(), fork.turnLatency(), fork.jvm(),
                fork.metrics(), List.of(with), fork.cpu(), warnings, load);
    }

    /**
     * The cell's figures over its forks, every JVM counting alike: the median of their turns per
     * second, model time and latencies; the most requests in flight and the latest mock of any; the
     * ideal and efficiency from those medians. {@code null} when a fork has none.
     */
    static Load merge(List<Fork> forks) {
        if (forks.isEmpty() || forks.stream().anyMatch(fork -> fork.load() == null)) {
            return null;
        }
        List<Load> loads = forks.stream().map(Fork::load).toList();
        Load first = loads.get(0);
        double modelMillisPerTurn = median(loads.stream().mapToDouble(Load::modelMillisPerTurn).toArray());
        double turnsPerSecond = median(loads.stream().mapToDouble(Load::turnsPerSecond).toArray());
        Double ideal = modelMillisPerTurn > 0 ? first.sessions() * 1000.0 / modelMillisPerTurn : null;
        return new Load(first.sessions(), first.modelLatencyMillis(), modelMillisPerTurn, turnsPerSecond, ideal,
                ideal == null ? null : turnsPerSecond / ideal,
                loads.stream().mapToInt(Load::maxInFlight).max().orElse(0),
                median(loads.stream().mapToDouble(Load::p50Millis).toArray()),
                median(loads.stream().mapToDouble(Load::p99Millis).toArray()),
                loads.stream().mapToDouble(Load::mockLateP99Millis).max().orElse(0));
    }

    private static double median(double[] values) {
        return Quantiles.median().compute(values);
    }
}

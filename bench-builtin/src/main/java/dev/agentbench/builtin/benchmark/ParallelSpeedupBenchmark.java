package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.builtin.tool.BuiltinTools;
import java.time.Duration;
import java.util.List;

/**
 * One turn whose model reply asks for four calls of a tool that sleeps 50 ms. A framework that runs
 * parallel tool calls concurrently finishes in a little over 50 ms; one that runs them one after
 * another takes over 200 ms. The cell's {@code speedup} metric is 200 ms over the median.
 */
public final class ParallelSpeedupBenchmark extends ScriptedBenchmark {

    public static final String NAME = "parallel_speedup";

    static final int CALLS = 4;
    static final Duration SLEEP = Duration.ofMillis(50);

    public ParallelSpeedupBenchmark() {
        super("One turn with 4 parallel calls of a tool sleeping 50 ms; speedup over running them in turn",
                Scripts.parallel(NAME, "Wait on the four timers at once.", "All four timers are done.",
                        sleep(), sleep(), sleep(), sleep()),
                List.of(BuiltinTools.SLEEP_MS), false);
    }

    private static ScriptedToolCall sleep() {
        return new ScriptedToolCall("sleep_ms", "{\"ms\":" + SLEEP.toMillis() + "}");
    }

    @Override
    public long sequentialNanos() {
        return CALLS * SLEEP.toNanos();
    }
}

package dev.agentbench.builtin.loop;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Runs the tools a reply asks for: one call on the calling thread, several at once on a small
 * pool of daemon threads (a parallel-tools reply is the only hand-off in a floor's turn). A tool
 * that throws, or one that does not exist, gives an error result, which the model is sent.
 */
public final class ToolRunner implements AutoCloseable {

    private final Map<String, ToolDefinition> tools;
    private final ExecutorService pool;

    public ToolRunner(List<ToolDefinition> tools, String threadPrefix) {
        this.tools = tools.stream().collect(Collectors.toMap(ToolDefinition::name, Function.identity()));
        this.pool = Executors.newCachedThreadPool(daemonThreads(threadPrefix));
    }

    /** The results of the calls, in the calls' order. */
    public List<ToolResult> run(List<ToolCall> calls) throws Exception {
        if (calls.size() == 1) {
            return List.of(invoke(calls.get(0)));
        }
        List<Future<ToolResult>> futures = new ArrayList<>(calls.size());
        for (ToolCall call : calls) {
            futures.add(pool.submit(() -> invoke(call)));
        }
        List<ToolResult> results = new ArrayList<>(calls.size());
        for (Future<ToolResult> future : futures) {
            results.add(future.get());
        }
        return results;
    }

    private ToolResult invoke(ToolCall call) {
        ToolDefinition tool = tools.get(call.name());
        if (tool == null) {
            return new ToolResult(call.id(), call.name(), ChatJson.errorJson("Unknown tool [" + call.name() + "]"), true);
        }
        try {
            return new ToolResult(call.id(), call.name(), tool.function().call(call.arguments()), false);
        } catch (Exception e) {
            return new ToolResult(call.id(), call.name(), ChatJson.errorJson(String.valueOf(e.getMessage())), true);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** Daemon threads named {@code prefix-1}, {@code prefix-2}, ...: a floor's threads never keep a JVM alive. */
    public static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}

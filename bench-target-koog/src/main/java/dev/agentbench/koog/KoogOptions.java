package dev.agentbench.koog;

import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.TargetContext;
import java.util.List;
import java.util.Locale;

/**
 * The koog target's options, read from the context and checked.
 *
 * @param strategy how the agent runs a turn: Koog's {@code singleRunStrategy()} graph, or a
 *     functional strategy written against Koog's functional context
 * @param parallelTools whether the several tool calls of one reply go to Koog's parallel tool
 *     execution ({@code executeTools(calls, true)}) rather than one after another
 * @param toolDispatch where a tool's (blocking) body runs: in the coroutine Koog calls the tool in,
 *     or switched to {@code Dispatchers.IO}
 * @param strategyExecutor what runs the agent's strategy: Koog's default ({@code Dispatchers.Default}),
 *     or {@code Dispatchers.IO}, or a thread pool of the handle's own, given to Koog as the agent
 *     config's strategy executor
 * @param httpEngine the Ktor engine under Koog's HTTP client
 * @param stream whether the model is asked for a stream ({@code requestLLMStreaming})
 * @param cioConnectionsPerRoute the CIO engine's {@code endpoint.maxConnectionsPerRoute}, or {@code 0}
 *     for CIO's default ({@value #CIO_DEFAULT_CONNECTIONS_PER_ROUTE}); always {@code 0} with Apache5
 */
record KoogOptions(Strategy strategy, boolean parallelTools, ToolDispatch toolDispatch,
        StrategyExecutor strategyExecutor, HttpEngine httpEngine, boolean stream, int cioConnectionsPerRoute) {

    static final String STRATEGY = "strategy";
    static final String PARALLEL_TOOLS = "parallel_tools";
    static final String TOOL_DISPATCH = "tool_dispatch";
    static final String STRATEGY_EXECUTOR = "strategy_executor";
    static final String HTTP_ENGINE = "http_engine";
    static final String STREAM = "stream";
    static final String CIO_CONNECTIONS_PER_ROUTE = "cio_connections_per_route";

    /** Ktor's CIO engine's own {@code endpoint.maxConnectionsPerRoute} (Ktor 3.3.3). */
    static final int CIO_DEFAULT_CONNECTIONS_PER_ROUTE = 100;

    /** The options with CIO's own connection limit. */
    KoogOptions(Strategy strategy, boolean parallelTools, ToolDispatch toolDispatch,
            StrategyExecutor strategyExecutor, HttpEngine httpEngine, boolean stream) {
        this(strategy, parallelTools, toolDispatch, strategyExecutor, httpEngine, stream, 0);
    }

    /** How a turn is run. */
    enum Strategy {
        /** Koog's {@code singleRunStrategy()}: the graph every {@code AIAgent.builder()} agent gets. */
        SINGLE_RUN,
        /** A functional strategy: request, run the tools, send the results, until a text reply. */
        FUNCTIONAL
    }

    /** Where a tool's body runs. */
    enum ToolDispatch {
        /** In the coroutine Koog calls the tool in: the agent's strategy dispatcher, {@code Dispatchers.Default}. */
        DEFAULT,
        /** In {@code withContext(Dispatchers.IO)}, as Kotlin code runs blocking work. */
        IO
    }

    /** What runs the agent's strategy. */
    enum StrategyExecutor {
        /** Koog's default: the agent config's strategy dispatcher is {@code Dispatchers.Default}. */
        DEFAULT,
        /**
         * {@code Dispatchers.IO}, given to Koog's {@code AIAgentConfig} as its strategy executor; at
         * most 64 threads (kotlinx-coroutines' {@code kotlinx.coroutines.io.parallelism}), so at most
         * 64 turns of a functional strategy at once.
         */
        IO,
        /**
         * A cached thread pool of the handle's own ({@code Executors.newCachedThreadPool}), given to
         * Koog's {@code AIAgentConfig} as its strategy executor: a thread for each running turn, no cap.
         */
        THREADS
    }

    /** The Ktor engine of Koog's HTTP client. */
    enum HttpEngine {
        /** {@code ktor-client-apache5}, the engine {@code koog-agents} declares. */
        APACHE5,
        /** {@code ktor-client-cio}, Ktor's own coroutine engine, which Koog's executor module brings at run time. */
        CIO
    }

    /**
     * @throws IllegalArgumentException for a value the target cannot use, or a combination Koog does
     *     not run (see {@code docs/targets/koog.md}); other targets' keys are left alone, since one run
     *     gives every target the same options
     * @throws NotApplicableException for {@code stream=true} with {@code strategy=single_run}: that
     *     strategy cannot stream, so a streaming cell is not applicable rather than failed
     */
    static KoogOptions of(TargetContext context) throws NotApplicableException {
        boolean stream = context.booleanOption(STREAM, false);
        boolean parallelTools = context.booleanOption(PARALLEL_TOOLS, false);
        ToolDispatch toolDispatch = value(context, TOOL_DISPATCH, ToolDispatch.class, ToolDispatch.DEFAULT);
        StrategyExecutor strategyExecutor =
                value(context, STRATEGY_EXECUTOR, StrategyExecutor.class, StrategyExecutor.DEFAULT);
        HttpEngine httpEngine = value(context, HTTP_ENGINE, HttpEngine.class, HttpEngine.APACHE5);
        // Streaming and parallel tool calls exist in Koog's functional API only; asked for either, the
        // strategy is functional unless the user said otherwise, and then the combination is refused.
        Strategy strategy = value(context, STRATEGY, Strategy.class,
                stream || parallelTools ? Strategy.FUNCTIONAL : Strategy.SINGLE_RUN);
        if (strategy == Strategy.SINGLE_RUN && stream) {
            throw new NotApplicableException("Target option [" + STREAM + "=true] needs [" + STRATEGY
                    + "=functional]: Koog's singleRunStrategy() has no streaming request (its nodes call requestLLM only)");
        }
        if (strategy == Strategy.SINGLE_RUN && parallelTools) {
            throw new IllegalArgumentException("Target option [" + PARALLEL_TOOLS + "=true] needs [" + STRATEGY
                    + "=functional]: Koog's singleRunStrategy(parallelTools = true) runs tool calls one after"
                    + " another all the same (its flag is not used)");
        }
        int connections = context.positiveIntOption(CIO_CONNECTIONS_PER_ROUTE).orElse(0);
        if (connections > 0 && httpEngine != HttpEngine.CIO) {
            throw new IllegalArgumentException("Target option [" + CIO_CONNECTIONS_PER_ROUTE + "=" + connections
                    + "] needs [" + HTTP_ENGINE + "=cio], was [" + HTTP_ENGINE + "=" + name(httpEngine) + "]");
        }
        return new KoogOptions(strategy, parallelTools, toolDispatch, strategyExecutor, httpEngine, stream,
                connections);
    }

    private static <E extends Enum<E>> E value(TargetContext context, String key, Class<E> type, E defaultValue) {
        String value = context.option(key, null);
        if (value == null) {
            return defaultValue;
        }
        for (E constant : type.getEnumConstants()) {
            if (name(constant).equals(value)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("Target option [" + key + "] must be one of " + names(type)
                + ", was [" + value + "]");
    }

    /** The option value that names {@code constant}: {@code single_run}, {@code io}, ... */
    static String name(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    static List<String> names(Class<? extends Enum<?>> type) {
        return java.util.Arrays.stream(type.getEnumConstants()).map(KoogOptions::name).toList();
    }
}

package com.example.agentbench.jdkclient;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;

/**
 * An example third-party target: no framework, just the JDK's {@code HttpClient} and Jackson in a
 * plain chat-completions agent loop. Listed in
 * {@code META-INF/services/dev.agentbench.api.BenchTarget}; the harness makes one with the public
 * no-argument constructor in every cell's JVM.
 *
 * <p>Options ({@code --target-option KEY=VALUE}):
 *
 * <ul>
 *   <li>{@code max_model_calls}: the most model calls one turn may make before it fails (default
 *       {@value #DEFAULT_MAX_MODEL_CALLS}), so that a model that never stops calling tools fails the
 *       cell instead of hanging it.
 * </ul>
 */
public final class JdkClientTarget implements BenchTarget {

    /** The name users type after {@code --targets}. */
    public static final String NAME = "jdkclient";

    static final int DEFAULT_MAX_MODEL_CALLS = 25;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Example plugin: the JDK HttpClient and Jackson in a plain agent loop (tool calls in turn)";
    }

    /** Cheap work only before the handle exists: a bad option must fail before anything is opened. */
    @Override
    public TargetHandle open(TargetContext context) {
        int maxModelCalls = maxModelCalls(context.option("max_model_calls", Integer.toString(DEFAULT_MAX_MODEL_CALLS)));
        return new JdkClientHandle(context, maxModelCalls);
    }

    private static int maxModelCalls(String value) {
        try {
            int calls = Integer.parseInt(value);
            if (calls >= 1) {
                return calls;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("Target option [max_model_calls] must be a whole number of at least 1, was ["
                + value + "]");
    }
}

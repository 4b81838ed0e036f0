package dev.agentbench.core;

import java.util.Map;

/**
 * Which part of a plan a run measures: shard {@code index} of {@code count}, from 1. {@code run
 * --shard K/N} names it; {@code run --shards N} takes K from a Kubernetes Indexed Job's {@code
 * JOB_COMPLETION_INDEX}.
 *
 * @param index the shard, from 1 to {@code count}
 * @param count how many shards the plan is split into
 */
public record Shard(int index, int count) {

    /** The variable a Kubernetes Indexed Job sets in each pod: the pod's index, from 0. */
    public static final String JOB_COMPLETION_INDEX = "JOB_COMPLETION_INDEX";

    /** @throws IllegalArgumentException naming the shard, when it is not one of {@code 1/N ... N/N} */
    public Shard {
        if (count < 1) {
            throw new IllegalArgumentException("Shard count [" + count + "] must be at least 1");
        }
        if (index < 1 || index > count) {
            throw new IllegalArgumentException("Shard [" + index + "/" + count + "] must be between 1/" + count + " and "
                    + count + "/" + count);
        }
    }

    /**
     * The shard {@code K/N}.
     *
     * @throws IllegalArgumentException naming {@code text} when it is not {@code K/N} with {@code 1 <= K <= N}
     */
    public static Shard parse(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("Shard [" + text + "] must be K/N, for example 1/4");
        }
        try {
            return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Shard [" + text + "] must be K/N, for example 1/4");
        }
    }

    /**
     * Shard {@code JOB_COMPLETION_INDEX + 1} of {@code count}, from {@code environment}.
     *
     * @throws IllegalArgumentException when the variable is not set, or is not a whole number from 0
     *     to {@code count - 1}
     */
    public static Shard ofJobIndex(int count, Map<String, String> environment) {
        if (count < 1) {
            throw new IllegalArgumentException("Shard count [" + count + "] must be at least 1");
        }
        String value = environment.get(JOB_COMPLETION_INDEX);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("--shards " + count + " takes the shard from " + JOB_COMPLETION_INDEX
                    + ", which is not set (a Kubernetes Indexed Job sets it; elsewhere use --shard K/" + count + ")");
        }
        try {
            int index = Integer.parseInt(value.strip());
            if (index >= 0 && index < count) {
                return new Shard(index + 1, count);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(JOB_COMPLETION_INDEX + " [" + value + "] must be a whole number from 0 to "
                + (count - 1) + " for --shards " + count);
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}

package dev.agentbench.api.result;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one fork of a cell measured: one fresh child JVM (for a cold start, one JVM started to its
 * first reply). The fields mean what the cell's own fields mean, for this JVM alone.
 *
 * @param fork the fork's number, from 1, in the order the forks ran
 * @param time statistics of this fork's timed pass, in nanoseconds per iteration
 * @param samples every timed iteration in nanoseconds, in the order measured
 * @param warmup how this fork warmed up; {@code null} when it did not (a cold start, a dry run)
 * @param steadyState whether this fork reached a steady state ({@link Warmup#steady()}); {@code null}
 *     when not measured
 * @param drift median of the last third over median of the first third of the timed pass; {@code null}
 *     when not measured
 * @param cpu process CPU time per operation over the timed pass; {@code null} when not measured
 * @param memory allocated and retained bytes; {@code null} when not measured
 * @param throughput sessions and turns per second; {@code null} when not measured
 * @param turnLatency statistics of single turns; {@code null} when not measured
 * @param jvm what this JVM did; {@code null} when not measured
 * @param metrics figures particular to a benchmark kind, by name; empty when none
 * @param warnings what this JVM's child said a reader should know although its figures stand, for
 *     example {@code close() did not return in 10 s} or {@code close() failed: <exception>}; empty when
 *     none, and in results written before the field existed
 * @param load a LOAD cell's figures for this JVM; {@code null} for every other kind
 */
public record Fork(
        int fork,
        TimeStats time,
        List<Long> samples,
        Warmup warmup,
        Boolean steadyState,
        Double drift,
        Cpu cpu,
        Memory memory,
        Throughput throughput,
        TimeStats turnLatency,
        JvmContext jvm,
        Map<String, Double> metrics,
        List<String> warnings,
        Load load) {

    public Fork {
        if (fork < 1) {
            throw new IllegalArgumentException("Fork number [" + fork + "] must be at least 1");
        }
        if (time == null) {
            throw new IllegalArgumentException("Fork [" + fork + "] needs its time statistics");
        }
        samples = samples == null ? List.of() : List.copyOf(samples);
        metrics = metrics == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(metrics));
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A fork of any kind but LOAD: the components of the record before {@code load} existed. */
    public Fork(int fork, TimeStats time, List<Long> samples, Warmup warmup, Boolean steadyState, Double drift, Cpu cpu,
            Memory memory, Throughput throughput, TimeStats turnLatency, JvmContext jvm, Map<String, Double> metrics,
            List<String> warnings) {
        this(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm, metrics,
                warnings, null);
    }

    /** A fork without warnings: the components of the record before {@code warnings} existed. */
    public Fork(int fork, TimeStats time, List<Long> samples, Warmup warmup, Boolean steadyState, Double drift, Cpu cpu,
            Memory memory, Throughput throughput, TimeStats turnLatency, JvmContext jvm, Map<String, Double> metrics) {
        this(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm, metrics,
                List.of());
    }

    /** This fork under another number. */
    public Fork renumbered(int number) {
        return new Fork(number, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                metrics, warnings, load);
    }

    /** This fork with a LOAD cell's figures, and {@code warning} added to its warnings unless null. */
    public Fork withLoad(Load figures, String warning) {
        List<String> more = warnings;
        if (warning != null && !warnings.contains(warning)) {
            more = new java.util.ArrayList<>(warnings);
            more.add(warning);
        }
        return new Fork(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                metrics, more, figures);
    }
}

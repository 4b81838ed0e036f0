package dev.agentbench.api.result;

import java.util.List;

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
 * @param figures the figures particular to the benchmark kind, this JVM's values; empty when none
 * @param warnings what this JVM's child said a reader should know although its figures stand, for
 *     example {@code close() did not return in 10 s} or {@code close() failed: <exception>}; empty when
 *     none, and in results written before the field existed
 * @param noise what the machine did around this fork's timed pass besides the cell's own work;
 *     {@code null} where it is not read (not Linux, a cold start, results written before the field)
 * @param excluded whether this fork is kept in the data but out of the cell's statistics: a disturbed
 *     fork that a clean rerun replaced, or one with no steady state that a rerun replaced
 * @param outlier whether this fork, undisturbed, differs from its siblings well beyond their spread
 *     (an outlier of its own JVM); it stays in the statistics
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
        List<Figure> figures,
        List<String> warnings,
        Noise noise,
        boolean excluded,
        boolean outlier) {

    /** A fork without a noise reading, in the statistics, not an outlier. */
    public Fork(int fork, TimeStats time, List<Long> samples, Warmup warmup, Boolean steadyState, Double drift, Cpu cpu,
            Memory memory, Throughput throughput, TimeStats turnLatency, JvmContext jvm, List<Figure> figures,
            List<String> warnings) {
        this(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm, figures,
                warnings, null, false, false);
    }

    public Fork {
        if (fork < 1) {
            throw new IllegalArgumentException("Fork number [" + fork + "] must be at least 1");
        }
        if (time == null) {
            throw new IllegalArgumentException("Fork [" + fork + "] needs its time statistics");
        }
        samples = samples == null ? List.of() : List.copyOf(samples);
        figures = figures == null ? List.of() : List.copyOf(figures);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** This fork under another number. */
    public Fork renumbered(int number) {
        return new Fork(number, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                figures, warnings, noise, excluded, outlier);
    }

    /** This fork with {@code noise} as its reading of the machine. */
    public Fork withNoise(Noise noise) {
        return new Fork(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                figures, warnings, noise, excluded, outlier);
    }

    /** This fork kept out of the cell's statistics, or not. */
    public Fork withExcluded(boolean excluded) {
        return new Fork(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                figures, warnings, noise, excluded, outlier);
    }

    /** This fork named an outlier of its own JVM, or not. */
    public Fork withOutlier(boolean outlier) {
        return new Fork(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                figures, warnings, noise, excluded, outlier);
    }

    /** Whether the harness found this fork disturbed by the machine ({@link Noise#disturbed()}). */
    public boolean disturbed() {
        return noise != null && noise.disturbed();
    }

    /** This fork with {@code more} figures after its own, and {@code warning} added to its warnings unless null. */
    public Fork withFigures(List<Figure> more, String warning) {
        List<String> said = warnings;
        if (warning != null && !warnings.contains(warning)) {
            said = new java.util.ArrayList<>(warnings);
            said.add(warning);
        }
        List<Figure> all = new java.util.ArrayList<>(figures);
        all.addAll(more);
        return new Fork(fork, time, samples, warmup, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                all, said, noise, excluded, outlier);
    }

    /** Each figure's name and value, in the order of the figures. */
    public java.util.Map<String, Double> figureValues() {
        return Figure.values(figures);
    }

    /** The figure named {@code name}, or {@code null} when the fork has none of that name. */
    public Figure figure(String name) {
        return Figure.find(figures, name);
    }
}

package dev.agentbench.api.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The result of one cell: one (target, benchmark, concurrency) measured in its own JVM. Written by
 * the child as {@code <target>/<name>.json}, or by the parent when the child produced none.
 *
 * @param format the results format of the file ({@link RunLayout#FORMAT} when written by this
 *     version; a file without the field is format 1)
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration, 1 or more
 * @param name the cell's name: the benchmark's, then {@code _NAME=VALUE} for each parameter the run
 *     swept or the user set, then {@code _c<N>} when N > 1 (see {@link #cellName(String, Map, int)})
 * @param status how the cell ended
 * @param error why it did not end {@code OK}; {@code null} when it did
 * @param time the timed pass's statistics, in nanoseconds per iteration; {@code null} unless OK. Over
 *     several forks, {@code median} is the median of the forks' medians (the headline: every JVM
 *     counts alike, however many iterations it ran) and every other figure is over the forks'
 *     samples pooled
 * @param warmupIterations iterations run before the timed pass and not recorded (over several
 *     forks, the median of theirs)
 * @param steadyState whether the cell reached a steady state: every fork did (see {@link
 *     Fork#steadyState()}); {@code null} when not measured
 * @param drift median of the last third over median of the first third of the timed pass (1.0 = no
 *     drift; over several forks, the one furthest from 1); {@code null} when not measured
 * @param samples every timed iteration in nanoseconds, in the order measured, for a cell of format
 *     1; from format 2 on, empty here and kept per fork in {@code forks}
 * @param logTail the last lines of the child's log when the cell failed, else empty
 * @param memory allocated and retained bytes; {@code null} when not measured
 * @param throughput sessions and turns per second; {@code null} when not measured
 * @param turnLatency statistics of single turns, across every session of the timed pass (at
 *     concurrency N, how long a user waited for a reply while N sessions ran); {@code null} when not
 *     measured
 * @param jvm what the cell's JVM did; {@code null} when not measured
 * @param figures the figures particular to the cell's benchmark kind (see {@link Figure}), for example
 *     cold start's {@code firstReplyMs} or a load cell's {@code turnsPerSecond}; over several forks, each
 *     combined from the forks' as the figure says; empty when none. Results of format 2 and before
 *     kept them as {@code metrics} and {@code load}, which the results reader turns into figures
 * @param forks what each fork (each fresh JVM) of the cell measured, in the order they ran; the
 *     cell's own figures are made from these. Empty in results of format 1, which kept one JVM's
 *     {@code samples} in the cell itself
 * @param cpu process CPU time per operation over the timed pass: for a cell of several forks, the
 *     median of theirs; {@code null} when not measured
 * @param warnings what a reader should know that does not make the cell's figures wrong, for example
 *     {@code close() did not return in 10 s}: the union of its forks' (see {@link Fork#warnings()}),
 *     in fork order, each once and after {@code fork N: } when the cell has several forks (a cell that
 *     is not OK keeps those of the forks that finished); empty when none, and in results written
 *     before the field existed
 * @param params the value of each of the benchmark's parameters the cell ran with (see {@link
 *     dev.agentbench.api.Parameter}), in the order the benchmark declares them, also those left out of
 *     the name; empty for a benchmark without parameters, and in results written before the field
 *     existed
 */
public record CellResult(
        int format,
        String target,
        String benchmark,
        int concurrency,
        String name,
        CellStatus status,
        String error,
        TimeStats time,
        int warmupIterations,
        Boolean steadyState,
        Double drift,
        List<Long> samples,
        List<String> logTail,
        Memory memory,
        Throughput throughput,
        TimeStats turnLatency,
        JvmContext jvm,
        List<Figure> figures,
        List<Fork> forks,
        Cpu cpu,
        List<String> warnings,
        Map<String, String> params) {

    public CellResult {
        if (format == 0) {
            format = 1; // written before the field existed
        }
        if (format < 1) {
            throw new IllegalArgumentException("Results format [" + format + "] must be at least 1");
        }
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        if (concurrency < 1) {
            throw new IllegalArgumentException("Concurrency [" + concurrency + "] must be at least 1");
        }
        if (status == CellStatus.OK && time == null) {
            throw new IllegalArgumentException("An OK cell needs its time statistics");
        }
        if (status != CellStatus.OK && (error == null || error.isBlank())) {
            throw new IllegalArgumentException("A " + status + " cell needs an error that says why");
        }
        samples = samples == null ? List.of() : List.copyOf(samples);
        logTail = logTail == null ? List.of() : List.copyOf(logTail);
        figures = figures == null ? List.of() : List.copyOf(figures);
        forks = forks == null ? List.of() : List.copyOf(forks);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        params = copyParams(params);
    }

    /** A result without parameters, of the given results format. */
    public CellResult(int format, String target, String benchmark, int concurrency, String name, CellStatus status,
            String error, TimeStats time, int warmupIterations, Boolean steadyState, Double drift, List<Long> samples,
            List<String> logTail, Memory memory, Throughput throughput, TimeStats turnLatency, JvmContext jvm,
            List<Figure> figures, List<Fork> forks, Cpu cpu, List<String> warnings) {
        this(format, target, benchmark, concurrency, name, status, error, time, warmupIterations, steadyState, drift,
                samples, logTail, memory, throughput, turnLatency, jvm, figures, forks, cpu, warnings, Map.of());
    }

    /** A result in this version's results format, its samples kept per fork in {@code forks}. */
    public CellResult(String target, String benchmark, int concurrency, String name, CellStatus status, String error,
            TimeStats time, int warmupIterations, Boolean steadyState, Double drift, List<String> logTail,
            Memory memory, Throughput throughput, TimeStats turnLatency, JvmContext jvm, List<Figure> figures,
            List<Fork> forks, Cpu cpu, List<String> warnings) {
        this(RunLayout.FORMAT, target, benchmark, concurrency, name, status, error, time, warmupIterations, steadyState,
                drift, List.of(), logTail, memory, throughput, turnLatency, jvm, figures, forks, cpu, warnings);
    }

    /** A cell that did not end OK, with nothing measured. */
    public static CellResult failed(PlannedCell cell, CellStatus status, String error, List<String> logTail) {
        return new CellResult(RunLayout.FORMAT, cell.target(), cell.benchmark(), cell.concurrency(), cell.name(),
                status, error, null, 0, null, null, List.of(), logTail, null, null, null, null, List.of(), List.of(),
                null, List.of(), cell.params());
    }

    /** This result with {@code params} as its parameters' values (see {@link #params()}). */
    public CellResult withParams(Map<String, String> params) {
        return new CellResult(format, target, benchmark, concurrency, name, status, error, time, warmupIterations,
                steadyState, drift, samples, logTail, memory, throughput, turnLatency, jvm, figures, forks, cpu, warnings,
                params);
    }

    /**
     * The forks the cell's statistics are made of: its own {@code forks} less those {@linkplain
     * Fork#excluded() excluded} (a disturbed or unsteady fork a rerun replaced), or for a result of format 1
     * (which kept one JVM's figures in the cell itself) that one JVM as fork 1; empty when the cell has
     * no time statistics. {@link #forks()} holds every fork.
     */
    public List<Fork> forksOrSelf() {
        if (!forks.isEmpty() || time == null) {
            return forks.stream().anyMatch(Fork::excluded) ? forks.stream().filter(fork -> !fork.excluded()).toList()
                    : forks;
        }
        return List.of(new Fork(1, time, samples, null, steadyState, drift, cpu, memory, throughput, turnLatency, jvm,
                figures, warnings));
    }

    /**
     * Whether a fork the cell's statistics are made of was disturbed by the machine ({@link
     * Fork#disturbed()}): its reruns, if any, stayed disturbed too.
     */
    public boolean disturbed() {
        return forksOrSelf().stream().anyMatch(Fork::disturbed);
    }

    /** This result with {@code tail} as its log's last lines. */
    public CellResult withLogTail(List<String> tail) {
        return new CellResult(format, target, benchmark, concurrency, name, status, error, time, warmupIterations,
                steadyState, drift, samples, tail, memory, throughput, turnLatency, jvm, figures, forks, cpu, warnings, params);
    }

    /** This result with {@code warning} added after its warnings, unless it has it already. */
    public CellResult withWarning(String warning) {
        if (warnings.contains(warning)) {
            return this;
        }
        List<String> more = new java.util.ArrayList<>(warnings);
        more.add(warning);
        return new CellResult(format, target, benchmark, concurrency, name, status, error, time, warmupIterations,
                steadyState, drift, samples, logTail, memory, throughput, turnLatency, jvm, figures, forks, cpu, more, params);
    }

    /** Each figure's name and value, in the order of the figures. */
    public java.util.Map<String, Double> figureValues() {
        return Figure.values(figures);
    }

    /** The figure named {@code name}, or {@code null} when the cell has none of that name. */
    public Figure figure(String name) {
        return Figure.find(figures, name);
    }

    /** The name of the cell of {@code benchmark} at {@code concurrency}: {@code turn5}, {@code turn5_c8}. */
    public static String cellName(String benchmark, int concurrency) {
        return cellName(benchmark, Map.of(), concurrency);
    }

    /**
     * The name of the cell of {@code benchmark} with {@code params} at {@code concurrency}: the
     * benchmark's name, then {@code _NAME=VALUE} for every entry of {@code params} in its order, then
     * {@code _c<N>} when N > 1: {@code history_history=64}, {@code reply_tokens=256_stream=true_c8},
     * {@code turn5_c8}. Give it the parameters that belong in the name (see {@link
     * dev.agentbench.api.Parameter}): those the run sweeps or the user set.
     */
    public static String cellName(String benchmark, Map<String, String> params, int concurrency) {
        StringBuilder name = new StringBuilder(benchmark);
        for (Map.Entry<String, String> param : params.entrySet()) { // no lambda: a cold start's path names cells
            name.append('_').append(param.getKey()).append('=').append(param.getValue());
        }
        if (concurrency != 1) {
            name.append("_c").append(concurrency);
        }
        return name.toString();
    }

    /** An ordered, unmodifiable copy of {@code params}; empty for {@code null}. */
    static Map<String, String> copyParams(Map<String, String> params) {
        if (params == null || params.isEmpty()) {
            return Map.of();
        }
        Map<String, String> copy = new LinkedHashMap<>();
        for (Map.Entry<String, String> param : params.entrySet()) {
            copy.put(Objects.requireNonNull(param.getKey(), "parameter name"),
                    Objects.requireNonNull(param.getValue(), "value of parameter [" + param.getKey() + "]"));
        }
        return Collections.unmodifiableMap(copy);
    }
}

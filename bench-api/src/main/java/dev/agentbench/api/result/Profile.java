package dev.agentbench.api.result;

import java.util.List;
import java.util.Objects;

/**
 * Where a cell's time and allocations go: the summary of a JFR recording of its profile fork's timed
 * pass, written as {@code <target>/<cell>.profile.json} beside the recording ({@link
 * RunLayout#cellProfile}). The profile fork is a fork of its own, run after the measured ones and
 * never merged into the cell's figures, so that the profiler's own cost never lands in them.
 *
 * <p>Every frame belongs to one of the {@link #GROUPS} by its class's package; a sample's self
 * group is the group of its top frame.
 *
 * @param format the results format ({@link RunLayout#FORMAT})
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name the cell's name
 * @param profiler {@code jfr}
 * @param recording the recording's file name, beside this file ({@code turn1.jfr})
 * @param durationNanos how long the recorded timed pass ran
 * @param iterations iterations of the recorded timed pass
 * @param cpuSamples execution samples (JFR's {@code jdk.ExecutionSample}) of every thread of the
 *     child JVM during the pass
 * @param groups self samples by group, one entry for each of {@link #GROUPS}, in that order
 * @param methods the methods with the most self samples, and those with the most total samples
 *     (at most 30 of each, kept once), most self samples first
 * @param allocations the allocated types with the most sampled bytes (JFR's {@code
 *     jdk.ObjectAllocationSample} weights), at most 20, most bytes first
 * @param flame every sampled stack merged from the root: a node's {@code samples} counts the
 *     samples whose stack passes through it; nodes under 0.2% of {@code cpuSamples} are left out
 * @param packages the packages with the most self samples, and those with the most total samples
 *     (at most 30 of each, kept once), most self samples first: where a framework's own time goes,
 *     a level above its methods; empty in profiles written before packages were counted
 */
public record Profile(
        int format,
        String target,
        String benchmark,
        int concurrency,
        String name,
        String profiler,
        String recording,
        long durationNanos,
        long iterations,
        long cpuSamples,
        List<GroupShare> groups,
        List<MethodSamples> methods,
        List<Allocation> allocations,
        FlameNode flame,
        List<PackageSamples> packages) {

    /** The package groups, in the order reports show them: {@code framework} first. */
    public static final List<String> GROUPS = List.of("framework", "HTTP client", "JSON", "JDK", "harness");

    public Profile {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(name, "name");
        groups = groups == null ? List.of() : List.copyOf(groups);
        methods = methods == null ? List.of() : List.copyOf(methods);
        allocations = allocations == null ? List.of() : List.copyOf(allocations);
        packages = packages == null ? List.of() : List.copyOf(packages);
    }

    /** A profile without its packages. */
    public Profile(int format, String target, String benchmark, int concurrency, String name, String profiler,
            String recording, long durationNanos, long iterations, long cpuSamples, List<GroupShare> groups,
            List<MethodSamples> methods, List<Allocation> allocations, FlameNode flame) {
        this(format, target, benchmark, concurrency, name, profiler, recording, durationNanos, iterations, cpuSamples,
                groups, methods, allocations, flame, List.of());
    }

    /**
     * Self samples of one group.
     *
     * @param group one of {@link #GROUPS}
     * @param selfSamples samples whose top frame is in the group
     * @param share {@code selfSamples} over all samples, 0 to 1
     */
    public record GroupShare(String group, long selfSamples, double share) {}

    /**
     * One method's samples.
     *
     * @param method {@code package.Class.method}
     * @param group the group of its class
     * @param self samples with this method on top
     * @param total samples with this method anywhere on the stack (counted once per sample)
     */
    public record MethodSamples(String method, String group, long self, long total) {}

    /**
     * One package's samples.
     *
     * @param name the package, {@code com.google.adk.flows.llmflows}
     * @param group the group of its classes
     * @param self samples with a method of this package on top
     * @param total samples with a method of this package anywhere on the stack (counted once per
     *     sample)
     */
    public record PackageSamples(String name, String group, long self, long total) {}

    /**
     * One allocated type.
     *
     * @param type the class, as JFR names it ({@code byte[]}, {@code java.lang.String})
     * @param group the group of the method that allocated it most (its top frame)
     * @param bytes the summed weights of its allocation samples: an estimate of the bytes allocated
     * @param samples its allocation samples
     */
    public record Allocation(String type, String group, long bytes, long samples) {}

    /**
     * One frame of the merged stacks.
     *
     * @param frame {@code package.Class.method}; {@code all} at the root
     * @param group the group of its class; {@code null} at the root
     * @param samples samples whose stack passes through this frame
     * @param children the frames called from it, most samples first
     */
    public record FlameNode(String frame, String group, long samples, List<FlameNode> children) {

        public FlameNode {
            children = children == null ? List.of() : List.copyOf(children);
        }
    }
}

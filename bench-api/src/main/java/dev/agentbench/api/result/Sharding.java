package dev.agentbench.api.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a plan was split into shards, as {@code run.json} records it: in a shard's run, which part it
 * measured; in a run merged from shards, every part and where it ran.
 *
 * <p>A plan is split by group: a benchmark at one concurrency level, with all of its targets, so
 * that every ratio to the baseline is measured on one machine at one time. Groups go to shards by
 * their estimated time, longest first, each to the shard with the least so far.
 *
 * @param planHash {@code sha256:} and the hex digest of the whole plan: its cells, the shard of
 *     each, and every setting that changes what a cell measures. Shards of one plan share it.
 * @param count how many shards the plan was split into
 * @param index the shard this run measured, from 1; 0 in a merged run
 * @param host in a shard's run, the machine that ran it, in one line ({@link Part#machine()});
 *     {@code null} in a merged run, whose parts say
 * @param fingerprint in a shard's run, its machine's {@link Part#fingerprint()}; {@code null} in a
 *     merged run
 * @param groups every group of the whole plan, in plan order, with its shard
 * @param parts in a merged run, one per shard in shard order, those not merged with a {@code null}
 *     status; empty in a shard's run
 */
public record Sharding(String planHash, int count, int index, String host, String fingerprint, List<Group> groups,
        List<Part> parts) {

    public Sharding {
        Objects.requireNonNull(planHash, "planHash");
        if (count < 1 || index < 0 || index > count) {
            throw new IllegalArgumentException("Shard [" + index + "/" + count + "] is out of range");
        }
        groups = groups == null ? List.of() : List.copyOf(groups);
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    /** This split, as shard {@code index}'s run on the machine of {@code environment} records it. */
    public Sharding ranOn(Map<String, String> environment) {
        return new Sharding(planHash, count, index, Hosts.describe(environment), Hosts.fingerprint(environment), groups,
                List.of());
    }

    /** This split as a run merged from {@code parts} records it. */
    public Sharding merged(List<Part> parts) {
        return new Sharding(planHash, count, 0, null, null, groups, parts);
    }

    /** {@code 1/2}, or {@code merged from 2} for a merged run. */
    public String label() {
        return index == 0 ? "merged from " + count : index + "/" + count;
    }

    /** The cells of the whole plan, in plan order: each group's cells, one per target in {@code targets}' order. */
    public List<PlannedCell> plan(List<String> targets) {
        List<PlannedCell> cells = new ArrayList<>();
        for (Group group : groups) {
            for (String target : targets) {
                cells.add(new PlannedCell(target, group.benchmark(), group.concurrency(), group.cellName(),
                        group.params()));
            }
        }
        return cells;
    }

    /** The shard that measures the cells named {@code cellName} ({@code tools_c8}), from 1; 0 for a name not planned. */
    public int shardOf(String cellName) {
        return groups.stream().filter(group -> group.cellName().equals(cellName)).findFirst().map(Group::shard)
                .orElse(0);
    }

    /** The names of the cells ({@code turn1}, {@code tools_c8}) shard {@code shard} measures, in plan order. */
    public List<String> rows(int shard) {
        return groups.stream().filter(group -> group.shard() == shard).map(Group::cellName).toList();
    }

    /**
     * A benchmark with one value of each of its parameters at one concurrency level: the cells of every
     * target, measured together by one shard.
     *
     * @param benchmark the benchmark's name
     * @param concurrency its concurrency level
     * @param shard the shard that measures it, from 1
     * @param estimatedSeconds what its cells were estimated to take together, which the split balances
     * @param params the benchmark's parameters' values, as {@link PlannedCell#params()}; empty for a
     *     benchmark without parameters
     * @param name the name of its cells when the benchmark has parameters ({@code history_history=64});
     *     {@code null} otherwise, when it is {@link CellResult#cellName(String, int)}
     */
    public record Group(String benchmark, int concurrency, int shard, double estimatedSeconds,
            Map<String, String> params, String name) {

        public Group {
            Objects.requireNonNull(benchmark, "benchmark");
            params = CellResult.copyParams(params);
        }

        /** A group of a benchmark without parameters. */
        public Group(String benchmark, int concurrency, int shard, double estimatedSeconds) {
            this(benchmark, concurrency, shard, estimatedSeconds, Map.of(), null);
        }

        /** The name of its cells, {@code tools_c8}, {@code history_history=64}. */
        public String cellName() {
            return name != null ? name : CellResult.cellName(benchmark, concurrency);
        }
    }

    /**
     * One shard's run.
     *
     * @param shard which shard, from 1
     * @param runId its run's id; {@code null} for a shard that was not merged
     * @param status how its run ended; {@code null} for a shard that was not merged
     * @param startedAt when its run started; {@code null} for a shard that was not merged
     * @param endedAt when its run ended; {@code null} when not recorded
     * @param source in a merged run, the shard's run directory as given to {@code merge}; {@code null}
     *     otherwise
     * @param machine the machine that ran it in one line, {@code ci-runner-7: AMD EPYC 7763, 2 CPUs,
     *     7.8 GiB; Eclipse Adoptium 17.0.15} (host name, CPU model, cores, memory and JVM, where
     *     recorded); {@code null} for a shard that was not merged
     * @param fingerprint the first 12 hex digits of a SHA-256 of what makes the machine a kind of
     *     machine (CPU model, cores, memory, OS and JVM; not its name), so that rows measured on alike
     *     machines can be told from others; {@code null} for a shard that was not merged
     * @param environment the machine and JVM that ran it, as {@link RunInfo#environment()}; empty for a
     *     shard that was not merged
     */
    public record Part(int shard, String runId, RunStatus status, String startedAt, String endedAt, String source,
            String machine, String fingerprint, Map<String, String> environment) {

        public Part {
            environment = environment == null ? Map.of() : Map.copyOf(environment);
        }

        /** The part of shard {@code info}'s run, read from {@code source}. */
        public static Part of(RunInfo info, String source) {
            return new Part(info.sharding().index(), info.runId(), info.status(), info.startedAt(), info.endedAt(),
                    source, Hosts.describe(info.environment()), Hosts.fingerprint(info.environment()),
                    info.environment());
        }

        /** The part of shard {@code shard}, which was not merged. */
        public static Part absent(int shard) {
            return new Part(shard, null, null, null, null, null, null, null, Map.of());
        }

        /** Whether the shard's run was merged. */
        public boolean present() {
            return status != null;
        }
    }
}

package dev.agentbench.core.plan;

import com.google.common.hash.Hashing;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.Plan;
import dev.agentbench.core.Shard;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.core.measure.PassSettings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Splits a plan into shards and says which cells one shard measures.
 *
 * <p>A plan is split by group, a benchmark at one concurrency level (and one value of each of its
 * parameters) with every target, never
 * inside one: every ratio to the baseline is then measured on one machine at one time. Groups are
 * dealt out longest first, each to the shard with the least estimated time so far (lowest shard on a
 * tie), which keeps the longest shard within one group of the best split. The split depends on the
 * plan and the settings alone, so every shard of a CI matrix or an Indexed Job computes the same
 * one.
 */
public final class Shards {

    /** A JVM's start, the target's open and close, and the result's writing: a guess, the same for every cell. */
    static final double JVM_SECONDS = 2.0;

    /**
     * The settings that do not change what a cell measures, and so stay out of the plan's hash: where
     * things are on this machine, and limits that only decide whether a cell gets to its end.
     */
    public static final Set<String> LOCAL_SETTINGS = Set.of("targets", "benchmarks", "concurrency", "pluginDirs",
            "javaExecutable", "timeout", "logLimit", "maxDuration");

    private Shards() {}

    /**
     * The split of {@code plan} into {@code shard.count()} shards, as shard {@code shard.index()}'s
     * run records it (without its part, which the run adds).
     *
     * @param kinds each planned benchmark's kind, for the estimates
     * @param settings the run's settings ({@link BenchOptions#settings()}): those that change what a
     *     cell measures go into the plan's hash
     * @throws IllegalArgumentException when the plan has fewer groups than shards, so this shard
     *     would have nothing to run
     */
    public static Sharding split(Plan plan, Shard shard, Function<String, BenchmarkKind> kinds, PassSettings passes,
            Map<String, String> settings) {
        List<PlannedCell> cells = plan.cells();
        List<String> targets = cells.stream().map(PlannedCell::target).distinct().toList();
        List<int[]> spans = groups(cells);
        if (spans.size() < shard.count()) {
            throw new IllegalArgumentException("Shard [" + shard + "] has nothing to run: the plan has " + spans.size()
                    + " group" + (spans.size() == 1 ? "" : "s") + " (a benchmark at one concurrency level, with all its"
                    + " targets), so split it into at most " + spans.size() + " shard" + (spans.size() == 1 ? "" : "s"));
        }
        double[] estimates = new double[spans.size()];
        for (int g = 0; g < spans.size(); g++) {
            PlannedCell first = cells.get(spans.get(g)[0]);
            int width = spans.get(g)[1] - spans.get(g)[0];
            estimates[g] = width * cellSeconds(kinds.apply(first.benchmark()), passes);
        }
        int[] assigned = assign(estimates, shard.count());
        List<Sharding.Group> groups = new ArrayList<>();
        for (int g = 0; g < spans.size(); g++) {
            PlannedCell first = cells.get(spans.get(g)[0]);
            groups.add(new Sharding.Group(first.benchmark(), first.concurrency(), assigned[g], estimates[g],
                    first.params(), first.params().isEmpty() ? null : first.name()));
        }
        return new Sharding(hash(targets, groups, shard.count(), settings), shard.count(), shard.index(), null, null,
                groups, List.of());
    }

    /** The cells of {@code plan} that shard {@code sharding.index()} measures, in plan order, and a note that says so. */
    public static Plan part(Plan plan, Sharding sharding) {
        List<PlannedCell> cells = plan.cells().stream()
                .filter(cell -> sharding.shardOf(cell.name()) == sharding.index())
                .toList();
        double mine = sharding.groups().stream().filter(group -> group.shard() == sharding.index())
                .mapToDouble(Sharding.Group::estimatedSeconds).sum();
        double all = sharding.groups().stream().mapToDouble(Sharding.Group::estimatedSeconds).sum();
        List<String> notes = new ArrayList<>(plan.notes());
        notes.add("Shard " + sharding.label() + " of plan " + sharding.planHash() + ": " + cells.size() + " of "
                + plan.cells().size() + " cells (" + String.join(", ", sharding.rows(sharding.index()))
                + "), estimated " + minutes(mine) + " of " + minutes(all));
        return new Plan(cells, notes);
    }

    /** What one cell of a benchmark of {@code kind} is guessed to take, in seconds ({@link CellKind#cellSeconds}). */
    static double cellSeconds(BenchmarkKind kind, PassSettings passes) {
        return CellKind.of(kind).cellSeconds(passes);
    }

    /** Each group's shard, from 1: longest first, to the shard with the least so far; ties to plan order and the lowest shard. */
    static int[] assign(double[] estimates, int count) {
        Integer[] order = IntStream.range(0, estimates.length).boxed().toArray(Integer[]::new);
        java.util.Arrays.sort(order, Comparator.comparingDouble((Integer g) -> -estimates[g]).thenComparingInt(g -> g));
        double[] load = new double[count];
        int[] assigned = new int[estimates.length];
        int next = 0;
        for (int g : order) {
            int least = 0;
            for (int s = 1; s < count; s++) {
                if (load[s] < load[least]) {
                    least = s;
                }
            }
            // until every shard has a group, the next empty one takes it, so that none is left empty
            if (next < count) {
                least = next++;
            }
            load[least] += estimates[g];
            assigned[g] = least + 1;
        }
        return assigned;
    }

    /**
     * {@code sha256:} and the hex SHA-256 of the plan: its targets in order, every group with its shard,
     * the shard count, and the settings outside {@link #LOCAL_SETTINGS}, sorted by name.
     */
    static String hash(List<String> targets, List<Sharding.Group> groups, int count, Map<String, String> settings) {
        StringBuilder plan = new StringBuilder("agentbench plan\n");
        plan.append("targets=").append(String.join(",", targets)).append('\n');
        plan.append("shards=").append(count).append('\n');
        for (Sharding.Group group : groups) {
            plan.append("group=").append(group.benchmark()).append(' ').append(group.concurrency()).append(' ')
                    .append(group.shard());
            if (!group.params().isEmpty()) { // a plan without parameters hashes as before
                plan.append(' ').append(group.cellName()).append(' ').append(group.params());
            }
            plan.append('\n');
        }
        new TreeMap<>(settings).forEach((key, value) -> {
            if (!LOCAL_SETTINGS.contains(key)) {
                plan.append("setting ").append(key).append('=').append(value).append('\n');
            }
        });
        return "sha256:" + Hashing.sha256().hashString(plan, StandardCharsets.UTF_8);
    }

    private static double seconds(java.time.Duration duration) {
        return duration.toNanos() / 1e9;
    }

    /** {@code 4m 05s}, {@code 12s}. */
    private static String minutes(double seconds) {
        long whole = Math.round(seconds);
        return whole < 60 ? whole + "s" : String.format(Locale.ROOT, "%dm %02ds", whole / 60, whole % 60);
    }

    /**
     * The {@code [from, to)} index ranges of the groups of {@code cells}: cells in a row that share a
     * name (a benchmark, its parameters' values and a concurrency level), one per target. A plan keeps
     * each group together.
     */
    static List<int[]> groups(List<PlannedCell> cells) {
        List<int[]> groups = new ArrayList<>();
        int from = 0;
        while (from < cells.size()) {
            int to = from;
            while (to < cells.size() && cells.get(to).name().equals(cells.get(from).name())) {
                to++;
            }
            groups.add(new int[] {from, to});
            from = to;
        }
        return groups;
    }
}

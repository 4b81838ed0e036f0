package dev.agentbench.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.core.BenchOptions;
import dev.agentbench.core.Plan;
import dev.agentbench.core.Shard;
import dev.agentbench.core.measure.PassSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ShardsTest {

    private static final List<String> TARGETS = List.of("raw", "noop", "llmagent");
    private static final Function<String, BenchmarkKind> KINDS =
            name -> name.equals("cold_start") ? BenchmarkKind.COLD_START
                    : name.equals("instantiation") ? BenchmarkKind.CONSTRUCTION
                    : name.equals("load") ? BenchmarkKind.LOAD : BenchmarkKind.SESSIONS;
    private static final PassSettings PASSES = PassSettings.defaults();

    /** turn1, turn5, tools at 1 and 8; instantiation and cold_start at 1; load at 16: 9 groups of 3 targets. */
    private static Plan plan() {
        List<PlannedCell> cells = new ArrayList<>();
        for (String benchmark : List.of("cold_start", "instantiation")) {
            TARGETS.forEach(target -> cells.add(new PlannedCell(target, benchmark, 1)));
        }
        for (String benchmark : List.of("turn1", "turn5", "tools")) {
            for (int level : List.of(1, 8)) {
                TARGETS.forEach(target -> cells.add(new PlannedCell(target, benchmark, level)));
            }
        }
        TARGETS.forEach(target -> cells.add(new PlannedCell(target, "load", 16)));
        return new Plan(cells, List.of("a planning note"));
    }

    private static Map<String, String> settings() {
        return BenchOptions.builder().harnessClasspath(System.getProperty("agentbench.harness.classpath")).build()
                .settings();
    }

    private static Sharding split(int index, int count) {
        return Shards.split(plan(), new Shard(index, count), KINDS, PASSES, settings());
    }

    @Test
    void everyCellOfThePlanIsInExactlyOneShardAndEveryRowsTargetsInTheSameOne() {
        List<PlannedCell> union = new ArrayList<>();
        Map<String, Integer> shardOfRow = new LinkedHashMap<>();
        for (int index = 1; index <= 3; index++) {
            Plan part = Shards.part(plan(), split(index, 3));
            assertThat(part.cells()).as("shard %d/3 has cells", index).isNotEmpty();
            for (PlannedCell cell : part.cells()) {
                Integer earlier = shardOfRow.put(cell.name(), index);
                assertThat(earlier).as("row %s measured by one shard", cell.name()).isIn(null, index);
            }
            union.addAll(part.cells());
        }
        assertThat(union).containsExactlyInAnyOrderElementsOf(plan().cells());
        assertThat(shardOfRow.keySet()).hasSize(9);
        Map<String, Long> targetsPerRow = union.stream()
                .collect(Collectors.groupingBy(PlannedCell::name, Collectors.counting()));
        assertThat(targetsPerRow.values()).containsOnly(3L);
    }

    @Test
    void aShardKeepsThePlansOrderAndSaysWhatItMeasures() {
        Sharding sharding = split(2, 2);
        Plan part = Shards.part(plan(), sharding);

        List<PlannedCell> inPlanOrder = plan().cells().stream().filter(part.cells()::contains).toList();
        assertThat(part.cells()).containsExactlyElementsOf(inPlanOrder);
        assertThat(part.notes()).hasSize(2).first().isEqualTo("a planning note");
        assertThat(part.notes().get(1)).startsWith("Shard 2/2 of plan " + sharding.planHash() + ": "
                + part.cells().size() + " of 27 cells (").contains(String.join(", ", sharding.rows(2)));
        assertThat(sharding.rows(2)).isNotEmpty().allSatisfy(row -> assertThat(sharding.shardOf(row)).isEqualTo(2));
    }

    @Test
    void everyShardComputesTheSameSplitAndHash() {
        Sharding first = split(1, 3);
        for (int index = 2; index <= 3; index++) {
            Sharding other = split(index, 3);
            assertThat(other.groups()).isEqualTo(first.groups());
            assertThat(other.planHash()).isEqualTo(first.planHash()).matches("sha256:[0-9a-f]{64}");
        }
    }

    @Test
    void groupsGoLongestFirstToTheLeastLoadedShard() {
        // 10 to shard 1, 9 to shard 2, 8 to shard 2 (9 < 10), then the 1s to shard 1 (10 < 17): 13 and 17
        assertThat(Shards.assign(new double[] {10, 1, 1, 1, 9, 8}, 2)).containsExactly(1, 1, 1, 1, 2, 2);
        // equal estimates: plan order, round the shards
        assertThat(Shards.assign(new double[] {5, 5, 5, 5, 5}, 3)).containsExactly(1, 2, 3, 1, 2);
        // no estimate at all still leaves no shard empty
        assertThat(Shards.assign(new double[] {0, 0, 0}, 3)).containsExactly(1, 2, 3);
    }

    @Test
    void theSplitIsBalancedByEstimatedTimeNotByCellCount() {
        Sharding sharding = split(1, 2);
        double[] load = new double[2];
        sharding.groups().forEach(group -> load[group.shard() - 1] += group.estimatedSeconds());
        double longest = sharding.groups().stream().mapToDouble(Sharding.Group::estimatedSeconds).max().orElseThrow();
        assertThat(Math.abs(load[0] - load[1])).as("the shards differ by at most one group").isLessThanOrEqualTo(longest);
        // a load group stretches its window: it is estimated above a session group of the same passes
        double load16 = estimate(sharding, "load_c16");
        double turn1 = estimate(sharding, "turn1");
        assertThat(load16).isGreaterThan(turn1);
        assertThat(estimate(sharding, "cold_start")).isEqualTo(3 * PASSES.coldStarts() * Shards.JVM_SECONDS);
    }

    private static double estimate(Sharding sharding, String row) {
        return sharding.groups().stream().filter(group -> group.cellName().equals(row)).findFirst().orElseThrow()
                .estimatedSeconds();
    }

    @Test
    void theHashChangesWithWhatACellMeasuresAndNotWithWhereThingsAreOnThisMachine() {
        Map<String, String> base = settings();
        String hash = Shards.split(plan(), new Shard(1, 2), KINDS, PASSES, base).planHash();

        Map<String, String> local = new LinkedHashMap<>(base);
        local.put("pluginDirs", "[/somewhere/else]");
        local.put("javaExecutable", "/opt/java/bin/java");
        local.put("timeout", "PT1H");
        local.put("maxDuration", "PT2H");
        assertThat(Shards.split(plan(), new Shard(2, 2), KINDS, PASSES, local).planHash()).isEqualTo(hash);

        Map<String, String> forks = new LinkedHashMap<>(base);
        forks.put("forks", "5");
        assertThat(Shards.split(plan(), new Shard(1, 2), KINDS, PASSES, forks).planHash()).isNotEqualTo(hash);
        Map<String, String> options = new LinkedHashMap<>(base);
        options.put("targetOptions", "{stream=true}");
        assertThat(Shards.split(plan(), new Shard(1, 2), KINDS, PASSES, options).planHash()).isNotEqualTo(hash);
        assertThat(Shards.split(plan(), new Shard(1, 3), KINDS, PASSES, base).planHash()).isNotEqualTo(hash);
        Plan fewer = new Plan(plan().cells().subList(0, 24), List.of());
        assertThat(Shards.split(fewer, new Shard(1, 2), KINDS, PASSES, base).planHash()).isNotEqualTo(hash);
    }

    @Test
    void moreShardsThanRowsIsRefusedNamingBoth() {
        assertThatThrownBy(() -> Shards.split(plan(), new Shard(10, 10), KINDS, PASSES, settings()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Shard [10/10] has nothing to run: the plan has 9 groups (a benchmark at one concurrency "
                        + "level, with all its targets), so split it into at most 9 shards");
    }

    @Test
    void aDryRunEstimatesOneJvmPerCell() {
        PassSettings dry = PassSettings.builder().dryRun(true).build();
        assertThat(Shards.cellSeconds(BenchmarkKind.SESSIONS, dry)).isEqualTo(Shards.JVM_SECONDS);
        assertThat(Shards.cellSeconds(BenchmarkKind.SESSIONS, PassSettings.builder().forks(2)
                .warmupTime(Duration.ofSeconds(4)).warmupMax(Duration.ofSeconds(8)).measureTime(Duration.ofSeconds(1))
                .build())).isEqualTo(2 * (Shards.JVM_SECONDS + 4 + 1 + 1));
    }

    @Test
    void aShardIsKOfNFromTheCommandLineOrFromAnIndexedJob() {
        assertThat(Shard.parse("2/4")).isEqualTo(new Shard(2, 4));
        assertThat(Shard.parse(" 1 / 1 ")).isEqualTo(new Shard(1, 1));
        assertThatThrownBy(() -> Shard.parse("2")).hasMessage("Shard [2] must be K/N, for example 1/4");
        assertThatThrownBy(() -> Shard.parse("a/b")).hasMessage("Shard [a/b] must be K/N, for example 1/4");
        assertThatThrownBy(() -> Shard.parse("5/4")).hasMessage("Shard [5/4] must be between 1/4 and 4/4");
        assertThatThrownBy(() -> Shard.parse("0/4")).hasMessage("Shard [0/4] must be between 1/4 and 4/4");
        assertThatThrownBy(() -> Shard.parse("1/0")).hasMessage("Shard count [0] must be at least 1");

        assertThat(Shard.ofJobIndex(4, Map.of("JOB_COMPLETION_INDEX", "0"))).isEqualTo(new Shard(1, 4));
        assertThat(Shard.ofJobIndex(4, Map.of("JOB_COMPLETION_INDEX", "3"))).isEqualTo(new Shard(4, 4));
        assertThatThrownBy(() -> Shard.ofJobIndex(4, Map.of())).hasMessage("--shards 4 takes the shard from "
                + "JOB_COMPLETION_INDEX, which is not set (a Kubernetes Indexed Job sets it; elsewhere use --shard K/4)");
        assertThatThrownBy(() -> Shard.ofJobIndex(4, Map.of("JOB_COMPLETION_INDEX", "4")))
                .hasMessage("JOB_COMPLETION_INDEX [4] must be a whole number from 0 to 3 for --shards 4");
        assertThatThrownBy(() -> Shard.ofJobIndex(4, Map.of("JOB_COMPLETION_INDEX", "x")))
                .hasMessage("JOB_COMPLETION_INDEX [x] must be a whole number from 0 to 3 for --shards 4");
    }

    @Test
    void thePlanHashIsTheSha256InLowercaseHexOfThePlansTextWithoutItsLocalSettings() throws Exception {
        String hash = Shards.hash(List.of("raw", "llmagent"), List.of(new Sharding.Group("turn1", 1, 0, 2.5)), 2,
                Map.of("forks", "3", "timeout", "PT10M"));
        String plan = "agentbench plan\ntargets=raw,llmagent\nshards=2\ngroup=turn1 1 0\nsetting forks=3\n";
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                .digest(plan.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(hash).isEqualTo("sha256:" + java.util.HexFormat.of().formatHex(digest));
    }
}

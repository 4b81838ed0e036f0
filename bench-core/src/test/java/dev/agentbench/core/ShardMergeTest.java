package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.core.results.LatestRun;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.TestRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two shards of one plan run for real (the fake mock, real child JVMs), then merged: the merged run
 * holds exactly the plan's cells, each row from one shard, and refuses what does not belong.
 */
class ShardMergeTest {

    @TempDir
    static Path shared;

    private static RunSummary first;
    private static RunSummary second;
    private static Plan whole;

    @TempDir
    Path dir;

    private static BenchOptions.Builder options(Path results) {
        return TestRuns.options(results)
                .targets(List.of("scripted", "sleepy"))
                .benchmarks(List.of("echo", "solo", "build"))
                .concurrency(List.of(1, 2));
    }

    @BeforeAll
    static void runTwoShards() {
        whole = new BenchRunner(options(shared.resolve("whole")).build()).plan();
        first = new BenchRunner(options(shared.resolve("shard-1")).shard(new Shard(1, 2)).build()).run();
        second = new BenchRunner(options(shared.resolve("shard-2")).shard(new Shard(2, 2)).build()).run();
    }

    @AfterEach
    void nothingIsLeftRunning() throws Exception {
        assertThat(ProcessChecks.awaitNoDescendants(Duration.ofSeconds(5)))
                .as("processes this test JVM started that are still alive").isEmpty();
    }

    @Test
    void eachShardRunsItsRowsAndRecordsThePlanTheShardAndTheMachine() {
        assertThat(whole.cells()).hasSize(8); // echo at 1 and 2, solo and build at 1 only: 4 rows of 2 targets
        for (RunSummary shard : List.of(first, second)) {
            assertThat(shard.allOk()).as(shard.results().toString()).isTrue();
            Sharding sharding = shard.info().sharding();
            assertThat(sharding.planHash()).isEqualTo(first.info().sharding().planHash());
            assertThat(sharding.count()).isEqualTo(2);
            assertThat(sharding.fingerprint()).matches("[0-9a-f]{12}");
            assertThat(sharding.host()).contains(shard.info().environment().get("cpus") + " CPUs");
            assertThat(shard.info().cells()).allSatisfy(cell ->
                    assertThat(sharding.shardOf(cell.name())).isEqualTo(sharding.index()));
        }
        assertThat(first.info().sharding().index()).isEqualTo(1);
        assertThat(second.info().sharding().index()).isEqualTo(2);
        assertThat(first.info().cells().size() + second.info().cells().size()).isEqualTo(whole.cells().size());
    }

    @Test
    void theMergedRunHoldsExactlyThePlansCellsEachRowFromOneShard() throws IOException {
        Path out = dir.resolve("merged");
        RunSummary merged = ShardMerge.merge(List.of(second.runDir(), first.runDir()), out, List.of("merge", "test"));

        assertThat(merged.info().cells()).containsExactlyElementsOf(whole.cells());
        assertThat(merged.results()).extracting(CellResult::status).containsOnly(CellStatus.OK);
        assertThat(merged.info().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(merged.allOk()).isTrue();
        RunLayout layout = new RunLayout(out);
        for (PlannedCell cell : whole.cells()) {
            RunSummary shard = first.info().cells().contains(cell) ? first : second;
            Path from = new RunLayout(shard.runDir()).cellResult(cell);
            assertThat(layout.cellResult(cell)).as(cell.target() + "/" + cell.name()).hasSameBinaryContentAs(from);
            assertThat(layout.cellLog(cell)).exists();
        }
        Sharding sharding = merged.info().sharding();
        assertThat(sharding.index()).isZero();
        assertThat(sharding.parts()).extracting(Sharding.Part::shard).containsExactly(1, 2);
        assertThat(sharding.parts()).extracting(Sharding.Part::runId)
                .containsExactly(first.info().runId(), second.info().runId());
        assertThat(sharding.parts()).allSatisfy(part -> assertThat(part.fingerprint()).matches("[0-9a-f]{12}"));
        assertThat(layout.mockLog(1)).exists();
        assertThat(layout.mockLog(2)).exists();
        assertThat(layout.reportMarkdown()).as("the reports are written by bench-report, not by the merge")
                .doesNotExist();
    }

    @Test
    void aShardNotGivenLeavesItsCellsMissingAndTheRunStopped() throws IOException {
        RunSummary merged = ShardMerge.merge(List.of(first.runDir()), dir.resolve("half"), List.of());

        assertThat(merged.info().status()).isEqualTo(RunStatus.STOPPED);
        assertThat(merged.allOk()).isFalse();
        assertThat(merged.results()).hasSize(whole.cells().size());
        for (CellResult cell : merged.results()) {
            boolean mine = first.info().cells().stream().anyMatch(c -> c.name().equals(cell.name()));
            assertThat(cell.status()).as(cell.name()).isEqualTo(mine ? CellStatus.OK : CellStatus.MISSING);
            if (!mine) {
                assertThat(cell.error()).isEqualTo("Not measured: shard 2/2 was not merged");
            }
        }
        List<String> rows = merged.info().sharding().rows(2);
        assertThat(merged.info().notes()).contains("Shard 2/2 was not merged: its " + rows.size() * 2 + " cells ("
                + String.join(", ", rows) + ") are MISSING");
        assertThat(merged.info().sharding().parts().get(1).present()).isFalse();
    }

    /** A copy of {@code shard} as {@code publish} leaves it: no cell result files, their figures in summary.json. */
    private Path publishedCopy(RunSummary shard, String name) throws IOException {
        Path published = copy(shard.runDir(), dir.resolve(name), info -> info);
        RunLayout layout = new RunLayout(published);
        var mapper = ResultsJson.mapper();
        var summary = mapper.createObjectNode().put("format", RunLayout.FORMAT);
        var entries = summary.putArray("cells");
        for (PlannedCell planned : shard.info().cells()) {
            CellResult cell = ResultsJson.read(layout.cellResult(planned), CellResult.class);
            var entry = entries.addObject().put("target", cell.target()).put("benchmark", cell.benchmark())
                    .put("concurrency", cell.concurrency()).put("name", cell.name()).put("status", "OK");
            entry.set("time", mapper.valueToTree(cell.time()));
            entry.put("steadyState", cell.steadyState());
            var forks = entry.putArray("forks");
            for (var fork : cell.forks()) {
                forks.addObject().put("fork", fork.fork()).put("n", fork.samples().size())
                        .put("median", fork.time().median()).put("steady", fork.steadyState());
            }
            Files.delete(layout.cellResult(planned));
        }
        mapper.writeValue(layout.summaryJson().toFile(), summary);
        return published;
    }

    @Test
    void shardsMergedFromTheirSummariesAreNamedInOneNote() throws IOException {
        RunSummary merged = ShardMerge.merge(List.of(publishedCopy(first, "published-1"),
                publishedCopy(second, "published-2")), dir.resolve("merged-both"), List.of());

        assertThat(merged.allOk()).as(merged.results().toString()).isTrue();
        int count = first.info().cells().size() + second.info().cells().size();
        assertThat(merged.info().notes()).filteredOn(note -> note.contains("summary.json")).containsExactly(
                "Shards 1 and 2 of 2 were merged from their summary.json for " + count + " cells whose result files "
                        + "were not there (published or archived runs): they have their forks' figures but not their "
                        + "samples, so their intervals are Student's t over the forks' medians");
    }

    @Test
    void theMergeNoteNamesTheShardsMergedFromTheirSummariesAsFewWordsAsItCan() {
        assertThat(ShardMerge.fromSummariesNote(List.of(2), 2, 4)).startsWith("Shard 2/2 was merged from its "
                + "summary.json for 4 cells whose result files were not there (a published or archived run)");
        assertThat(ShardMerge.fromSummariesNote(List.of(1, 2, 5), 11, 54)).startsWith("Shards 1, 2 and 5 of 11 were "
                + "merged from their summary.json for 54 cells whose result files were not there (published or "
                + "archived runs)");
        assertThat(ShardMerge.fromSummariesNote(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), 11, 198))
                .startsWith("All 11 shards were merged from their summary.json for 198 cells whose result files were "
                        + "not there (published or archived runs)");
    }

    @Test
    void aPublishedShardThatKeptOnlyItsSummaryMergesFromItWithItsForksButNoSamples() throws IOException {
        Path published = publishedCopy(second, "published");

        RunSummary merged = ShardMerge.merge(List.of(first.runDir(), published), dir.resolve("merged"), List.of());

        assertThat(merged.info().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(merged.allOk()).as(merged.results().toString()).isTrue();
        for (PlannedCell planned : second.info().cells()) {
            CellResult original = second.results().stream().filter(cell -> cell.target().equals(planned.target())
                    && cell.name().equals(planned.name())).findFirst().orElseThrow();
            CellResult cell = merged.results().stream().filter(one -> one.target().equals(planned.target())
                    && one.name().equals(planned.name())).findFirst().orElseThrow();
            assertThat(cell.time().median()).as(planned.name()).isEqualTo(original.time().median());
            assertThat(cell.forks()).hasSameSizeAs(original.forks())
                    .allSatisfy(fork -> assertThat(fork.samples()).isEmpty());
        }
        int count = second.info().cells().size();
        assertThat(merged.info().notes()).contains("Shard 2/2 was merged from its summary.json for " + count
                + " cells whose result files were not there (a published or archived run): they have their forks' "
                + "figures but not their samples, so their intervals are Student's t over the forks' medians");
    }

    @Test
    void mergingIntoAResultsDirectoryMakesANewRunThatBecomesItsLatest() throws IOException {
        Path results = dir.resolve("results");
        RunSummary merged = ShardMerge.mergeInto(List.of(first.runDir(), second.runDir()), results, List.of());

        assertThat(merged.runDir().getParent()).isEqualTo(results.toAbsolutePath().normalize());
        assertThat(LatestRun.resolve(results)).contains(merged.runDir());
        assertThat(merged.info().runId()).isEqualTo(merged.runDir().getFileName().toString());
    }

    @Test
    void runsThatAreNoShardsOrDoNotBelongTogetherAreRefusedNamingThem() throws IOException {
        Path out = dir.resolve("out");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(first.runDir(), first.runDir()), out, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Shard [1/2] is given twice: [" + first.runDir() + "] and [" + first.runDir() + "]");

        Path plain = copy(first.runDir(), dir.resolve("plain"), info -> info.withSharding(null));
        assertThatThrownBy(() -> ShardMerge.merge(List.of(plain), out, List.of()))
                .hasMessage("Run [" + plain + "] is not a shard: its run.json records no shard (run it with --shard K/N "
                        + "or --shards N)");

        Path otherPlan = copy(second.runDir(), dir.resolve("other-plan"), info -> info.withSharding(
                new Sharding("sha256:0000", 2, 2, info.sharding().host(), info.sharding().fingerprint(),
                        info.sharding().groups(), List.of())));
        assertThatThrownBy(() -> ShardMerge.merge(List.of(first.runDir(), otherPlan), out, List.of()))
                .hasMessageStartingWith("Shards of different plans: [" + first.runDir() + "] has plan "
                        + first.info().sharding().planHash() + " and [" + otherPlan + "] has plan sha256:0000");

        Path otherVersion = copy(second.runDir(), dir.resolve("other-version"), info -> info.withTargets(
                info.targets().stream().map(target -> new TargetInfo(target.name(), target.description(),
                        target.name().equals("sleepy") ? "9.9.9" : target.version(), target.location())).toList()));
        String version = first.info().versionOf("sleepy").orElseThrow();
        assertThatThrownBy(() -> ShardMerge.merge(List.of(first.runDir(), otherVersion), out, List.of()))
                .hasMessage("Target [sleepy] is version " + version + " in [" + first.runDir() + "] and 9.9.9 in ["
                        + otherVersion + "]: shards merge only when they measured the same versions");

        Files.createDirectories(out);
        Files.writeString(out.resolve("something"), "x");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(first.runDir()), out, List.of()))
                .hasMessage("Output directory [" + out + "] is not empty; name a new or empty one");
        assertThat(out).isDirectoryNotContaining(path -> path.getFileName().toString().equals("run.json"));
    }

    /** A copy of run directory {@code from} whose run.json is changed by {@code change}. */
    private static Path copy(Path from, Path to, java.util.function.UnaryOperator<RunInfo> change) throws IOException {
        List<Path> files = new ArrayList<>();
        try (var walk = Files.walk(from)) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        for (Path file : files) {
            Path target = to.resolve(from.relativize(file).toString());
            Files.createDirectories(target.getParent());
            Files.copy(file, target);
        }
        RunLayout layout = new RunLayout(to);
        ResultsJson.write(layout.runJson(), change.apply(ResultsJson.read(layout.runJson(), RunInfo.class)));
        return to;
    }
}

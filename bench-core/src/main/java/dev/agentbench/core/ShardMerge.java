package dev.agentbench.core;

import dev.agentbench.api.result.AtomicFiles;
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
import dev.agentbench.core.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Merges the runs of a plan's shards ({@code run --shard K/N}) into one run directory with the
 * cells of the whole plan. It writes no report: {@code dev.agentbench.report.Reports.write} does,
 * from the merged directory, and the reports say which machine measured which rows.
 *
 * <p>It refuses runs that are no shards, shards of different plans (the plan's hash differs: other
 * targets, benchmarks, concurrency, settings or split), of different target versions or agentbench
 * versions, and the same shard twice. A shard that is not given leaves its cells MISSING, as does a
 * cell its shard's run did not finish. The merged {@code run.json} records every shard's machine
 * ({@link Sharding#parts()}).
 *
 * <pre>{@code
 * RunSummary merged = ShardMerge.merge(List.of(shard1, shard2), Path.of("results/merged"), List.of());
 * }</pre>
 */
public final class ShardMerge {

    private ShardMerge() {}

    /**
     * Merges the shard runs in {@code shardDirs} into the new run directory {@code outDir}.
     *
     * @param outDir the merged run's directory: it must not exist, or be empty
     * @throws IllegalArgumentException naming the run and the value, when the runs cannot be merged
     * @throws IOException when a run cannot be read or the merged run cannot be written
     */
    public static RunSummary merge(List<Path> shardDirs, Path outDir, List<String> arguments) throws IOException {
        Objects.requireNonNull(outDir, "outDir");
        Map<Integer, ShardRun> shards = read(shardDirs);
        checkEmpty(outDir);
        Files.createDirectories(outDir);
        return write(shards, outDir, arguments);
    }

    /**
     * Merges the shard runs in {@code shardDirs} into a new run directory in {@code resultsDir}, named
     * as a run's, which becomes the results directory's {@code latest}.
     */
    public static RunSummary mergeInto(List<Path> shardDirs, Path resultsDir, List<String> arguments)
            throws IOException {
        Map<Integer, ShardRun> shards = read(shardDirs);
        Path outDir = RunIds.createRunDir(resultsDir.toAbsolutePath().normalize(), Clock.systemUTC());
        RunSummary merged = write(shards, outDir, arguments);
        LatestRun.update(outDir.getParent(), outDir.getFileName().toString());
        return merged;
    }

    /** One shard's run, as given: its {@code run.json}, and its cells as {@link RunResults} reads them. */
    private record ShardRun(Path dir, RunResults results) {

        RunInfo info() {
            return results.info();
        }

        int index() {
            return info().sharding().index();
        }
    }

    /** Reads and checks the shards (all of one plan and one set of versions, each once), by shard in shard order. */
    private static Map<Integer, ShardRun> read(List<Path> shardDirs) throws IOException {
        if (shardDirs.isEmpty()) {
            throw new IllegalArgumentException("No shard to merge: give the run directories of a plan's shards");
        }
        List<ShardRun> shards = new ArrayList<>();
        for (Path dir : shardDirs) {
            RunResults results = RunResults.read(dir);
            RunInfo info = results.info();
            if (info.sharding() == null) {
                throw new IllegalArgumentException("Run [" + dir + "] is not a shard: its run.json records no shard "
                        + "(run it with --shard K/N or --shards N)");
            }
            if (info.sharding().index() == 0) {
                throw new IllegalArgumentException("Run [" + dir + "] is itself merged from shards; give the shards' "
                        + "own runs");
            }
            shards.add(new ShardRun(dir, results));
        }
        ShardRun first = shards.get(0);
        for (ShardRun shard : shards.subList(1, shards.size())) {
            check(first, shard);
        }
        Map<Integer, ShardRun> byIndex = new TreeMap<>();
        for (ShardRun shard : shards) {
            ShardRun twice = byIndex.put(shard.index(), shard);
            if (twice != null) {
                throw new IllegalArgumentException("Shard [" + shard.info().sharding().label() + "] is given twice: ["
                        + twice.dir() + "] and [" + shard.dir() + "]");
            }
        }
        return byIndex;
    }

    /** Refuses {@code other} when it is not a shard of {@code first}'s plan, measured with the same versions. */
    private static void check(ShardRun first, ShardRun other) {
        Sharding a = first.info().sharding();
        Sharding b = other.info().sharding();
        if (a.count() != b.count()) {
            throw new IllegalArgumentException("Shards of different splits: [" + first.dir() + "] is shard "
                    + a.label() + " and [" + other.dir() + "] is shard " + b.label());
        }
        String harnessA = first.info().environment().getOrDefault("agentbench.version", "unknown");
        String harnessB = other.info().environment().getOrDefault("agentbench.version", "unknown");
        if (!harnessA.equals(harnessB)) {
            throw new IllegalArgumentException("Shards of different agentbench versions: [" + first.dir() + "] ran "
                    + harnessA + " and [" + other.dir() + "] ran " + harnessB);
        }
        for (TargetInfo target : first.info().targets()) {
            String version = other.info().versionOf(target.name()).orElse(null);
            if (version != null && !version.equals(target.version())) {
                throw new IllegalArgumentException("Target [" + target.name() + "] is version " + target.version()
                        + " in [" + first.dir() + "] and " + version + " in [" + other.dir() + "]: shards merge only "
                        + "when they measured the same versions");
            }
        }
        if (!a.planHash().equals(b.planHash())) {
            throw new IllegalArgumentException("Shards of different plans: [" + first.dir() + "] has plan "
                    + a.planHash() + " and [" + other.dir() + "] has plan " + b.planHash() + "; shards merge only when "
                    + "run with the same targets, benchmarks, concurrency levels, settings and shard count");
        }
    }

    /**
     * One note for every shard merged from its {@code summary.json}: {@code Shard 2/2 was merged …} for
     * one, {@code Shards 1, 2 and 5 of 11 were merged …} for several, {@code All 11 shards were merged …}
     * for every shard of more than two, so that a table made of eleven published shards says it once.
     */
    static String fromSummariesNote(List<Integer> shards, int count, int cells) {
        String which;
        if (shards.size() == 1) {
            which = "Shard " + shards.get(0) + "/" + count + " was merged from its summary.json";
        } else if (shards.size() == count && count > 2) {
            which = "All " + count + " shards were merged from their summary.json";
        } else {
            List<String> numbers = shards.stream().map(String::valueOf).toList();
            which = "Shards " + String.join(", ", numbers.subList(0, numbers.size() - 1)) + " and "
                    + numbers.get(numbers.size() - 1) + " of " + count + " were merged from their summary.json";
        }
        return which + " for " + cells + (cells == 1 ? " cell" : " cells") + " whose result files were not there ("
                + (shards.size() == 1 ? "a published or archived run" : "published or archived runs")
                + "): they have their forks' figures but not their samples, so their intervals are Student's t "
                + "over the forks' medians";
    }

    private static void checkEmpty(Path outDir) throws IOException {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new IllegalArgumentException("Output directory [" + outDir + "] is a file");
        }
        if (Files.isDirectory(outDir)) {
            try (Stream<Path> entries = Files.list(outDir)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException("Output directory [" + outDir + "] is not empty; name a new "
                            + "or empty one");
                }
            }
        }
    }

    private static RunSummary write(Map<Integer, ShardRun> byIndex, Path outDir, List<String> arguments)
            throws IOException {
        List<ShardRun> shards = List.copyOf(byIndex.values());
        RunLayout out = new RunLayout(outDir);
        RunInfo first = shards.get(0).info();
        Sharding split = first.sharding();
        List<String> targetNames = first.targets().stream().map(TargetInfo::name).toList();
        List<PlannedCell> plan = split.plan(targetNames);

        List<Sharding.Part> parts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<Integer> fromSummaries = new ArrayList<>();
        int summedCells = 0;
        for (int index = 1; index <= split.count(); index++) {
            ShardRun shard = byIndex.get(index);
            if (shard == null) {
                parts.add(Sharding.Part.absent(index));
                List<String> rows = split.rows(index);
                notes.add("Shard " + index + "/" + split.count() + " was not merged: its "
                        + rows.size() * targetNames.size() + " cells (" + String.join(", ", rows) + ") are MISSING");
                continue;
            }
            parts.add(Sharding.Part.of(shard.info(), shard.dir().toString()));
            int summed = copyCells(shard, out, split);
            if (summed > 0) {
                fromSummaries.add(index);
                summedCells += summed;
            }
            Path mockLog = new RunLayout(shard.dir()).mockLog();
            if (Files.isRegularFile(mockLog)) {
                AtomicFiles.copy(mockLog, out.mockLog(index));
            }
            if (shard.info().status() != RunStatus.COMPLETED) {
                notes.add("Shard " + shard.info().sharding().label() + " ended " + shard.info().status()
                        + "; its cells that did not finish are MISSING");
            }
        }
        if (!fromSummaries.isEmpty()) {
            notes.add(fromSummariesNote(fromSummaries, split.count(), summedCells));
        }
        for (ShardRun shard : shards) {
            shard.info().notes().stream().filter(note -> !note.startsWith("Shard ")).forEach(notes::add);
        }
        for (PlannedCell cell : plan) {
            if (!Files.isRegularFile(out.cellResult(cell))) {
                ShardRun shard = byIndex.get(split.shardOf(cell.name()));
                String why = shard == null
                        ? "Not measured: shard " + split.shardOf(cell.name()) + "/" + split.count() + " was not merged"
                        : "Shard " + shard.info().sharding().label() + "'s run ended " + shard.info().status()
                                + " before this cell finished";
                Files.createDirectories(out.targetDir(cell.target()));
                ResultsJson.write(out.cellResult(cell), CellResult.failed(cell, CellStatus.MISSING, why, List.of()));
            }
        }
        RunInfo merged = new RunInfo(RunLayout.FORMAT, outDir.getFileName().toString(),
                status(split, shards), shards.stream().map(shard -> shard.info().startedAt())
                        .min(Comparator.naturalOrder()).orElseThrow(),
                shards.stream().map(shard -> shard.info().endedAt()).filter(Objects::nonNull)
                        .max(Comparator.naturalOrder()).orElse(Instant.now().toString()),
                arguments, first.settings(), plan, common(shards), List.copyOf(new LinkedHashSet<>(notes)), null,
                first.targets(), split.merged(parts));
        ResultsJson.write(out.runJson(), merged);
        return new RunSummary(outDir, merged, RunResults.read(outDir).cells());
    }

    /**
     * Copies the files of the cells {@code shard} measured: results, forks, logs, specs and profiles. A
     * cell whose result file is not there but which the shard's {@code summary.json} holds (a published
     * run keeps only that) is written from it, as {@code report} reads it.
     *
     * @return how many cells were written from {@code summary.json}
     */
    private static int copyCells(ShardRun shard, RunLayout out, Sharding split) throws IOException {
        RunLayout in = new RunLayout(shard.dir());
        Map<String, CellResult> summed = new LinkedHashMap<>();
        for (CellResult cell : shard.results().cells()) {
            if (shard.results().fromSummary().contains(cell.target() + "/" + cell.name())) {
                summed.put(cell.target() + "/" + cell.name(), cell);
            }
        }
        int written = 0;
        for (PlannedCell cell : shard.info().cells()) {
            if (split.shardOf(cell.name()) != shard.index()) {
                continue;
            }
            CellResult fromSummary = summed.get(cell.target() + "/" + cell.name());
            if (fromSummary != null) {
                Files.createDirectories(out.targetDir(cell.target()));
                ResultsJson.write(out.cellResult(cell), fromSummary);
                written++;
            }
            Path from = in.targetDir(cell.target());
            if (!Files.isDirectory(from)) {
                continue;
            }
            Path to = out.targetDir(cell.target());
            Files.createDirectories(to);
            try (Stream<Path> files = Files.list(from)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    if (file.getFileName().toString().startsWith(cell.name() + ".") && Files.isRegularFile(file)) {
                        AtomicFiles.copy(file, to.resolve(file.getFileName()));
                    }
                }
            }
        }
        return written;
    }

    /** COMPLETED when every shard was merged and completed; INTERRUPTED when one was interrupted or never ended; else STOPPED. */
    private static RunStatus status(Sharding split, List<ShardRun> shards) {
        Set<RunStatus> statuses = new LinkedHashSet<>();
        shards.forEach(shard -> statuses.add(shard.info().status()));
        if (statuses.contains(RunStatus.INTERRUPTED) || statuses.contains(RunStatus.RUNNING)) {
            return RunStatus.INTERRUPTED;
        }
        return shards.size() == split.count() && statuses.equals(Set.of(RunStatus.COMPLETED)) ? RunStatus.COMPLETED
                : RunStatus.STOPPED;
    }

    /** The environment entries every shard shares: one machine's, when all ran on alike machines. */
    private static Map<String, String> common(List<ShardRun> shards) {
        Map<String, String> common = new LinkedHashMap<>(shards.get(0).info().environment());
        for (ShardRun shard : shards.subList(1, shards.size())) {
            common.entrySet().removeIf(entry -> !entry.getValue().equals(shard.info().environment().get(entry.getKey())));
        }
        return common;
    }
}

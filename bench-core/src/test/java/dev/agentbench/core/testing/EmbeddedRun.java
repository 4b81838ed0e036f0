package dev.agentbench.core.testing;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.core.BenchRunner;
import dev.agentbench.core.RunListener;
import dev.agentbench.core.RunSummary;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A program that embeds {@link BenchRunner} the way a user's own code would, for tests that signal
 * or kill the running parent: {@code EmbeddedRun <results-dir> [<pid-file>]} runs {@code scripted}
 * then {@code hang} on {@code echo} and prints what its listener hears, one line per event.
 */
public final class EmbeddedRun {

    private EmbeddedRun() {}

    public static void main(String[] args) {
        Map<String, String> targetOptions = args.length > 1 ? Map.of("pidFile", args[1]) : Map.of();
        RunSummary summary = new BenchRunner(TestRuns.options(Path.of(args[0]))
                .targets(List.of("scripted", "hang"))
                .benchmarks(List.of("echo"))
                .timeout(Duration.ofMinutes(2))
                .targetOptions(targetOptions)
                .listener(new RunListener() {
                    @Override
                    public void forkStarted(PlannedCell cell, int fork, int forks, int step, int steps) {
                        say("cellStarted " + cell.target() + "/" + cell.name());
                    }

                    @Override
                    public void cellFinished(CellResult result, int index, int total) {
                        say("cellFinished " + result.target() + "/" + result.name() + " " + result.status());
                    }

                    @Override
                    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
                        say("runFinished " + info.status() + " " + results.stream()
                                .map(result -> result.status().name()).collect(Collectors.joining(",")));
                    }
                })
                .build()).run();
        say("returned " + summary.info().status());
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}

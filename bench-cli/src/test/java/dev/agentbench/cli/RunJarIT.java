package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.RunLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: the packaged jar, the real mock in its own JVM, a real child JVM per cell, and the
 * files a user reads afterwards.
 */
class RunJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(4);
    /** Small passes: these tests check what a run writes, not how fast anything is. */
    /**
     * Short forks, none rerun: a fork the host's steal disturbed (a timed pass of 40 turns is a few
     * milliseconds) would add a fork and a line to what is counted here; NoiseJarIT tests reruns.
     */
    private static final String[] QUICK = {"--forks", "2", "--iterations", "40", "--warmup", "20", "--warmup-time", "0s",
        "--warmup-max", "0s", "--rerun-disturbed", "0"};

    private static String[] args(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(QUICK));
        return all.toArray(String[]::new);
    }

    @Test
    void listShowsTheBuiltInTargetsAndBenchmarks(@TempDir Path work) throws Exception {
        JarRunner.Result result = JarRunner.run(work, LIMIT, "list");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .containsPattern("(?m)^  wire +Floor: no framework")
                .containsPattern("(?m)^  raw +The JDK HttpClient's agent loop")
                .containsPattern("(?m)^  noop +Calibration: ")
                .containsPattern("(?m)^  turn1 +One session of one user turn");
    }

    @Test
    void aRunMeasuresEveryCellInItsOwnJvmAndReportsOnlyItsOwnCells(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result first = JarRunner.run(work, LIMIT,
                args("run", "--targets", "raw,noop", "--benchmarks", "turn1", "--results-dir", results.toString()));
        assertThat(first.exitCode()).as(first.out() + first.err()).isZero();
        assertThat(first.survivors()).as("processes the run left behind").isEmpty();
        assertThat(first.descendants()).as("the mock and one JVM per fork of each cell").hasSizeGreaterThanOrEqualTo(5);

        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        assertThat(runDir.getFileName().toString()).matches("\\d{8}-\\d{6}-[a-z0-9]+");
        assertThat(first.out()).contains("Report: " + runDir.resolve("report.md"));
        // Not a terminal: plain lines, one per finished cell, and no control characters.
        assertThat(first.out() + first.err()).doesNotContain("\r", "\033");
        List<String> lines = first.out().lines().toList();
        assertThat(lines).hasSize(11);
        assertThat(lines.get(0)).isEqualTo("Run " + runDir.getFileName() + ": 2 cells in 4 steps (2 forks a cell) into "
                + runDir);
        // the time guessed from the settings before the first step
        assertThat(lines.get(1)).matches("Estimated about [0-9.ms ]+(\\(up to [0-9.ms ]+ if no warm-up settles before "
                + "--warmup-max\\))?, before reruns\\.");
        lines = lines.subList(1, lines.size()); // from here on, the lines a run printed before it guessed its time
        assertThat(lines.get(1)).matches("Mock warmed in [0-9.ms ]+: p50 [0-9.]+( [nµm]?s)? → [0-9.]+ [nµm]?s, (NOT )?steady( \\(capped\\))?");
        // the forks of turn1 rotate through the targets: raw#1, noop#1, raw#2, noop#2
        assertThat(lines.get(2)).matches("\\[1/4\\] raw  turn1 #1/2  [0-9.]+ [nµm]?s median ✓ .*took [0-9.ms ]+ · .*");
        assertThat(lines.get(3)).matches("\\[2/4\\] noop turn1 #1/2  [0-9.]+ [nµm]?s median ✓ .*");
        assertThat(lines.get(4)).matches("\\[3/4\\] raw  turn1 #2/2  [0-9.]+ [nµm]?s median ✓ .*");
        assertThat(lines.get(5)).matches("raw turn1: [0-9.]+ [nµm]?s over 2 forks .*");
        assertThat(lines.get(6)).matches("\\[4/4\\] noop turn1 #2/2  [0-9.]+ [nµm]?s median ✓ .*");
        assertThat(lines.get(7)).matches("noop turn1: [0-9.]+ [nµm]?s over 2 forks .*");
        // the reports listener is told before the progress printer: the reports' place, then the summary
        assertThat(lines.get(8)).isEqualTo("Report: " + runDir.resolve("report.md") + " (and report.html)");
        assertThat(lines.get(9)).matches("COMPLETED: 2 of 2 cells OK in [0-9.ms ]+");
        JsonNode warmedMock = JSON.readTree(runDir.resolve("run.json").toFile()).path("mockWarmup");
        assertThat(warmedMock.path("requests").asLong()).as("the mock was warmed before the first cell").isPositive();
        for (String file : List.of("run.json", "summary.json", "report.md", "report.html", "jmh-result.json",
                "raw/turn1.json", "raw/turn1.log",
                "noop/turn1.json", "noop/turn1.log")) {
            assertThat(runDir.resolve(file)).as(file).isRegularFile();
        }

        JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(run.path("status").asText()).isEqualTo("COMPLETED");
        for (String file : List.of("run.json", "raw/turn1.json", "noop/turn1.json", "summary.json")) {
            assertThat(JSON.readTree(runDir.resolve(file).toFile()).path("format").asInt()).as(file + " says its format")
                    .isEqualTo(RunLayout.FORMAT).isEqualTo(3);
        }
        assertThat(run.path("cells")).hasSize(2);
        // the pass settings of the command line, as the parent handed them to each child and as run.json records them
        assertThat(Files.readString(runDir.resolve("raw/turn1.spec.properties")))
                .contains("passes.forks=2", "passes.iterations=40", "passes.warmup=20", "passes.warmupMax=PT0S");
        assertThat(run.path("settings").path("iterations").asText()).isEqualTo("40");
        assertThat(run.path("settings").path("warmupTime").asText()).isEqualTo("PT0S");

        JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        assertThat(summary.path("runId").asText()).isEqualTo(runDir.getFileName().toString());
        assertThat(summary.path("cells")).hasSize(2);
        for (JsonNode cell : summary.path("cells")) {
            assertThat(cell.path("benchmark").asText()).isEqualTo("turn1");
            assertThat(cell.path("name").asText()).isEqualTo("turn1");
            assertThat(cell.path("concurrency").asInt()).isEqualTo(1);
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            assertThat(cell.path("error").isNull()).isTrue();
            JsonNode time = cell.path("time");
            assertThat(time.path("unit").asText()).isEqualTo("ns");
            assertThat(time.path("n").asLong()).as("40 samples from each of 2 forks").isEqualTo(80);
            assertThat(cell.path("forks")).hasSize(2).allSatisfy(fork -> {
                assertThat(fork.path("n").asLong()).isEqualTo(40);
                assertThat(fork.path("median").asDouble()).isPositive();
                assertThat(fork.path("steady").isBoolean()).isTrue();
                // A pass of 40 iterations may use less CPU than the clocks resolve to 1% (100 ms): then
                // it has no figure rather than a wrong one; a figure it has rests on at least that much.
                JsonNode cpu = fork.path("cpuNanosPerOp");
                assertThat(cpu.isNull() || cpu.asDouble() * 40 >= 100_000_000)
                        .as("a fork's CPU per op, where given, is over a pass of 100 ms of CPU or more: %s", cpu)
                        .isTrue();
            });
            double min = time.path("min").asDouble();
            double median = time.path("median").asDouble();
            assertThat(min).isPositive();
            assertThat(median).isBetween(min, time.path("p95").asDouble());
            assertThat(time.path("p95").asDouble()).isLessThanOrEqualTo(time.path("p99").asDouble());
            assertThat(time.path("p99").asDouble()).isLessThanOrEqualTo(time.path("max").asDouble());
            assertThat(time.path("mean").asDouble()).isBetween(min, time.path("max").asDouble());
            assertThat(time.path("stddev").asDouble()).isNotNegative();
        }
        assertThat(summary.path("cells").get(0).path("target").asText()).isEqualTo("raw");
        assertThat(summary.path("cells").get(1).path("target").asText()).isEqualTo("noop");
        // The floor talks HTTP to another JVM; the calibration target does not: the report must show that.
        double rawMedian = summary.path("cells").get(0).path("time").path("median").asDouble();
        double noopMedian = summary.path("cells").get(1).path("time").path("median").asDouble();
        assertThat(noopMedian).isLessThan(rawMedian);

        String report = Files.readString(runDir.resolve("report.md"));
        assertThat(report).contains("# agentbench report: " + runDir.getFileName())
                .contains("| Benchmark | raw | noop | noop ÷ raw |")
                .containsPattern("(?m)^\\| turn1 \\| [0-9.]+ [nµm]?s .*\\| [0-9.]+× .*\\|$");

        // A second run into the same results directory: a new run directory holding only its own cells.
        // Without the mock's warm-up (what the other runs of these tests skip): none is done or said.
        JarRunner.Result second = JarRunner.run(work, LIMIT,
                args("run", "--targets", "noop", "--benchmarks", "turn1", "--results-dir", results.toString(),
                        "--no-mock-warmup"));
        assertThat(second.exitCode()).as(second.out() + second.err()).isZero();
        assertThat(second.survivors()).isEmpty();
        assertThat(second.out()).doesNotContain("Mock warmed");
        List<Path> runDirs = JarRunner.runDirs(results).stream().filter(dir -> !dir.equals(runDir)).toList();
        assertThat(runDirs).hasSize(1);
        Path secondDir = runDirs.get(0);
        assertThat(results.resolve("latest").toRealPath()).isEqualTo(secondDir.toRealPath());
        JsonNode secondSummary = JSON.readTree(secondDir.resolve("summary.json").toFile());
        assertThat(secondSummary.path("cells")).hasSize(1);
        assertThat(secondSummary.path("cells").get(0).path("target").asText()).isEqualTo("noop");
        assertThat(JSON.readTree(secondDir.resolve("run.json").toFile()).path("mockWarmup").isObject())
                .as("no warm-up recorded").isFalse();
        assertThat(Files.readString(secondDir.resolve("report.md"))).doesNotContain("| raw |");
        assertThat(secondDir.resolve("raw")).doesNotExist();
    }

    @Test
    void onATerminalTheRunningCellsLineIsRewrittenInPlaceEverySecond(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        // At least 2 s of warm-up: the live line ticks at least once while the cell runs.
        JarRunner.Result result = JarRunner.runOnTerminal(work, LIMIT, "run", "--targets", "noop", "--benchmarks", "turn1",
                "--forks", "1", "--iterations", "40", "--warmup-time", "2s", "--warmup-max", "2s",
                "--no-mock-warmup", "--results-dir", results.toString());
        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        assertThat(result.survivors()).isEmpty();
        String out = result.out();
        String live = "\r\033[K[1/1] noop turn1  running ";
        java.util.regex.Matcher ticks = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(live)
                + "([0-9.]+)s · ").matcher(out);
        List<Double> running = new ArrayList<>();
        while (ticks.find()) {
            running.add(Double.parseDouble(ticks.group(1)));
        }
        assertThat(running).as("the live line, shown when the cell starts and rewritten as it runs: " + out)
                .hasSizeGreaterThanOrEqualTo(2);
        assertThat(running.get(running.size() - 1)).as("the running time counts up").isGreaterThanOrEqualTo(1.0);
        assertThat(out).containsPattern("\r\033\\[K\\[1/1\\] noop turn1  [0-9.]+ [nµm]?s median ✓ .*took [0-9.ms ]+ · "
                + "[0-9.ms ]+ elapsed\r?\n");
        assertThat(out).contains("Report: ").containsPattern("COMPLETED: 1 of 1 cells OK in [0-9.ms ]+");
        assertThat(out.substring(out.indexOf("Report: "))).as("no live line after the run's end").doesNotContain("\033");
    }

    @Test
    void ctrlCMidRunKillsEveryChildKeepsWhatFinishedAndWritesTheReport(@TempDir Path work) throws Exception {
        Interrupted run = interruptMidRun(work, false);
        assertThat(run.exitCode()).as("the shell's code for a run ended by SIGINT").isEqualTo(130);
        assertThat(run.err()).doesNotContain("SIGINT is ignored");
    }

    /**
     * A non-interactive shell starts a background job with SIGINT ignored (as some CI runners start
     * a step), and the JVM then has no handler for it: the run says so as it starts, goes on when
     * sent SIGINT, and SIGTERM stops it as cleanly as Ctrl-C does elsewhere.
     */
    @Test
    void inTheBackgroundOfANonInteractiveShellSigintIsIgnoredTheRunSaysSoAndSigtermStopsIt(@TempDir Path work)
            throws Exception {
        Interrupted run = interruptMidRun(work, true);
        assertThat(run.exitCode()).as("the shell's code for a run ended by SIGTERM").isEqualTo(143);
        assertThat(run.err().lines().filter(line -> line.contains("SIGINT"))).containsExactly("agentbench: SIGINT is "
                + "ignored in this process (started in the background by a non-interactive shell?), so Ctrl-C cannot "
                + "stop the run; stop it with SIGTERM (kill -TERM " + run.pid() + ")");
    }

    record Interrupted(long pid, int exitCode, String err) {}

    /**
     * Starts a run whose second cell takes long, waits until its first cell has finished, stops it
     * (with SIGINT; or, started as a background job of {@code bash -c}, first with SIGINT, which it
     * must survive, then SIGTERM), and checks that nothing it started is left and that what finished
     * is kept and reported.
     */
    private static Interrupted interruptMidRun(Path work, boolean inBackground) throws Exception {
        Path results = work.resolve("results");
        // turn1's cell is quick; cold_start's 500 fresh JVMs take long enough to be interrupted.
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                JarRunner.jar().toString(), "run", "--targets", "noop", "--benchmarks", "turn1,cold_start",
                "--cold-starts", "500", "--forks", "1", "--iterations", "40", "--warmup", "20", "--warmup-time", "0s",
                "--warmup-max", "0s", "--no-mock-warmup", "--results-dir", results.toString()));
        if (inBackground) {
            // bash runs the command as a job of its own, without job control, and exits with its code
            command.addAll(0, List.of("bash", "-c", "\"$@\" & wait $!", "bash"));
        } else if (IgnoredSigint.warning().isPresent()) {
            // This JVM ignores SIGINT (the build was started in the background of a non-interactive
            // shell), and the run would inherit that and never see Ctrl-C: start it as a terminal's
            // job is started, with SIGINT's default handling.
            command.addAll(0, List.of("env", "--default-signal=INT"));
        }
        Process shell = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile())
                .start();
        java.util.Map<Long, ProcessHandle> seen = new java.util.HashMap<>();
        ProcessHandle run = shell.toHandle();
        try {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            // Wait until the first cell has finished and the second one's children are running.
            while (!Files.readString(work.resolve("out.txt")).contains("[1/2] noop turn1 ")
                    || shell.descendants().noneMatch(p -> p.info().commandLine().orElse("").contains("ChildMain"))) {
                shell.descendants().forEach(p -> seen.putIfAbsent(p.pid(), p));
                assertThat(System.nanoTime()).as("the first cell finishes").isLessThan(deadline);
                Thread.sleep(50);
            }
            shell.descendants().forEach(p -> seen.putIfAbsent(p.pid(), p));
            if (inBackground) {
                run = shell.children().findFirst().orElseThrow();
                signal("INT", run);
                assertThat(shell.waitFor(3, java.util.concurrent.TimeUnit.SECONDS)).as("SIGINT is ignored").isFalse();
                // cold_start starts one JVM after another: between two of them none may be running
                boolean stillRuns = false;
                for (long until = System.nanoTime() + 10_000_000_000L; !stillRuns && System.nanoTime() < until; ) {
                    stillRuns = shell.descendants()
                            .anyMatch(p -> p.info().commandLine().orElse("").contains("ChildMain"));
                    Thread.sleep(20);
                }
                assertThat(stillRuns).as("the cell still runs").isTrue();
                signal("TERM", run);
            } else {
                signal("INT", run);
            }
            boolean ended = shell.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(ended).as("the run ends; its output:%n%s%n%s", Files.readString(work.resolve("out.txt")),
                    Files.readString(work.resolve("err.txt"))).isTrue();
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly();
        }
        for (int i = 0; i < 50 && seen.values().stream().anyMatch(ProcessHandle::isAlive); i++) {
            Thread.sleep(100);
        }
        assertThat(seen.values().stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList())
                .as("processes left running after the interruption").isEmpty();

        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        JsonNode info = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(info.path("status").asText()).isEqualTo("INTERRUPTED");
        JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        assertThat(summary.path("cells")).hasSize(2);
        assertThat(summary.path("cells").get(0).path("name").asText()).isEqualTo("turn1");
        assertThat(summary.path("cells").get(0).path("status").asText()).isEqualTo("OK");
        assertThat(summary.path("cells").get(1).path("status").asText()).isIn("MISSING", "FAILED");
        assertThat(Files.readString(runDir.resolve("report.md"))).contains("INTERRUPTED");
        return new Interrupted(run.pid(), shell.exitValue(), Files.readString(work.resolve("err.txt")));
    }

    private static void signal(String signal, ProcessHandle process) throws Exception {
        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
    }

    @Test
    void anUnknownTargetIsOneLineExit2AndNothingStarted(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result result = JarRunner.run(work, LIMIT,
                "run", "--targets", "raw,nope", "--results-dir", results.toString());
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines()).hasSize(1);
        assertThat(result.err()).contains("Unknown target [nope]").contains("noop").contains("raw");
        assertThat(result.descendants()).isEmpty();
        assertThat(results).doesNotExist();
    }
}

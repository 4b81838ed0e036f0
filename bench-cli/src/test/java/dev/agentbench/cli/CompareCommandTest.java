package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentbench compare}, in process, on run directories written here: verdicts, outputs, exit codes. */
class CompareCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static CommandLineTest.Outcome execute(String... args) {
        return CommandLineTest.execute(args);
    }

    /** 200 samples around {@code median} ns, 2% apart, the same for the same seed. */
    private static List<Long> samples(long seed, double median) {
        Random random = new Random(seed);
        List<Long> samples = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            samples.add(Math.round(median * Math.exp(0.02 * random.nextGaussian())));
        }
        return samples;
    }

    /**
     * A run directory {@code results/id} of the calibration target on turn1 and turn5, turn5 {@code
     * turn5Factor} times as slow as 1.5 ms, and a {@code latest} file naming it.
     */
    static Path run(Path results, String id, long seed, double turn5Factor) throws Exception {
        Path runDir = results.resolve(id);
        RunLayout layout = new RunLayout(runDir);
        PlannedCell turn1 = new PlannedCell("calibration", "turn1", 1);
        PlannedCell turn5 = new PlannedCell("calibration", "turn5", 1);
        Files.createDirectories(layout.targetDir("calibration"));
        MAPPER.writeValue(layout.runJson().toFile(), new RunInfo(id, RunStatus.COMPLETED, "2026-11-29T10:15:00Z",
                "2026-11-29T10:16:00Z", List.of("run"), Map.of(), List.of(turn1, turn5), Map.of()));
        writeCell(layout, turn1, samples(seed, 300_000));
        writeCell(layout, turn5, samples(seed + 1, 1_500_000 * turn5Factor));
        Files.writeString(results.resolve(RunLayout.LATEST), id);
        return runDir;
    }

    /** A cell of two forks, each half of {@code samples}, as a run of the default two forks writes it. */
    private static void writeCell(RunLayout layout, PlannedCell cell, List<Long> samples) throws Exception {
        int half = samples.size() / 2;
        List<dev.agentbench.api.result.Fork> forks = List.of(fork(1, samples.subList(0, half)),
                fork(2, samples.subList(half, samples.size())));
        TimeStats time = stats(samples);
        MAPPER.writeValue(layout.cellResult(cell).toFile(), new CellResult(cell.target(), cell.benchmark(), 1,
                cell.name(), CellStatus.OK, null, time, 100, true, 1.0, List.of(), null, null, null, null, List.of(),
                forks, null, List.of()));
    }

    private static dev.agentbench.api.result.Fork fork(int number, List<Long> samples) {
        return new dev.agentbench.api.result.Fork(number, stats(samples), samples, null, true, 1.0, null, null, null,
                null, null, List.of(), List.of());
    }

    private static TimeStats stats(List<Long> samples) {
        double median = samples.stream().sorted().skip(samples.size() / 2).findFirst().orElseThrow();
        return new TimeStats("ns", samples.size(), median, median, median, median, 0, median, median);
    }

    @Test
    void twoRunsOfTheSameCodeHaveNoRegressionAndExit0(@TempDir Path temp) throws Exception {
        Path base = run(temp.resolve("a"), "20261129-101500-aaaa", 1, 1.0);
        Path again = run(temp.resolve("b"), "20261129-111500-bbbb", 11, 1.0);
        CommandLineTest.Outcome outcome = execute("compare", base.toString(), again.toString());
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out()).startsWith("# agentbench compare: `20261129-101500-aaaa` → `20261129-111500-bbbb`")
                .contains("**No regression** in 2 cells compared.")
                .containsPattern("\\| turn1 \\| calibration \\| (29|30)\\d µs \\| (29|30)\\d µs \\| [01]\\.\\d{3}× \\| .* \\| within threshold \\|")
                .doesNotContain("REGRESSION");
    }

    @Test
    void aCellTwentyPercentSlowerIsTheOneRegressionAndExits3(@TempDir Path temp) throws Exception {
        Path base = run(temp.resolve("a"), "20261129-101500-aaaa", 1, 1.0);
        Path slower = run(temp.resolve("b"), "20261129-111500-bbbb", 11, 1.2);
        Path json = temp.resolve("out/compare.json");
        CommandLineTest.Outcome outcome = execute("compare", base.toString(), slower.toString(), "--json", json.toString());
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.REGRESSION);
        assertThat(outcome.err()).isEmpty();
        // each side's median is the median of its two forks' medians: about 1.2× with the samples' noise
        assertThat(outcome.out()).containsPattern("\\*\\*1 regression\\*\\* in 2 cells compared: `calibration/turn5` 1\\.(19|20)\\d×")
                .containsPattern("\\| turn5 \\| calibration \\| 1\\.50 ms \\| 1\\.[78]\\d ms \\| 1\\.\\d{3}× \\| .* \\| \\*\\*REGRESSION\\*\\* \\|")
                .containsPattern("\\| turn1 \\| calibration \\| .* \\| within threshold \\|");
        JsonNode written = MAPPER.readTree(json.toFile());
        assertThat(written.path("formatVersion").asInt()).isEqualTo(2);
        assertThat(written.path("regression").asBoolean()).isTrue();
        assertThat(written.path("cells").get(1).path("verdict").asText()).isEqualTo("REGRESSION");
        assertThat(written.path("cells").get(1).path("low").asDouble()).isGreaterThan(1.0);
        assertThat(json.resolveSibling("compare.json.tmp")).doesNotExist();

        // the same on standard output, as JSON, and the same again: the seed is fixed
        CommandLineTest.Outcome asJson = execute("compare", base.toString(), slower.toString(), "--format", "json");
        assertThat(asJson.exitCode()).isEqualTo(Main.REGRESSION);
        assertThat(asJson.out()).isEqualTo(Files.readString(json));

        // a threshold above the change lets it through
        assertThat(execute("compare", base.toString(), slower.toString(), "--threshold", "25%").exitCode())
                .isEqualTo(Main.OK);
    }

    @Test
    void runsAreNamedAsReportNamesThem(@TempDir Path temp) throws Exception {
        run(temp.resolve("a"), "20261129-101500-aaaa", 1, 1.0);
        run(temp.resolve("b"), "20261129-111500-bbbb", 11, 1.2);
        // a results directory means its newest run; its latest entry does too
        CommandLineTest.Outcome outcome = execute("compare", temp.resolve("a").toString(),
                temp.resolve("b").resolve("latest").toString());
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.REGRESSION);
        assertThat(outcome.out()).startsWith("# agentbench compare: `20261129-101500-aaaa` → `20261129-111500-bbbb`");
    }

    /** One run of two columns of the calibration target on turn1 and turn5, the second's turn5 {@code factor} as slow. */
    private static Path columns(Path results, String id, double factor) throws Exception {
        Path runDir = results.resolve(id);
        RunLayout layout = new RunLayout(runDir);
        List<PlannedCell> cells = new ArrayList<>();
        for (String benchmark : List.of("turn1", "turn5")) {
            for (String target : List.of("calibration@1.0", "calibration@2.0")) {
                cells.add(new PlannedCell(target, benchmark, 1));
            }
        }
        for (String target : List.of("calibration@1.0", "calibration@2.0")) {
            Files.createDirectories(layout.targetDir(target));
        }
        MAPPER.writeValue(layout.runJson().toFile(), new RunInfo(id, RunStatus.COMPLETED, "2026-12-02T00:15:00Z",
                "2026-12-02T00:16:00Z", List.of("run"), Map.of(), cells, Map.of()));
        writeCell(layout, cells.get(0), samples(1, 300_000));
        writeCell(layout, cells.get(1), samples(11, 300_000));
        writeCell(layout, cells.get(2), samples(2, 1_500_000));
        writeCell(layout, cells.get(3), samples(12, 1_500_000 * factor));
        Files.writeString(results.resolve(RunLayout.LATEST), id);
        return runDir;
    }

    @Test
    void twoColumnsOfOneRunCompareAsTwoRunsDo(@TempDir Path temp) throws Exception {
        Path slower = columns(temp.resolve("a"), "20261202-001500-aaaa", 1.2);
        Path json = temp.resolve("between.json");
        CommandLineTest.Outcome caught = execute("compare", temp.resolve("a").resolve("latest").toString(),
                "--between", "calibration@1.0", "calibration@2.0", "--json", json.toString());
        assertThat(caught.exitCode()).as(caught.err()).isEqualTo(Main.REGRESSION);
        assertThat(caught.err()).isEmpty();
        assertThat(caught.out()).startsWith("# agentbench compare: `calibration@1.0` → `calibration@2.0`")
                .containsPattern("\\*\\*1 regression\\*\\* in 2 cells compared: `calibration@2.0/turn5` 1\\.(19|20)\\d×")
                .containsPattern("\\| turn1 \\| calibration@2.0 \\| .* \\| within threshold \\|");
        assertThat(MAPPER.readTree(json.toFile()).path("new").path("column").asText()).isEqualTo("calibration@2.0");

        Path same = columns(temp.resolve("b"), "20261202-011500-bbbb", 1.0);
        CommandLineTest.Outcome clean = execute("compare", same.toString(), "--between", "calibration@1.0",
                "calibration@2.0");
        assertThat(clean.exitCode()).as(clean.err()).isEqualTo(Main.OK);
        assertThat(clean.out()).contains("**No regression** in 2 cells compared.");

        assertUsage(execute("compare", same.toString(), "--between", "calibration@1.0", "calibration@3.0"),
                "agentbench: Column [calibration@3.0] is not in run [20261202-011500-bbbb]; its columns: "
                        + "[calibration@1.0, calibration@2.0]");
        assertUsage(execute("compare", same.toString(), slower.toString(), "--between", "calibration@1.0",
                "calibration@2.0"), "--between compares two columns of one run: give one run");
        assertUsage(execute("compare", same.toString(), "--between", "calibration@1.0"),
                "--between");
    }

    /** Bad input: exit 2, nothing on standard output, one line on standard error with {@code message}, no stack trace. */
    static void assertUsage(CommandLineTest.Outcome outcome, String message) {
        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isEqualTo(Main.USAGE);
        assertThat(outcome.out()).isEmpty();
        assertThat(outcome.err().lines()).as(outcome.err()).hasSize(1);
        assertThat(outcome.err()).contains(message).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void badInputIsOneLineAndExit2(@TempDir Path temp) throws Exception {
        Path base = run(temp.resolve("a"), "20261129-101500-aaaa", 1, 1.0);
        String run = base.toString();
        assertUsage(execute("compare", temp.resolve("nope").toString(), run),
                "agentbench: No such run directory [" + temp.resolve("nope") + "]");
        Files.createDirectories(temp.resolve("empty"));
        assertUsage(execute("compare", run, temp.resolve("empty").toString()),
                "No run.json in [" + temp.resolve("empty") + "]: not a run directory");
        assertUsage(execute("compare", run), "Missing NEW_RUN: compare takes two runs, or one run and --between A B");
        assertUsage(execute("compare", run, run, "--threshold", "5"),
                "agentbench: Threshold [5] is not a percentage such as 5% or 2.5%");
        assertUsage(execute("compare", run, run, "--threshold", "abc"), "Threshold [abc] is not a percentage");
        assertUsage(execute("compare", run, run, "--threshold=-3%"), "Threshold [-3%] is not a percentage such as 5% or "
                + "2.5%; it cannot be negative");
        assertUsage(execute("compare", run, run, "--threshold", "150%"), "Threshold [150%] must be below 100%");
        assertUsage(execute("compare", run, run, "--format", "pdf"), "Unknown format [pdf]; known formats: [md, json]");
    }

    @Test
    void runsWithNoCellInCommonAreNoComparison(@TempDir Path temp) throws Exception {
        Path base = run(temp.resolve("a"), "20261129-101500-aaaa", 1, 1.0);
        Path other = temp.resolve("b/20261129-111500-bbbb");
        Files.createDirectories(other);
        MAPPER.writeValue(new RunLayout(other).runJson().toFile(), new RunInfo("20261129-111500-bbbb",
                RunStatus.COMPLETED, "2026-11-29T11:15:00Z", "2026-11-29T11:16:00Z", List.of("run"), Map.of(),
                List.of(new PlannedCell("raw", "turn1", 1)), Map.of()));
        assertUsage(execute("compare", base.toString(), other.toString()),
                "agentbench: Runs [" + base + "] and [" + other + "] have no cell in common: nothing to compare");
    }

    @Test
    void helpNamesTheCommandAndItsExitCodes() {
        assertThat(execute("--help").out()).contains("compare");
        CommandLineTest.Outcome help = execute("compare", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("BASE_RUN", "NEW_RUN", "--threshold", "--json",
                "3 some cell's time or allocation regressed", "--allocation-threshold");
    }
}

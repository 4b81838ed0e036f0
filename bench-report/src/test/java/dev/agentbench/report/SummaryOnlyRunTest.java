package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.result.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose cell files are gone (as the published runs keep only run.json and summary.json) is
 * reported from its summary.json: the same figures, its intervals from the forks' medians alone,
 * and a note that says so.
 */
class SummaryOnlyRunTest {

    private static final String NOTE = "| Note | cells read from summary.json: no samples (6 of 8 cells: their result"
            + " files are gone). Their intervals are Student's t over the forks' medians alone, without the bootstrap"
            + " within forks (a cell of one fork has none), and they have no warm-up curves. |\n";

    @TempDir
    Path temp;

    /** run-forks with its summary.json, then without the cell files of raw and noop. */
    private Path summaryOnly() throws Exception {
        Path run = temp.resolve("run");
        copy(GoldenReportTest.forkRun(), run);
        Files.writeString(run.resolve("summary.json"), render(new SummaryJsonFormat(), run));
        for (String target : List.of("raw", "noop")) {
            try (Stream<Path> files = Files.walk(run.resolve(target))) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
        return run;
    }

    @Test
    void theMarkdownHasTheFiguresOfTheFullRunAndANoteInItsHeader() throws Exception {
        String full = render(new MarkdownFormat(), GoldenReportTest.forkRun());
        String fromSummary = render(new MarkdownFormat(), summaryOnly());

        assertThat(fromSummary).contains(NOTE);
        // in this run Student's t over the forks is the wider part of every interval, so nothing else changes
        assertThat(fromSummary.replace(NOTE, "")).isEqualTo(full);
        assertThat(render(new HtmlFormat(), temp.resolve("run"))).contains("cells read from summary.json: no samples");
    }

    @Test
    void aCellsIntervalIsStudentsTOverItsForksMediansAndACellOfTooFewSamplesHasNone() throws Exception {
        RunData run = RunData.read(summaryOnly());
        assertThat(run.fromSummary()).containsExactly("raw/cold_start", "noop/cold_start", "raw/turn1", "noop/turn1",
                "raw/turn1_c8", "noop/turn1_c8");
        CellResult turn1 = run.cells().stream().filter(cell -> cell.target().equals("raw") && cell.name().equals("turn1"))
                .findFirst().orElseThrow();
        assertThat(turn1.forks()).allSatisfy(fork -> assertThat(fork.samples()).isEmpty());
        double[] logs = turn1.forks().stream().mapToDouble(fork -> Math.log(fork.time().median())).toArray();
        double mean = (logs[0] + logs[1] + logs[2]) / 3;
        double variance = 0;
        for (double log : logs) {
            variance += (log - mean) * (log - mean) / 2;
        }
        double half = new TDistribution(2).inverseCumulativeProbability(0.975) * Math.sqrt(variance / 3);

        Intervals intervals = new Intervals();
        assertThat(intervals.median(turn1)).hasValueSatisfying(interval -> {
            assertThat(interval.value()).isEqualTo(turn1.time().median());
            assertThat(interval.low()).isCloseTo(Math.exp(mean - half), within(1e-6));
            assertThat(interval.high()).isCloseTo(Math.exp(mean + half), within(1e-6));
        });
        CellResult coldStart = run.cells().get(0);
        assertThat(coldStart.name()).isEqualTo("cold_start");
        assertThat(coldStart.forks()).hasSize(3);
        assertThat(intervals.median(coldStart)).as("three JVMs of one sample each, as with its files").isEmpty();

        JsonNode summary = RunData.MAPPER.readTree(render(new SummaryJsonFormat(), run.layout().runDir()));
        assertThat(summary.get("fromSummary")).hasSize(6);
        assertThat(summary.get("note").asText()).startsWith("cells read from summary.json: no samples");
        assertThat(summary.get("cells").get(2).get("interval").get("low").asDouble())
                .isCloseTo(Math.exp(mean - half), within(1e-6));
    }

    @Test
    void jmhResultOfCellsWithoutSamplesGivesTheReportsIntervalTheKnownPercentilesAndNoNaN() throws Exception {
        RunData run = RunData.read(summaryOnly());
        String json = new JmhJsonFormat().render(run, ReportOptions.defaults());
        assertThat(json).as("no NaN where the samples are gone").doesNotContain("NaN");
        CellResult turn1 = run.cells().stream().filter(cell -> cell.target().equals("raw") && cell.name().equals("turn1"))
                .findFirst().orElseThrow();
        JsonNode entry = null;
        for (JsonNode candidate : RunData.MAPPER.readTree(json)) {
            if (candidate.get("benchmark").asText().equals("agentbench.raw.turn1")) {
                entry = candidate;
            }
        }
        assertThat(entry).isNotNull();
        var interval = new Intervals().median(turn1).orElseThrow();
        JsonNode primary = entry.get("primaryMetric");
        assertThat(primary.get("score").asDouble()).isEqualTo(turn1.time().median() / 1000);
        assertThat(primary.at("/scoreConfidence/0").asDouble()).as("the report's interval").isEqualTo(interval.low() / 1000);
        assertThat(primary.at("/scoreConfidence/1").asDouble()).isEqualTo(interval.high() / 1000);
        List<String> ranks = new java.util.ArrayList<>();
        primary.get("scorePercentiles").fieldNames().forEachRemaining(ranks::add);
        assertThat(ranks).as("only the ranks the statistics know").containsExactly("0.0", "50.0", "95.0", "99.0", "100.0");
        assertThat(primary.get("rawData")).as("no samples").isEmpty();
    }

    @Test
    void aRunReadFromItsCellFilesHasNoNote() throws Exception {
        RunData run = RunData.read(GoldenReportTest.forkRun());
        assertThat(run.fromSummary()).isEmpty();
        assertThat(render(new MarkdownFormat(), GoldenReportTest.forkRun())).doesNotContain("cells read from summary");
        assertThat(RunData.MAPPER.readTree(render(new SummaryJsonFormat(), GoldenReportTest.forkRun())).has("note"))
                .isFalse();
    }

    private static String render(ReportFormat format, Path run) throws Exception {
        return format.render(RunData.read(run), ReportOptions.defaults());
    }

    private static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}

package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.api.result.TargetInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the reports say of a shard's run, and of a run merged from shards: which machine measured which rows. */
class ShardReportTest {

    private static final Map<String, String> MACHINE = Map.of("host.name", "ci-7", "cpu.model", "AMD EPYC 7763",
            "cpus", "2", "memory", Long.toString(8L << 30), "java.vendor", "Eclipse Adoptium", "java.version",
            "17.0.15");
    private static final List<Sharding.Group> GROUPS = List.of(new Sharding.Group("turn1", 1, 1, 30),
            new Sharding.Group("tools", 1, 2, 30), new Sharding.Group("tools", 8, 2, 30));
    private static final String HASH = "sha256:" + "ab".repeat(32);

    @TempDir
    Path dir;

    private RunData write(List<PlannedCell> cells, Sharding sharding, RunStatus status) throws IOException {
        Path runDir = Files.createDirectories(dir.resolve("run"));
        RunLayout layout = new RunLayout(runDir);
        RunInfo info = new RunInfo("20261201-120000-shrd", status, "2026-12-01T12:00:00Z", "2026-12-01T12:10:00Z",
                List.of(), Map.of(), cells, MACHINE, List.of()).withTargets(List.of(
                        new TargetInfo("raw", "floor", "17.0.15", "harness"))).withSharding(sharding);
        RunData.MAPPER.writeValue(layout.runJson().toFile(), info);
        for (PlannedCell cell : cells) {
            Files.createDirectories(layout.targetDir(cell.target()));
            RunData.MAPPER.writeValue(layout.cellResult(cell).toFile(),
                    CellResult.failed(cell, CellStatus.MISSING, "Not measured: shard 2/2 was not merged", List.of()));
        }
        return RunData.read(runDir);
    }

    @Test
    void aShardsReportSaysWhichPartOfWhichPlanItMeasuredAndWhere() throws IOException {
        Sharding sharding = new Sharding(HASH, 2, 2, null, null, GROUPS, List.of()).ranOn(MACHINE);
        RunData run = write(List.of(new PlannedCell("raw", "tools", 1), new PlannedCell("raw", "tools", 8)), sharding,
                RunStatus.COMPLETED);

        String markdown = new MarkdownFormat().render(run, ReportOptions.defaults());
        assertThat(markdown).contains("| Shard | 2/2 of plan " + HASH + ": tools, tools_c8; on ci-7: AMD EPYC 7763, "
                + "2 CPUs, 8.0 GiB; Eclipse Adoptium 17.0.15 [" + sharding.fingerprint() + "] |");
        assertThat(markdown).doesNotContain("## Machines");
        assertThat(new HtmlFormat().render(run, ReportOptions.defaults())).contains("<dt>Shard</dt><dd>2/2 of plan");
    }

    @Test
    void aMergedRunsReportTablesEveryShardAndTheRowsOfOneNotMergedAsMissing() throws IOException {
        RunInfo shard1 = new RunInfo("20261201-110000-one1", RunStatus.COMPLETED, "2026-12-01T11:00:00Z",
                "2026-12-01T11:30:00Z", List.of(), Map.of(), List.of(), MACHINE, List.of())
                .withSharding(new Sharding(HASH, 2, 1, null, null, GROUPS, List.of()));
        Sharding merged = new Sharding(HASH, 2, 1, null, null, GROUPS, List.of())
                .merged(List.of(Sharding.Part.of(shard1, "shard-1/20261201-110000-one1"), Sharding.Part.absent(2)));
        RunData run = write(List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("raw", "tools", 1),
                new PlannedCell("raw", "tools", 8)), merged, RunStatus.STOPPED);

        String markdown = new MarkdownFormat().render(run, ReportOptions.defaults());
        String fingerprint = merged.parts().get(0).fingerprint();
        assertThat(markdown).contains("## Machines", "| Shard | Rows | Machine | Fingerprint | Run | Status |",
                "| 1/2 | turn1 | ci-7: AMD EPYC 7763, 2 CPUs, 8.0 GiB; Eclipse Adoptium 17.0.15 | " + fingerprint
                        + " | 20261201-110000-one1 | COMPLETED |",
                "| 2/2 | tools, tools_c8 | not merged: these rows are MISSING |  |  |  |");
        assertThat(markdown.indexOf("## Machines")).isLessThan(markdown.indexOf("## Results"));
        String html = new HtmlFormat().render(run, ReportOptions.defaults());
        assertThat(html).contains("<section class=\"card\" id=\"machines\">", "<td>not merged: these rows are MISSING</td>");

        JsonNode summary = RunData.MAPPER.readTree(new SummaryJsonFormat().render(run, ReportOptions.defaults()));
        assertThat(summary.path("cells")).extracting(cell -> cell.path("shard").asInt()).containsExactly(1, 2, 2);
        assertThat(summary.path("sharding").path("parts").get(1).path("status").isNull()).isTrue();
        assertThat(summary.path("sharding").path("parts").get(0).path("machine").asText()).startsWith("ci-7: ");
    }

    @Test
    void aRunThatIsNoShardHasNoShardFiguresButKeepsTheirFields() throws IOException {
        RunData run = write(List.of(new PlannedCell("raw", "turn1", 1)), null, RunStatus.COMPLETED);

        assertThat(new MarkdownFormat().render(run, ReportOptions.defaults())).doesNotContain("Shard", "Machines");
        JsonNode summary = RunData.MAPPER.readTree(new SummaryJsonFormat().render(run, ReportOptions.defaults()));
        assertThat(summary.has("sharding")).isTrue();
        assertThat(summary.path("sharding").isNull()).isTrue();
        assertThat(summary.path("cells").get(0).has("shard")).isTrue();
        assertThat(summary.path("cells").get(0).path("shard").isNull()).isTrue();
    }
}

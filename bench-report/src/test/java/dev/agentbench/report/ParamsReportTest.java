package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The cells of a benchmark with parameters in every output: their names, their order and their params. */
class ParamsReportTest {

    private static CellResult cell(String target, String tokens, String stream, int concurrency, long nanos) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("tokens", tokens);
        params.put("stream", stream);
        Map<String, String> named = new LinkedHashMap<>(params);
        long[] samples = LongStream.range(0, 20).map(i -> nanos + i * 100).toArray();
        TimeStats time = new TimeStats("ns", samples.length, nanos + 950, nanos + 1800, nanos + 1900, nanos + 950, 500,
                nanos, nanos + 1900);
        Fork fork = new Fork(1, time, LongStream.of(samples).boxed().toList(), null, true, 1.0, null, null, null, null,
                null, List.of(), List.of());
        return new CellResult(RunLayout.FORMAT, target, "reply", concurrency,
                CellResult.cellName("reply", named, concurrency), CellStatus.OK, null, time, 10, true, 1.0, List.of(),
                List.of(), null, null, null, null, List.of(), List.of(fork), null, List.of(), params);
    }

    /** Planned values 256 then 16, as a user may give them; the baseline {@code wire} and a framework. */
    private static RunData run() {
        List<CellResult> cells = new ArrayList<>();
        for (String tokens : List.of("256", "16")) {
            for (String stream : List.of("true", "false")) {
                for (String target : List.of("wire", "fw")) {
                    cells.add(cell(target, tokens, stream, 1, target.equals("wire") ? 100_000 : 300_000));
                }
            }
        }
        cells.add(cell("wire", "16", "false", 8, 200_000));
        cells.add(cell("fw", "16", "false", 8, 600_000));
        List<PlannedCell> planned = cells.stream().map(cell -> new PlannedCell(cell.target(), cell.benchmark(),
                cell.concurrency(), cell.name(), cell.params())).toList();
        RunInfo info = new RunInfo("20261202-050000-abcd", RunStatus.COMPLETED, "2026-12-02T05:00:00Z",
                "2026-12-02T05:10:00Z", List.of("run"), Map.of(), planned, Map.of());
        return new RunData(new RunLayout(Path.of("20261202-050000-abcd")), info, cells);
    }

    private static final List<String> REPORT_ORDER = List.of("reply_tokens=16_stream=false",
            "reply_tokens=16_stream=false_c8", "reply_tokens=16_stream=true", "reply_tokens=256_stream=false",
            "reply_tokens=256_stream=true");

    @Test
    void jmhEntriesNameTheBenchmarkAndCarryTheValuesInParamsInReportOrder() throws Exception {
        JsonNode root = RunData.MAPPER.readTree(new JmhJsonFormat().render(run(), ReportOptions.defaults()));

        List<String> entries = new ArrayList<>();
        root.forEach(entry -> entries.add(entry.get("benchmark").asText() + " " + entry.get("threads") + " "
                + entry.get("params")));
        assertThat(entries).containsExactly(
                "agentbench.wire.reply 1 {\"tokens\":\"16\",\"stream\":\"false\"}",
                "agentbench.fw.reply 1 {\"tokens\":\"16\",\"stream\":\"false\"}",
                "agentbench.wire.reply_c8 8 {\"tokens\":\"16\",\"stream\":\"false\"}",
                "agentbench.fw.reply_c8 8 {\"tokens\":\"16\",\"stream\":\"false\"}",
                "agentbench.wire.reply 1 {\"tokens\":\"16\",\"stream\":\"true\"}",
                "agentbench.fw.reply 1 {\"tokens\":\"16\",\"stream\":\"true\"}",
                "agentbench.wire.reply 1 {\"tokens\":\"256\",\"stream\":\"false\"}",
                "agentbench.fw.reply 1 {\"tokens\":\"256\",\"stream\":\"false\"}",
                "agentbench.wire.reply 1 {\"tokens\":\"256\",\"stream\":\"true\"}",
                "agentbench.fw.reply 1 {\"tokens\":\"256\",\"stream\":\"true\"}");
        List<String> fields = new ArrayList<>();
        root.get(0).fieldNames().forEachRemaining(fields::add);
        assertThat(fields).as("params where JMH writes it: after the batch sizes").containsSubsequence(
                "measurementBatchSize", "params", "primaryMetric");
    }

    @Test
    void summaryJsonCarriesEachCellsParamsInDeclarationOrder() throws Exception {
        JsonNode cells = RunData.MAPPER.readTree(new SummaryJsonFormat().render(run(), ReportOptions.defaults()))
                .get("cells");

        assertThat(cells.get(0).get("name").asText()).isEqualTo("reply_tokens=256_stream=true");
        assertThat(cells.get(0).get("params").toString()).isEqualTo("{\"tokens\":\"256\",\"stream\":\"true\"}");
        List<String> fields = new ArrayList<>();
        cells.get(0).fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsSubsequence("name", "params", "status");
    }

    @Test
    void theReportsListTheRowsByValueEachFollowedByItsConcurrencyRow() throws Exception {
        String markdown = new MarkdownFormat().render(run(), ReportOptions.defaults());
        String html = new HtmlFormat().render(run(), ReportOptions.defaults());

        for (String report : List.of(markdown, html)) {
            int last = -1;
            for (String row : REPORT_ORDER) {
                int at = report.indexOf(row + (report == html ? "<" : " "));
                assertThat(at).as(row).isGreaterThan(last);
                last = at;
            }
        }
    }
}

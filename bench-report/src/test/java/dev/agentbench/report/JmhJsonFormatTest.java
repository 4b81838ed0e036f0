package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JMH file has the fields and types of JMH's own JSON, so that tools for JMH read it. */
class JmhJsonFormatTest {

    /** The fields of an entry of JMH's JSON, in JMH's order ({@code jmhVersion} left out, {@code params} absent here). */
    static final List<String> FIELDS = List.of("benchmark", "mode", "threads", "forks", "jvm", "jvmArgs", "jdkVersion",
            "vmName", "vmVersion", "warmupIterations", "warmupTime", "warmupBatchSize", "measurementIterations",
            "measurementTime", "measurementBatchSize", "primaryMetric", "secondaryMetrics");

    static final List<String> METRIC = List.of("score", "scoreError", "scoreConfidence", "scorePercentiles",
            "scoreUnit", "rawData");

    private static JsonNode render() throws Exception {
        String json = new JmhJsonFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults());
        return RunData.MAPPER.readTree(json);
    }

    @Test
    void everyEntryHasJmhsFieldsWithJmhsTypes() throws Exception {
        JsonNode root = render();
        assertThat(root.isArray()).isTrue();
        for (JsonNode entry : root) {
            List<String> names = new ArrayList<>();
            entry.fieldNames().forEachRemaining(names::add);
            assertThat(names).containsExactlyElementsOf(FIELDS);
            assertThat(entry.get("benchmark").asText()).matches("agentbench\\.[a-z]+\\.[a-z0-9_]+");
            assertThat(entry.get("mode").asText()).isIn("avgt", "ss");
            assertThat(entry.get("threads").isInt()).isTrue();
            assertThat(entry.get("forks").isInt()).isTrue();
            assertThat(entry.get("jvmArgs").isArray()).isTrue();
            assertThat(entry.get("warmupTime").asText()).isEqualTo("single-shot");
            JsonNode primary = entry.get("primaryMetric");
            List<String> metric = new ArrayList<>();
            primary.fieldNames().forEachRemaining(metric::add);
            assertThat(metric).containsExactlyElementsOf(METRIC);
            assertThat(primary.get("score").isDouble()).isTrue();
            assertThat(primary.get("scoreConfidence")).hasSize(2);
            List<String> percentiles = new ArrayList<>();
            primary.get("scorePercentiles").fieldNames().forEachRemaining(percentiles::add);
            assertThat(percentiles).containsExactly(
                    "0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0");
            assertThat(primary.get("scoreUnit").asText()).isEqualTo("us/op");
            assertThat(primary.get("rawData").isArray()).isTrue();
            assertThat(primary.get("rawData").get(0).isArray()).isTrue();
            assertThat(entry.get("secondaryMetrics").isObject()).isTrue();
        }
    }

    @Test
    void onlyOkCellsAreListedInReportOrder() throws Exception {
        List<String> names = new ArrayList<>();
        render().forEach(entry -> names.add(entry.get("benchmark").asText()));
        assertThat(names).containsExactly(
                "agentbench.raw.cold_start", "agentbench.noop.cold_start", "agentbench.raw.memory_footprint",
                "agentbench.raw.turn1", "agentbench.noop.turn1", "agentbench.llmagent.turn1",
                "agentbench.llmagent.turn1_c8", "agentbench.raw.tools_c8", "agentbench.llmagent.tools_c8",
                "agentbench.raw.parallel_speedup", "agentbench.noop.parallel_speedup",
                "agentbench.raw.my_custom", "agentbench.noop.my_custom");
    }

    @Test
    void samplesAreMicrosecondsPerOperationAndAllocationIsPerSession() throws Exception {
        JsonNode root = render();
        JsonNode turn1 = find(root, "agentbench.raw.turn1");
        assertThat(turn1.get("mode").asText()).isEqualTo("avgt");
        assertThat(turn1.get("measurementIterations").asInt()).isEqualTo(5);
        assertThat(turn1.at("/primaryMetric/rawData/0").toString()).isEqualTo("[198.0,212.4,205.0,260.1,281.0]");
        assertThat(turn1.at("/primaryMetric/score").asDouble()).as("the report's median, not JMH's mean (231.3)")
                .isEqualTo(212.4);
        assertThat(turn1.at("/primaryMetric/scoreConfidence").toString())
                .as("five samples: the report gives no interval").isEqualTo("[212.4,212.4]");
        assertThat(turn1.at("/primaryMetric/scoreError").asDouble()).isEqualTo(0.0);
        assertThat(turn1.at("/primaryMetric/scorePercentiles/50.0").asDouble()).isEqualTo(212.4);
        assertThat(turn1.at("/secondaryMetrics/gc.alloc.rate.norm/score").asDouble()).isEqualTo(48213.0);
        assertThat(turn1.at("/secondaryMetrics/gc.alloc.rate.norm/scoreUnit").asText()).isEqualTo("B/op");
        assertThat(turn1.at("/secondaryMetrics/gc.alloc.rate.norm/scoreError").isNumber())
                .as("one figure: an error of 0, never JMH's \"NaN\"").isTrue();
        assertThat(turn1.at("/secondaryMetrics/gc.alloc.rate.norm/scoreError").asDouble()).isEqualTo(0.0);
        assertThat(turn1.at("/secondaryMetrics/gc.alloc.rate.norm/scoreConfidence").toString())
                .isEqualTo("[48213.0,48213.0]");

        JsonNode c8 = find(root, "agentbench.llmagent.turn1_c8");
        assertThat(c8.get("threads").asInt()).isEqualTo(8);
        assertThat(c8.at("/secondaryMetrics/gc.alloc.rate.norm/score").asDouble()).isEqualTo(5013504.0 / 8);

        JsonNode coldStart = find(root, "agentbench.raw.cold_start");
        assertThat(coldStart.get("mode").asText()).isEqualTo("ss");
        assertThat(coldStart.get("forks").asInt()).isEqualTo(3);
        assertThat(coldStart.at("/primaryMetric/rawData").toString()).isEqualTo("[[400000.0],[420000.0],[450000.0]]");

        JsonNode footprint = find(root, "agentbench.raw.memory_footprint");
        assertThat(footprint.at("/secondaryMetrics/retained.bytes/score").asDouble()).isEqualTo(5324.8);
        assertThat(footprint.at("/secondaryMetrics/retained.bytes/scoreUnit").asText()).isEqualTo("B/agent");
    }

    @Test
    void eachForkIsAListOfRawDataAndCpuTimeIsASecondaryMetricPerSession() throws Exception {
        String json = new JmhJsonFormat().render(RunData.read(GoldenReportTest.forkRun()), ReportOptions.defaults());
        JsonNode root = RunData.MAPPER.readTree(json);
        for (JsonNode entry : root) {
            List<String> names = new ArrayList<>();
            entry.fieldNames().forEachRemaining(names::add);
            assertThat(names).containsExactlyElementsOf(FIELDS);
        }
        JsonNode turn1 = find(root, "agentbench.llmagent.turn1");
        assertThat(turn1.get("forks").asInt()).isEqualTo(3);
        assertThat(turn1.at("/primaryMetric/rawData")).hasSize(3).allSatisfy(fork -> assertThat(fork).hasSize(24));
        assertThat(turn1.get("measurementIterations").asInt()).isEqualTo(24);
        assertThat(turn1.at("/secondaryMetrics/cpu.time.norm/scoreUnit").asText()).isEqualTo("us/op");
        assertThat(turn1.at("/secondaryMetrics/cpu.time.norm/rawData").toString()).isEqualTo("[[520.0],[550.0],[580.0]]");
        assertThat(turn1.at("/secondaryMetrics/cpu.time.norm/score").asDouble()).isEqualTo(550.0);

        JsonNode c8 = find(root, "agentbench.raw.turn1_c8");
        assertThat(c8.get("forks").asInt()).isEqualTo(2);
        assertThat(c8.at("/secondaryMetrics/cpu.time.norm/rawData").toString())
                .as("per session: an iteration's CPU time over 8").isEqualTo("[[206.25],[211.25]]");

        JsonNode coldStart = find(root, "agentbench.raw.cold_start");
        assertThat(coldStart.get("mode").asText()).isEqualTo("ss");
        assertThat(coldStart.get("forks").asInt()).isEqualTo(3);
        assertThat(coldStart.at("/primaryMetric/rawData").toString()).isEqualTo("[[418000.0],[402000.0],[455000.0]]");
        assertThat(coldStart.at("/secondaryMetrics").has("cpu.time.norm")).isFalse();
    }

    private static JsonNode find(JsonNode root, String benchmark) {
        for (JsonNode entry : root) {
            if (entry.get("benchmark").asText().equals(benchmark)) {
                return entry;
            }
        }
        throw new AssertionError("No entry [" + benchmark + "]");
    }
}

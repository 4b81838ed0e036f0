package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code report.md} of a run of nine targets ({@link ManyTargetsRun}) read as a reader reads it: its
 * tables parsed into cells. Past {@link ComparisonTable#MAX_WIDE_TARGETS} targets a table is tall (a
 * line per target under each benchmark) and stays a few columns wide with every target's figure and
 * ratio in it; up to that, a column per target as before. Leaves {@code target/many-targets/report.md}
 * for a person to look at.
 */
class ManyTargetsReportTest {

    /** The benchmarks of {@link ManyTargetsRun} in the report's order: built-ins, each followed by its _cN, then custom by name. */
    private static final List<String> REPORT_ORDER = List.of("memory_footprint", "turn1", "turn1_c8", "turn5",
            "turn5_c8", "turn10", "loop1", "loop1_c8", "loop5", "loop10", "tools", "tools_c8", "tools_parallel",
            "my_custom", "other_custom");

    private static final Pattern TIME = Pattern.compile("([0-9.,]+) (ns|µs|ms|s)\\b.*");
    private static final Pattern RATIO = Pattern.compile("([0-9.]+)× .*");

    /** The table under {@code ### title}: its header, then each row's cells, unescaped of {@code \|}. */
    static List<List<String>> table(String markdown, String title) {
        int heading = markdown.indexOf("\n### " + title + "\n");
        assertThat(heading).as("a section [%s]", title).isNotNegative();
        List<List<String>> rows = new ArrayList<>();
        boolean started = false;
        for (String line : markdown.substring(heading + title.length() + 6).split("\n")) {
            if (!line.startsWith("|")) {
                if (started) {
                    break;
                }
                continue;
            }
            started = true;
            if (line.matches("\\|(-+:?\\|)+")) {
                continue; // the rule under the header
            }
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.length() - 1).split("(?<!\\\\)\\|", -1)) {
                cells.add(cell.trim().replace("\\|", "|"));
            }
            rows.add(cells);
        }
        return rows;
    }

    /** A time as the report writes it ({@code 248 µs [245–251]}) in nanoseconds. */
    private static double nanos(String text) {
        Matcher matcher = TIME.matcher(text);
        assertThat(matcher.matches()).as("a time: [%s]", text).isTrue();
        double value = Double.parseDouble(matcher.group(1).replace(",", ""));
        return value * switch (matcher.group(2)) {
            case "ns" -> 1;
            case "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
    }

    private static double ratio(String text) {
        Matcher matcher = RATIO.matcher(text);
        assertThat(matcher.matches()).as("a ratio with its interval: [%s]", text).isTrue();
        return Double.parseDouble(matcher.group(1));
    }

    private static String render(RunData run) {
        return new MarkdownFormat().render(run, ReportOptions.defaults());
    }

    /** Benchmark → target → [figure, ratio, overhead…] of a tall table, whose benchmark is named on its first line only. */
    private static Map<String, Map<String, List<String>>> tall(List<List<String>> table) {
        Map<String, Map<String, List<String>>> benchmarks = new LinkedHashMap<>();
        String benchmark = null;
        for (List<String> row : table.subList(1, table.size())) {
            benchmark = row.get(0).isEmpty() ? benchmark : row.get(0);
            assertThat(benchmark).as("the first line names its benchmark: %s", row).isNotNull();
            assertThat(benchmarks.computeIfAbsent(benchmark, name -> new LinkedHashMap<>())
                    .put(row.get(1), row.subList(2, row.size()))).as("one line for %s under %s", row.get(1), benchmark)
                    .isNull();
        }
        return benchmarks;
    }

    @Test
    void withNineTargetsEveryTableIsALinePerTargetUnderEachBenchmarkAndAtMostFiveColumnsWide() throws Exception {
        String markdown = render(ManyTargetsRun.all());
        Path artifact = Path.of("target", "many-targets", "report.md");
        Files.createDirectories(artifact.getParent());
        Files.writeString(artifact, markdown);

        List<List<String>> time = table(markdown, "Time per iteration");
        assertThat(time.get(0)).containsExactly("Benchmark", "Target", "Time per iteration", "÷ wire", "over wire");
        assertThat(time).allSatisfy(row -> assertThat(row).hasSize(5));
        Map<String, Map<String, List<String>>> benchmarks = tall(time);
        assertThat(benchmarks.keySet()).containsExactlyElementsOf(REPORT_ORDER);
        for (String benchmark : REPORT_ORDER) {
            Map<String, List<String>> lines = benchmarks.get(benchmark);
            assertThat(lines.keySet()).as(benchmark).containsExactlyElementsOf(ManyTargetsRun.TARGETS);
            double floor = ManyTargetsRun.median("wire", benchmark);
            assertThat(lines.get("wire")).as("the baseline's line").containsExactly(
                    lines.get("wire").get(0), "baseline", "");
            for (Map.Entry<String, List<String>> line : lines.entrySet()) {
                String target = line.getKey();
                String cell = target + "/" + benchmark;
                String status = switch (cell) {
                    case "llmagent/tools" -> "**FAILED**";
                    case "agentscope/loop10" -> "**MISSING**";
                    case "koog/my_custom" -> "not run";
                    default -> null;
                };
                if (status != null) {
                    assertThat(line.getValue()).as(cell).containsExactly(status, "–", "");
                    continue;
                }
                double median = ManyTargetsRun.median(target, benchmark);
                assertThat(nanos(line.getValue().get(0))).as(cell + " median").isCloseTo(median,
                        org.assertj.core.data.Percentage.withPercentage(0.6));
                if (!target.equals("wire")) {
                    assertThat(ratio(line.getValue().get(1))).as(cell + " ratio").isCloseTo(median / floor,
                            org.assertj.core.data.Offset.offset(0.006));
                    String overhead = line.getValue().get(2);
                    assertThat(overhead).as(cell + " overhead").matches("[+−].*");
                    double difference = nanos(overhead.substring(1)) * (overhead.startsWith("+") ? 1 : -1);
                    assertThat(difference).as(cell + " overhead").isCloseTo(median - floor,
                            org.assertj.core.data.Offset.offset(Math.abs(median - floor) * 0.01 + 1000));
                }
            }
        }

        // Every other section is as narrow, and has a line for every target of every benchmark it shows.
        for (String section : List.of("CPU time per iteration", "Allocation per iteration", "Retained heap", "Throughput")) {
            List<List<String>> table = table(markdown, section);
            assertThat(table.get(0)).as(section).hasSizeLessThanOrEqualTo(5).startsWith("Benchmark", "Target", section);
            assertThat(table.get(0).get(3)).isEqualTo("÷ wire");
            tall(table).forEach((benchmark, lines) -> assertThat(lines.keySet()).as(section + ": " + benchmark)
                    .containsExactlyElementsOf(ManyTargetsRun.TARGETS));
        }
        assertThat(tall(table(markdown, "Throughput")).keySet()).as("the _c8 rows")
                .containsExactly("turn1_c8", "turn5_c8", "loop1_c8", "tools_c8");
        assertThat(table(markdown, "Allocation per iteration").get(0)).as("no overheads, no column for them").hasSize(4);
        assertThat(markdown).contains("and beside it the target's overhead").doesNotContain("<br>");
    }

    @Test
    void withTwoTargetsATableIsAColumnPerTargetAndARowPerBenchmarkAsBefore() {
        String markdown = render(ManyTargetsRun.of(List.of("wire", "llmagent")));
        List<List<String>> time = table(markdown, "Time per iteration");
        assertThat(time.get(0)).containsExactly("Benchmark", "wire", "llmagent", "llmagent ÷ wire");
        assertThat(time.subList(1, time.size())).extracting(row -> row.get(0)).containsExactlyElementsOf(REPORT_ORDER);
        for (List<String> row : time.subList(1, time.size())) {
            String benchmark = row.get(0);
            assertThat(nanos(row.get(1))).as(benchmark).isCloseTo(ManyTargetsRun.median("wire", benchmark),
                    org.assertj.core.data.Percentage.withPercentage(0.6));
            if (benchmark.equals("tools")) {
                assertThat(row.subList(2, 4)).containsExactly("**FAILED**", "–");
                continue;
            }
            assertThat(nanos(row.get(2))).as(benchmark).isCloseTo(ManyTargetsRun.median("llmagent", benchmark),
                    org.assertj.core.data.Percentage.withPercentage(0.6));
            assertThat(row.get(3)).as("the ratio, then under it the overhead").containsPattern("^3\\.1\\d× .*<br>\\+");
        }
        assertThat(markdown).contains("and under it the target's overhead");
    }

    @Test
    void threeTargetsStaySideBySideInSixColumnsAndAFourthMakesTheTablesTall() {
        assertThat(table(render(ManyTargetsRun.of(ManyTargetsRun.TARGETS.subList(0, 3))), "Time per iteration").get(0))
                .containsExactly("Benchmark", "wire", "raw", "raw ÷ wire", "noop", "noop ÷ wire");
        String four = render(ManyTargetsRun.of(ManyTargetsRun.TARGETS.subList(0, 4)));
        assertThat(table(four, "Time per iteration").get(0))
                .containsExactly("Benchmark", "Target", "Time per iteration", "÷ wire", "over wire");
        assertThat(tall(table(four, "Time per iteration")).get("turn1").keySet())
                .containsExactly("wire", "raw", "noop", "llmagent");
    }
}

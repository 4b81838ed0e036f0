package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profiles of a run of {@code --profile jfr} ({@code run-profiles/}: the {@code raw} floor's and
 * ADK's {@code turn1}, each with its {@code <cell>.profile.json}) in each report, and what a report
 * does with a profile it cannot use.
 */
class ProfilesTest {

    private static RunData profiled() throws Exception {
        return RunData.read(GoldenReportTest.profileRun());
    }

    private static String markdown(RunData run) {
        return new MarkdownFormat().render(run, ReportOptions.defaults());
    }

    private static JsonNode summary(RunData run) throws Exception {
        return RunData.MAPPER.readTree(new SummaryJsonFormat().render(run, ReportOptions.defaults()));
    }

    @Test
    void theRunReadsTheProfileOfEachProfiledCell() throws Exception {
        RunData run = profiled();
        assertThat(run.profiles()).containsOnlyKeys("raw/turn1", "llmagent/turn1");
        CellProfile adk = run.profiles().get("llmagent/turn1");
        assertThat(adk.recording()).isEqualTo("llmagent/turn1.jfr");
        assertThat(adk.problem()).isNull();
        assertThat(adk.profile().cpuSamples()).isEqualTo(982);
        assertThat(adk.profile().groups()).extracting(Profile.GroupShare::group).containsExactlyElementsOf(Profile.GROUPS);
        assertThat(RunData.read(GoldenReportTest.forkRun()).profiles()).as("a run without profile files").isEmpty();
    }

    @Test
    void theMarkdownShowsCpuTimePerIterationByGroupBesideTheBaseline() throws Exception {
        String markdown = markdown(profiled());
        // CPU per iteration of the measured forks: raw 247 µs, llmagent 550 µs; × each group's share of the samples.
        assertThat(markdown).contains("## Profiles\n\n",
                "### turn1\n\n| Group | raw CPU/iteration | llmagent CPU/iteration | llmagent − raw |\n|---|---:|---:|---:|\n"
                        // 0.028061 × 247 µs = 6.93 µs; 0.310591 × 550 µs = 171 µs; 170.8 − 6.93 = +164 µs
                        + "| framework | 6.93 µs (2.8%) | 171 µs (31.1%) | +164 µs |\n"
                        // 0.227041 × 247 = 56.1; 0.123218 × 550 = 67.8
                        + "| HTTP client | 56.1 µs (22.7%) | 67.8 µs (12.3%) | +11.7 µs |\n"
                        // the floor's JSON is the harness's own relocated Jackson
                        + "| JSON | 29.6 µs (12.0%) | 61.6 µs (11.2%) | +32.0 µs |\n"
                        + "| JDK | 141 µs (57.1%) | 236 µs (43.0%) | +95.2 µs |\n"
                        + "| harness | 13.2 µs (5.4%) | 13.4 µs (2.4%) | +210 ns |\n"
                        + "| all | 247 µs | 550 µs | +303 µs |\n");
        assertThat(markdown.indexOf("## Results")).isLessThan(markdown.indexOf("## Profiles"));
        assertThat(markdown.indexOf("## Profiles")).isLessThan(markdown.indexOf("## Warnings"));
        assertThat(markdown).doesNotContain("Shares of the CPU samples");
    }

    /** The profiled run with two more targets, copies of ADK's cell and profile under other names. */
    private static RunData fourTargets() throws Exception {
        RunData run = profiled();
        List<CellResult> cells = new ArrayList<>(run.cells());
        java.util.Map<String, CellProfile> profiles = new java.util.LinkedHashMap<>(run.profiles());
        CellResult adk = run.cells().stream().filter(cell -> cell.target().equals("llmagent")).findFirst().orElseThrow();
        for (String target : List.of("copy-a", "copy-b")) {
            cells.add(new CellResult(adk.format(), target, adk.benchmark(), adk.concurrency(), adk.name(), adk.status(),
                    adk.error(), adk.time(), adk.warmupIterations(), adk.steadyState(), adk.drift(), adk.samples(),
                    adk.logTail(), adk.memory(), adk.throughput(), adk.turnLatency(), adk.jvm(), adk.figures(),
                    adk.forks(), adk.cpu(), adk.warnings(), adk.params()));
            profiles.put(target + "/turn1", run.profiles().get("llmagent/turn1"));
        }
        RunInfo info = run.info();
        List<PlannedCell> planned = new ArrayList<>(info.cells());
        planned.add(new PlannedCell("copy-a", "turn1", 1));
        planned.add(new PlannedCell("copy-b", "turn1", 1));
        return new RunData(run.layout(), new RunInfo(info.format(), info.runId(), info.status(), info.startedAt(),
                info.endedAt(), info.arguments(), info.settings(), planned, info.environment(), info.notes(),
                info.mockWarmup(), info.targets(), info.sharding(), info.mockRestarts(), info.mockServe()), cells, profiles);
    }

    @Test
    void pastThreeTargetsTheTableByGroupHasARowPerTargetAndAColumnPerGroup() throws Exception {
        String markdown = markdown(fourTargets());
        assertThat(markdown).contains("| Target | framework | HTTP client | JSON | JDK | harness | all |\n"
                + "|---|---:|---:|---:|---:|---:|---:|\n"
                + "| raw | 6.93 µs (2.8%) | 56.1 µs (22.7%) | 29.6 µs (12.0%) | 141 µs (57.1%) | 13.2 µs (5.4%) | 247 µs |\n"
                + "| llmagent | 171 µs (31.1%), +164 µs | 67.8 µs (12.3%), +11.7 µs | 61.6 µs (11.2%), +32.0 µs "
                + "| 236 µs (43.0%), +95.2 µs | 13.4 µs (2.4%), +210 ns | 550 µs, +303 µs |\n"
                + "| copy-a | 171 µs (31.1%), +164 µs |");
        assertThat(markdown).doesNotContain("llmagent − raw");
        String html = new HtmlFormat().render(fourTargets(), ReportOptions.defaults());
        assertThat(html).contains("<th scope=\"col\">Target</th><th scope=\"col\">framework</th>")
                .contains("<th scope=\"row\">copy-b</th>");
    }

    @Test
    void theMarkdownNamesTheFrameworksTopMethodsAndAllocationsPerTarget() throws Exception {
        String markdown = markdown(profiled());
        String adk = markdown.substring(markdown.indexOf("#### llmagent"));
        assertThat(adk).contains("982 CPU samples over 7,843 iterations (5.00 s) of the profile fork's timed pass, "
                        + "recorded with jfr in `llmagent/turn1.jfr`",
                "| Method | Group | Self | Total |\n|---|---|---:|---:|\n",
                "| `com.google.adk.flows.llmflows.Contents.rearrangeEventsForAsyncFunctionResponsesInHistory` | framework "
                        + "| 5.3% | 5.3% |",
                "| `com.google.common.collect.ImmutableList.copyOf` | framework | 4.9% | 4.9% |",
                "| `com.google.adk.flows.llmflows.BaseLlmFlow.runOneStep` | framework | 4.2% | 47.8% |",
                "| `jdk.internal.net.http.ResponseContent$FixedLengthBodyParser.accept` | HTTP client | 4.6% | 4.6% |",
                "| `com.fasterxml.jackson.core.json.WriterBasedJsonGenerator.writeString` | JSON | 4.2% | 4.2% |",
                "| `com.google.adk.events.Event` | framework | 56.0 MiB | 7.31 KiB | 127 |");
        assertThat(adk).contains("Top framework packages by self samples:\n\n| Package | Self | Total |\n",
                "| `com.google.adk.flows.llmflows` | 9.5% | 47.8% |\n"
                        + "| `io.reactivex.rxjava3.internal.operators.flowable` | 5.6% | 57.7% |\n");
        assertThat(methodRows(adk.substring(adk.indexOf("Top framework packages"), adk.indexOf("Top methods"))))
                .hasSizeBetween(3, ProfileSection.PACKAGES)
                .noneMatch(row -> row.contains("`java.") || row.contains("`com.fasterxml") || row.contains("`jdk."));
        assertThat(methodRows(adk.substring(adk.indexOf("Top methods"), adk.indexOf("Top allocated types"))))
                .hasSize(ProfileSection.METHODS);
        assertThat(methodRows(adk.substring(adk.indexOf("Top allocated types")))).hasSize(ProfileSection.ALLOCATIONS);
        String raw = markdown.substring(markdown.indexOf("#### raw"), markdown.indexOf("#### llmagent"));
        assertThat(raw).contains("| `dev.agentbench.shaded.jackson.core.json.UTF8JsonGenerator.writeString` | JSON |")
                .doesNotContain("com.google.adk");
    }

    private static List<String> methodRows(String markdown) {
        List<String> rows = new ArrayList<>();
        Matcher row = Pattern.compile("(?m)^\\| `[^`]+` \\|.*$").matcher(markdown);
        while (row.find()) {
            rows.add(row.group());
        }
        return rows;
    }

    @Test
    void summaryJsonGivesEachCellItsProfileInShortOrNull() throws Exception {
        JsonNode cells = summary(profiled()).get("cells");
        JsonNode adk = cells.get(1).get("profile");
        assertThat(cells.get(1).get("target").asText()).isEqualTo("llmagent");
        assertThat(adk.get("recording").asText()).isEqualTo("llmagent/turn1.jfr");
        assertThat(adk.get("error").isNull()).isTrue();
        assertThat(adk.get("cpuSamples").asLong()).isEqualTo(982);
        assertThat(adk.get("groups")).extracting(group -> group.get("group").asText()).containsExactlyElementsOf(Profile.GROUPS);
        assertThat(adk.get("groups").get(0).get("share").asDouble()).isEqualTo(0.310591);
        assertThat(adk.get("methods")).hasSize(SummaryJsonFormat.PROFILE_METHODS);
        assertThat(adk.get("methods").get(1).toString()).isEqualTo("{\"method\":\"com.google.adk.flows.llmflows.Contents."
                + "rearrangeEventsForAsyncFunctionResponsesInHistory\",\"group\":\"framework\",\"self\":52,\"total\":52}");
        assertThat(cells.get(0).get("profile").get("recording").asText()).isEqualTo("raw/turn1.jfr");
        summary(RunData.read(GoldenReportTest.forkRun())).get("cells")
                .forEach(cell -> assertThat(cell.get("profile").isNull()).as("a cell that was not profiled").isTrue());
        assertThat(markdown(RunData.read(GoldenReportTest.forkRun()))).doesNotContain("## Profiles");
    }

    /**
     * {@code docs/result-fields.md} documents exactly the fields of a cell's {@code profile} in
     * {@code summary.json}, and of its {@code groups[]} and {@code methods[]}: a field added or
     * renamed without the reference fails here.
     */
    @Test
    void theFieldsOfAProfileInSummaryJsonAreDocumentedAndNothingElse() throws Exception {
        JsonNode profile = summary(profiled()).get("cells").get(1).get("profile");
        assertThat(documented("### summary.json: `cells[].profile`")).containsExactlyInAnyOrderElementsOf(fields(profile));
        assertThat(documented("#### summary.json: `cells[].profile.groups[]`"))
                .containsExactlyInAnyOrderElementsOf(fields(profile.get("groups").get(0)));
        assertThat(documented("#### summary.json: `cells[].profile.methods[]`"))
                .containsExactlyInAnyOrderElementsOf(fields(profile.get("methods").get(0)));
    }

    private static List<String> fields(JsonNode object) {
        List<String> fields = new ArrayList<>();
        object.fieldNames().forEachRemaining(fields::add);
        return fields;
    }

    /** The first column's field names of the table under {@code heading} in docs/result-fields.md. */
    private static List<String> documented(String heading) throws Exception {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/result-fields.md"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("a folder above this module with docs/result-fields.md").isNotNull();
        List<String> lines = Files.readAllLines(dir.resolve("docs/result-fields.md"));
        int start = lines.indexOf(heading);
        assertThat(start).as("the heading [" + heading + "] in docs/result-fields.md").isNotNegative();
        List<String> fields = new ArrayList<>();
        Pattern row = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|");
        for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            Matcher matcher = row.matcher(lines.get(i));
            if (matcher.find()) {
                fields.add(matcher.group(1));
            }
        }
        return fields;
    }

    @Test
    void withoutCpuTimePerIterationTheTableShowsSharesAndSaysSo(@TempDir Path temp) throws Exception {
        Path run = copyOfProfileRun(temp);
        Path result = run.resolve("llmagent/turn1.json");
        ObjectNode cell = (ObjectNode) RunData.MAPPER.readTree(result.toFile());
        cell.putNull("cpu");
        RunData.MAPPER.writeValue(result.toFile(), cell);
        String markdown = markdown(RunData.read(run));
        assertThat(markdown).contains("| Group | raw share | llmagent share | llmagent − raw |\n",
                "| framework | 2.8% | 31.1% | +28.3 pp |\n", "| harness | 5.4% | 2.4% | −2.9 pp |\n",
                "| all | 100% of 392 samples | 100% of 982 samples |  |\n",
                "Shares of the CPU samples in % (differences in percentage points), not times: there is no CPU time "
                        + "per iteration for `llmagent` (no CPU time recorded).");
    }

    @Test
    void withoutTheBaselinesProfileThereIsNoDifference(@TempDir Path temp) throws Exception {
        Path run = copyOfProfileRun(temp);
        Files.delete(run.resolve("raw/turn1.profile.json"));
        RunData data = RunData.read(run);
        assertThat(data.profiles()).containsOnlyKeys("llmagent/turn1");
        assertThat(markdown(data)).contains("| Group | llmagent CPU/iteration |\n|---|---:|\n",
                "| framework | 171 µs (31.1%) |\n", "`raw` has no profile of this benchmark, so there is no difference to it.")
                .doesNotContain("#### raw");
        assertThat(summary(data).get("cells").get(0).get("profile").isNull()).isTrue();
    }

    @Test
    void aProfileThatCannotBeUsedIsANoteNeverAFailure(@TempDir Path temp) throws Exception {
        Path run = copyOfProfileRun(temp);
        Path adk = run.resolve("llmagent/turn1.profile.json");
        Files.writeString(adk, "{\"format\": 2, \"target\": \"llmagent\", \"cpuSamples\": ");
        RunData data = RunData.read(run);
        assertThat(data.profiles().get("llmagent/turn1").problem()).startsWith(
                "unreadable profile file [llmagent/turn1.profile.json]: truncated at line 1, column 51 (Unexpected end-of-input");
        String markdown = markdown(data);
        assertThat(markdown).contains("#### llmagent\n\nunreadable profile file [llmagent/turn1.profile.json]",
                "| Group | raw CPU/iteration |\n", "#### raw");
        assertThat(new HtmlFormat().render(data, ReportOptions.defaults()))
                .contains("<p class=\"note problem\">unreadable profile file [llmagent/turn1.profile.json]")
                .containsOnlyOnce("<svg class=\"flame\"");
        JsonNode profile = summary(data).get("cells").get(1).get("profile");
        assertThat(profile.get("recording").asText()).isEqualTo("llmagent/turn1.jfr");
        assertThat(profile.get("error").asText()).startsWith("unreadable profile file [llmagent/turn1.profile.json]");
        assertThat(profile.get("cpuSamples").isNull()).isTrue();
        assertThat(profile.get("groups")).isEmpty();

        Files.writeString(adk, Files.readString(GoldenReportTest.profileRun().resolve("llmagent/turn1.profile.json"))
                .replaceFirst("\"format\" ?: ?2", "\"format\": 4"));
        assertThat(RunData.read(run).profiles().get("llmagent/turn1").problem()).isEqualTo(
                "profile file [llmagent/turn1.profile.json] is results format 4; this agentbench reads format 3");

        Files.writeString(adk, Files.readString(GoldenReportTest.profileRun().resolve("raw/turn1.profile.json")));
        assertThat(RunData.read(run).profiles().get("llmagent/turn1").problem()).isEqualTo(
                "profile file [llmagent/turn1.profile.json] holds cell [raw/turn1]");
    }

    @Test
    void theHtmlDrawsAFlameGraphPerProfiledCellWithEveryFrameEscaped() throws Exception {
        RunData run = profiled();
        String html = new HtmlFormat().render(run, ReportOptions.defaults());
        assertThat(html.split("<svg class=\"flame\"", -1)).hasSize(3);
        String profiles = html.substring(html.indexOf("<section class=\"card\" id=\"profiles\">"));
        assertThat(profiles).contains("<h2>Profiles</h2>", "<h3>turn1</h3>",
                "<td>171 µs (31.1%)</td><td>+164 µs</td>",
                "<th scope=\"row\" class=\"name\"><code>com.google.adk.flows.llmflows.BaseLlmFlow.runOneStep</code></th>",
                // every frame's tooltip: frame, group, samples and share of all samples
                "<title>com.google.adk.flows.llmflows.BaseLlmFlow.runOneStep · framework · 469 samples, 47.8%</title>",
                "<title>com.google.adk.events.Event.&lt;init&gt; · framework · 8 samples, 0.8%</title>",
                "BaseLlmFlow$$Lambda$1187/0x0000000801a4c8f0.apply");
        assertThat(profiles).doesNotContain("Event.<init>");
        // one rectangle per node of the merged stacks
        int nodes = nodes(run.profiles().get("raw/turn1").profile().flame())
                + nodes(run.profiles().get("llmagent/turn1").profile().flame());
        assertThat(profiles.split("<rect ", -1)).hasSize(nodes + 1);
    }

    private static int nodes(Profile.FlameNode node) {
        return 1 + node.children().stream().mapToInt(ProfilesTest::nodes).sum();
    }

    @Test
    void aFrameIsAsWideAsItsSamplesAndLabelledAsItFits() {
        Profile.FlameNode half = new Profile.FlameNode("com.google.adk.runner.Runner.runAsync", "framework", 50, List.of());
        Profile.FlameNode quarter = new Profile.FlameNode("a.B.<init>&c", "JSON", 25, List.of());
        Profile profile = new Profile(2, "t", "turn1", 1, "turn1", "jfr", "turn1.jfr", 1, 1, 100, List.of(), List.of(),
                List.of(), new Profile.FlameNode("all", null, 100, List.of(half, quarter)));
        String svg = FlameGraphSvg.of("t/turn1", profile);
        assertThat(svg).contains("<rect x=\"0.00\" y=\"0.0\" width=\"1099.40\"",
                "<rect x=\"0.00\" y=\"17.0\" width=\"549.40\" height=\"16\" fill=\"#f4a261\"/>",
                "<rect x=\"550.00\" y=\"17.0\" width=\"274.40\" height=\"16\" fill=\"#9fd49b\"/>",
                ">com.google.adk.runner.Runner.runAsync</text>", ">a.B.&lt;init&gt;&amp;c</text>",
                "<title>a.B.&lt;init&gt;&amp;c · JSON · 25 samples, 25.0%</title>")
                .doesNotContain("<init>");
        assertThat(FlameGraphSvg.label("com.google.adk.runner.Runner.runAsync", 100)).isEqualTo("Runner.runAsync");
        assertThat(FlameGraphSvg.label("com.google.adk.runner.Runner.runAsync", 60)).isEqualTo("Runner.r…");
        assertThat(FlameGraphSvg.label("com.google.adk.runner.Runner.runAsync", 12)).isNull();
        Profile empty = new Profile(2, "t", "turn1", 1, "turn1", "jfr", "turn1.jfr", 1, 1, 0, List.of(), List.of(),
                List.of(), new Profile.FlameNode("all", null, 0, List.of()));
        assertThat(FlameGraphSvg.of("t/turn1", empty)).isNull();
    }

    static Path copyOfProfileRun(Path temp) throws Exception {
        return ReportsTest.copyOfRun(GoldenReportTest.profileRun(), temp);
    }
}

package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report.html} in a real browser (Debian's headless Chromium; skipped, saying what to
 * install, when it is absent: see {@link Chromium}): it loads with no script error and no network
 * request, its tables and charts are laid out with a size, the reasons of failed cells are on the
 * page, and nothing from a result becomes markup; a run of forks shows its warm-up curves, a profiled
 * run its flame graphs, a run of LOAD cells its chart of turns per second, and a run of nine targets
 * fits a laptop's window without a sideways scroll, and the published results page loads with every
 * run's charts. Leaves {@code target/browser/report.html}, {@code
 * forks.html}, {@code profiles.html}, {@code load.html}, {@code nine.html} and their screenshots
 * {@code report.png}, {@code forks.png}, {@code profiles.png}, {@code load.png}, {@code nine.png}, {@code results-page.png} for
 * a person to look at.
 */
class HtmlInBrowserTest {

    static final Path ARTIFACTS = Path.of("target", "browser");

    /** The width of the browser window: a laptop's. */
    static final int WIDTH = 1280;

    /** Records script errors and what the page laid out; appended to a copy of the page, never to the report. */
    private static final String PROBE = """
            <script>
            window.__probe = {errors: []};
            window.addEventListener("error", function (e) {
              window.__probe.errors.push(e.message || ("could not load " + ((e.target && (e.target.src || e.target.href)) || "?")));
            }, true);
            window.addEventListener("load", function () {
              var p = window.__probe, all = Array.prototype.map;
              p.script = document.documentElement.getAttribute("data-script");
              p.height = Math.ceil(document.documentElement.scrollHeight);
              p.tables = document.querySelectorAll("table.cmp").length;
              p.charts = all.call(document.querySelectorAll("svg.chart"), function (svg) {
                var r = svg.getBoundingClientRect();
                return {w: r.width, h: r.height, shapes: svg.querySelectorAll("rect,line,polyline,circle").length};
              });
              p.timelines = all.call(document.querySelectorAll("section[id$='stream-timelines'] figure svg"), function (svg) {
                var r = svg.getBoundingClientRect();
                return {w: r.width, h: r.height, shapes: svg.querySelectorAll("line").length};
              });
              p.flames = all.call(document.querySelectorAll("svg.flame"), function (svg) {
                var r = svg.getBoundingClientRect();
                return {w: r.width, h: r.height, rects: svg.querySelectorAll("rect").length,
                    titles: svg.querySelectorAll("g > title").length};
              });
              p.reasons = all.call(document.querySelectorAll(".reason"), function (el) {
                var r = el.getBoundingClientRect(), s = getComputedStyle(el);
                return {text: el.textContent, w: r.width, h: r.height, shown: s.visibility !== "hidden" && s.display !== "none"};
              });
              p.scrollWidth = document.documentElement.scrollWidth;
              p.clientWidth = document.documentElement.clientWidth;
              p.scrolledTables = Array.prototype.filter.call(document.querySelectorAll(".scroll"), function (el) {
                return el.scrollWidth > el.clientWidth + 1;
              }).map(function (el) { return el.closest("section").id; });
              var tall = document.querySelector("table.cmp.tall");
              if (tall) {
                var order = function () {
                  return all.call(tall.tBodies[0].rows, function (row) { return row.cells[0].textContent; });
                };
                p.tall = {before: order()};
                tall.tHead.rows[0].cells[2].click();
                p.tall.byRatio = order();
                tall.tHead.rows[0].cells[0].click();
                p.tall.restored = order();
              }
              p.images = document.images.length;
              p.iframes = document.querySelectorAll("iframe").length;
              p.scripts = document.scripts.length;
              p.pwned = window.__pwned || null;
              p.resources = performance.getEntriesByType("resource").map(function (e) { return e.name; });
              var pre = document.createElement("pre");
              pre.id = "probe";
              pre.textContent = JSON.stringify(p);
              document.body.appendChild(pre);
            });
            </script>
            """;

    /** Each test, not the class, is skipped without the browser, so that the build counts them as skipped. */
    @BeforeEach
    void needsTheBrowser() {
        Chromium.assumeInstalled();
    }

    /**
     * Writes {@code html} to {@code page} (kept among the build's artifacts), checks it names nothing
     * outside itself, loads it in the browser and checks it ran without a script error and fetched
     * nothing: what every page here must do before its own checks. Returns what the probe read.
     */
    private static JsonNode loaded(String html, Path page, Path temp) throws Exception {
        Files.createDirectories(page.getParent());
        Files.writeString(page, html);
        assertNoExternalReference(html);
        JsonNode probe = probe(html, temp);
        assertThat(probe.get("errors")).as("script errors").isEmpty();
        assertThat(probe.get("resources")).as("resources fetched").isEmpty();
        return probe;
    }

    /** A chart the browser laid out with a size and something drawn in it. */
    private static void laidOut(JsonNode chart) {
        assertThat(chart.get("w").asDouble()).isGreaterThan(100);
        assertThat(chart.get("h").asDouble()).isGreaterThan(50);
        assertThat(chart.get("shapes").asInt()).isGreaterThan(2);
    }

    /**
     * Screenshots {@code page} at the laptop's width and the height the probe read, into {@code
     * ARTIFACTS/<name>.png}, and checks the browser fetched nothing meanwhile.
     */
    private static Path screenshot(Path page, JsonNode probe, Path temp, String name) throws Exception {
        Path screenshot = ARTIFACTS.resolve(name + ".png");
        Files.deleteIfExists(screenshot);
        Path netLog = temp.resolve(name + "-netlog.json");
        Chromium.Output shot = Chromium.render(page, temp.resolve("profile-" + name), netLog,
                List.of("--screenshot=" + screenshot.toAbsolutePath(), "--window-size=" + WIDTH + "," + probe.get("height").asInt()));
        assertThat(shot.exitCode()).as(shot.stderr()).isZero();
        assertThat(screenshot).exists();
        assertNoNetwork(netLog, shot);
        return screenshot;
    }

    @Test
    void theReportLoadsWithTablesChartsAndReasonsAndFetchesNothing(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults());
        Path page = ARTIFACTS.resolve("report.html");
        JsonNode probe = loaded(html, page, temp);
        assertThat(probe.get("script").asText()).as("the sorting script ran").isEqualTo("ran");
        assertThat(probe.get("tables").asInt()).as("comparison tables").isEqualTo(6);
        assertThat(probe.get("scrollWidth").asInt()).as("no horizontal scroll").isLessThanOrEqualTo(probe.get("clientWidth").asInt());
        assertThat(probe.get("scrolledTables")).as("three targets side by side fit their card, cold start's long figures too")
                .isEmpty();
        // One median chart per row with a timed OK cell (7), one throughput chart per benchmark run at N > 1 (2).
        assertThat(probe.get("charts")).hasSize(9).allSatisfy(HtmlInBrowserTest::laidOut);
        List<String> reasons = new ArrayList<>();
        probe.get("reasons").forEach(reason -> {
            assertThat(reason.get("shown").asBoolean()).isTrue();
            assertThat(reason.get("h").asDouble()).isGreaterThan(10);
            reasons.add(reason.get("text").asText());
        });
        assertThat(reasons).hasSize(4).contains(
                "turn 1, step 1: final text was [Hi], the script says [Hello! | greetings]\nat iteration 12",
                "no result within PT10M; the child and its descendants were destroyed",
                "no result: the cell did not run");

        assertThat(Files.size(screenshot(page, probe, temp, "report"))).isGreaterThan(20_000);
    }

    @Test
    void aReportOfNineTargetsFitsALaptopsWindowWithATallTableAndSortsWithinEachBenchmark(@TempDir Path temp)
            throws Exception {
        String html = new HtmlFormat().render(ManyTargetsRun.all(), ReportOptions.defaults());
        Path page = ARTIFACTS.resolve("nine.html");
        JsonNode probe = loaded(html, page, temp);
        assertThat(probe.get("scrollWidth").asInt()).as("the page's width at a %d px window: no horizontal scroll", WIDTH)
                .isLessThanOrEqualTo(probe.get("clientWidth").asInt());
        assertThat(probe.get("scrolledTables")).as("sections whose table must be scrolled sideways").isEmpty();
        // time, CPU, allocation, retained heap, throughput
        assertThat(probe.get("tables").asInt()).as("comparison tables").isEqualTo(5);
        // one median chart per benchmark, one throughput chart per benchmark run at N > 1 (4)
        assertThat(probe.get("charts")).hasSize(15 + 4).allSatisfy(chart -> {
            assertThat(chart.get("w").asDouble()).isGreaterThan(100);
            assertThat(chart.get("shapes").asInt()).isGreaterThan(9);
        });
        // memory_footprint's lines in the time table: the targets in run order, by ratio (the floor's 1×
        // among them), then in run order again, under the benchmark's heading all the while
        JsonNode tall = probe.get("tall");
        List<String> inRunOrder = new ArrayList<>(List.of("memory_footprint"));
        inRunOrder.addAll(ManyTargetsRun.TARGETS);
        assertThat(tall.get("before")).extracting(JsonNode::asText).containsExactlyElementsOf(inRunOrder);
        assertThat(tall.get("byRatio")).extracting(JsonNode::asText).containsExactly("memory_footprint", "noop",
                "wire", "raw", "langchain4j", "koog", "llmagent", "langgraph4j", "springai", "agentscope");
        assertThat(tall.get("restored")).extracting(JsonNode::asText).containsExactlyElementsOf(inRunOrder);

        screenshot(page, probe, temp, "nine");
    }

    @Test
    void theReportOfARunOfForksLoadsWithItsWarmupCurves(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(GoldenReportTest.forkRun()), ReportOptions.defaults());
        Path page = ARTIFACTS.resolve("forks.html");
        JsonNode probe = loaded(html, page, temp);
        // time, CPU, warm-up, cold start, allocation, throughput
        assertThat(probe.get("tables").asInt()).as("comparison tables").isEqualTo(6);
        // medians of cold_start, turn1, turn1_c8; warm-up curves of turn1, turn1_c8; throughput of turn1
        assertThat(probe.get("charts")).hasSize(6).allSatisfy(HtmlInBrowserTest::laidOut);

        screenshot(page, probe, temp, "forks");
    }

    @Test
    void theReportOfALoadRunLoadsWithItsChartOfTurnsPerSecondAndTheIdeal(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(LoadRun.write(temp.resolve("run"))), ReportOptions.defaults());
        Path page = ARTIFACTS.resolve("load.html");
        JsonNode probe = loaded(html, page, temp);
        assertThat(probe.get("tables").asInt()).as("comparison tables: time, throughput under model latency")
                .isEqualTo(2);
        assertThat(probe.get("scrolledTables")).as("the load figures wrap in their card").isEmpty();
        // medians of turn1, load, load_c16, load_c64; turns per second of load, its ideal among its shapes
        assertThat(probe.get("charts")).hasSize(5).allSatisfy(HtmlInBrowserTest::laidOut);

        screenshot(page, probe, temp, "load");
    }

    /**
     * The published results page, docs/results/index.html, as the repository holds it (bench-cli's
     * ResultsPageDocTest keeps it what {@code agentbench page} makes of the published runs).
     */
    @Test
    void thePublishedResultsPageLoadsWithEveryRunsCharts(@TempDir Path temp) throws Exception {
        Path published = Path.of("..", "docs", "results", "index.html");
        assertThat(published).isRegularFile();
        String html = Files.readString(published, StandardCharsets.UTF_8);
        Path page = ARTIFACTS.resolve("results-page.html");
        JsonNode probe = loaded(html, page, temp);
        assertThat(probe.get("script").asText()).as("the page's script ran").isEqualTo("ran");
        assertThat(probe.get("scrollWidth").asInt()).as("no horizontal scroll").isLessThanOrEqualTo(probe.get("clientWidth").asInt());
        // the whole table's two runs, merged from eleven shards: a median chart per row (22 each), and
        // collections and the mock's time per request against N = 1 and 8 for the 8 rows run at both (16
        // each); runs A and B: a median chart per benchmark (3 each); the two load runs: one per N (4 each) and
        // throughput under model latency against N (1 each); the two agent_step runs: one each; the two
        // toolset runs: a median chart per tool count (4 each) and a cost curve per figure (6 each); the
        // two reply runs sent whole: a median chart per reply length (3 each) and a cost curve per figure
        // (6 each); the two streamed: 3 each and 13 each (the streaming figures have curves too, but for
        // the buffered flag); the two streaming runs: a median chart per cell (4 each); the two history
        // runs: a median chart per history length (4 each) and a cost curve per figure (6 each)
        assertThat(probe.get("charts")).hasSize(192).allSatisfy(HtmlInBrowserTest::laidOut);
        // the two streaming runs: one timeline per target (7 each), each 256 writes above the axis and
        // 256 deliveries below it
        assertThat(probe.get("timelines")).hasSize(14).allSatisfy(timeline -> {
            assertThat(timeline.get("w").asDouble()).as("timeline width").isGreaterThan(300);
            assertThat(timeline.get("shapes").asInt()).as("the axis and a tick per write and delivery")
                    .isEqualTo(1 + 256 + 256);
        });
        assertThat(probe.get("tables").asInt()).as("no table of figures: they are in the runs' reports").isZero();

        screenshot(page, probe, temp, "results-page");
    }

    @Test
    void theReportOfAProfiledRunDrawsAFlameGraphPerProfiledCell(@TempDir Path temp) throws Exception {
        RunData run = RunData.read(GoldenReportTest.profileRun());
        String html = new HtmlFormat().render(run, ReportOptions.defaults());
        Path page = ARTIFACTS.resolve("profiles.html");
        JsonNode probe = loaded(html, page, temp);
        assertThat(probe.get("script").asText()).as("the sorting script ran").isEqualTo("ran");
        // raw's and llmagent's turn1, each a rectangle with a tooltip per node of its merged stacks
        List<Integer> nodes = List.of(nodes(run.profiles().get("raw/turn1").profile().flame()),
                nodes(run.profiles().get("llmagent/turn1").profile().flame()));
        assertThat(probe.get("flames")).hasSize(2);
        for (int i = 0; i < 2; i++) {
            JsonNode flame = probe.get("flames").get(i);
            assertThat(flame.get("w").asDouble()).as("flame graph width").isGreaterThan(900);
            assertThat(flame.get("h").asDouble()).as("flame graph height").isGreaterThan(200);
            assertThat(flame.get("rects").asInt()).isPositive().isEqualTo(nodes.get(i));
            assertThat(flame.get("titles").asInt()).isEqualTo(nodes.get(i));
        }

        screenshot(page, probe, temp, "profiles");
    }

    private static int nodes(dev.agentbench.api.result.Profile.FlameNode node) {
        return 1 + node.children().stream().mapToInt(HtmlInBrowserTest::nodes).sum();
    }

    @Test
    void nothingFromAResultBecomesMarkup(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(HostileRun.write(temp)), ReportOptions.defaults());
        Files.createDirectories(ARTIFACTS);
        Files.writeString(ARTIFACTS.resolve("hostile.html"), html);

        JsonNode probe = probe(html, temp);
        assertThat(probe.get("pwned").isNull()).as("an injected script ran: " + probe.get("pwned")).isTrue();
        assertThat(probe.get("images").asInt()).isZero();
        assertThat(probe.get("iframes").asInt()).isZero();
        assertThat(probe.get("scripts").asInt()).as("the probe and the report's own script").isEqualTo(2);
        assertThat(probe.get("errors")).isEmpty();
        List<String> reasons = new ArrayList<>();
        probe.get("reasons").forEach(reason -> reasons.add(reason.get("text").asText()));
        assertThat(reasons).as("the error, shown as the text it is").contains(HostileRun.ERROR);
        assertThat(probe.get("flames")).as("the hostile profile's flame graph").hasSize(1);
    }

    @Test
    void theNetworkCheckSeesAPageThatFetches(@TempDir Path temp) throws Exception {
        Path page = temp.resolve("fetches.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><img src=\"http://127.0.0.1:9/x.png\">x</body></html>");
        Path netLog = temp.resolve("netlog.json");
        Chromium.Output output = Chromium.render(page, temp.resolve("profile"), netLog, List.of("--dump-dom"));
        assertThat(output.exitCode()).as(output.stderr()).isZero();
        assertThat(Chromium.pageRequests(netLog)).containsExactly("http://127.0.0.1:9/x.png");
    }

    /** Renders a copy of the page with the probe and returns what the probe saw, failing on any console message. */
    private static JsonNode probe(String html, Path temp) throws Exception {
        Path page = Files.createTempFile(temp, "probe", ".html");
        Files.writeString(page, html.replaceFirst("<head>", "<head>\n" + Matcher.quoteReplacement(PROBE)));
        Path netLog = Files.createTempFile(temp, "netlog", ".json");
        Chromium.Output dom = Chromium.render(page, Files.createTempDirectory(temp, "profile"), netLog,
                List.of("--dump-dom", "--window-size=" + WIDTH + ",1000"));
        assertThat(dom.exitCode()).as(dom.stderr()).isZero();
        assertThat(dom.stderr().lines().filter(line -> line.contains(":CONSOLE")))
                .as("console messages").isEmpty();
        assertNoNetwork(netLog, dom);
        Matcher matcher = Pattern.compile("<pre id=\"probe\">(.*?)</pre>", Pattern.DOTALL).matcher(dom.stdout());
        assertThat(matcher.find()).as("the probe's output in the DOM:\n" + Chromium.tail(dom.stdout())).isTrue();
        String json = matcher.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&nbsp;", "\u00a0").replace("&amp;", "&");
        return RunData.MAPPER.readTree(json);
    }

    /** No address of another host anywhere a browser would fetch from. */
    private static void assertNoExternalReference(String html) {
        assertThat(html).doesNotContainPattern("(?i)https?:|ftp:|wss?:|//[a-z0-9]")
                .doesNotContainPattern("(?i)<(link|img|iframe|object|embed|source|audio|video)\\b")
                .doesNotContainPattern("(?i)\\bsrc\\s*=|url\\(|@import");
    }

    /** The browser's own record of what the page requested holds nothing but the file it was given. */
    private static void assertNoNetwork(Path netLog, Chromium.Output output) throws Exception {
        assertThat(netLog).as("the net log; browser said:\n" + Chromium.tail(output.stderr())).exists();
        assertThat(Chromium.pageRequests(netLog)).as("network requests of the page").isEmpty();
    }
}

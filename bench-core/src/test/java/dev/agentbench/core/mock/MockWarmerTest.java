package dev.agentbench.core.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.core.mock.MockWarmProxy.Seen;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The mock's warm-up against the real mock, in process, on a free port. */
class MockWarmerTest {

    /** Short windows: the tests check behaviour, not the defaults' timing. */
    private static final MockWarmer.Settings SHORT =
            new MockWarmer.Settings(Duration.ofMillis(100), Duration.ofMillis(300), Duration.ofSeconds(2), 0.05, 4);

    /** Two tool steps (the second with parallel calls) in turn 1, one in turn 2. */
    private static final Script TOOLS = new Script("tools", List.of(
            new ScriptTurn("Add the numbers.", List.of(
                    Step.toolCalls(new ScriptedToolCall("add", "{\"a\":1,\"b\":2}")),
                    Step.toolCalls(new ScriptedToolCall("add", "{\"a\":3,\"b\":4}"),
                            new ScriptedToolCall("multiply", "{\"a\":5,\"b\":6}")),
                    Step.text("The sums are 3 and 7; the product is 30."))),
            new ScriptTurn("Once more.", List.of(
                    Step.toolCalls(new ScriptedToolCall("add", "{\"a\":7,\"b\":8}")),
                    Step.text("It is 15.")))));

    private static final Script TALK = new Script("talk", List.of(
            new ScriptTurn("Hello.", List.of(Step.text("Hello! How can I help?"))),
            new ScriptTurn("Tell me more.", List.of(Step.text("There is not much more to tell."))),
            new ScriptTurn("Thanks.", List.of(Step.text("You are welcome.")))));

    /** A delayed tool step, a hang and an error status, around two plain positions. */
    private static final Script FAULTS = new Script("faults", List.of(
            new ScriptTurn("Slow tool.", List.of(
                    new Step(null, List.of(new ScriptedToolCall("add", "{}")), Fault.delay(5_000)),
                    Step.text("Done."))),
            new ScriptTurn("Hang.", List.of(Step.fault(Fault.hangs()))),
            new ScriptTurn("Fail.", List.of(Step.fault(Fault.status(503, "busy")))),
            new ScriptTurn("Fine.", List.of(Step.text("Fine.")))));

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults().withScripts(List.of(Script.singleText("resident", "Hi", "Hi!"))));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @AfterEach
    void leavesNothingBehind() {
        assertThat(mock.scripts()).containsExactly("resident");
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(thread -> thread.isAlive() && thread.getName().startsWith("agentbench-mock-warmup"));
    }

    @Test
    void requestsEveryPositionOfEveryScriptInBothStreamModesAndNoFaultPosition() throws Exception {
        try (MockWarmProxy proxy = MockWarmProxy.to(mock.baseUrl())) {
            // a cap far above what it needs: the warm-up is never steady before every position was
            // asked for, and this test is about which positions, not how fast on a loaded machine.
            // Through the proxy it is seldom steady at all and runs to the cap: 6 s hold hundreds of
            // requests, taken round-robin, for 22 positions
            MockWarmer.Settings covering = new MockWarmer.Settings(SHORT.window(), SHORT.minTime(),
                    Duration.ofSeconds(6), SHORT.band(), SHORT.steadyWindows());
            MockWarmup result = MockWarmer.warm(proxy.baseUrl(), List.of(TOOLS, TALK, FAULTS), List.of(1, 3), covering,
                    () -> false);

            Set<Seen> expected = new HashSet<>();
            for (boolean stream : new boolean[] {false, true}) {
                String tools = MockWarmer.warmName(0, "tools");
                expected.addAll(List.of(new Seen(tools, 0, 0, stream), new Seen(tools, 0, 1, stream),
                        new Seen(tools, 0, 2, stream), new Seen(tools, 1, 0, stream), new Seen(tools, 1, 1, stream)));
                String talk = MockWarmer.warmName(1, "talk");
                expected.addAll(List.of(new Seen(talk, 0, 0, stream), new Seen(talk, 1, 0, stream),
                        new Seen(talk, 2, 0, stream)));
                String faults = MockWarmer.warmName(2, "faults");
                // the delayed tool step is asked for without its delay; the hang and the error never
                expected.addAll(List.of(new Seen(faults, 0, 0, stream), new Seen(faults, 0, 1, stream),
                        new Seen(faults, 3, 0, stream)));
            }
            assertThat(proxy.seen).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(proxy.problems).isEmpty();
            assertThat(faultsInjected()).isZero();
            assertThat(proxy.admin).containsExactly("PUT warmup-0-tools", "PUT warmup-1-talk", "PUT warmup-2-faults",
                    "DELETE warmup-0-tools", "DELETE warmup-1-talk", "DELETE warmup-2-faults");
            assertThat(result.requests()).isGreaterThanOrEqualTo(expected.size());
        }
    }

    @Test
    void warmsAScriptWhoseRequestsTheMockChecksWithoutFailingItsChecks() throws Exception {
        // The warm-up sends a short history and tool list of its own, not the workload's 8 KB system
        // prompt and 25 tools: the mock's checks of what a request carries are left out of the
        // warm-up's copy of the script, never failed by it.
        Script checked = new Script("checked", List.of(new ScriptTurn("Request 1: long history.", List.of(
                Step.text("Done.")), new dev.agentbench.api.script.Expectation(List.of(40), List.of(50_000L),
                        List.of("tool_a", "tool_b"), 10))));
        MockWarmup result = MockWarmer.warm(java.net.URI.create(mock.baseUrl()), List.of(checked), List.of(1), SHORT, () -> false);

        assertThat(result.requests()).isPositive();
    }

    @Test
    void aMockThatAnswers500FailsWithOneClearMessageAndStillUnregisters() throws Exception {
        try (MockWarmProxy proxy = MockWarmProxy.to(mock.baseUrl())) {
            proxy.failWith = 500;

            assertThatThrownBy(() -> MockWarmer.warm(proxy.baseUrl(), List.of(TALK, TOOLS), List.of(1), SHORT,
                    () -> false))
                    .isInstanceOf(IOException.class)
                    .hasMessage("Script [talk] position [turn 1, step 1] (counted from 1), stream [false]: "
                            + "the mock answered [500]: the proxy refuses")
                    .satisfies(e -> assertThat(e.getSuppressed()).isEmpty());
            assertThat(proxy.admin).contains("DELETE warmup-0-talk", "DELETE warmup-1-tools");
        }
    }

    @Test
    void aWrongReplyFailsNamingWhatWasExpected() throws Exception {
        // The same name registered twice: the warm-up's second script replaces its first, so the
        // replies to the first script's requests are the second's.
        List<ScriptTurn> turns = new ArrayList<>();
        for (ScriptTurn turn : TALK.turns()) {
            turns.add(new ScriptTurn(turn.user(), List.of(Step.text("Something else."))));
        }
        Script other = new Script(MockWarmer.warmName(0, "talk"), turns);
        URI base = URI.create(mock.baseUrl());
        assertThatThrownBy(() -> MockWarmer.warm(base, List.of(TALK), List.of(1), SHORT, () -> {
            mock.register(other);
            return false;
        }))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("Script [talk] position [turn ")
                .hasMessageContaining("wrong reply: expected text [")
                .hasMessageContaining("but got text [Something else.]");
    }

    @Test
    void stopEndsTheWarmUpEarlyAndNotSteady() throws Exception {
        MockWarmer.Settings long_ = new MockWarmer.Settings(Duration.ofMillis(100), Duration.ofSeconds(5),
                Duration.ofSeconds(10), 0.05, 4);
        long stopAt = System.nanoTime() + Duration.ofMillis(400).toNanos();

        MockWarmup result = MockWarmer.warm(URI.create(mock.baseUrl()), List.of(TALK, TOOLS), List.of(1, 2), long_,
                () -> System.nanoTime() > stopAt);

        assertThat(result.steady()).isFalse();
        assertThat(result.millis()).isLessThan(2_000L);
        assertThat(result.requests()).isPositive();
    }

    @Test
    void endsSteadyOnceTheMockTimesAreSteadyWithConsistentFigures() throws Exception {
        try (MockWarmProxy proxy = MockWarmProxy.to(mock.baseUrl())) {
            proxy.steadyMetrics = true;
            MockWarmer.Settings settings = new MockWarmer.Settings(Duration.ofMillis(100), Duration.ofMillis(300),
                    Duration.ofSeconds(5), 0.05, 3);
            List<MockWarmer.Window> windows = new ArrayList<>();

            MockWarmup result = MockWarmer.warm(proxy.baseUrl(), List.of(TALK, TOOLS), List.of(1, 2), settings,
                    () -> false, windows::add);

            assertThat(result.steady()).as("steady after %s", windows).isTrue();
            assertThat(result.millis()).isBetween(300L, 4_000L);
            assertThat(windows).hasSizeGreaterThanOrEqualTo(3);
            assertThat(windows.get(windows.size() - 1).levelMockMicros()).hasSize(2)
                    .allSatisfy(micros -> assertThat(micros).isCloseTo(10.0, within(1e-6)));
            assertThat(result.requests()).isEqualTo(windows.stream().mapToLong(MockWarmer.Window::requests).sum());
            assertThat(result.firstMedianMicros()).isEqualTo(windows.get(0).medianMicros()).isPositive();
            assertThat(result.lastMedianMicros()).isEqualTo(windows.get(windows.size() - 1).medianMicros()).isPositive();
        }
    }

    @Test
    void readsTheRealMocksOwnTimesAtEachLevel() throws Exception {
        List<MockWarmer.Window> windows = new ArrayList<>();

        MockWarmer.warm(URI.create(mock.baseUrl()), List.of(TALK), List.of(1, 2), SHORT, () -> false, windows::add);

        assertThat(windows.get(0).levelMockMicros()).hasSize(2).allSatisfy(micros -> assertThat(micros).isPositive());
    }

    @Test
    void sendsAsManyRequestsAtOnceAsTheHighestLevel() throws Exception {
        try (MockWarmProxy proxy = MockWarmProxy.to(mock.baseUrl())) {
            proxy.delayMillis = 20;

            MockWarmer.warm(proxy.baseUrl(), List.of(TALK), List.of(4, 1), SHORT, () -> false);

            assertThat(proxy.maxInFlight).hasValue(4);
        }
    }

    @Test
    void judgesByItsOwnMediansWhenTheMockServesNoTimer() throws Exception {
        try (MockWarmProxy proxy = MockWarmProxy.to(mock.baseUrl())) {
            proxy.hideMetrics = true;
            List<MockWarmer.Window> windows = new ArrayList<>();

            MockWarmup result = MockWarmer.warm(proxy.baseUrl(), List.of(TALK), List.of(1), SHORT, () -> false,
                    windows::add);

            assertThat(result.requests()).isPositive();
            assertThat(windows).isNotEmpty().allSatisfy(window -> {
                assertThat(window.levelMockMicros()).containsOnly(Double.NaN);
                assertThat(window.levelMedianMicros()).allSatisfy(micros -> assertThat(micros).isPositive());
            });
        }
    }

    @Test
    void aStreamWhoseChunksWaitIsWarmedWithoutItsWaits() throws Exception {
        // stream_text_delay=20 as a run of it alone asks: 2 s before the first byte, 500 ms before each
        // further chunk; with its waits a request would take over 3 s, longer than the whole warm-up
        Fault waits = new Fault(0, null, 0, 2_000, 500, false, false, false);
        Script slow = new Script("slow", List.of(new ScriptTurn("Stream it.", List.of(
                new Step("one two three four five", List.of(), waits, 5)))));

        MockWarmup result = MockWarmer.warm(URI.create(mock.baseUrl()), List.of(slow), List.of(1), SHORT, () -> false);

        assertThat(result.requests()).as("requests in a warm-up of at most 2 s").isGreaterThan(10);
        assertThat(result.lastMedianMicros()).as("a request served without its waits").isLessThan(1_000_000);
        assertThat(faultsInjected()).isZero();
        assertThat(MockWarmer.withoutWaits(FAULTS).turns()).extracting(turn -> turn.steps().get(0).fault())
                .as("an error, a hang: kept")
                .containsExactly(null, Fault.hangs(), Fault.status(503, "busy"), null);
    }

    @Test
    void nothingToWarmReturnsAtOnce() throws Exception {
        MockWarmup result = MockWarmer.warm(URI.create(mock.baseUrl()), List.of(), List.of(1), SHORT, () -> false);

        assertThat(result).isEqualTo(new MockWarmup(0, 0, 0, 0, false));
    }

    @Test
    void steadyOnlyWhenTheLastReadingsAreWithinTheBandOfTheirMedianAndNoLongerFalling() {
        assertThat(MockWarmer.steady(List.of(100.0, 50.0, 51.0, 49.0, 50.0), 4, 0.05)).isTrue();
        assertThat(MockWarmer.steady(List.of(50.0, 51.0, 49.0), 4, 0.05)).as("too few readings").isFalse();
        // Every reading within 5% of their median (50.5), but each lower than the one before.
        assertThat(MockWarmer.steady(List.of(52.0, 51.0, 50.0, 49.0), 4, 0.05)).as("still falling").isFalse();
        assertThat(MockWarmer.steady(List.of(52.0, 51.0, 49.0, 50.0), 4, 0.05)).as("no longer falling").isTrue();
        assertThat(MockWarmer.steady(List.of(49.0, 50.0, 51.0, 52.0), 4, 0.05)).as("rising, within the band").isTrue();
        assertThat(MockWarmer.steady(List.of(50.0, 50.0, 50.0, 56.0), 4, 0.10)).isFalse();
        assertThat(MockWarmer.steady(List.of(50.0, 50.0, 50.0, 54.0), 4, 0.10)).isTrue();
    }

    @Test
    void settingsRejectValuesThatCannotWork() {
        assertThat(MockWarmer.Settings.defaults().maxTime()).isGreaterThanOrEqualTo(MockWarmer.Settings.defaults().minTime());
        assertThatThrownBy(() -> new MockWarmer.Settings(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1), 0.05, 4))
                .hasMessage("Mock warm-up window [PT0S] must be positive");
        assertThatThrownBy(() -> new MockWarmer.Settings(Duration.ofSeconds(1), Duration.ofSeconds(5),
                Duration.ofSeconds(3), 0.05, 4))
                .hasMessage("Mock warm-up maximum time [PT3S] must be at least the minimum time [PT5S] and the window [PT1S]");
        assertThatThrownBy(() -> new MockWarmer.Settings(Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(3), 0, 4))
                .hasMessage("Mock warm-up band [0.0] must be between 0 and 1");
        assertThatThrownBy(() -> new MockWarmer.Settings(Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(3), 0.1, 1))
                .hasMessage("Mock warm-up steady windows [1] must be at least 2");
        assertThatThrownBy(() -> MockWarmer.warm(URI.create(mock.baseUrl()), List.of(TALK), List.of(0), SHORT, () -> false))
                .hasMessage("Concurrency level [0] must be at least 1");
    }

    /** How many faults the mock injected, by its own counters. */
    private static double faultsInjected() throws IOException {
        double total = 0;
        for (JsonNode meter : MAPPER.readTree(mock.metricsJson()).path("meters")) {
            if (meter.path("name").asText().equals("mock.faults")) {
                total += meter.path("measurements").path("COUNT").asDouble();
            }
        }
        return total;
    }
}

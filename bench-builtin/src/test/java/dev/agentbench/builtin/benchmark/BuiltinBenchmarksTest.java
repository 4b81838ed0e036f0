package dev.agentbench.builtin.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.target.NoopTarget;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BuiltinBenchmarksTest {

    private static List<Benchmark> builtIns() {
        return ServiceLoader.load(Benchmark.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    @Test
    void theSuiteHasItsFixedNamesInReportOrder() {
        assertThat(builtIns()).extracting(Benchmark::name).containsExactly(
                "cold_start", "instantiation", "instantiation_tools", "memory_footprint",
                "turn1", "turn5", "turn10", "loop1", "loop5", "loop10", "tools", "tools_parallel",
                "parallel_speedup", "session_growth", "load", "history", "toolset", "reply", "agent_step",
                "stream_text", "stream_after_tool");
    }

    @Test
    void exactlyTheSessionBenchmarksOfTheTurnLoopAndToolFamiliesAndLoadRunConcurrently() {
        assertThat(builtIns()).filteredOn(Benchmark::supportsConcurrency).extracting(Benchmark::name)
                .containsExactly("turn1", "turn5", "turn10", "loop1", "loop5", "loop10", "tools", "tools_parallel",
                        "load", "history", "toolset", "reply", "agent_step", "stream_text", "stream_after_tool");
        assertThat(builtIns()).filteredOn(Benchmark::supportsConcurrency)
                .allSatisfy(benchmark -> assertThat(benchmark.kind()).isIn(BenchmarkKind.SESSIONS, BenchmarkKind.LOAD));
    }

    @Test
    void eachBenchmarkIsMeasuredTheWayItsNameSays() {
        Map<String, BenchmarkKind> kinds = builtIns().stream()
                .collect(Collectors.toMap(Benchmark::name, Benchmark::kind));
        assertThat(kinds).containsEntry("cold_start", BenchmarkKind.COLD_START)
                .containsEntry("instantiation", BenchmarkKind.CONSTRUCTION)
                .containsEntry("instantiation_tools", BenchmarkKind.CONSTRUCTION)
                .containsEntry("memory_footprint", BenchmarkKind.FOOTPRINT)
                .containsEntry("parallel_speedup", BenchmarkKind.SESSIONS)
                .containsEntry("session_growth", BenchmarkKind.SESSION_GROWTH)
                .containsEntry("load", BenchmarkKind.LOAD);
        assertThat(new InstantiationBenchmark().tools()).isEmpty();
        assertThat(new InstantiationToolsBenchmark().tools()).hasSize(3);
        assertThat(new ParallelSpeedupBenchmark().sequentialNanos()).isEqualTo(200_000_000L);
        assertThat(new ParallelSpeedupBenchmark().script().turns().get(0).steps().get(0).toolCalls()).hasSize(4);
        assertThat(new Turn1Benchmark().sequentialNanos()).isZero();
    }

    @Test
    void everyScriptCallsOnlyToolsTheBenchmarkOffersWithArgumentsTheToolAccepts() throws Exception {
        for (Benchmark benchmark : builtIns()) {
            Map<String, ToolDefinition> tools = benchmark.tools().stream()
                    .collect(Collectors.toMap(ToolDefinition::name, tool -> tool));
            for (ScriptTurn turn : benchmark.script().turns()) {
                for (Step step : turn.steps()) {
                    for (ScriptedToolCall call : step.toolCalls()) {
                        assertThat(tools).as(benchmark.name() + " calls " + call.name()).containsKey(call.name());
                        assertThat(tools.get(call.name()).function().call(call.arguments())).startsWith("{");
                    }
                }
            }
            assertThat(benchmark.description()).as(benchmark.name()).isNotBlank().doesNotContain("\n");
            assertThat(benchmark.name()).matches("[a-z][a-z0-9_]*").doesNotMatch(".*_c\\d+");
        }
    }

    @Test
    void everyBenchmarkPassesItsChecksAgainstTheCalibrationTarget() throws Exception {
        for (Benchmark benchmark : builtIns()) {
            TargetContext context = new TargetContext(URI.create("http://unused.invalid/v1"), "k", "m",
                    benchmark.instructions(), benchmark.tools(), benchmark.script(), Map.of());
            try (TargetHandle handle = new NoopTarget().open(context)) {
                benchmark.prepareSession(handle, "user", "session-1");
                benchmark.runSession(handle, "user", "session-1");
                handle.deleteSession("user", "session-1");
                benchmark.prepareSession(handle, "user", "session-1");
                benchmark.runSession(handle, "user", "session-1");
            }
        }
    }

    @Test
    void theStreamingBenchmarksObserveTheStreamAndTagEachUserMessage() throws Exception {
        for (Benchmark benchmark : List.of(new StreamTextBenchmark(), new StreamAfterToolBenchmark())) {
            assertThat(benchmark.parameters()).extracting(dev.agentbench.api.Parameter::name)
                    .containsExactly("tokens", "delay");
        }
        // every benchmark whose stream the harness observes, reply's streamed cells among them: the
        // harness pairs the mock's chunk write times with the deliveries by this tag, and fails the cell
        // after its timed pass when it finds none
        for (Benchmark benchmark : List.of(new StreamTextBenchmark(), new StreamAfterToolBenchmark(),
                new ReplyBenchmark().with(Map.of("tokens", "16", "stream", "true")))) {
            assertThat(benchmark.streamed()).as(benchmark.name()).contains(true);
            assertThat(sentBy(benchmark)).as(benchmark.name()).singleElement().satisfies(message -> assertThat(message)
                    .endsWith(" [agentbench-stream session-t3-1]"));
        }
        Benchmark whole = new ReplyBenchmark().with(Map.of("tokens", "16", "stream", "false"));
        assertThat(sentBy(whole)).as("a reply sent whole is not observed, so not tagged")
                .containsExactly(whole.script().turns().get(0).user());
    }

    /** The user messages one session of {@code benchmark} sends, played on {@code noop}. */
    private static List<String> sentBy(Benchmark benchmark) throws Exception {
        List<String> sent = new java.util.ArrayList<>();
        TargetContext context = new TargetContext(URI.create("http://unused.invalid/v1"), "k", "m",
                benchmark.instructions(), benchmark.tools(), benchmark.script(), Map.of());
        try (TargetHandle noop = new NoopTarget().open(context)) {
            TargetHandle recording = new TargetHandle() {
                @Override
                public dev.agentbench.api.TurnResult runTurn(String user, String session, String message)
                        throws Exception {
                    sent.add(message);
                    return noop.runTurn(user, session, message);
                }

                @Override
                public void deleteSession(String user, String session) throws Exception {
                    noop.deleteSession(user, session);
                }

                @Override
                public void close() {}
            };
            benchmark.runSession(recording, "user", "session-t3-1");
        }
        return sent;
    }

    @Test
    void aStreamingBenchmarksParametersMakeItsReply() {
        Benchmark twenty = new StreamTextBenchmark().with(Map.of("tokens", "20", "delay", "20"));
        Step answer = twenty.script().turns().get(0).steps().get(0);
        assertThat(answer.chunks()).isEqualTo(20);
        assertThat(answer.text().split(" ")).hasSize(20);
        assertThat(answer.fault().chunkDelayMs()).isEqualTo(20);
        assertThat(new StreamTextBenchmark().script().turns().get(0).steps().get(0).fault())
                .as("the defaults' first delay is none").isNull();
        Step afterTool = new StreamAfterToolBenchmark().with(Map.of("tokens", "16")).script().turns().get(0).steps()
                .get(1);
        assertThat(afterTool.chunks()).isEqualTo(16);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new StreamTextBenchmark().with(Map.of("tokens", "0")))
                .hasMessage("Parameter [tokens] must be a whole number from 1 to 65536, was [0]");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new StreamTextBenchmark().with(Map.of("history", "1")))
                .hasMessage("Benchmark [stream_text] takes the parameters [tokens, delay], was given [history]");
    }

    @Test
    void loopsCallTheirToolInSequenceAndParallelToolsAtOnce() {
        assertThat(new Loop10Benchmark().script().turns().get(0).steps()).hasSize(11)
                .allSatisfy(step -> assertThat(step.toolCalls()).hasSizeLessThanOrEqualTo(1));
        assertThat(new ToolsParallelBenchmark().script().turns().get(0).steps().get(0).toolCalls()).hasSize(3);
        assertThat(new Turn10Benchmark().script().turns()).hasSize(10);
        assertThat(new LoadBenchmark().script().turns()).as("one turn of two model calls: a tool call, then text")
                .singleElement().satisfies(turn -> assertThat(turn.steps()).hasSize(2)
                        .first().satisfies(step -> assertThat(step.toolCalls()).hasSize(1)));
    }
}

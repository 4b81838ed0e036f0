package dev.agentbench.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.script.Expectation;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScriptJsonTest {

    @Test
    void readsExactlyWhatJacksonWritesForTheScriptRecord() throws Exception {
        Script script = new Script("full", List.of(
                new ScriptTurn("first", List.of(
                        Step.toolCalls(new ScriptedToolCall("a", "{\"x\":1}"), new ScriptedToolCall("b", "{}")),
                        new Step("done", List.of(), new Fault(0, null, 0, 5, 2, true, true, false)))),
                new ScriptTurn("second", List.of(Step.fault(new Fault(429, "slow down", 3, 0, 0, false, false, false)))),
                new ScriptTurn("third", List.of(Step.fault(Fault.hangs())))));
        String json = new ObjectMapper().writeValueAsString(script);
        assertThat(ScriptJson.parse(json, null)).isEqualTo(script);
    }

    @Test
    void carriesChunksAndExpectationsBothWays() throws Exception {
        Script script = new Script("checked", List.of(
                new ScriptTurn("first", List.of(
                        Step.toolCalls(new ScriptedToolCall("a", "{\"x\":1}")),
                        Step.text("a reply in five chunks").withChunks(5)),
                        new Expectation(List.of(2, 4), List.of(300L, 420L), List.of("a", "b"), 15)),
                new ScriptTurn("second", List.of(Step.text("plain")))));
        String json = new ObjectMapper().writeValueAsString(script);
        assertThat(json).contains("\"chunks\":5").contains("\"expect\":{").contains("\"expect\":null");
        Script read = ScriptJson.parse(json, null);
        assertThat(read).isEqualTo(script);
        assertThat(read.turns().get(0).steps().get(1).chunks()).isEqualTo(5);
        assertThat(read.turns().get(0).expect().tolerancePercent()).isEqualTo(15);
    }

    @Test
    void aHandWrittenExpectationTakesTheDefaultToleranceAndNoToolsAndIsCheckedAgainstItsSteps() {
        Script script = ScriptJson.parse("""
                {"name": "s", "turns": [{"user": "hi", "steps": [{"text": "yo", "chunks": 2}],
                  "expect": {"messages": [2], "contentBytes": [40]}}]}
                """, null);
        assertThat(script.turns().get(0).expect())
                .isEqualTo(new Expectation(List.of(2), List.of(40L), List.of(), Expectation.DEFAULT_TOLERANCE_PERCENT));
        assertThatThrownBy(() -> ScriptJson.parse("""
                {"name": "s", "turns": [{"user": "hi", "steps": [{"text": "yo"}],
                  "expect": {"messages": [2, 3], "contentBytes": [40, 50]}}]}
                """, null)).hasMessage("turn 1: The turn has 1 steps and its expectation 2; it needs one per step");
        assertThatThrownBy(() -> ScriptJson.parse("""
                {"name": "s", "turns": [{"user": "hi", "steps": [{"text": "yo"}],
                  "expect": {"messages": [0], "contentBytes": [40]}}]}
                """, null)).hasMessage("turn 1, expect: [messages] must hold integers from 1 to 2147483647, was [0]");
        assertThatThrownBy(() -> ScriptJson.parse("""
                {"name": "s", "turns": [{"user": "hi", "steps": [{"text": "yo"}],
                  "expect": {"messages": [1], "contentBytes": [40], "tolerance": 5}}]}
                """, null)).hasMessageStartingWith("turn 1, expect: unknown field [tolerance]");
        assertThatThrownBy(() -> ScriptJson.parse("""
                {"name": "s", "turns": [{"user": "hi", "steps": [{"text": "yo", "chunks": -1}]}]}
                """, null)).hasMessage("turn 1, step 1: [chunks] must be an integer from 0 to 2147483647, was [-1]");
    }

    @Test
    void acceptsHandWrittenScriptsWithObjectArgumentsAndOmittedFields() {
        Script script = ScriptJson.parse("""
                {"turns": [{"user": "hi", "steps": [
                  {"toolCalls": [{"name": "add", "arguments": {"a": 1, "b": [2, 3]}}, {"name": "now"}]},
                  {"text": "five", "fault": {"delayMs": 10}}]}]}
                """, "fallback");
        assertThat(script.name()).isEqualTo("fallback");
        Step calls = script.turns().get(0).steps().get(0);
        assertThat(calls.toolCalls()).containsExactly(new ScriptedToolCall("add", "{\"a\":1,\"b\":[2,3]}"),
                new ScriptedToolCall("now", "{}"));
        assertThat(script.turns().get(0).steps().get(1).fault()).isEqualTo(Fault.delay(10));
    }

    @Test
    void errorsNameTheTurnStepAndToolCall() {
        assertThatThrownBy(() -> ScriptJson.parse("""
                {"name":"s","turns":[{"user":"a","steps":[{"text":"ok"}]},
                  {"user":"b","steps":[{"toolCalls":[{"name":"t","arguments":"{}"},{"name":"u","arguments":"[1]"}]},
                    {"text":"x"}]}]}""", null))
                .hasMessage("turn 2, step 1, tool call 2 (u): [arguments] must be the text of a JSON object, was [[1]]");
        assertThatThrownBy(() -> ScriptJson.parse("{\"name\":\"s\",\"turns\":[{\"user\":\"a\",\"steps\":[{\"txt\":\"ok\"}]}]}", null))
                .hasMessageStartingWith("turn 1, step 1: unknown field [txt]");
        assertThatThrownBy(() -> ScriptJson.parse("{\"name\":\"s\",\"turns\":[{\"user\":\"a\",\"steps\":[{}]}]}", null))
                .hasMessageStartingWith("turn 1, step 1: A step needs text");
        assertThatThrownBy(() -> ScriptJson.parse(
                "{\"name\":\"s\",\"turns\":[{\"user\":\"a\",\"steps\":[{\"text\":\"x\"},{\"text\":\"y\"}]}]}", null))
                .hasMessageStartingWith("turn 1: Step 1 is a text reply");
        assertThatThrownBy(() -> ScriptJson.parse(
                "{\"name\":\"s\",\"turns\":[{\"user\":\"a\",\"steps\":[{\"fault\":{\"status\":200}}]}]}", null))
                .hasMessageStartingWith("turn 1, step 1, fault: Fault status [200]");
        assertThatThrownBy(() -> ScriptJson.parse(
                "{\"name\":\"s\",\"turns\":[{\"user\":\"a\",\"steps\":[{\"fault\":{\"hang\":\"yes\"}}]}]}", null))
                .hasMessage("turn 1, step 1, fault: [hang] must be true or false, was [\"yes\"]");
        assertThatThrownBy(() -> ScriptJson.parse("{\"name\":\"bad name\",\"turns\":[]}", null))
                .hasMessageStartingWith("Script name [bad name] must match");
        assertThatThrownBy(() -> ScriptJson.parse("{\"turns\":[{\"user\":\"a\",\"steps\":[{\"text\":\"x\"}]}]}", null))
                .hasMessage("The script has no [name]");
        assertThatThrownBy(() -> ScriptJson.parse("{\"name\":", null)).hasMessageStartingWith("Malformed JSON");
    }

    @Test
    void filesAreNamedAfterThemselvesAndErrorsNameTheFile(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("greeting.json");
        Files.writeString(good, "{\"turns\":[{\"user\":\"hi\",\"steps\":[{\"text\":\"hello\"}]}]}");
        assertThat(ScriptJson.read(good)).isEqualTo(Script.singleText("greeting", "hi", "hello"));

        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"turns\":[{\"user\":\"hi\",\"steps\":[{\"text\":1}]}]}");
        assertThatThrownBy(() -> ScriptJson.read(bad))
                .hasMessage("Script file [" + bad + "]: turn 1, step 1: [text] must be a string, was [1]");
        assertThatThrownBy(() -> ScriptJson.read(dir.resolve("missing.json")))
                .hasMessageContaining("missing.json").hasMessageContaining("cannot be read");
    }
}

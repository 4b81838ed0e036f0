package dev.agentbench.builtin.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Expectation;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class WorkloadTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Everything a target is sent about a tool set, as one text. */
    private static String render(List<GeneratedTool> tools) {
        return tools.stream().map(tool -> tool.definition().name() + "|" + tool.definition().description() + "|"
                + tool.definition().parameters()).collect(Collectors.joining("\n"));
    }

    @Test
    void proseHasExactlyTheAskedSizeIsReadableAndIsTheSameBytesEveryTime() {
        for (int bytes : new int[] {0, 1, 7, 100, 8192}) {
            assertThat(Prose.text(42, bytes)).hasSize(bytes).isEqualTo(Prose.text(42, bytes));
        }
        String text = Prose.text(42, 2000);
        assertThat(text).matches("[A-Z][A-Za-z .]*\\.").contains(". ").doesNotContain("  ");
        assertThat(text).isNotEqualTo(Prose.text(43, 2000));
        assertThat(Prose.text(42, 300)).as("a shorter text is a prefix of the longer, less its cut")
                .startsWith(text.substring(0, 200));
    }

    @Test
    void aReplyOfRTokensIsRWordsAndTheSameEveryTime() {
        for (int tokens : new int[] {1, 16, 256, 2048}) {
            String reply = Prose.tokens(9, tokens);
            assertThat(reply.split(" ")).hasSize(tokens);
            assertThat(reply).endsWith(".").isEqualTo(Prose.tokens(9, tokens));
        }
        assertThat(Workload.reply(0, 48)).isNotEqualTo(Workload.reply(1, 48));
    }

    @Test
    void theSystemPromptAndUserMessagesHaveTheirExactSizesAndEachUserMessageNamesItsTurn() {
        assertThat(Workload.systemPrompt(8192)).hasSize(8192).startsWith("You are an operations assistant");
        assertThat(Workload.systemPrompt(50)).hasSize(50);
        Set<String> messages = new HashSet<>();
        for (int turn = 0; turn < 300; turn++) {
            String message = Workload.userMessage(turn, 200);
            assertThat(message).hasSize(200).startsWith("Request " + (turn + 1) + ": ");
            messages.add(message);
        }
        assertThat(messages).as("distinct").hasSize(300);
    }

    @Test
    void toolSetsAreTheSameBytesEveryTimeAndASmallSetIsTheStartOfALargeOne() {
        List<GeneratedTool> large = Workload.tools(128, 1024);
        assertThat(render(large)).isEqualTo(render(Workload.tools(128, 1024)));
        assertThat(render(Workload.tools(8, 1024))).isEqualTo(render(large.subList(0, 8)));
        assertThat(large.stream().map(GeneratedTool::name).distinct()).hasSize(128);
        assertThat(Workload.tools(300, 64).stream().map(GeneratedTool::name).distinct()).hasSize(300);
    }

    @Test
    void eachToolWeighsWhatAnMcpServersToolDoes() throws Exception {
        // 103-1,024 tokens per tool, at about 4 bytes a token; 20-30 tools take 15-30 KB (or a little more)
        List<GeneratedTool> tools = Workload.tools(128, 1024);
        for (GeneratedTool tool : tools) {
            assertThat(tool.schemaBytes()).as(tool.name()).isBetween(1000, 3072);
        }
        int twentyFive = Workload.tools(25, 1024).stream().mapToInt(GeneratedTool::schemaBytes).sum();
        assertThat(twentyFive).isBetween(20_000, 36_000);
    }

    @Test
    void aSchemaHasNestedObjectsEnumsArraysAndDescriptions() throws Exception {
        JsonNode schema = JSON.readTree(Workload.tools(3, 1024).get(2).definition().parameters());
        assertThat(schema.path("type").asText()).isEqualTo("object");
        JsonNode properties = schema.path("properties");
        assertThat(properties.size()).isGreaterThanOrEqualTo(5);
        properties.forEach(property -> assertThat(property.path("description").asText()).hasSizeGreaterThan(20));
        assertThat(properties.path("filters").path("properties").path("tags").path("type").asText()).isEqualTo("array");
        assertThat(properties.path("fields").path("items").path("enum").size()).isGreaterThan(3);
        assertThat(schema.path("required").size()).isEqualTo(2);
        String enumField = schema.path("required").get(1).asText();
        assertThat(properties.path(enumField).path("enum").isArray()).isTrue();
    }

    @Test
    void aToolRunsOnItsArgumentsAndReturnsAResultOfItsSetSize() throws Exception {
        GeneratedTool tool = Workload.tools(5, 2048).get(4);
        String arguments = tool.arguments(7, 256);
        assertThat(arguments).hasSize(256);
        String result = tool.definition().function().call(arguments);
        assertThat(result).hasSize(2048).isEqualTo(tool.definition().function().call(arguments));
        assertThat(JSON.readTree(result).path("tool").asText()).isEqualTo(tool.name());
        assertThat(tool.definition().function().call(tool.arguments(8, 256))).as("other arguments, other result")
                .hasSize(2048).isNotEqualTo(result);
        assertThat(tool.arguments(7, 10)).as("the smallest arguments it takes").hasSizeLessThan(140);
    }

    @Test
    void aToolRefusesArgumentsThatBreakItsSchema() throws Exception {
        GeneratedTool tool = Workload.tools(1, 512).get(0);
        JsonNode schema = JSON.readTree(tool.definition().parameters());
        String textField = schema.path("required").get(0).asText();
        String enumField = schema.path("required").get(1).asText();
        String good = tool.arguments(1, 200);
        assertThat(tool.definition().function().call(good)).hasSize(512);
        JsonNode args = JSON.readTree(good);
        String withoutText = ((com.fasterxml.jackson.databind.node.ObjectNode) args.deepCopy()).without(textField).toString();
        assertThatThrownBy(() -> tool.definition().function().call(withoutText))
                .hasMessage(tool.name() + " needs a non-empty string [" + textField + "]");
        String badChoice = ((com.fasterxml.jackson.databind.node.ObjectNode) args.deepCopy()).put(enumField, "nope")
                .toString();
        assertThatThrownBy(() -> tool.definition().function().call(badChoice))
                .hasMessageStartingWith(tool.name() + " needs [" + enumField + "] to be one of");
        assertThatThrownBy(() -> tool.definition().function().call("[1]")).hasMessageContaining("JSON object");
    }

    @Test
    void expectationsCountEveryMessageAndEveryByteAClientThatKeepsItsHistorySends() throws Exception {
        List<GeneratedTool> generated = Workload.tools(2, 1024);
        List<ToolDefinition> tools = Workload.definitions(generated);
        ScriptedToolCall call = Workload.call(generated.get(1), 3, 256);
        String system = Workload.systemPrompt(1000);
        Script script = Workload.expecting(new Script("s", List.of(
                new ScriptTurn("Request 1: hello", List.of(Step.toolCalls(call, call), Step.text("first reply"))),
                new ScriptTurn("Request 2: again", List.of(Step.text("second reply"))))), system, tools);
        long user1 = "Request 1: hello".length();
        long afterCalls = 1000 + user1 + 2 * (256 + 1024);
        assertThat(script.turns().get(0).expect()).isEqualTo(new Expectation(List.of(2, 5),
                List.of(1000 + user1, afterCalls), List.of(generated.get(0).name(), generated.get(1).name()), 10));
        assertThat(script.turns().get(1).expect()).isEqualTo(new Expectation(List.of(7),
                List.of(afterCalls + "first reply".length() + "Request 2: again".length()),
                List.of(generated.get(0).name(), generated.get(1).name()), 10));
        assertThatThrownBy(() -> Workload.expecting(script, system, tools.subList(0, 1)))
                .hasMessageStartingWith("The script calls [" + generated.get(1).name() + "], which is not among the tools");
    }
}

package dev.agentbench.koog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.koog.agents.core.tools.ToolDescriptor;
import ai.koog.agents.core.tools.ToolParameterDescriptor;
import ai.koog.agents.core.tools.ToolParameterType;
import ai.koog.prompt.executor.clients.openai.base.OpenAICompatibleToolDescriptorSchemaGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.builtin.tool.BuiltinTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToolDescriptorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What Koog's OpenAI client sends as the function's parameters for a schema. */
    private static JsonNode sent(String schema) throws Exception {
        ToolDescriptor descriptor = ToolDescriptors.of("t", "d", schema);
        return JSON.readTree(new OpenAICompatibleToolDescriptorSchemaGenerator().generate(descriptor).toString());
    }

    @Test
    void theBuiltInToolsReachTheModelAsTheyAreDeclared() throws Exception {
        for (ToolDefinition tool : BuiltinTools.ALL) {
            ToolDescriptor descriptor = ToolDescriptors.of(tool.name(), tool.description(), tool.parameters());
            assertThat(descriptor.getName()).isEqualTo(tool.name());
            assertThat(descriptor.getDescription()).isEqualTo(tool.description());
            assertThat(sent(tool.parameters())).isEqualTo(JSON.readTree(tool.parameters()));
        }
    }

    @Test
    void requiredPropertiesAreRequiredParametersAndTheOthersOptional() {
        ToolDescriptor descriptor = ToolDescriptors.of("t", "d", """
                {"type":"object","properties":{"q":{"type":"string","description":"query"},\
                "n":{"type":"integer"},"f":{"type":"number"},"b":{"type":"boolean"}},"required":["q"]}""");
        assertThat(descriptor.getRequiredParameters())
                .containsExactly(new ToolParameterDescriptor("q", "query", ToolParameterType.String.INSTANCE));
        assertThat(descriptor.getOptionalParameters()).containsExactly(
                new ToolParameterDescriptor("n", "", ToolParameterType.Integer.INSTANCE),
                new ToolParameterDescriptor("f", "", ToolParameterType.Float.INSTANCE),
                new ToolParameterDescriptor("b", "", ToolParameterType.Boolean.INSTANCE));
    }

    @Test
    void enumsArraysObjectsAnyOfAndNullableTypesAreCarriedOver() throws Exception {
        String schema = """
                {"type":"object","properties":{\
                "unit":{"type":"string","enum":["c","f"],"description":"unit"},\
                "tags":{"type":"array","items":{"type":"string"},"description":"tags"},\
                "point":{"type":"object","properties":{"x":{"type":"number","description":"x"}},\
                "additionalProperties":false,"description":"a point"},\
                "id":{"anyOf":[{"type":"string","description":"a name"},{"type":"integer","description":"a number"}],\
                "description":"who"},\
                "note":{"type":["string","null"],"description":"maybe"}},\
                "required":["unit","tags","point","id","note"]}""";
        JsonNode properties = sent(schema).get("properties");
        assertThat(properties.get("unit")).isEqualTo(JSON.readTree(
                "{\"description\":\"unit\",\"type\":\"string\",\"enum\":[\"c\",\"f\"]}"));
        assertThat(properties.get("tags")).isEqualTo(JSON.readTree(
                "{\"description\":\"tags\",\"type\":\"array\",\"items\":{\"type\":\"string\"}}"));
        assertThat(properties.get("point")).isEqualTo(JSON.readTree("{\"description\":\"a point\",\"type\":\"object\","
                + "\"additionalProperties\":false,\"properties\":{\"x\":{\"type\":\"number\",\"description\":\"x\"}}}"));
        assertThat(properties.get("id")).isEqualTo(JSON.readTree("{\"description\":\"who\",\"anyOf\":["
                + "{\"description\":\"a name\",\"type\":\"string\"},{\"description\":\"a number\",\"type\":\"integer\"}]}"));
        assertThat(properties.get("note")).isEqualTo(JSON.readTree("{\"description\":\"maybe\",\"anyOf\":["
                + "{\"description\":\"\",\"type\":\"string\"},{\"description\":\"\",\"type\":\"null\"}]}"));
    }

    @Test
    void annotationsAreLeftOut() throws Exception {
        assertThat(sent("""
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"T","type":"object",\
                "properties":{"a":{"type":"integer","description":"a","default":1,"examples":[2]}},"required":["a"]}"""))
                .isEqualTo(JSON.readTree("""
                        {"type":"object","properties":{"a":{"type":"integer","description":"a"}},"required":["a"]}"""));
    }

    @Test
    void constraintsKoogHasNoPlaceForAreLeftOutAndTheShapeKept() throws Exception {
        String schema = """
                {"type":"object","description":"args","additionalProperties":false,"properties":{\
                "q":{"type":"string","description":"query","minLength":1,"maxLength":200,"pattern":"^\\\\w"},\
                "limit":{"type":"integer","description":"at most","minimum":1,"maximum":100,"default":10},\
                "filters":{"type":"object","description":"which","additionalProperties":false,\
                "properties":{"owner":{"type":"string","description":"who"},\
                "since":{"type":"string","description":"from","format":"date"}},"required":["owner"]},\
                "fields":{"type":"array","description":"what","minItems":1,"uniqueItems":true,\
                "items":{"type":"string","description":"a field","enum":["a","b"]}}},\
                "required":["q"]}""";
        assertThat(sent(schema)).isEqualTo(JSON.readTree("""
                {"type":"object","properties":{\
                "q":{"type":"string","description":"query"},\
                "limit":{"type":"integer","description":"at most"},\
                "filters":{"type":"object","description":"which","additionalProperties":false,\
                "properties":{"owner":{"type":"string","description":"who"},\
                "since":{"type":"string","description":"from"}}},\
                "fields":{"type":"array","description":"what","items":{"type":"string","enum":["a","b"]}}},\
                "required":["q"]}"""));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"type\":\"object\",\"properties\":{\"a\":{\"oneOf\":[{\"type\":\"string\"}]}}}|/properties/a/oneOf",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"const\":\"x\"}}}|/properties/a/const",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"allOf\":[{\"type\":\"string\"}]}}}|/properties/a/allOf",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\"}}}|/properties/a",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"string\",\"integer\"]}}}|/properties/a/type",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\",\"enum\":[1,2]}}}|/properties/a/enum",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/x\"}}}|/properties/a/$ref",
        "{\"type\":\"object\",\"properties\":{},\"required\":[\"a\"]}|/required",
        "{\"type\":\"string\"}|/",
    })
    void whatWouldChangeTheShapeIsRefusedWithWhereItIs(String schema, String where) {
        assertThatThrownBy(() -> ToolDescriptors.of("t", "d", schema))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Tool [t]: the JSON schema at [" + where + "] cannot be given to Koog: ");
    }

    @Test
    void textThatIsNotJsonIsRefused() {
        assertThatThrownBy(() -> ToolDescriptors.of("t", "d", "{not json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tool [t] has parameters that are not JSON: {not json");
    }
}

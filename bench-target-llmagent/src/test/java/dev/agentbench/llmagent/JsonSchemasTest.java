package dev.agentbench.llmagent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.genai.types.Schema;
import com.google.genai.types.Type;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.builtin.tool.BuiltinTools;
import org.junit.jupiter.api.Test;

class JsonSchemasTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyBuiltInToolSchemaTranslatesWithoutLoss() throws Exception {
        for (ToolDefinition tool : BuiltinTools.ALL) {
            Schema schema = JsonSchemas.toSchema(tool.name(), tool.parameters());
            assertThat(asWireJson(schema)).as(tool.name()).isEqualTo(JSON.readTree(tool.parameters()));
        }
    }

    @Test
    void nestedSchemasKeepTheirConstraints() throws Exception {
        String json = """
                {"type":"object","description":"An order","properties":{
                  "items":{"type":"array","minItems":1,"maxItems":10,"items":{"type":"object",
                    "properties":{"sku":{"type":"string","pattern":"^[A-Z]{3}$","minLength":3,"maxLength":3},
                                  "size":{"type":"string","enum":["S","M","L"]}},"required":["sku"]}},
                  "rush":{"type":"boolean","default":false},
                  "budget":{"type":"number","minimum":0,"maximum":100.5},
                  "note":{"anyOf":[{"type":"string"},{"type":"integer"}]}},
                 "required":["items"]}""";
        assertThat(asWireJson(JsonSchemas.toSchema("order", json))).isEqualTo(JSON.readTree(json.replace(
                "\"minimum\":0,", "\"minimum\":0.0,")));
    }

    @Test
    void aTypeWithNullBecomesANullableType() {
        Schema schema = JsonSchemas.toSchema("t", "{\"type\":[\"string\",\"null\"]}");
        assertThat(schema.type().map(Type::knownEnum)).contains(Type.Known.STRING);
        assertThat(schema.nullable()).contains(true);
    }

    @Test
    void annotationsThatSchemaCannotHoldAreLeftOut() throws Exception {
        Schema schema = JsonSchemas.toSchema("t", """
                {"$schema":"http://json-schema.org/draft-07/schema#","type":"object","strict":true,
                 "additionalProperties":false,"properties":{"a":{"type":"integer"}}}""");
        assertThat(asWireJson(schema)).isEqualTo(JSON.readTree("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}}}"));
    }

    @Test
    void keywordsThatWouldChangeTheMeaningAreRefusedWithWhereTheyAre() {
        assertThatThrownBy(() -> JsonSchemas.toSchema("lookup",
                "{\"type\":\"object\",\"properties\":{\"id\":{\"$ref\":\"#/$defs/id\"}}}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tool [lookup]: the JSON schema at [/properties/id/$ref] cannot be given to ADK:"
                        + " ADK's Schema has no [$ref]");
        assertThatThrownBy(() -> JsonSchemas.toSchema("t", "{\"oneOf\":[{\"type\":\"string\"}]}"))
                .hasMessageContaining("[/oneOf]");
        assertThatThrownBy(() -> JsonSchemas.toSchema("t", "{\"type\":[\"string\",\"integer\"]}"))
                .hasMessageContaining("one type");
        assertThatThrownBy(() -> JsonSchemas.toSchema("t", "{\"type\":\"decimal\"}"))
                .hasMessageContaining("unknown type [decimal]");
        assertThatThrownBy(() -> JsonSchemas.toSchema("t", "{\"type\":\"object\""))
                .hasMessageContaining("Tool [t] has parameters that are not JSON");
    }

    /** The schema as ADK's chat-completions client writes it into a request. */
    private static JsonNode asWireJson(Schema schema) throws Exception {
        return JSON.readTree(NeutralToolTest.parametersOnTheWire(schema));
    }
}

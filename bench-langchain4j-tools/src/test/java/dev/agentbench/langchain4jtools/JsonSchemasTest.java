package dev.agentbench.langchain4jtools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import org.junit.jupiter.api.Test;

class JsonSchemasTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyBuiltInToolSchemaTranslatesWithoutLoss() throws Exception {
        for (ToolDefinition tool : BuiltinTools.ALL) {
            JsonObjectSchema schema = JsonSchemas.toObjectSchema(tool.name(), tool.parameters());
            assertThat(asWireJson(schema)).as(tool.name()).isEqualTo(JSON.readTree(tool.parameters()));
        }
    }

    @Test
    void nestedObjectsArraysEnumsAndAnyOfKeepTheirShape() throws Exception {
        String json = """
                {"type":"object","description":"An order","properties":{
                  "items":{"type":"array","description":"What to ship","items":{"type":"object",
                    "properties":{"sku":{"type":"string","description":"Stock keeping unit"},
                                  "size":{"type":"string","enum":["S","M","L"]},
                                  "count":{"type":"integer"}},"required":["sku"]}},
                  "rush":{"type":"boolean"},
                  "budget":{"type":"number"},
                  "note":{"anyOf":[{"type":"string"},{"type":"integer"}]}},
                 "required":["items"]}""";
        assertThat(asWireJson(JsonSchemas.toObjectSchema("order", json))).isEqualTo(JSON.readTree(json));
    }

    @Test
    void aTypeWithNullBecomesAnyOfTheTypeAndNull() throws Exception {
        JsonObjectSchema schema = JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"nick\":{\"type\":[\"string\",\"null\"],\"description\":\"A nickname\"}}}");
        assertThat(schema.properties().get("nick")).isInstanceOfSatisfying(JsonAnyOfSchema.class, anyOf -> {
            assertThat(anyOf.anyOf()).hasSize(2);
            assertThat(anyOf.anyOf().get(0)).isInstanceOf(JsonStringSchema.class);
            assertThat(anyOf.anyOf().get(0).description()).isEqualTo("A nickname");
            assertThat(anyOf.anyOf().get(1)).isInstanceOf(JsonNullSchema.class);
        });
    }

    @Test
    void referencesIntoTheRootsDefsAreKept() throws Exception {
        String json = """
                {"type":"object","properties":{"from":{"$ref":"#/$defs/city"},"to":{"$ref":"#/$defs/city"}},
                 "required":["from","to"],"$defs":{"city":{"type":"string","description":"A city"}}}""";
        assertThat(asWireJson(JsonSchemas.toObjectSchema("trip", json))).isEqualTo(JSON.readTree(json));
    }

    @Test
    void annotationsAreLeftOut() throws Exception {
        JsonObjectSchema schema = JsonSchemas.toObjectSchema("t", """
                {"$schema":"http://json-schema.org/draft-07/schema#","type":"object","strict":true,"title":"T",
                 "additionalProperties":false,"properties":{"a":{"type":"integer","default":1,"examples":[2]}}}""");
        // An object without [required] is written with an empty one.
        assertThat(asWireJson(schema)).isEqualTo(JSON.readTree(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[]}"));
    }

    @Test
    void keywordsThatWouldLoosenTheSchemaAreRefusedWithWhereTheyAre() {
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("count",
                "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":0}}}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tool [count]: the JSON schema at [/properties/n/minimum] cannot be given to LangChain4j:"
                        + " LangChain4j's JSON schema elements have no [minimum]");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":{\"type\":\"string\",\"format\":\"date\"}}}"))
                .hasMessageContaining("[/properties/d/format]");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":{\"oneOf\":[{\"type\":\"string\"}]}}}"))
                .hasMessageContaining("[/properties/d/oneOf]");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":{\"type\":[\"string\",\"integer\"]}}}"))
                .hasMessageContaining("one type");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":{\"type\":\"integer\",\"enum\":[1,2]}}}"))
                .hasMessageContaining("enum element holds strings");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":{\"$ref\":\"#/definitions/x\"}}}"))
                .hasMessageContaining("refers into the root's [$defs] only");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":{\"type\":\"decimal\"}}}"))
                .hasMessageContaining("unknown type [decimal]");
    }

    @Test
    void parametersMustBeAnObjectSchemaInJson() {
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t", "{\"type\":\"string\"}"))
                .hasMessageContaining("must be a schema of \"type\": \"object\"");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t", "{\"type\":\"object\""))
                .hasMessageContaining("Tool [t] has parameters that are not JSON");
    }

    /**
     * The schema as LangChain4j's OpenAI client writes a tool's {@code parameters} (outside its strict
     * mode); the wire test checks the same through the real client.
     */
    static JsonNode asWireJson(JsonObjectSchema schema) {
        return JSON.valueToTree(JsonSchemaElementUtils.toMap(schema, false));
    }
}

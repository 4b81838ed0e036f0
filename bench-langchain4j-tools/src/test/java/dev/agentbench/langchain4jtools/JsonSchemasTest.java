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
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
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

    /**
     * Each schema inside the root that the typed elements cannot hold reaches the model as declared,
     * as a raw element; its parent stays typed.
     */
    @Test
    void aSchemaTheTypedElementsCannotHoldIsCarriedAsItIs() throws Exception {
        String json = """
                {"type":"object","properties":{
                  "n":{"type":"integer","minimum":0,"description":"A count","default":1},
                  "d":{"type":"string","format":"date"},
                  "o":{"oneOf":[{"type":"string"},{"type":"integer"}]},
                  "t":{"type":["string","integer"]},
                  "e":{"type":"integer","enum":[1,2]},
                  "m":{"enum":["a",1]},
                  "r":{"$ref":"#/definitions/x"},
                  "any":{},
                  "w":{"type":"object","properties":{"x":{"type":"string","pattern":"^a"}},"required":["x"]}},
                 "required":["n"]}""";
        JsonObjectSchema schema = JsonSchemas.toObjectSchema("t", json);
        assertThat(asWireJson(schema)).isEqualTo(JSON.readTree(json));
        for (String raw : new String[] {"n", "d", "o", "t", "e", "m", "r", "any"}) {
            assertThat(schema.properties().get(raw)).as(raw).isInstanceOf(JsonRawSchema.class);
        }
        assertThat(schema.properties().get("w")).isInstanceOfSatisfying(JsonObjectSchema.class,
                w -> assertThat(w.properties().get("x")).isInstanceOf(JsonRawSchema.class));
    }

    @Test
    void aRootTheTypedElementsCannotHoldIsRefusedWithWhereItIs() {
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("count",
                "{\"type\":\"object\",\"minProperties\":1,\"properties\":{\"n\":{\"type\":\"integer\"}}}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tool [count]: the JSON schema at [/minProperties] cannot be given to LangChain4j:"
                        + " LangChain4j's JSON schema elements have no [minProperties]");
        assertThatThrownBy(() -> JsonSchemas.toObjectSchema("t",
                "{\"type\":\"object\",\"properties\":{\"d\":\"string\"}}"))
                .hasMessageContaining("[/properties/d]").hasMessageContaining("a schema must be a JSON object");
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

package dev.agentbench.llmagent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.genai.types.Schema;
import com.google.genai.types.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Translates a tool's JSON schema into ADK's (google-genai's) {@link Schema}, which is what ADK's
 * chat-completions client sends as the function's {@code parameters}.
 *
 * <p>ADK's client reads only {@code FunctionDeclaration.parameters()}; a declaration given as raw
 * JSON ({@code parametersJsonSchema}) reaches the model as an empty schema. {@link Schema} holds a
 * subset of JSON Schema, so the translation is explicit: the keywords it can hold are carried over,
 * annotations with no effect on what the model may send ({@link #DROPPED}) are left out, and
 * anything else is refused with the keyword and where it is, rather than silently sending the model
 * a looser schema than the tool declares.
 */
final class JsonSchemas {

    /** Keywords left out: annotations, or constraints {@link Schema} cannot say. */
    static final Set<String> DROPPED = Set.of("$schema", "$id", "$comment", "additionalProperties", "strict", "examples");

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonSchemas() {}

    /**
     * @param tool the tool's name, for messages
     * @param jsonSchema the schema of the tool's arguments, as JSON text
     * @throws IllegalArgumentException when the text is not a JSON object, or uses a keyword that
     *     {@link Schema} cannot hold
     */
    static Schema toSchema(String tool, String jsonSchema) {
        JsonNode root;
        try {
            root = JSON.readTree(jsonSchema);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Tool [" + tool + "] has parameters that are not JSON: " + jsonSchema, e);
        }
        return convert(tool, root, "");
    }

    private static Schema convert(String tool, JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw refuse(tool, path, "a schema must be a JSON object, was " + node);
        }
        Schema.Builder schema = Schema.builder();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String keyword = field.getKey();
            JsonNode value = field.getValue();
            String at = path + "/" + keyword;
            switch (keyword) {
                case "type" -> type(tool, value, at, schema);
                case "description" -> schema.description(text(tool, value, at));
                case "title" -> schema.title(text(tool, value, at));
                case "format" -> schema.format(text(tool, value, at));
                case "pattern" -> schema.pattern(text(tool, value, at));
                case "nullable" -> schema.nullable(bool(tool, value, at));
                case "enum" -> schema.enum_(strings(tool, value, at));
                case "required" -> schema.required(strings(tool, value, at));
                case "minimum" -> schema.minimum(number(tool, value, at));
                case "maximum" -> schema.maximum(number(tool, value, at));
                case "minLength" -> schema.minLength(count(tool, value, at));
                case "maxLength" -> schema.maxLength(count(tool, value, at));
                case "minItems" -> schema.minItems(count(tool, value, at));
                case "maxItems" -> schema.maxItems(count(tool, value, at));
                case "minProperties" -> schema.minProperties(count(tool, value, at));
                case "maxProperties" -> schema.maxProperties(count(tool, value, at));
                case "default" -> schema.default_(JSON.convertValue(value, Object.class));
                case "example" -> schema.example(JSON.convertValue(value, Object.class));
                case "items" -> schema.items(convert(tool, value, at));
                case "properties" -> schema.properties(properties(tool, value, at));
                case "anyOf" -> schema.anyOf(all(tool, value, at));
                default -> {
                    if (!DROPPED.contains(keyword)) {
                        throw refuse(tool, at, "ADK's Schema has no [" + keyword + "]");
                    }
                }
            }
        }
        return schema.build();
    }

    /** {@code "type": "integer"}, or {@code ["integer", "null"]} as a nullable integer. */
    private static void type(String tool, JsonNode value, String at, Schema.Builder schema) {
        List<String> types = value.isArray() ? strings(tool, value, at) : List.of(text(tool, value, at));
        List<String> nonNull = types.stream().filter(t -> !t.equals("null")).toList();
        if (nonNull.size() > 1) {
            throw refuse(tool, at, "ADK's Schema has one type, was " + types);
        }
        if (nonNull.size() < types.size() && !nonNull.isEmpty()) {
            schema.nullable(true);
        }
        String name = nonNull.isEmpty() ? "null" : nonNull.get(0);
        Type.Known known;
        try {
            known = Type.Known.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw refuse(tool, at, "unknown type [" + name + "]");
        }
        if (known == Type.Known.TYPE_UNSPECIFIED) {
            throw refuse(tool, at, "unknown type [" + name + "]");
        }
        schema.type(known);
    }

    private static Map<String, Schema> properties(String tool, JsonNode value, String at) {
        if (!value.isObject()) {
            throw refuse(tool, at, "must be an object of schemas");
        }
        Map<String, Schema> properties = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> property : value.properties()) {
            properties.put(property.getKey(), convert(tool, property.getValue(), at + "/" + property.getKey()));
        }
        return properties;
    }

    private static List<Schema> all(String tool, JsonNode value, String at) {
        if (!value.isArray()) {
            throw refuse(tool, at, "must be an array of schemas");
        }
        List<Schema> schemas = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            schemas.add(convert(tool, value.get(i), at + "/" + i));
        }
        return schemas;
    }

    private static String text(String tool, JsonNode value, String at) {
        if (!value.isTextual()) {
            throw refuse(tool, at, "must be a string, was " + value);
        }
        return value.asText();
    }

    private static List<String> strings(String tool, JsonNode value, String at) {
        if (!value.isArray()) {
            throw refuse(tool, at, "must be an array of strings, was " + value);
        }
        List<String> strings = new ArrayList<>();
        value.forEach(item -> strings.add(text(tool, item, at)));
        return strings;
    }

    private static boolean bool(String tool, JsonNode value, String at) {
        if (!value.isBoolean()) {
            throw refuse(tool, at, "must be true or false, was " + value);
        }
        return value.asBoolean();
    }

    private static Double number(String tool, JsonNode value, String at) {
        if (!value.isNumber()) {
            throw refuse(tool, at, "must be a number, was " + value);
        }
        return value.asDouble();
    }

    private static Long count(String tool, JsonNode value, String at) {
        if (!value.canConvertToExactIntegral() || value.asLong() < 0) {
            throw refuse(tool, at, "must be a non-negative integer, was " + value);
        }
        return value.asLong();
    }

    private static IllegalArgumentException refuse(String tool, String at, String why) {
        return new IllegalArgumentException("Tool [" + tool + "]: the JSON schema at [" + (at.isEmpty() ? "/" : at)
                + "] cannot be given to ADK: " + why);
    }
}

package dev.agentbench.langchain4jtools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates a tool's JSON schema into LangChain4j's {@link JsonSchemaElement}s, which is what a
 * {@code ToolSpecification} holds and what LangChain4j's OpenAI client writes as the function's
 * {@code parameters}.
 *
 * <p>LangChain4j's typed elements hold a small part of JSON Schema: a type (object, array, string,
 * integer, number, boolean, null), a description, an object's properties and required names, an
 * array's items, string enums, {@code anyOf}, and references into {@code $defs}. The translation
 * is explicit: those are carried over as typed elements, and annotations with no effect on what the
 * model may send ({@link #DROPPED}) are left out of them. A schema inside the root that uses
 * anything else (a bound, a pattern, a format, {@code oneOf}, an enum of numbers, ...) is carried
 * as a {@link JsonRawSchema}, LangChain4j's element for a schema given as JSON text, which its
 * OpenAI client writes as it is: that schema and everything in it reach the model as declared, and
 * its parent stays typed (as LangChain4j's own {@code JsonSchemaElementJsonUtils.fromMap} does). The
 * root must be typed, since a {@code ToolSpecification} holds an object schema: a root that uses
 * such a keyword is refused with the keyword and where it is, rather than silently sending the
 * model a looser schema than the tool declares.
 *
 * <p>{@code additionalProperties} is among the dropped keywords: LangChain4j's OpenAI client writes
 * it only in its strict mode (where it is always {@code false}), whatever the element says.
 */
public final class JsonSchemas {

    /** Keywords left out: annotations, or what LangChain4j's OpenAI client would not send anyway. */
    static final Set<String> DROPPED = Set.of(
            "$schema", "$id", "$comment", "title", "default", "examples", "example", "strict", "additionalProperties");

    private static final String DEFS = "#/$defs/";
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonSchemas() {}

    /**
     * @param tool the tool's name, for messages
     * @param jsonSchema the schema of the tool's arguments, as JSON text: an object schema
     * @throws IllegalArgumentException when the text is not JSON, is not an object schema, holds
     *     something that is not a schema where a schema belongs, or uses at its root a keyword that
     *     LangChain4j's typed elements cannot hold
     */
    public static JsonObjectSchema toObjectSchema(String tool, String jsonSchema) {
        JsonNode root;
        try {
            root = JSON.readTree(jsonSchema);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Tool [" + tool + "] has parameters that are not JSON: " + jsonSchema, e);
        }
        if (root == null || !root.isObject() || !"object".equals(root.path("type").asText(null))) {
            throw refuse(tool, "", "the parameters must be a schema of \"type\": \"object\", was " + root);
        }
        return (JsonObjectSchema) new Translation(tool, root.get("$defs")).convert(root, "", true);
    }

    /** One schema's translation; knows the root's {@code $defs}, which references point into. */
    private record Translation(String tool, JsonNode defs) {

        /**
         * A typed element for {@code node}; inside the root, a raw one when the typed elements
         * cannot hold it.
         */
        JsonSchemaElement convert(JsonNode node, String path, boolean root) {
            if (node == null || !node.isObject()) {
                throw refuse(tool, path, "a schema must be a JSON object, was " + node);
            }
            try {
                return typed(node, path, root);
            } catch (Untyped e) {
                if (root) {
                    throw refuse(tool, e.at, e.why);
                }
                return JsonRawSchema.builder().schema(node.toString()).build();
            }
        }

        private JsonSchemaElement typed(JsonNode node, String path, boolean root) {
            String description = null;
            List<String> types = null;
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String keyword = field.getKey();
                String at = path + "/" + keyword;
                switch (keyword) {
                    case "description" -> description = text(field.getValue(), at);
                    case "type" -> types = field.getValue().isArray()
                            ? strings(field.getValue(), at)
                            : List.of(text(field.getValue(), at));
                    case "properties", "required", "items", "enum", "anyOf", "$ref" -> {
                        // read below, with the type they belong to
                    }
                    case "$defs" -> {
                        if (!root) {
                            throw untyped(at, "LangChain4j holds [$defs] on the root schema only");
                        }
                    }
                    default -> {
                        if (!DROPPED.contains(keyword)) {
                            throw untyped(at, "LangChain4j's JSON schema elements have no [" + keyword + "]");
                        }
                    }
                }
            }
            if (node.has("$ref")) {
                return reference(node, path, description, types);
            }
            if (node.has("anyOf")) {
                if (types != null) {
                    throw untyped(path, "LangChain4j's anyOf element has no [type] beside [anyOf]");
                }
                return JsonAnyOfSchema.builder().description(description).anyOf(all(node.get("anyOf"), path + "/anyOf")).build();
            }
            if (types == null) {
                if (node.has("enum")) {
                    return enumSchema(node, path, description);
                }
                throw untyped(path, "LangChain4j's elements need a [type], [enum], [anyOf] or [$ref]");
            }
            List<String> nonNull = types.stream().filter(type -> !type.equals("null")).toList();
            if (nonNull.size() > 1) {
                throw untyped(path + "/type", "LangChain4j's elements have one type (and null), was " + types);
            }
            if (nonNull.isEmpty()) {
                return new JsonNullSchema();
            }
            JsonSchemaElement element = typedAs(nonNull.get(0), node, path, description, root);
            if (nonNull.size() < types.size()) {
                // ["T", "null"]: T or null, which LangChain4j says as anyOf.
                return JsonAnyOfSchema.builder().anyOf(element, new JsonNullSchema()).build();
            }
            return element;
        }

        private JsonSchemaElement typedAs(String type, JsonNode node, String path, String description, boolean root) {
            if (!type.equals("object") && !root && (node.has("properties") || node.has("required"))) {
                throw untyped(path, "[properties] and [required] belong to an object, the type is [" + type + "]");
            }
            if (!type.equals("array") && node.has("items")) {
                throw untyped(path + "/items", "[items] belongs to an array, the type is [" + type + "]");
            }
            if (node.has("enum") && !type.equals("string")) {
                throw untyped(path + "/enum", "LangChain4j's enum element holds strings, the type is [" + type + "]");
            }
            return switch (type) {
                case "object" -> object(node, path, description, root);
                case "array" -> JsonArraySchema.builder()
                        .description(description)
                        .items(node.has("items") ? convert(node.get("items"), path + "/items", false) : null)
                        .build();
                case "string" -> node.has("enum")
                        ? enumSchema(node, path, description)
                        : JsonStringSchema.builder().description(description).build();
                case "integer" -> JsonIntegerSchema.builder().description(description).build();
                case "number" -> JsonNumberSchema.builder().description(description).build();
                case "boolean" -> JsonBooleanSchema.builder().description(description).build();
                default -> throw untyped(path + "/type", "LangChain4j's elements have no type [" + type + "]");
            };
        }

        private JsonObjectSchema object(JsonNode node, String path, String description, boolean root) {
            JsonObjectSchema.Builder object = JsonObjectSchema.builder().description(description);
            JsonNode properties = node.get("properties");
            if (properties != null) {
                if (!properties.isObject()) {
                    throw refuse(tool, path + "/properties", "must be an object of schemas");
                }
                for (Map.Entry<String, JsonNode> property : properties.properties()) {
                    object.addProperty(property.getKey(),
                            convert(property.getValue(), path + "/properties/" + property.getKey(), false));
                }
            }
            if (node.has("required")) {
                object.required(strings(node.get("required"), path + "/required"));
            }
            if (root && defs != null) {
                if (!defs.isObject()) {
                    throw refuse(tool, "/$defs", "must be an object of schemas");
                }
                Map<String, JsonSchemaElement> definitions = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> definition : defs.properties()) {
                    definitions.put(definition.getKey(),
                            convert(definition.getValue(), "/$defs/" + definition.getKey(), false));
                }
                object.definitions(definitions);
            }
            return object.build();
        }

        private JsonSchemaElement reference(JsonNode node, String path, String description, List<String> types) {
            String at = path + "/$ref";
            String ref = text(node.get("$ref"), at);
            if (types != null || description != null || node.size() > 1) {
                throw untyped(path, "LangChain4j's reference element holds [$ref] alone");
            }
            if (!ref.startsWith(DEFS) || defs == null || !defs.has(ref.substring(DEFS.length()))) {
                throw untyped(at, "LangChain4j refers into the root's [$defs] only (\"" + DEFS
                        + "<name>\"), was [" + ref + "]");
            }
            return JsonReferenceSchema.builder().reference(ref.substring(DEFS.length())).build();
        }

        private JsonEnumSchema enumSchema(JsonNode node, String path, String description) {
            JsonNode values = node.get("enum");
            if (values.isArray()) {
                for (JsonNode value : values) {
                    if (!value.isTextual()) {
                        throw untyped(path + "/enum", "LangChain4j's enum element holds strings, was " + values);
                    }
                }
            }
            return JsonEnumSchema.builder()
                    .description(description)
                    .enumValues(strings(node.get("enum"), path + "/enum"))
                    .build();
        }

        private List<JsonSchemaElement> all(JsonNode value, String at) {
            if (!value.isArray() || value.isEmpty()) {
                throw refuse(tool, at, "must be a non-empty array of schemas");
            }
            List<JsonSchemaElement> schemas = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                schemas.add(convert(value.get(i), at + "/" + i, false));
            }
            return schemas;
        }

        private String text(JsonNode value, String at) {
            if (!value.isTextual()) {
                throw refuse(tool, at, "must be a string, was " + value);
            }
            return value.asText();
        }

        private List<String> strings(JsonNode value, String at) {
            if (!value.isArray()) {
                throw refuse(tool, at, "must be an array of strings, was " + value);
            }
            List<String> strings = new ArrayList<>();
            value.forEach(item -> strings.add(text(item, at)));
            return strings;
        }
    }

    /** A schema LangChain4j's typed elements cannot hold: where, and why. */
    private static final class Untyped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final String at;
        final String why;

        Untyped(String at, String why) {
            super(why, null, false, false);
            this.at = at;
            this.why = why;
        }
    }

    private static Untyped untyped(String at, String why) {
        return new Untyped(at, why);
    }

    private static IllegalArgumentException refuse(String tool, String at, String why) {
        return new IllegalArgumentException("Tool [" + tool + "]: the JSON schema at [" + (at.isEmpty() ? "/" : at)
                + "] cannot be given to LangChain4j: " + why);
    }
}

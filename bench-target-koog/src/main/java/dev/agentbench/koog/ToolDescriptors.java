package dev.agentbench.koog;

import ai.koog.agents.core.tools.ToolDescriptor;
import ai.koog.agents.core.tools.ToolParameterDescriptor;
import ai.koog.agents.core.tools.ToolParameterType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kotlinx.serialization.json.Json;
import kotlinx.serialization.json.JsonArray;
import kotlinx.serialization.json.JsonElement;
import kotlinx.serialization.json.JsonObject;
import kotlinx.serialization.json.JsonPrimitive;

/**
 * Translates a tool's JSON schema into Koog's {@link ToolDescriptor}, which is what a Koog tool
 * holds and what Koog's OpenAI client turns back into the function's {@code parameters} (its {@code
 * OpenAICompatibleToolDescriptorSchemaGenerator}).
 *
 * <p>Koog's descriptor holds a small part of JSON Schema: the root object's properties, each with a
 * name, a description and a {@link ToolParameterType} (string, integer, number, boolean, null, a
 * string enum, an array of one item type, an object of described properties, {@code anyOf}), split
 * into required and optional ones. The translation is explicit: what Koog holds and its OpenAI client
 * sends is carried over; annotations with no effect on what the model may send ({@link #DROPPED}) are
 * left out; so are the constraints on values that Koog has no place for ({@link #LOOSENED}: bounds,
 * lengths, {@code pattern}, {@code format}) and those it holds but its OpenAI client does not send (a
 * nested object's {@code required}, the root's {@code additionalProperties}, a description on the
 * root or on an array's {@code items}; a member of {@code anyOf} is a property-like descriptor and
 * keeps its own): the model is offered the same shape with fewer constraints, as with any tool a Koog
 * user declares in Koog, whose descriptors cannot say them either. Anything that would change the
 * shape ({@code oneOf}, {@code allOf}, {@code $ref}, {@code const}, a non-string enum, an array
 * without {@code items}, more than one type besides null, an unknown keyword) is refused with the
 * keyword and where it is, rather than sending the model another schema than the tool declares.
 *
 * <p>Koog writes every property with a {@code description}, {@code ""} when the schema has none, and
 * the required properties before the optional ones.
 */
final class ToolDescriptors {

    /** Keywords left out: annotations that do not change what the model may send. */
    static final Set<String> DROPPED = Set.of("$schema", "$id", "$comment", "title", "default", "examples", "example");

    /**
     * Keywords left out because Koog's descriptor has no place for them: constraints on a value that
     * keep its type and shape. The model is offered the schema without them.
     */
    static final Set<String> LOOSENED = Set.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
            "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems",
            "minProperties", "maxProperties");

    /**
     * Keywords Koog holds in some places of a schema only; where it does not, they are left out: a
     * nested object's {@code required} (Koog's OpenAI client sends the root's only), the root's {@code
     * additionalProperties}, a description on the root (the tool has its own) or on an array's items.
     */
    private static final Set<String> HELD_ELSEWHERE = Set.of("required", "additionalProperties", "description");

    private ToolDescriptors() {}

    /**
     * @param name the tool's name
     * @param description the tool's description
     * @param jsonSchema the schema of the tool's arguments, as JSON text: an object schema
     * @throws IllegalArgumentException when the text is not JSON, is not an object schema, or uses a
     *     keyword that Koog cannot carry to the model
     */
    static ToolDescriptor of(String name, String description, String jsonSchema) {
        JsonElement parsed;
        try {
            parsed = Json.Default.parseToJsonElement(jsonSchema);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "Tool [" + name + "] has parameters that are not JSON: " + jsonSchema, e);
        }
        Translation translation = new Translation(name);
        if (!(parsed instanceof JsonObject root) || !"object".equals(translation.string(root.get("type")))) {
            throw translation.refuse("", "the parameters must be a schema of \"type\": \"object\", was " + parsed);
        }
        translation.keywords(root, "", Set.of("type", "properties", "required"));
        Map<String, JsonElement> properties = translation.properties(root, "");
        Set<String> required = translation.required(root, "", properties);
        List<ToolParameterDescriptor> requiredParameters = new ArrayList<>();
        List<ToolParameterDescriptor> optionalParameters = new ArrayList<>();
        for (Map.Entry<String, JsonElement> property : properties.entrySet()) {
            ToolParameterDescriptor parameter =
                    translation.parameter(property.getKey(), property.getValue(), "/properties/" + property.getKey());
            (required.contains(property.getKey()) ? requiredParameters : optionalParameters).add(parameter);
        }
        return new ToolDescriptor(name, description, requiredParameters, optionalParameters, null);
    }

    /** One schema's translation; knows the tool, for messages. */
    private record Translation(String tool) {

        /** A property: its name, its description ({@code ""} when none) and its type. */
        ToolParameterDescriptor parameter(String name, JsonElement node, String path) {
            JsonObject schema = object(node, path);
            String description = schema.containsKey("description")
                    ? string(schema.get("description"), path + "/description")
                    : "";
            return new ToolParameterDescriptor(name, description, type(schema, path));
        }

        /**
         * The type of a schema. Its description has a place on a property and an {@code anyOf} member
         * only ({@link #parameter}); on an array's items it is left out.
         */
        ToolParameterType type(JsonObject schema, String path) {
            if (schema.containsKey("anyOf")) {
                keywords(schema, path, Set.of("anyOf", "description"));
                JsonElement members = schema.get("anyOf");
                if (!(members instanceof JsonArray array) || array.isEmpty()) {
                    throw refuse(path + "/anyOf", "must be a non-empty array of schemas");
                }
                List<ToolParameterDescriptor> types = new ArrayList<>();
                for (int i = 0; i < array.size(); i++) {
                    types.add(parameter("", array.get(i), path + "/anyOf/" + i));
                }
                return new ToolParameterType.AnyOf(types.toArray(ToolParameterDescriptor[]::new));
            }
            JsonElement typeNode = schema.get("type");
            if (typeNode instanceof JsonArray union) {
                // ["T", "null"]: T or null, which Koog says as anyOf.
                List<String> types = new ArrayList<>();
                union.forEach(type -> types.add(string(type, path + "/type")));
                List<String> nonNull = types.stream().filter(type -> !type.equals("null")).toList();
                if (types.size() != 2 || nonNull.size() != 1) {
                    throw refuse(path + "/type", "Koog has one type (or one type and null), was " + types);
                }
                ToolParameterType single = single(nonNull.get(0), schema, path);
                return new ToolParameterType.AnyOf(new ToolParameterDescriptor[] {
                    new ToolParameterDescriptor("", "", single),
                    new ToolParameterDescriptor("", "", ToolParameterType.Null.INSTANCE)});
            }
            if (typeNode == null) {
                keywords(schema, path, Set.of("description"));
                throw refuse(path, "a schema needs a [type] or [anyOf]");
            }
            return single(string(typeNode, path + "/type"), schema, path);
        }

        private ToolParameterType single(String type, JsonObject schema, String path) {
            switch (type) {
                case "string" -> {
                    keywords(schema, path, Set.of("type", "description", "enum"));
                    if (schema.containsKey("enum")) {
                        List<String> entries = strings(schema.get("enum"), path + "/enum");
                        return new ToolParameterType.Enum(entries.toArray(String[]::new));
                    }
                    return ToolParameterType.String.INSTANCE;
                }
                case "integer" -> {
                    keywords(schema, path, Set.of("type", "description"));
                    return ToolParameterType.Integer.INSTANCE;
                }
                case "number" -> {
                    keywords(schema, path, Set.of("type", "description"));
                    return ToolParameterType.Float.INSTANCE;
                }
                case "boolean" -> {
                    keywords(schema, path, Set.of("type", "description"));
                    return ToolParameterType.Boolean.INSTANCE;
                }
                case "null" -> {
                    keywords(schema, path, Set.of("type", "description"));
                    return ToolParameterType.Null.INSTANCE;
                }
                case "array" -> {
                    keywords(schema, path, Set.of("type", "description", "items"));
                    if (!schema.containsKey("items")) {
                        throw refuse(path, "Koog's arrays have an item type: [items] is needed");
                    }
                    String items = path + "/items";
                    return new ToolParameterType.List(type(object(schema.get("items"), items), items));
                }
                case "object" -> {
                    keywords(schema, path, Set.of("type", "description", "properties", "additionalProperties"));
                    Map<String, JsonElement> properties = properties(schema, path);
                    List<ToolParameterDescriptor> descriptors = new ArrayList<>();
                    for (Map.Entry<String, JsonElement> property : properties.entrySet()) {
                        String at = path + "/properties/" + property.getKey();
                        descriptors.add(parameter(property.getKey(), property.getValue(), at));
                    }
                    Boolean additional = null;
                    if (schema.containsKey("additionalProperties")) {
                        JsonElement value = schema.get("additionalProperties");
                        if (!(value instanceof JsonPrimitive primitive) || primitive.isString()
                                || !(primitive.getContent().equals("true") || primitive.getContent().equals("false"))) {
                            throw refuse(path + "/additionalProperties", "Koog holds true or false here, was " + value);
                        }
                        additional = Boolean.valueOf(primitive.getContent());
                    }
                    return new ToolParameterType.Object(descriptors, List.of(), additional, null);
                }
                default -> throw refuse(path + "/type", "unknown type [" + type + "]");
            }
        }

        /**
         * Refuses every keyword but {@code allowed}, the {@link #DROPPED} and {@link #LOOSENED} ones,
         * and those Koog holds elsewhere but not here ({@code required} below the root, {@code
         * additionalProperties} on the root, a {@code description} on the root or on items), which are
         * left out.
         */
        void keywords(JsonObject schema, String path, Set<String> allowed) {
            for (String keyword : schema.keySet()) {
                if (allowed.contains(keyword) || DROPPED.contains(keyword) || LOOSENED.contains(keyword)
                        || HELD_ELSEWHERE.contains(keyword)) {
                    continue;
                }
                throw refuse(path + "/" + keyword, "Koog's tool descriptors have no [" + keyword + "] here");
            }
        }

        Map<String, JsonElement> properties(JsonObject schema, String path) {
            JsonElement properties = schema.get("properties");
            if (properties == null) {
                return Map.of();
            }
            if (!(properties instanceof JsonObject map)) {
                throw refuse(path + "/properties", "must be an object of schemas");
            }
            return map;
        }

        Set<String> required(JsonObject schema, String path, Map<String, JsonElement> properties) {
            if (!schema.containsKey("required")) {
                return Set.of();
            }
            Set<String> required = new LinkedHashSet<>(strings(schema.get("required"), path + "/required"));
            for (String name : required) {
                if (!properties.containsKey(name)) {
                    throw refuse(path + "/required", "names [" + name + "], which is not among the properties");
                }
            }
            return required;
        }

        JsonObject object(JsonElement node, String path) {
            if (!(node instanceof JsonObject object)) {
                throw refuse(path, "a schema must be a JSON object, was " + node);
            }
            return object;
        }

        String string(JsonElement node) {
            return node instanceof JsonPrimitive primitive && primitive.isString() ? primitive.getContent() : null;
        }

        String string(JsonElement node, String path) {
            String value = string(node);
            if (value == null) {
                throw refuse(path, "must be a string, was " + node);
            }
            return value;
        }

        List<String> strings(JsonElement node, String path) {
            if (!(node instanceof JsonArray array)) {
                throw refuse(path, "must be an array of strings, was " + node);
            }
            List<String> strings = new ArrayList<>();
            array.forEach(item -> strings.add(string(item, path)));
            return strings;
        }

        IllegalArgumentException refuse(String at, String why) {
            return new IllegalArgumentException("Tool [" + tool + "]: the JSON schema at [" + (at.isEmpty() ? "/" : at)
                    + "] cannot be given to Koog: " + why);
        }
    }
}

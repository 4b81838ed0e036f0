package dev.agentbench.builtin.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.ToolDefinition;
import java.io.IOException;
import java.util.List;

/**
 * One tool of a generated tool set, shaped like the tools MCP servers offer: a description of a
 * few sentences and a JSON schema with a required text field, a required enum, an integer with
 * bounds, a nested object with its own required field and an array of enum values, each
 * property with a description. Its function runs real code: it parses and validates the arguments
 * (a call that breaks the schema's required fields throws, which a target reports as an error
 * result and the iteration's checks fail on) and returns a JSON result of exactly the tool's result
 * size, made from the arguments, so the same call always gets the same bytes.
 */
public final class GeneratedTool {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final List<String> VERBS = List.of("search", "create", "update", "list", "get", "delete",
            "summarize", "export", "archive", "assign", "schedule", "validate", "sync", "tag", "approve", "estimate");
    private static final List<String> OBJECTS = List.of("issues", "invoices", "calendar_events", "contacts",
            "documents", "orders", "shipments", "tickets", "repositories", "deployments", "expenses", "reports",
            "customers", "playbooks", "alerts", "contracts");
    private static final List<String> TEXT_FIELDS = List.of("query", "title", "subject", "path", "topic", "note",
            "account", "summary");
    private static final List<String> ENUM_FIELDS = List.of("priority", "status", "region", "format", "channel",
            "severity");
    private static final List<List<String>> ENUM_VALUES = List.of(
            List.of("low", "normal", "high", "urgent"),
            List.of("open", "in_progress", "blocked", "done", "cancelled"),
            List.of("eu-west", "eu-north", "us-east", "us-west", "ap-south", "ap-east"),
            List.of("json", "csv", "markdown", "pdf"),
            List.of("email", "chat", "sms", "phone", "web"),
            List.of("info", "minor", "major", "critical"));
    private static final List<String> FIELDS = List.of("id", "title", "owner", "created", "updated", "status",
            "labels", "links", "comments", "history");

    private final String name;
    private final String description;
    private final String parameters;
    private final String textField;
    private final String enumField;
    private final List<String> enumValues;
    private final int resultBytes;
    private final ToolDefinition definition;

    /**
     * The tool at {@code index} of a generated set: its name, schema and descriptions follow from
     * the index alone.
     *
     * @param resultBytes the size of every result it returns, in bytes (at least its smallest
     *     result, about 60 bytes)
     */
    GeneratedTool(int index, int resultBytes) {
        int verb = index % VERBS.size();
        int object = (index / VERBS.size() + 3 * verb) % OBJECTS.size();
        int round = index / (VERBS.size() * OBJECTS.size());
        this.name = VERBS.get(verb) + "_" + OBJECTS.get(object) + (round == 0 ? "" : "_v" + (round + 1));
        Seeded random = new Seeded(Seeded.seed(name));
        this.textField = TEXT_FIELDS.get(random.below(TEXT_FIELDS.size()));
        int kind = random.below(ENUM_FIELDS.size());
        this.enumField = ENUM_FIELDS.get(kind);
        this.enumValues = ENUM_VALUES.get(kind);
        this.description = capitalize(VERBS.get(verb)) + "s " + OBJECTS.get(object).replace('_', ' ') + ". "
                + Prose.text(random.next(), random.between(40, 140));
        this.parameters = schema(random).toString();
        this.resultBytes = resultBytes;
        this.definition = new ToolDefinition(name, description, parameters, this::call);
    }

    public String name() {
        return name;
    }

    /** The size of every result the tool returns, in bytes. */
    public int resultBytes() {
        return resultBytes;
    }

    /** The tool as every target is given it. */
    public ToolDefinition definition() {
        return definition;
    }

    /** The bytes the tool weighs in a request before any message: its name, description and schema. */
    public int schemaBytes() {
        return name.length() + description.length() + parameters.length();
    }

    /**
     * Arguments this tool accepts, as JSON text of about {@code bytes} bytes (exactly, when {@code
     * bytes} is above the smallest arguments the tool takes, about 80 bytes): the text field carries
     * prose to fill the size.
     */
    public String arguments(long seed, int bytes) {
        Seeded random = new Seeded(seed);
        ObjectNode arguments = NODES.objectNode();
        arguments.put(textField, "");
        arguments.put(enumField, random.pick(enumValues));
        arguments.put("limit", random.between(1, 100));
        arguments.putObject("filters").put("owner", Prose.word(random.next()));
        int fixed = arguments.toString().length();
        arguments.put(textField, Prose.text(random.next(), Math.max(8, bytes - fixed)));
        return arguments.toString();
    }

    /** What a call with {@code arguments} returns; throws when they break the schema's required fields. */
    String call(String arguments) throws IOException {
        JsonNode args = JSON.readTree(arguments);
        if (args == null || !args.isObject()) {
            throw new IllegalArgumentException(name + " needs a JSON object of arguments, got [" + arguments + "]");
        }
        JsonNode text = args.get(textField);
        if (text == null || !text.isTextual() || text.asText().isBlank()) {
            throw new IllegalArgumentException(name + " needs a non-empty string [" + textField + "]");
        }
        JsonNode choice = args.get(enumField);
        if (choice == null || !choice.isTextual() || !enumValues.contains(choice.asText())) {
            throw new IllegalArgumentException(name + " needs [" + enumField + "] to be one of " + enumValues + ", got ["
                    + choice + "]");
        }
        JsonNode limit = args.get("limit");
        if (limit != null && (!limit.canConvertToExactIntegral() || limit.asInt() < 1 || limit.asInt() > 100)) {
            throw new IllegalArgumentException(name + " needs [limit] from 1 to 100, got [" + limit + "]");
        }
        JsonNode filters = args.get("filters");
        if (filters != null && (!filters.isObject() || !filters.path("owner").isTextual())) {
            throw new IllegalArgumentException(name + " needs [filters] to be an object with a string [owner], got ["
                    + filters + "]");
        }
        return result(text.asText(), choice.asText(), limit == null ? 10 : limit.asInt());
    }

    /** A result of exactly {@link #resultBytes} bytes (or the smallest result, if that is larger). */
    private String result(String text, String choice, int limit) {
        int matches = Math.floorMod(Seeded.seed(text), limit) + 1;
        String head = "{\"tool\":\"" + name + "\",\"" + enumField + "\":\"" + choice + "\",\"matches\":" + matches
                + ",\"summary\":\"";
        String tail = "\"}";
        int room = Math.max(0, resultBytes - head.length() - tail.length());
        return head + Prose.text(Seeded.seed(text) ^ limit, room) + tail;
    }

    private ObjectNode schema(Seeded random) {
        ObjectNode schema = NODES.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        property(properties, textField, "string", random);
        ObjectNode choice = property(properties, enumField, "string", random);
        ArrayNode values = choice.putArray("enum");
        enumValues.forEach(values::add);
        property(properties, "limit", "integer", random).put("minimum", 1).put("maximum", 100).put("default", 10);
        ObjectNode filters = property(properties, "filters", "object", random);
        ObjectNode inner = filters.putObject("properties");
        property(inner, "owner", "string", random);
        property(inner, "since", "string", random).put("format", "date");
        ObjectNode tags = property(inner, "tags", "array", random);
        tags.putObject("items").put("type", "string");
        filters.putArray("required").add("owner");
        filters.put("additionalProperties", false);
        ObjectNode fields = property(properties, "fields", "array", random);
        ObjectNode items = fields.putObject("items");
        items.put("type", "string");
        ArrayNode fieldNames = items.putArray("enum");
        FIELDS.forEach(fieldNames::add);
        schema.putArray("required").add(textField).add(enumField);
        schema.put("additionalProperties", false);
        return schema;
    }

    private static ObjectNode property(ObjectNode properties, String name, String type, Seeded random) {
        ObjectNode property = properties.putObject(name);
        property.put("type", type);
        property.put("description", capitalize(name.replace('_', ' ')) + ": "
                + Prose.text(random.next(), random.between(20, 60)));
        return property;
    }

    private static String capitalize(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}

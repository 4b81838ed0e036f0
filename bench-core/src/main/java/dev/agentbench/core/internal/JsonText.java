package dev.agentbench.core.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON with the JDK alone, for the child's start path: a cold start's figures include everything
 * the child does before the agent is built, and Jackson's databind costs a fresh JVM half a second
 * to load and initialise. Parses any JSON document into maps, lists, strings, numbers, booleans and
 * nulls; writes records (by their components, as Jackson does), collections, maps, durations (ISO-8601,
 * {@code PT5S}) and scalars; and reads such JSON back into a record ({@link #toRecord}).
 */
public final class JsonText {

    private final String text;
    private int pos;

    private JsonText(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON document: an object becomes a {@code LinkedHashMap<String, Object>}, an array
     * a {@code List<Object>}, a number a {@code Long} when it is integral and a {@code Double}
     * otherwise.
     *
     * @throws IllegalArgumentException naming the position of the first thing that is not JSON
     */
    public static Object parse(String text) {
        JsonText parser = new JsonText(text);
        Object value = parser.value();
        parser.skipSpace();
        if (parser.pos != text.length()) {
            throw parser.error("end of the document");
        }
        return value;
    }

    /**
     * A record of {@code type} from parsed JSON that {@link #write} made of one: each component from
     * the field of its name, as its type says (numbers, booleans, strings, durations, maps of strings,
     * nested records). A missing or wrongly typed number or string is an error naming the field; a
     * missing map, duration or record is {@code null}, for the record's constructor to judge.
     *
     * @throws IllegalArgumentException naming the first field that does not fit
     */
    public static <T extends Record> T toRecord(Object json, Class<T> type) {
        if (!(json instanceof Map<?, ?> fields)) {
            throw new IllegalArgumentException("[" + type.getSimpleName() + "] is not a JSON object");
        }
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            types[i] = component.getType();
            values[i] = convert(fields.get(component.getName()), component.getType(), component.getGenericType(),
                    component.getName());
        }
        try {
            Constructor<T> constructor = type.getDeclaredConstructor(types);
            return constructor.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("Cannot make a [" + type.getSimpleName() + "]: " + e, e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Object convert(Object value, Class<?> type, Type generic, String name) {
        if (type == boolean.class) {
            return Boolean.TRUE.equals(value);
        }
        if (type.isPrimitive()) {
            if (!(value instanceof Number number)) {
                throw new IllegalArgumentException("[" + name + "] is missing or not a number");
            }
            return type == int.class ? (Object) number.intValue() : type == long.class ? (Object) number.longValue()
                    : (Object) number.doubleValue();
        }
        if (type == String.class) {
            if (!(value instanceof String)) {
                throw new IllegalArgumentException("[" + name + "] is missing or not a string");
            }
            return value;
        }
        if (value == null) {
            return null;
        }
        if (type == Duration.class && value instanceof String text) {
            try {
                return Duration.parse(text);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("[" + name + "] is not a duration: [" + text + "]", e);
            }
        }
        if (type == Map.class && value instanceof Map<?, ?> map && generic instanceof ParameterizedType) {
            Map<String, String> strings = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                strings.put(String.valueOf(entry.getKey()), String.valueOf(entry.getValue()));
            }
            return strings;
        }
        if (type.isRecord()) {
            return toRecord(value, (Class<? extends Record>) type);
        }
        throw new IllegalArgumentException("[" + name + "] is not a " + type.getSimpleName());
    }

    /** {@code value} as compact JSON. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private Object value() {
        skipSpace();
        if (pos >= text.length()) {
            throw error("a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> object = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (peek('}')) {
            return object;
        }
        do {
            skipSpace();
            if (pos >= text.length() || text.charAt(pos) != '"') {
                throw error("a member name");
            }
            String name = string();
            skipSpace();
            expect(':');
            object.put(name, value());
            skipSpace();
        } while (peek(','));
        expect('}');
        return object;
    }

    private List<Object> array() {
        List<Object> array = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek(']')) {
            return array;
        }
        do {
            array.add(value());
            skipSpace();
        } while (peek(','));
        expect(']');
        return array;
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        pos++;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (pos >= text.length()) {
                break;
            }
            char escaped = text.charAt(pos++);
            switch (escaped) {
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("four hex digits");
                    }
                    out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                case '"', '\\', '/' -> out.append(escaped);
                default -> throw error("an escape");
            }
        }
        throw error("the end of a string");
    }

    private Object number() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String number = text.substring(start, pos);
        try {
            if (number.contains(".") || number.contains("e") || number.contains("E")) {
                return Double.parseDouble(number);
            }
            return Long.parseLong(number);
        } catch (NumberFormatException e) {
            pos = start;
            throw error("a value");
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("a value");
        }
        pos += word.length();
        return value;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean peek(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("[" + c + "]");
        }
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("Invalid JSON at [" + pos + "]: expected " + expected);
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof CharSequence string) {
            quote(string.toString(), out);
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Enum<?> constant) {
            quote(constant.name(), out);
        } else if (value instanceof Duration duration) {
            quote(duration.toString(), out);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                first = comma(first, out);
                quote(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Iterable<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                first = comma(first, out);
                write(item, out);
            }
            out.append(']');
        } else if (value.getClass().isRecord()) {
            out.append('{');
            boolean first = true;
            for (RecordComponent component : value.getClass().getRecordComponents()) {
                first = comma(first, out);
                quote(component.getName(), out);
                out.append(':');
                try {
                    write(component.getAccessor().invoke(value), out);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalArgumentException("Cannot read [" + component.getName() + "] of ["
                            + value.getClass().getName() + "]", e);
                }
            }
            out.append('}');
        } else {
            throw new IllegalArgumentException("Cannot write a [" + value.getClass().getName() + "] as JSON");
        }
    }

    private static boolean comma(boolean first, StringBuilder out) {
        if (!first) {
            out.append(',');
        }
        return false;
    }

    private static void quote(String string, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < string.length(); i++) {
            char c = string.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}

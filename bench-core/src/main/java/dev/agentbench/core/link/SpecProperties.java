package dev.agentbench.core.link;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A record of scalars as {@link Properties}, one {@code <prefix><component>} key per component, and
 * back: what lets a child JVM read its spec with the JDK alone, so that a cold start pays for no JSON
 * library before it builds the agent. Components may be {@code String}, {@code int}, {@code long},
 * {@code double}, {@code boolean} or {@link Duration} (ISO-8601, {@code PT5S}); a {@code null} is
 * left out, and read back as {@code null}.
 */
final class SpecProperties {

    private SpecProperties() {}

    /** Puts each component of {@code record} into {@code properties} under {@code prefix + name}. */
    static void put(Properties properties, String prefix, Record record) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(record);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read [" + component.getName() + "] of " + record, e);
            }
            if (value != null) {
                properties.setProperty(prefix + component.getName(), value.toString());
            }
        }
    }

    /** A record of {@code type} from the {@code prefix + name} keys of {@code properties}. */
    static <R extends Record> R get(Properties properties, String prefix, Class<R> type) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            String key = prefix + components[i].getName();
            values[i] = value(key, properties.getProperty(key), types[i]);
        }
        try {
            Constructor<R> constructor = type.getDeclaredConstructor(types);
            return constructor.newInstance(values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalArgumentException(cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot make a " + type.getSimpleName() + ": " + e, e);
        }
    }

    /** Puts each entry of {@code map} under {@code prefix + key}. */
    static void putMap(Properties properties, String prefix, Map<String, String> map) {
        map.forEach((key, value) -> properties.setProperty(prefix + key, value));
    }

    /** The entries whose key starts with {@code prefix}, the prefix cut off. */
    static Map<String, String> getMap(Properties properties, String prefix) {
        Map<String, String> map = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(prefix)) {
                map.put(key.substring(prefix.length()), properties.getProperty(key));
            }
        }
        return map;
    }

    private static Object value(String key, String text, Class<?> type) {
        if (text == null) {
            if (type.isPrimitive()) {
                throw new IllegalArgumentException("[" + key + "] is missing");
            }
            return null;
        }
        try {
            if (type == String.class) {
                return text;
            } else if (type == int.class) {
                return Integer.parseInt(text);
            } else if (type == long.class) {
                return Long.parseLong(text);
            } else if (type == double.class) {
                return Double.parseDouble(text);
            } else if (type == boolean.class) {
                if (!text.equals("true") && !text.equals("false")) {
                    throw new IllegalArgumentException("not true or false");
                }
                return Boolean.parseBoolean(text);
            } else if (type == Duration.class) {
                return Duration.parse(text);
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("[" + key + "] cannot be read as " + type.getSimpleName() + ": [" + text + "]");
        }
        throw new IllegalStateException("[" + key + "] has a type a spec cannot hold: " + type.getName());
    }
}

package dev.agentbench.core.link;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A map of text as {@link Properties}, one {@code <prefix><key>} key per entry, and back: what lets
 * a child JVM read its spec with the JDK alone, so that a cold start pays for no JSON library before
 * it builds the agent. The cell spec holds the target options so, and the pass settings as {@link
 * dev.agentbench.core.measure.PassSettings#toText()} writes them.
 */
final class SpecProperties {

    private SpecProperties() {}

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
}

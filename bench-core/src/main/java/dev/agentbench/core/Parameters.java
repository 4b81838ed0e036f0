package dev.agentbench.core;

import dev.agentbench.api.Parameter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Benchmark parameters as a run takes them ({@code --param NAME=V1,V2,...}, {@link
 * BenchOptions.Builder#param}): which values each cell of a benchmark runs with, and which of them
 * its name carries.
 */
public final class Parameters {

    private Parameters() {}

    /**
     * Refuses parameters that cannot be given: a name that is no parameter name, no value, a value that
     * cannot be part of a cell's name, or a value given twice.
     *
     * @throws IllegalArgumentException naming the parameter and the value
     */
    public static void check(Map<String, List<String>> given) {
        given.forEach((name, values) -> {
            if (name == null || !Parameter.NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("Parameter name [" + name + "] must match " + Parameter.NAME);
            }
            if (values == null || values.isEmpty()) {
                throw new IllegalArgumentException("Parameter [" + name + "] has no value");
            }
            Set<String> seen = new HashSet<>();
            for (String value : values) {
                Parameter.checkValue(name, value);
                if (!seen.add(value)) {
                    throw new IllegalArgumentException("Parameter [" + name + "] value [" + value + "] is given twice");
                }
            }
        });
    }

    /**
     * Every combination of values of {@code parameters}, each in declaration order: the user's values for
     * a parameter in {@code given}, else its defaults. The first parameter varies slowest, so the
     * combinations come in the order their cells are reported. One empty combination when there are no
     * parameters.
     */
    public static List<Map<String, String>> combinations(List<Parameter> parameters, Map<String, List<String>> given) {
        List<Map<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        for (Parameter parameter : parameters) {
            List<Map<String, String>> longer = new ArrayList<>();
            for (Map<String, String> combination : combinations) {
                for (String value : given.getOrDefault(parameter.name(), parameter.defaults())) {
                    Map<String, String> next = new LinkedHashMap<>(combination);
                    next.put(parameter.name(), value);
                    longer.add(next);
                }
            }
            combinations = longer;
        }
        return combinations.stream().map(Parameters::unmodifiable).toList();
    }

    /**
     * The values of {@code values} a cell's name carries: those of parameters that are swept by default
     * or that the user set ({@link Parameter}), in declaration order.
     */
    public static Map<String, String> named(List<Parameter> parameters, Map<String, String> values,
            Set<String> given) {
        Map<String, String> named = new LinkedHashMap<>();
        for (Parameter parameter : parameters) {
            if ((parameter.swept() || given.contains(parameter.name())) && values.containsKey(parameter.name())) {
                named.put(parameter.name(), values.get(parameter.name()));
            }
        }
        return unmodifiable(named);
    }

    /** {@code name=value} pairs joined by commas, {@code history=64,stream=true}: how a cell spec holds them. */
    public static String format(Map<String, String> values) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> value : values.entrySet()) {
            text.append(text.length() == 0 ? "" : ",").append(value.getKey()).append('=').append(value.getValue());
        }
        return text.toString();
    }

    /** What {@link #format} wrote, in its order; empty for an empty text. */
    public static Map<String, String> parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return Map.of();
        }
        for (String pair : text.split(",")) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("Parameter [" + pair + "] must be NAME=VALUE");
            }
            values.put(pair.substring(0, equals), Parameter.checkValue(pair.substring(0, equals),
                    pair.substring(equals + 1)));
        }
        return unmodifiable(values);
    }

    private static Map<String, String> unmodifiable(Map<String, String> values) {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}

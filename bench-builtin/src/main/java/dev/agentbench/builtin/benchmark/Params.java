package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Parameter;
import dev.agentbench.api.Spelling;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values given to a benchmark's {@code with}, read and refused in one place: a name the
 * benchmark does not declare, a number out of its range, a flag that is neither true nor false.
 * A parameter that is not given takes its first default value.
 */
final class Params {

    private final Map<String, String> values;

    private Params(Map<String, String> values) {
        this.values = values;
    }

    /**
     * The values for {@code declared}, the defaults filled in.
     *
     * @throws IllegalArgumentException {@code Benchmark [history] has no parameter [histroy]; did you mean [history]? its parameters: [history]}
     */
    static Params of(String benchmark, List<Parameter> declared, Map<String, String> given) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Parameter parameter : declared) {
            values.put(parameter.name(), parameter.defaults().get(0));
        }
        for (Map.Entry<String, String> entry : given.entrySet()) {
            if (!values.containsKey(entry.getKey())) {
                throw new IllegalArgumentException("Benchmark [" + benchmark + "] has no parameter [" + entry.getKey()
                        + "]; " + Spelling.didYouMean(entry.getKey(), values.keySet()) + "its parameters: "
                        + values.keySet());
            }
            values.put(entry.getKey(), entry.getValue());
        }
        return new Params(values);
    }

    /**
     * A whole number from {@code min} to {@code max}.
     *
     * @throws IllegalArgumentException {@code Parameter [history] must be a whole number from 1 to 1024, was [0]}
     */
    int whole(String name, int min, int max) {
        String value = values.get(name);
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Parameter [" + name + "] must be a whole number from " + min + " to " + max
                + ", was [" + value + "]");
    }

    /**
     * {@code true} or {@code false}.
     *
     * @throws IllegalArgumentException {@code Parameter [stream] must be true or false, was [yes]}
     */
    boolean flag(String name) {
        String value = values.get(name);
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("Parameter [" + name + "] must be true or false, was [" + value + "]");
    }
}

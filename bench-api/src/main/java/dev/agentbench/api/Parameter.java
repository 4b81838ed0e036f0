package dev.agentbench.api;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A named parameter of a {@link Benchmark}, as JMH's {@code @Param}: the benchmark declares it with
 * the values a run sweeps by default, and {@code --param NAME=V1,V2,...} replaces them for every
 * selected benchmark that declares {@code NAME}. Each value (each combination, when a benchmark has
 * several parameters) is a cell of its own.
 *
 * <p>A cell's name carries each parameter that is swept (one with several values by default) or that
 * the user set, as {@code _NAME=VALUE} after the benchmark's name and before {@code _cN}:
 * {@code history_history=64}, {@code reply_tokens=256_stream=true_c8}. A parameter with a single
 * default value that the user did not set is left out of the name ({@code agent_step}).
 *
 * @param name the parameter's name as users type it: lower-case letters, digits and {@code _},
 *     starting with a letter
 * @param description one line that says what the parameter changes, shown by {@code list}
 * @param defaults the values a run takes when the user does not set the parameter, in the order the
 *     cells are reported; at least one
 */
public record Parameter(String name, String description, List<String> defaults) {

    /** What a parameter name may contain. */
    public static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");

    /** What a parameter value may contain: it becomes part of a file name. */
    public static final Pattern VALUE = Pattern.compile("[A-Za-z0-9.]{1,32}");

    public Parameter {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Parameter name [" + name + "] must match " + NAME);
        }
        Objects.requireNonNull(description, "description");
        if (defaults == null || defaults.isEmpty()) {
            throw new IllegalArgumentException("Parameter [" + name + "] has no default value");
        }
        defaults = List.copyOf(defaults);
        for (String value : defaults) {
            checkValue(name, value);
        }
    }

    /** A parameter whose values are whole numbers, swept over {@code defaults} by default. */
    public static Parameter ints(String name, String description, int... defaults) {
        return new Parameter(name, description,
                java.util.Arrays.stream(defaults).mapToObj(Integer::toString).toList());
    }

    /** Whether a run sweeps this parameter when the user does not set it. */
    public boolean swept() {
        return defaults.size() > 1;
    }

    /**
     * Refuses a value that cannot be part of a cell's name.
     *
     * @throws IllegalArgumentException {@code Parameter [history] value [1 6] must match [A-Za-z0-9.]{1,32}}
     */
    public static String checkValue(String name, String value) {
        if (value == null || !VALUE.matcher(value).matches()) {
            throw new IllegalArgumentException("Parameter [" + name + "] value [" + value + "] must match " + VALUE);
        }
        return value;
    }
}

package dev.agentbench.core.measure;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One pass setting, declared once in {@link PassSettings}: its name, type, default, check, what a
 * dry run makes of it, and its command-line option with its help. Everything else follows from
 * this declaration: {@link PassSettings.Builder#set} and the options builder take it, the command
 * line adds an option for it, and the cell spec and {@code run.json}'s settings hold it under its
 * {@link #name()}, as {@link #format} writes it and {@link #parse} reads it back.
 *
 * <p>Like picocli's {@code OptionSpec}, it is made by a small {@link #of builder}:
 *
 * <pre>{@code
 * Setting<Integer> FORKS = Setting.of("forks", Integer.class, Defaults.FORKS).check(Setting.atLeast("Forks", 1))
 *         .inDryRun(1).option("N", "-f", "--forks").help("Fresh JVMs per cell (default: {default}).").build();
 * }</pre>
 *
 * @param <T> its type: {@code Integer}, {@code Double}, {@code Boolean}, {@code String} or {@link Duration}
 */
public final class Setting<T> {

    /** Where a help text shows the setting's default, as {@link #show} writes it. */
    public static final String DEFAULT = "{default}";

    private static final List<Class<?>> TYPES = List.of(Integer.class, Double.class, Boolean.class, String.class,
            Duration.class);

    private final String name;
    private final Class<T> type;
    private final T defaultValue;
    private final String none;
    private final UnaryOperator<T> check;
    private final T dryRunValue;
    private final String paramLabel;
    private final List<String> options;
    private final String help;

    private Setting(Builder<T> b) {
        name = b.name;
        type = b.type;
        defaultValue = b.defaultValue;
        none = b.none;
        check = b.check;
        dryRunValue = b.dryRunValue;
        paramLabel = b.paramLabel;
        options = List.copyOf(b.options);
        help = b.help;
    }

    /**
     * Starts the declaration of a setting.
     *
     * @param name its key in the cell spec and in {@code run.json}'s settings, for example {@code forks}
     * @param defaultValue its value when none is given; {@code null} for none, which {@link Builder#none}
     *     then names
     */
    public static <T> Builder<T> of(String name, Class<T> type, T defaultValue) {
        return new Builder<>(name, type, defaultValue);
    }

    /** Its key in the cell spec and in {@code run.json}'s settings. */
    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    /** Its value when none is given, or {@code null} for none. */
    public T defaultValue() {
        return defaultValue;
    }

    /** What a dry run makes of it whatever was given, or {@code null} when a dry run keeps it. */
    public T dryRunValue() {
        return dryRunValue;
    }

    /**
     * A value given for it, checked: the value to keep (a name may be normalised, {@code JFR} to
     * {@code jfr}).
     *
     * @throws IllegalArgumentException naming the setting and the value, {@code Forks [0] must be at least 1}
     */
    public T check(T value) {
        return check.apply(type.cast(Objects.requireNonNull(value, name)));
    }

    /** Its command-line names, longest last ({@code -f}, {@code --forks}); empty when it has no option. */
    public List<String> options() {
        return options;
    }

    /** Whether the command line sets it with a flag, which takes no value ({@code --dry-run}). */
    public boolean flag() {
        return type == Boolean.class;
    }

    /** What its option's value is called in the help ({@code N}, {@code DURATION}); none for a flag. */
    public String paramLabel() {
        return paramLabel;
    }

    /** Its option's help text, the default shown where the declaration wrote {@value #DEFAULT}. */
    public String help() {
        return help.replace(DEFAULT, show(defaultValue));
    }

    /**
     * A value as the cell spec and {@code run.json} hold it: {@link String#valueOf} (a duration in
     * ISO-8601, {@code PT5S}), or for none the word the declaration gave ({@code time-boxed}).
     */
    public String format(T value) {
        return value == null ? none : value.toString();
    }

    /**
     * A value from its {@link #format}, not yet {@link #check}ed.
     *
     * @throws IllegalArgumentException when the text is none of its type's, with a message the caller
     *     puts after where it read the text: {@code cannot be read as int: [three]}
     */
    public T parse(String text) {
        if (text.equals(none)) {
            return null;
        }
        try {
            Object value;
            if (type == Integer.class) {
                value = Integer.valueOf(text);
            } else if (type == Double.class) {
                value = Double.valueOf(text);
            } else if (type == Boolean.class) {
                if (!text.equals("true") && !text.equals("false")) {
                    throw new IllegalArgumentException("not true or false");
                }
                value = Boolean.valueOf(text);
            } else if (type == Duration.class) {
                value = Duration.parse(text);
            } else {
                value = text;
            }
            return type.cast(value);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new IllegalArgumentException("cannot be read as " + typeName() + ": [" + text + "]");
        }
    }

    /** A value as a help text shows it: {@code 5s}, {@code 200ms}, {@code 0} for a duration. */
    public String show(T value) {
        if (value instanceof Duration duration) {
            if (duration.isZero()) {
                return "0";
            }
            return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
        }
        return value == null ? "none" : value.toString();
    }

    private String typeName() {
        return type == Integer.class ? "int" : type == Double.class ? "double" : type == Boolean.class ? "boolean"
                : type.getSimpleName();
    }

    @Override
    public String toString() {
        return name;
    }

    /** A check: the value is at least {@code least}, else {@code <what> [<value>] must be at least <least>}. */
    public static UnaryOperator<Integer> atLeast(String what, int least) {
        return value -> {
            if (value < least) {
                throw new IllegalArgumentException(what + " [" + value + "] must be at least " + least);
            }
            return value;
        };
    }

    /** A check: the count is 0 or more, else {@code <what> [<value>] must not be negative}. */
    public static UnaryOperator<Integer> notNegative(String what) {
        return value -> {
            if (value < 0) {
                throw new IllegalArgumentException(what + " [" + value + "] must not be negative");
            }
            return value;
        };
    }

    /** A check: the duration is zero or more, else {@code <what> [<value>] must not be negative}. */
    public static UnaryOperator<Duration> notNegativeTime(String what) {
        return value -> {
            if (value.isNegative()) {
                throw new IllegalArgumentException(what + " [" + value + "] must not be negative");
            }
            return value;
        };
    }

    /** A check: the duration is more than zero, else {@code <what> [<value>] must be positive}. */
    public static UnaryOperator<Duration> positive(String what) {
        return value -> {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(what + " [" + value + "] must be positive");
            }
            return value;
        };
    }

    /** Collects a setting's declaration; {@link #build()} makes it. */
    public static final class Builder<T> {
        private final String name;
        private final Class<T> type;
        private final T defaultValue;
        private String none = "none";
        private UnaryOperator<T> check = UnaryOperator.identity();
        private T dryRunValue;
        private String paramLabel = "";
        private List<String> options = List.of();
        private String help = "";

        private Builder(String name, Class<T> type, T defaultValue) {
            this.name = Objects.requireNonNull(name, "name");
            this.type = Objects.requireNonNull(type, "type");
            if (!TYPES.contains(type)) {
                throw new IllegalArgumentException("Setting [" + name + "] has a type a spec cannot hold: "
                        + type.getName());
            }
            this.defaultValue = defaultValue;
        }

        /** How the spec and {@code run.json} write the setting's value when there is none (default {@code none}). */
        public Builder<T> none(String none) {
            this.none = Objects.requireNonNull(none, "none");
            return this;
        }

        /** The check of a given value, which returns the value to keep or throws naming it. */
        public Builder<T> check(UnaryOperator<T> check) {
            this.check = Objects.requireNonNull(check, "check");
            return this;
        }

        /** What a dry run makes of the setting, whatever was given. */
        public Builder<T> inDryRun(T dryRunValue) {
            this.dryRunValue = Objects.requireNonNull(dryRunValue, "dryRunValue");
            return this;
        }

        /**
         * The setting's command-line option: its names, and what its value is called in the help
         * (ignored for a flag, a {@code Boolean} setting, which takes no value).
         */
        public Builder<T> option(String paramLabel, String... names) {
            this.paramLabel = Objects.requireNonNull(paramLabel, "paramLabel");
            this.options = List.of(names);
            return this;
        }

        /** The option's help text; {@value Setting#DEFAULT} in it shows the default. */
        public Builder<T> help(String help) {
            this.help = Objects.requireNonNull(help, "help");
            return this;
        }

        public Setting<T> build() {
            if (!options.isEmpty() && help.isBlank()) {
                throw new IllegalStateException("Setting [" + name + "] has an option but no help");
            }
            return new Setting<>(this);
        }
    }
}

package dev.agentbench.core.profile;

import dev.agentbench.api.result.Profile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which of {@link Profile#GROUPS} a class belongs to, by the start of its name. The rules live in one
 * place, {@value #RULES_RESOURCE} beside this class; the first rule that matches wins, in this order:
 *
 * <ol>
 *   <li><b>harness</b>: agentbench's own code that runs in every cell ({@code dev.agentbench.api.},
 *       {@code .core.}, {@code .builtin.benchmark.}, {@code .builtin.tool.}, {@code .mock.},
 *       {@code .testkit.}, and the harness's relocated libraries, {@code dev.agentbench.shaded.});</li>
 *   <li><b>JSON</b>: Jackson, Gson, Moshi, kotlinx.serialization, org.json, Jakarta and javax JSON,
 *       fastjson;</li>
 *   <li><b>HTTP client</b>: the JDK's {@code java.net.http} and its implementation, the JDK's
 *       {@code HttpURLConnection} ({@code sun.net.www.}), OkHttp and Okio, Netty and Reactor Netty,
 *       Apache HttpClient 4 and 5, Ktor, Vert.x;</li>
 *   <li><b>JDK</b>: {@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.};</li>
 *   <li><b>framework</b>: everything else: the framework under test, its other libraries, and the
 *       target's adapter ({@code dev.agentbench.builtin.target.}, {@code dev.agentbench.llmagent.},
 *       ...), which is the code a user of the framework would write.</li>
 * </ol>
 */
final class PackageGroups {

    /** The framework under test and everything not named by another group. */
    public static final String FRAMEWORK = "framework";
    /** HTTP client libraries, the JDK's included. */
    public static final String HTTP_CLIENT = "HTTP client";
    /** JSON libraries. */
    public static final String JSON = "JSON";
    /** The JDK, but its HTTP clients. */
    public static final String JDK = "JDK";
    /** agentbench's own code and relocated libraries. */
    public static final String HARNESS = "harness";

    /** Where the rules are, beside this class: one a line, a prefix then its group; {@code #} starts a comment. */
    static final String RULES_RESOURCE = "package-groups.txt";

    /**
     * The rules, in the order they are tried: a prefix of a class's name and its group. A class that
     * matches none is {@link #FRAMEWORK}'s. Read from {@link #RULES_RESOURCE} rather than written
     * here: the harness jar relocates its own libraries' packages ({@code com.fasterxml.jackson},
     * {@code io.netty}, ...), string constants in the code included, which would turn the rules for
     * a framework's Jackson into rules for the harness's.
     */
    static final List<Map.Entry<String, String>> RULES = readRules();

    private PackageGroups() {}

    /**
     * The group of the class named {@code className} ({@code java.lang.String}, {@code
     * com.google.adk.agents.LlmAgent$1}); {@link #FRAMEWORK} when no rule matches.
     */
    public static String of(String className) {
        for (Map.Entry<String, String> rule : RULES) {
            if (className.startsWith(rule.getKey())) {
                return rule.getValue();
            }
        }
        return FRAMEWORK;
    }

    private static List<Map.Entry<String, String>> readRules() {
        List<Map.Entry<String, String>> rules = new ArrayList<>();
        try (InputStream in = PackageGroups.class.getResourceAsStream(RULES_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("The rules of the profile groups [" + RULES_RESOURCE
                        + "] are not beside " + PackageGroups.class.getName());
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                String rule = line.strip();
                if (rule.isEmpty() || rule.startsWith("#")) {
                    continue;
                }
                String[] parts = rule.split("\\s+", 2);
                if (parts.length != 2 || !Profile.GROUPS.contains(parts[1])) {
                    throw new IllegalStateException("Rule [" + line + "] of [" + RULES_RESOURCE
                            + "] is not a prefix followed by one of " + Profile.GROUPS);
                }
                rules.add(Map.entry(parts[0], parts[1]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read [" + RULES_RESOURCE + "]: " + e.getMessage(), e);
        }
        return List.copyOf(rules);
    }
}

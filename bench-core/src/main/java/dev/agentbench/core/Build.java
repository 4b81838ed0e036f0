package dev.agentbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * What the build of this harness wrote into its {@code version.properties}: the version and the
 * commit it was built from. {@code run.json} records them ({@code agentbench.version}, {@code
 * agentbench.commit}) and {@code --version} prints them.
 */
public final class Build {

    /** A commit id as git writes it: SHA-1 or SHA-256, in hex. */
    static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40,64}");

    private static final Properties PROPERTIES = properties();

    private Build() {}

    /** The harness's version, {@code unknown} when the build did not write it. */
    public static String version() {
        return PROPERTIES.getProperty("version", "unknown");
    }

    /**
     * The commit the harness was built from, {@code -dirty} appended when its tree had changes not
     * committed; empty when the build did not know it (built outside a git work tree). It names the
     * code that measures, where a run's {@code git.commit} names only the folder it was started in.
     */
    public static Optional<String> commit() {
        return Optional.ofNullable(commit(PROPERTIES.getProperty("commit"), PROPERTIES.getProperty("dirty")));
    }

    /**
     * {@code commit}, with {@code -dirty} when {@code dirty} says {@code true}; null when {@code
     * commit} is no commit id (the build's placeholder left unfiltered, nothing, blank).
     */
    static String commit(String commit, String dirty) {
        if (commit == null || !COMMIT.matcher(commit.strip()).matches()) {
            return null;
        }
        return commit.strip() + ("true".equals(dirty == null ? null : dirty.strip()) ? "-dirty" : "");
    }

    private static Properties properties() {
        Properties properties = new Properties();
        try (InputStream in = Build.class.getResourceAsStream("/dev/agentbench/core/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // as if not there
        }
        return properties;
    }
}

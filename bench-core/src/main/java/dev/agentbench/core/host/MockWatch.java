package dev.agentbench.core.host;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The run's mock as the cells see it: where it listens, where its output goes, and whether it died.
 * A run that replaces a dead mock hands the launcher the new one ({@link CellLauncher#useMock}).
 */
public interface MockWatch {

    /** Where the mock listens, for example {@code http://127.0.0.1:41234}. */
    URI baseUrl();

    /** The file the mock's output goes to. */
    Path logFile();

    /** How the mock died, {@code killed by SIGKILL (exit status [137])}; empty while it runs. */
    Optional<String> death();

    /** As {@link #death()}, after waiting up to {@code wait} for the mock to end. */
    Optional<String> deathWithin(Duration wait);

    /** A mock at {@code baseUrl} that is never seen to die, with no log. */
    static MockWatch at(URI baseUrl) {
        return new MockWatch() {
            @Override
            public URI baseUrl() {
                return baseUrl;
            }

            @Override
            public Path logFile() {
                return null;
            }

            @Override
            public Optional<String> death() {
                return Optional.empty();
            }

            @Override
            public Optional<String> deathWithin(Duration wait) {
                return Optional.empty();
            }
        };
    }
}

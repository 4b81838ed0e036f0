package dev.agentbench.report;

import dev.agentbench.api.result.Profile;
import java.util.Objects;

/**
 * What a report knows of a profiled cell: its profile summary, or why that could not be read.
 *
 * @param recording the JFR recording's path relative to the run directory, with {@code /}
 *     ({@code llmagent/turn1.jfr})
 * @param profile the cell's {@code <target>/<cell>.profile.json}; {@code null} when it could not be read
 * @param problem why the profile could not be read, in one line naming the file; {@code null} when it was
 */
public record CellProfile(String recording, Profile profile, String problem) {

    public CellProfile {
        Objects.requireNonNull(recording, "recording");
        if ((profile == null) == (problem == null)) {
            throw new IllegalArgumentException("A cell profile has either a profile or a problem");
        }
    }

    /** Whether there is a profile with samples to show. */
    public boolean sampled() {
        return profile != null && profile.cpuSamples() > 0;
    }
}

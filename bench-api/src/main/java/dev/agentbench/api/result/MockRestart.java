package dev.agentbench.api.result;

import java.util.Objects;

/**
 * The run's mock died and the run started a new one (or could not): one entry of {@code run.json}'s
 * {@code mockRestarts}. The cell in flight when the mock died is FAILED with the death named; cells
 * already measured are kept. A run whose mock could not be restarted stops there (STOPPED): the
 * cells not finished are MISSING.
 *
 * @param at when the run noticed that the mock had died, ISO-8601 UTC
 * @param cause how the mock died: {@code killed by SIGKILL (exit status [137])}, {@code exited with
 *     code [1]}
 * @param cell the cell in flight when it died, {@code target/name}, which failed; {@code null} when
 *     it died between cells
 * @param log the log of the new mock, relative to the run directory ({@code mock.restart-1.log});
 *     {@code null} when no new mock was started
 * @param attempts how many new mocks were started to replace it, the last one kept when it was restarted
 * @param warmup how the new mock was warmed; {@code null} when it was not (with {@code --no-mock-warmup},
 *     or when it could not be restarted)
 * @param failure why the mock could not be restarted, after which the run stopped; {@code null} when it was
 */
public record MockRestart(String at, String cause, String cell, String log, int attempts, MockWarmup warmup,
        String failure) {

    public MockRestart {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(cause, "cause");
        if (attempts < 0) {
            throw new IllegalArgumentException("Attempts [" + attempts + "] must not be negative");
        }
    }

    /** Whether a new mock took the dead one's place. */
    public boolean restarted() {
        return failure == null;
    }
}

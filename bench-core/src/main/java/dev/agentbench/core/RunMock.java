package dev.agentbench.core;

import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.host.RunGuard;
import dev.agentbench.core.mock.MockProcess;
import dev.agentbench.core.mock.MockWarmer;
import dev.agentbench.mockclient.MockJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The run's mock over the whole run: the first one, and each new one that takes the place of one
 * that died. A dead mock is replaced by starting up to {@link Defaults#MOCK_START_ATTEMPTS} new
 * ones, each warmed as the first was, its output in a log of its own ({@link
 * RunLayout#mockRestartLog}); a run replaces its mock at most {@link Defaults#MOCK_RESTARTS} times.
 * Every mock it started is ended by {@link #close}, or with every other process by the run's guard.
 */
final class RunMock implements AutoCloseable {

    /** How a mock is started: the run's options, its output in {@code log}. */
    interface Starter {
        MockProcess start(Path log) throws IOException;
    }

    /** How a mock is warmed: the run's scripts and levels, until the run stops. */
    interface Warmer {
        MockWarmup warm(MockProcess mock) throws IOException;
    }

    /** How long a new mock whose warm-up failed may take to be seen dead, when that is why. */
    private static final Duration DEATH_WAIT = Duration.ofMillis(500);

    private final Starter starter;
    private final Warmer warmer;
    private final RunLayout layout;
    private final BooleanSupplier stopping;
    private MockProcess current;
    /** How many mocks were started after the first. */
    private int started;
    /** How many times a dead mock was replaced. */
    private int restarts;

    /** @param warmer how a new mock is warmed; {@code null} when the run does not warm its mock */
    RunMock(Starter starter, Warmer warmer, RunLayout layout, BooleanSupplier stopping) {
        this.starter = starter;
        this.warmer = warmer;
        this.layout = layout;
        this.stopping = stopping;
    }

    /**
     * Starts the run's first mock, its output in {@link RunLayout#mockLog()}.
     *
     * @throws IllegalStateException or IOException as {@link MockProcess#start} does
     */
    MockProcess start() throws IOException {
        current = starter.start(layout.mockLog());
        return current;
    }

    /** The mock the cells talk to now. */
    MockProcess current() {
        return current;
    }

    /** How the current mock died; empty while it runs. */
    Optional<String> death() {
        return current == null ? Optional.empty() : current.death();
    }

    /**
     * Replaces the current mock, which died: ends what is left of it, and starts and warms a new one,
     * up to {@link Defaults#MOCK_START_ATTEMPTS} times; a new mock that does not start, fails its
     * warm-up or is dead once warmed is one failed attempt. When it succeeds, {@link #current()} is the
     * new mock; when it does not, or the run has replaced its mock {@link Defaults#MOCK_RESTARTS}
     * times already, the restart says why in {@link MockRestart#failure()} and {@link #current()}
     * stays the dead one.
     *
     * @param cell the cell in flight when the mock died, {@code target/name}, or {@code null}
     * @param at when the death was noticed, ISO-8601 UTC
     */
    MockRestart restart(String cell, String at) {
        String cause = death().orElseThrow(() -> new IllegalStateException("The mock is alive; nothing to restart"));
        current.close();
        if (restarts >= Defaults.MOCK_RESTARTS) {
            return new MockRestart(at, cause, cell, null, 0, null, "the mock died for the " + ordinal(restarts + 1)
                    + " time, and a run replaces its mock at most [" + Defaults.MOCK_RESTARTS + "] times");
        }
        restarts++;
        String failure = null;
        String log = null;
        int attempts = 0;
        while (attempts < Defaults.MOCK_START_ATTEMPTS && !stopping.getAsBoolean()) {
            attempts++;
            started++;
            Path file = layout.mockRestartLog(started);
            log = layout.runDir().relativize(file).toString();
            String which = "new mock " + attempts + " of " + Defaults.MOCK_START_ATTEMPTS + " [" + log + "]";
            MockProcess mock;
            try {
                mock = starter.start(file);
            } catch (MockJvm.StartFailure e) {
                failure = which + " did not start: it " + e.reason();
                continue;
            } catch (IllegalStateException | IOException e) {
                failure = which + " did not start: " + e.getMessage();
                continue;
            }
            MockWarmup warmup = null;
            if (warmer != null) {
                try {
                    warmup = warmer.warm(mock);
                } catch (IOException e) {
                    Optional<String> died = mock.deathWithin(DEATH_WAIT);
                    mock.close();
                    failure = which + (died.isPresent() ? " died in its warm-up: " + died.get()
                            : " failed its warm-up: " + e.getMessage());
                    continue;
                }
            }
            Optional<String> died = mock.death();
            if (died.isPresent()) {
                mock.close();
                failure = which + " died as soon as it started: " + died.get();
                continue;
            }
            current = mock;
            return new MockRestart(at, cause, cell, log, attempts, warmup, null);
        }
        return new MockRestart(at, cause, cell, log, attempts, null,
                failure != null ? failure : "the run was interrupted while a new mock started");
    }

    private static String ordinal(int n) {
        return n + (n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        });
    }

    /** Ends the current mock; the ones that failed to replace a dead one were ended at once. */
    @Override
    public void close() {
        if (current != null) {
            current.close();
        }
    }

    /** The run's scripts, warmed at the run's levels, until the run stops; as the first mock was. */
    static Warmer warmer(List<Script> scripts, List<Integer> levels, BooleanSupplier stopping) {
        return mock -> MockWarmer.warm(mock.baseUrl(), scripts, levels, MockWarmer.Settings.defaults(), stopping);
    }

    /** Starts each mock through the run's guard, so that an interruption ends it as every other process. */
    static Starter starter(BenchOptions options, RunGuard guard) {
        return log -> MockProcess.start(guard, options.javaExecutable(), Defaults.MOCK_JVM_ARGS,
                options.harnessClasspath(), options.mockMainClass(), log, options.logLimit(),
                Defaults.MOCK_START_TIMEOUT);
    }
}

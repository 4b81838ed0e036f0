package dev.agentbench.api;

import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload: what one measured iteration asks of a target, and how its outcome is checked.
 *
 * <p>A plugin author implements this interface with a public no-argument constructor and registers
 * the class in {@code META-INF/services/dev.agentbench.api.Benchmark}. Built-in benchmarks use the
 * same mechanism.
 *
 * <p>An iteration is one session: the harness makes fresh user and session ids, calls {@link
 * #runSession}, and deletes the session afterwards, outside the timed region. At concurrency N
 * (only when {@link #supportsConcurrency()}) it runs N sessions at once, each with its own ids, and
 * times the iteration until all have finished.
 */
public interface Benchmark {

    /**
     * The benchmark's id as users type it and as reports name its row: lower-case letters, digits
     * and {@code _}, starting with a letter, never ending in {@code _c} and digits (that suffix names
     * concurrency variants), and never {@code all}, which selects every benchmark. Names of built-in
     * benchmarks are fixed across versions. Use a constant.
     */
    String name();

    /** One line that says what one iteration does, shown by {@code list}. */
    String description();

    /**
     * The script the mock answers with. Its turns' user messages are what {@link #runSession}
     * sends, and its replies are what the checks expect.
     */
    Script script();

    /** The tools the agent offers the model; every tool the script calls must be among them. */
    default List<ToolDefinition> tools() {
        return List.of();
    }

    /** The agent's system instructions. */
    default String instructions() {
        return "You are a helpful assistant. Use the tools when they help.";
    }

    /** Whether the harness may run this benchmark's sessions concurrently ({@code _cN} cells). */
    default boolean supportsConcurrency() {
        return false;
    }

    /** How the harness measures this benchmark; {@link BenchmarkKind#SESSIONS} unless overridden. */
    default BenchmarkKind kind() {
        return BenchmarkKind.SESSIONS;
    }

    /**
     * For a benchmark whose turn makes parallel tool calls: how long the iteration would take if
     * they ran one after another (their summed duration), in nanoseconds. When positive, the cell
     * reports {@code speedup} = this ÷ the median iteration time, so users see whether a framework
     * really runs parallel tool calls concurrently. Zero (the default) reports nothing.
     */
    default long sequentialNanos() {
        return 0;
    }

    /**
     * The parameters this benchmark takes, with the values a run sweeps by default; none by default.
     * Each value, or combination of values, is a cell of its own (see {@link Parameter}).
     */
    default List<Parameter> parameters() {
        return List.of();
    }

    /**
     * This benchmark with its parameters set: one value for each of {@link #parameters()}, by name.
     * The harness calls it in the child JVM before anything else, and only uses what it returns.
     * Benchmarks with parameters override it and return a new instance; the default accepts only no
     * values.
     *
     * @throws IllegalArgumentException when a value is not one this benchmark can run, naming the
     *     parameter and the value: {@code Parameter [history] must be a positive whole number, was [0]}
     */
    default Benchmark with(Map<String, String> values) {
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("Benchmark [" + name() + "] takes no parameters, was given "
                    + values.keySet());
        }
        return this;
    }

    /**
     * Brings a fresh session to where the timed part starts, outside the timed region and outside the
     * memory figures: the earlier turns of a session whose last turn alone is measured, say. Runs
     * before {@link #runSession} for every session of an iteration, with the same ids. Nothing by
     * default.
     *
     * @throws CheckFailedException when the target did not do what the script says; the cell fails
     * @throws Exception when the target failed; the cell fails
     */
    default void prepareSession(TargetHandle handle, String userId, String sessionId) throws Exception {}

    /**
     * Whether {@link #prepareSession} does anything for this instance, at its parameters' values. When
     * {@code false} the warm-up, timed and memory passes do not call it, and so do not read the process
     * CPU around it either: two readings of every thread's CPU time, a few hundred µs of wall time an
     * iteration, which a turn of a few hundred µs would otherwise share its timed pass with (the held
     * sessions and a load cell still call it, where it costs nothing). A benchmark
     * that does not override {@link #prepareSession} need not override this; one whose preparation is
     * empty at some values (no earlier turns) returns {@code false} at those.
     */
    default boolean preparesSessions() {
        return true;
    }

    /**
     * How many of the {@linkplain #script() script}'s turns, from its first, {@link #prepareSession}
     * plays before the timed part; 0 by default. Their model requests are served by the mock like the
     * others but are not the timed part's: an iteration's {@code requests/iteration}, and with it the
     * share of the floor's time the report gives the mock, count only the turns after them, and the
     * mock times only the replies of the turns after them (the harness registers the script so).
     */
    default int preparedTurns() {
        return 0;
    }

    /**
     * Whether this benchmark's replies are streamed: {@code true} or {@code false} sets the target's
     * {@code stream} option for its cells, whatever the user gave; empty (the default) leaves it to the
     * user's {@code --target-option stream=...}. A benchmark that observes the stream (time to first
     * token, delivery) returns {@code Optional.of(true)}.
     */
    default Optional<Boolean> streamed() {
        return Optional.empty();
    }

    /**
     * Runs one session and checks it. The default plays every turn of {@link #script()} in order
     * and checks each result against the script with {@link ScriptChecks#verifyTurn}; override it
     * only to do something the script cannot say.
     *
     * @throws CheckFailedException when the target did not do what the script says; the cell fails
     * @throws Exception when the target failed; the cell fails
     */
    default void runSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        ScriptChecks.play(script(), handle, userId, sessionId);
    }
}

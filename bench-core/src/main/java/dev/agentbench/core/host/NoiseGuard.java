package dev.agentbench.core.host;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Noise;
import dev.agentbench.api.result.Warmup;
import java.util.List;
import java.util.Locale;

/**
 * Whether the machine disturbed a fork: others' CPU over its timed pass above {@code otherCpuPercent}
 * of the machine, or steal above {@code stealPercent}. A fork without a reading (not Linux) is never
 * disturbed.
 *
 * @param otherCpuPercent the most CPU, in percent of the whole machine, that processes other than the
 *     cell's may use over an undisturbed timed pass
 * @param stealPercent the most steal, in percent of the whole machine, over an undisturbed timed pass
 */
public record NoiseGuard(double otherCpuPercent, double stealPercent) {

    public NoiseGuard {
        if (!(otherCpuPercent > 0 && otherCpuPercent <= 100)) {
            throw new IllegalArgumentException("The noise threshold [" + otherCpuPercent
                    + "] must be a share of the machine above 0 and at most 100 (percent)");
        }
    }

    /** Whether {@code noise} is beyond this guard's thresholds. */
    public boolean disturbed(Noise noise) {
        return noise != null && (noise.otherCpuPercent() > otherCpuPercent
                || noise.stealPercent() != null && noise.stealPercent() > stealPercent);
    }

    /** {@code result} with each of its forks' readings judged by this guard. */
    public CellResult judge(CellResult result) {
        if (result.forks().stream().allMatch(fork -> fork.noise() == null)) {
            return result;
        }
        List<Fork> forks = result.forks().stream()
                .map(fork -> fork.noise() == null ? fork : fork.withNoise(fork.noise().judged(disturbed(fork.noise()))))
                .toList();
        return new CellResult(result.format(), result.target(), result.benchmark(), result.concurrency(), result.name(),
                result.status(), result.error(), result.time(), result.warmupIterations(), result.steadyState(),
                result.drift(), result.samples(), result.logTail(), result.memory(), result.throughput(),
                result.turnLatency(), result.jvm(), result.figures(), forks, result.cpu(), result.warnings(),
                result.params());
    }

    /** {@code result}, one fork's, with that fork kept out of the statistics. */
    public static CellResult excluded(CellResult result) {
        List<Fork> forks = result.forks().stream().map(fork -> fork.withExcluded(true)).toList();
        return new CellResult(result.format(), result.target(), result.benchmark(), result.concurrency(), result.name(),
                result.status(), result.error(), result.time(), result.warmupIterations(), result.steadyState(),
                result.drift(), result.samples(), result.logTail(), result.memory(), result.throughput(),
                result.turnLatency(), result.jvm(), result.figures(), forks, result.cpu(), result.warnings(),
                result.params());
    }

    /**
     * Whether a cell's warning is one of those its disturbed, rerun or outlier forks give (see {@link
     * #disturbedWarning}, {@link #unsteadyWarning}): what is seen only once a cell's forks are together.
     */
    public static boolean aboutNoise(String warning) {
        return warning.contains(DISTURBED) || warning.contains(UNSTEADY) || warning.contains(OUTLIER);
    }

    /** What a warning of a disturbed fork says after the fork's name. */
    static final String DISTURBED = " was disturbed by the machine (";

    /** What a warning of a fork that left its steady state, which a rerun replaced, says after the fork's name. */
    static final String UNSTEADY = " reached no steady state (";

    /** What a warning of an outlier fork says after the fork's name. */
    static final String OUTLIER = " is an outlier of its own JVM: ";

    /** The warning of a disturbed fork named {@code fork}: what was read and whether a rerun replaced it. */
    static String disturbedWarning(String fork, Fork disturbed) {
        return fork + DISTURBED + describe(disturbed.noise()) + "): " + (disturbed.excluded()
                ? "out of the statistics, a rerun replaced it" : "no clean rerun replaced it, it is in the statistics");
    }

    /**
     * The warning of a fork named {@code fork} that reached no steady state and that a rerun
     * replaced: {@code fork 2 reached no steady state (its series NO_STEADY_STATE): out of the
     * statistics, a rerun replaced it}.
     */
    static String unsteadyWarning(String fork, Fork unsteady) {
        Warmup warmup = unsteady.warmup();
        String why = warmup == null ? "not steady" : warmup.capped()
                ? String.format(Locale.ROOT, "its warm-up capped at %.1f s", warmup.nanos() / 1e9)
                : "its series " + warmup.shape().name();
        return fork + UNSTEADY + why + "): out of the statistics, a rerun replaced it";
    }

    /** A reading in a few words: {@code others 62.0% of 2 CPUs over 3.0 s, steal 0.0%}. */
    public static String describe(Noise noise) {
        return String.format(Locale.ROOT, "others %.1f%% of %d CPUs over %.1f s, steal %s", noise.otherCpuPercent(),
                noise.cpus(), noise.seconds(), noise.stealPercent() == null ? "not counted"
                        : String.format(Locale.ROOT, "%.1f%%", noise.stealPercent()));
    }
}

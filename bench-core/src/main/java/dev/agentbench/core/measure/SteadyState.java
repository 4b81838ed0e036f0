package dev.agentbench.core.measure;

import com.google.common.math.Quantiles;
import java.util.Arrays;
import java.util.Optional;

/**
 * Whether a timed pass looks steady, or still carries a JIT transient.
 *
 * @param drift the median of the pass's last third over the median of its first third; 1.0 is no
 *     drift, below 1 means the target was still getting faster
 * @param steady whether {@code drift} is within the threshold: {@code |drift − 1| ≤ threshold}
 */
public record SteadyState(double drift, boolean steady) {

    /**
     * Compares the thirds of {@code samples}, in the order measured.
     *
     * @return empty when there are fewer than 3 samples, or the first third's median is 0
     */
    public static Optional<SteadyState> of(long[] samples, double threshold) {
        int third = samples.length / 3;
        if (third == 0) {
            return Optional.empty();
        }
        double first = Quantiles.median().compute(Arrays.copyOfRange(samples, 0, third));
        double last = Quantiles.median().compute(Arrays.copyOfRange(samples, samples.length - third, samples.length));
        if (first <= 0) {
            return Optional.empty();
        }
        double drift = last / first;
        return Optional.of(new SteadyState(drift, Math.abs(drift - 1.0) <= threshold));
    }
}

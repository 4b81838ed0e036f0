package dev.agentbench.cli.calibration;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.script.Script;
import java.util.List;
import java.util.Map;

/**
 * A benchmark of one parameter for the known-answer test of the cost curves: one turn whose user
 * message names the size, {@code size=64}, which the {@link GrowingTarget}s grow their cost with. The
 * size is swept over 1, 16, 64 and 256 by default, as {@code history} is.
 */
public final class SweepBenchmark implements Benchmark {

    public static final String NAME = "calibration_sweep";

    /** The parameter the targets' cost grows with. */
    public static final Parameter SIZE = Parameter.ints("size", "the size the calibration targets' turn cost grows with",
            1, 16, 64, 256);

    private final int size;

    public SweepBenchmark() {
        this(Integer.parseInt(SIZE.defaults().get(0)));
    }

    private SweepBenchmark(int size) {
        this.size = size;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Test benchmark: one turn of a given size, for the calibration targets whose cost grows with it";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(SIZE);
    }

    @Override
    public Benchmark with(Map<String, String> values) {
        if (!values.keySet().equals(java.util.Set.of(SIZE.name()))) {
            throw new IllegalArgumentException("Benchmark [" + NAME + "] takes [size], was given " + values.keySet());
        }
        String value = values.get(SIZE.name());
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0) {
                return new SweepBenchmark(parsed);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Parameter [size] must be a positive whole number, was [" + value + "]");
    }

    @Override
    public Script script() {
        return Script.singleText(NAME + ".size" + size, GrowingTarget.message(size), reply(size));
    }

    /** The reply at {@code size}. */
    static String reply(int size) {
        return "Done at size " + size + ".";
    }
}
